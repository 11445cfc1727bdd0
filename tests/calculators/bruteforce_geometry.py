"""Brute-force reference, §4 artillery geometry: the share of deviations that land
on the Blind (or within the template radius of it), measured numerically with a
rigorous error bound (see bruteforce.py)."""

from __future__ import annotations

import math
from functools import cache

from bruteforce_dice import FACES

# ---------------------------------------------------------------------------
# §4 artillery, geometry (numerical, rigorous error bound)
# ---------------------------------------------------------------------------

def _bisect(g, lo: float, hi: float) -> float:
    """The crossing of a monotone function g on [lo, hi] (g(lo), g(hi) of
    opposite signs, or zero), to full double precision."""
    glo = g(lo)
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if mid in (lo, hi):
            break
        gm = g(mid)
        if (gm <= 0) == (glo <= 0):
            lo, glo = mid, gm
        else:
            hi = mid
    return 0.5 * (lo + hi)


def _threshold_interval(h, level: float, increasing: bool) -> tuple[float, float]:
    """The set of theta in [0, pi/2] where h(theta) <= level, for h monotone on
    [0, pi/2] (increasing or decreasing), as an interval (lo, hi) (empty when
    lo > hi).  The crossing is found by bisection."""
    q = math.pi / 2
    h0, h1 = h(0.0), h(q)
    if increasing:
        if h0 > level:
            return (1.0, 0.0)
        if h1 <= level:
            return (0.0, q)
        return (0.0, _bisect(lambda t: h(t) - level, 0.0, q))
    if h1 > level:
        return (1.0, 0.0)
    if h0 <= level:
        return (0.0, q)
    return (_bisect(lambda t: h(t) - level, 0.0, q), q)


def _intersect(*ivs: tuple[float, float]) -> tuple[float, float]:
    return (max(i[0] for i in ivs), min(i[1] for i in ivs))


def _union_measure(ivs: list[tuple[float, float]]) -> float:
    ivs = sorted(i for i in ivs if i[0] < i[1])
    total = 0.0
    cur_lo = cur_hi = None
    for lo, hi in ivs:
        if cur_hi is None or lo > cur_hi:
            if cur_hi is not None:
                total += cur_hi - cur_lo
            cur_lo, cur_hi = lo, hi
        else:
            cur_hi = max(cur_hi, hi)
    if cur_hi is not None:
        total += cur_hi - cur_lo
    return total


def quadrant_sets(r: float, a: float, b: float, radius: float | None):
    """Intervals of theta in [0, pi/2] (first quadrant; the Blind and the
    rounded Blind are symmetric in both axes, and the aim point is the centre)
    where the point (r cos t, r sin t) is on the rectangle [-a, a] x [-b, b],
    and where it is within `radius` of it."""
    def x(t: float) -> float:  # decreasing on [0, pi/2]
        return r * math.cos(t)

    def y(t: float) -> float:  # increasing on [0, pi/2]
        return r * math.sin(t)

    on = [_intersect(_threshold_interval(x, a, False), _threshold_interval(y, b, True))]
    if radius is None:
        return on, None
    R = radius
    # within R of the rectangle = the union of three pieces (a stadium-like
    # rounded rectangle): the rectangle widened by R in x, widened by R in y,
    # and the disc of radius R about the corner (a, b).
    wide_x = _intersect(_threshold_interval(x, a + R, False), _threshold_interval(y, b, True))
    wide_y = _intersect(_threshold_interval(x, a, False), _threshold_interval(y, b + R, True))
    # corner disc: squared distance to (a, b) along the circle depends on t
    # only through cos(t - phi), phi = atan2(b, a); it increases with |t - phi|.
    phi = math.atan2(b, a)

    def dist2(u: float) -> float:
        return (r * math.cos(phi + u) - a) ** 2 + (r * math.sin(phi + u) - b) ** 2

    if dist2(0.0) > R * R:
        corner = (1.0, 0.0)
    elif dist2(math.pi) <= R * R:
        corner = (0.0, math.pi / 2)
    else:
        alpha = _bisect(lambda u: dist2(u) - R * R, 0.0, math.pi)
        corner = _intersect((phi - alpha, phi + alpha), (0.0, math.pi / 2))
    return on, [wide_x, wide_y, corner]


@cache
def landing_fractions(r: float, width: float, depth: float,
                      radius: float | None) -> tuple[float, float]:
    """(P on the Blind, P within `radius` of the Blind) for a point at distance r
    in a uniform direction from the Blind's centre: measure of the crossing
    intervals in one quadrant, over pi/2."""
    on, near = quadrant_sets(r, width / 2, depth / 2, radius)
    p_on = _union_measure(on) / (math.pi / 2)
    p_near = p_on if near is None else _union_measure(near) / (math.pi / 2)
    return p_on, p_near


def lipschitz_fraction(r: float, f, tol: float = 1e-14,
                       max_steps: int = 2_000_000) -> tuple[float, float]:
    """A second, independent integrator (full circle, no symmetry used):
    fraction of theta in [0, 2 pi) with f(r cos t, r sin t) <= 0, for f
    1-Lipschitz in the point (so r-Lipschitz in t).  An interval whose midpoint
    value exceeds r * half-width in magnitude has one sign throughout.  Returns
    (fraction, error bound).  Slow near tangencies: use it on sizes without."""
    inside = 0.0
    undecided = 0.0
    stack = [(0.0, 2 * math.pi)]
    steps = 0
    while stack:
        steps += 1
        if steps > max_steps:
            raise RuntimeError("lipschitz_fraction: too many steps (tangency?)")
        lo, hi = stack.pop()
        mid = 0.5 * (lo + hi)
        half = 0.5 * (hi - lo)
        v = f(r * math.cos(mid), r * math.sin(mid))
        if abs(v) > r * half * (1 + 1e-9) + 1e-15:
            if v <= 0:
                inside += hi - lo
            continue
        if hi - lo < tol:
            undecided += hi - lo
            inside += 0.5 * (hi - lo)
            continue
        stack.append((lo, mid))
        stack.append((mid, hi))
    return inside / (2 * math.pi), undecided / (2 * math.pi)


def rect_excess(a: float, b: float):
    """f(x, y) <= 0 iff on the closed rectangle [-a, a] x [-b, b]; 1-Lipschitz."""
    return lambda x, y: max(abs(x) - a, abs(y) - b)


def rect_distance_minus(a: float, b: float, R: float):
    """Euclidean distance to the rectangle minus R; 1-Lipschitz."""
    return lambda x, y: math.hypot(max(0.0, abs(x) - a), max(0.0, abs(y) - b)) - R


def artillery_geometry(variant: str, hit_faces: int, width: float, depth: float,
                       radius: float) -> tuple[float, float, float]:
    """(p_full, p_partial, p_miss) by averaging the landing fractions over the
    six distance faces."""
    p_hit = hit_faces / 6
    full = 0.0
    near = 0.0
    for d in FACES:
        if variant == "armour-battles":
            on, nr = landing_fractions(float(d), width, depth, None)
        else:
            on, nr = landing_fractions(float(d + 3), width, depth, float(radius))
        full += on / 6
        near += nr / 6
    p_full = p_hit + (1 - p_hit) * full
    p_partial = (1 - p_hit) * (near - full)
    return p_full, p_partial, 1 - p_full - p_partial


