"""Where a deviating Impact Marker lands, in closed form.

The marker starts on the Blind's centre and moves a distance ``r`` in a
direction uniform over the full circle. The chance that it ends in a region is
the fraction of the circle of radius ``r`` that lies inside the region: an arc
length over a circumference. The regions here are the Blind itself (a
``2a x 2b`` rectangle, edge included) and everything within ``R`` of it (where
a Fire Template of radius ``R`` still covers part of the Blind). Both are
symmetric in the four quadrants, so one quadrant is enough.

Fractions that are exactly 0 or 1 come back as :class:`~fractions.Fraction` so
that answers which are rational stay exact; the others are floats accurate to
about 1e-15.
"""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import pairwise

from .probability import Number

QUARTER = math.pi / 2


def _inside(x: float, y: float, a: float, b: float, reach: float) -> bool:
    """Is (x, y) (first quadrant) within ``reach`` of the rectangle |x|<=a, |y|<=b?"""
    dx = max(x - a, 0.0)
    dy = max(y - b, 0.0)
    return dx * dx + dy * dy <= reach * reach


def _crossings(r: float, a: float, b: float, reach: float) -> list[float]:
    """Angles in [0, pi/2] where the circle of radius r crosses the region's boundary."""
    angles = [0.0, QUARTER]
    # The straight sides: x = a + reach (for y <= b) and y = b + reach (for x <= a).
    for side, use_cos in ((a + reach, True), (b + reach, False)):
        if side < r:
            angles.append(math.acos(side / r) if use_cos else math.asin(side / r))
    # The rounded corner: distance ``reach`` from the corner (a, b).
    if reach > 0:
        corner = math.hypot(a, b)
        cosine = (r * r + corner * corner - reach * reach) / (2 * r * corner)
        if -1 < cosine < 1:
            phi = math.atan2(b, a)
            spread = math.acos(cosine)
            angles.extend((phi - spread, phi + spread))
    return sorted(t for t in angles if 0.0 <= t <= QUARTER)


def fraction_within(r: float, half_width: float, half_depth: float, reach: float = 0.0) -> Number:
    """Fraction of the circle of radius ``r`` about the Blind's centre lying within
    ``reach`` of the Blind (``reach=0``: on the Blind itself, edge included).

    >>> fraction_within(1, 3, 1.5)
    Fraction(1, 1)
    >>> fraction_within(4, 3, 1.5)
    Fraction(0, 1)
    >>> round(fraction_within(2, 3, 1.5), 12)   # |sin t| <= 3/4
    0.539893087675
    """
    if r < 0:
        raise ValueError("a distance cannot be negative")
    a, b = half_width, half_depth
    if r <= min(a, b) + reach:
        return Fraction(1)  # the whole circle stays within the region
    far = math.hypot(a, b) + reach
    if r >= far:
        return Fraction(0)  # at most a single point touches: measure zero
    angles = _crossings(r, a, b, reach)
    inside = 0.0
    for lo, hi in pairwise(angles):
        if hi > lo:
            mid = (lo + hi) / 2
            if _inside(r * math.cos(mid), r * math.sin(mid), a, b, reach):
                inside += hi - lo
    if inside == 0.0:
        return Fraction(0)
    if inside >= QUARTER:
        return Fraction(1)
    return inside / QUARTER
