"""Exact probabilities and how they are written out.

A probability is a :class:`fractions.Fraction` wherever the answer is rational.
Only the artillery geometry (angles on a circle) produces irrational answers;
those are carried as floats accurate to about 1e-15 and written out with
``exact: null``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TypeAlias

Number: TypeAlias = Fraction | float
ProbJSON: TypeAlias = dict[str, float | str | None]


def prob(p: Number, *, bounded: bool = True) -> ProbJSON:
    """Write a probability (or, with ``bounded=False``, an expected value) as the
    API's ``{"value", "exact"}`` object.

    A float probability is kept inside [0, 1]: rounding in a sum of floats must
    never print 100.0000000000002 %.

    >>> prob(Fraction(1, 4))
    {'value': 0.25, 'exact': '1/4'}
    >>> prob(1.0000000000000002)
    {'value': 1.0, 'exact': None}
    """
    if isinstance(p, Fraction):
        return {"value": float(p), "exact": f"{p.numerator}/{p.denominator}"}
    value = float(p)
    if bounded:
        value = min(1.0, max(0.0, value))
    return {"value": value, "exact": None}
