"""How a figure is printed: one rule for every door.

A chance prints as a percentage with one decimal, a mean with two, and a difference
of two chances in percentage points with one. Each is rounded **half away from
zero**, as people round (1/16 is "6.3%", 9/8 is "1.13"), from the figure's exact
fraction when it has one and otherwise from the exact value of its float (never
from a float product such as ``value * 100``, whose own rounding can move a tie).
A chance that is possible but rounds to 0.0% prints "<0.1%", one that is not
certain but rounds to 100.0% prints ">99.9%".

The command line, the build's tables and answers, and the page print through this
rule. The page's copy is ``build/chq_site/widget/printing.js``; both are checked
against the same golden values (``tests/fixtures/printing.json``, written from this
module by ``tests/calculators/test_printing.py``), so a drift fails a test.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

__all__ = ["fixed", "pct", "pct_range", "points", "ratio"]

Figure = dict[str, Any] | float | int | Fraction | None

_LEAST = Fraction(1, 2000)  # the smallest chance that prints as 0.1%
_MOST = 1 - _LEAST  # the smallest chance that prints as 100.0%
MINUS = "\u2212"  # the minus sign the page prints


def ratio(figure: Figure) -> Fraction | None:
    """A figure as an exact fraction: its ``exact`` when it has one, else its value
    (a float's exact value); None for no value.

    >>> ratio({"value": 0.0625, "exact": "1/16"}), ratio(0.1) == Fraction(0.1), ratio(None)
    (Fraction(1, 16), True, None)
    """
    if isinstance(figure, dict):
        exact = figure.get("exact")
        if exact:
            return Fraction(exact)
        figure = figure.get("value")
    if figure is None:
        return None
    return Fraction(figure)


def _rounded(x: Fraction, places: int) -> str:
    """``x`` with ``places`` decimals, a tie rounded away from zero.

    >>> _rounded(Fraction(1, 16) * 100, 1), _rounded(Fraction(-9, 8), 2), _rounded(Fraction(0), 2)
    ('6.3', '-1.13', '0.00')
    """
    scale = 10**places
    units = (abs(x) * scale * 2 + 1) // 2  # half away from zero on the magnitude
    whole, part = divmod(int(units), scale)
    sign = "-" if x < 0 and units else ""
    return f"{sign}{whole}.{part:0{places}d}" if places else f"{sign}{whole}"


def pct(figure: Figure) -> str:
    """A chance as the site prints it.

    >>> pct({"value": 0.0625, "exact": "1/16"}), pct(0.99999), pct(2e-6), pct(0), pct(1)
    ('6.3%', '>99.9%', '<0.1%', '0.0%', '100.0%')
    >>> pct({"value": 1.0, "exact": f"{10**20 - 1}/{10**20}"}), pct(None)
    ('>99.9%', '–')
    """
    x = ratio(figure)
    if x is None:
        return "–"
    if 0 < x < _LEAST:
        return "<0.1%"
    if _MOST <= x < 1:
        return ">99.9%"
    return _rounded(x * 100, 1) + "%"


def fixed(figure: Figure, places: int = 2) -> str:
    """A number (a mean) with ``places`` decimals.

    >>> fixed({"value": 1.125, "exact": "9/8"}), fixed(2.675), fixed(None)
    ('1.13', '2.67', '–')
    """
    x = ratio(figure)
    return "–" if x is None else _rounded(x, places)


def pct_range(low: Figure, high: Figure) -> str:
    """Two chances as a range, "50.0–62.5%"; one figure when both print alike.

    >>> pct_range(0.5, 0.625), pct_range(0.5, 0.50001)
    ('50.0–62.5%', '50.0%')
    """
    a, b = pct(low), pct(high)
    return a if a == b else f"{a.removesuffix('%')}–{b}"


def points(after: Figure, before: Figure) -> str:
    """How much ``after`` is above ``before`` in percentage points, signed, without
    the unit: "+12.5", "−0.3", "+<0.1" for a gain too small to print, "0.0" for none.

    >>> points(0.625, 0.5), points({"exact": "1/3", "value": 1/3}, {"exact": "1/2", "value": 0.5})
    ('+12.5', '−16.7')
    >>> points(0.5, 0.5), points(0.5000001, 0.5)
    ('0.0', '+<0.1')
    """
    a, b = ratio(after), ratio(before)
    if a is None or b is None:
        return "–"
    diff = (a - b) * 100
    if diff == 0:
        return "0.0"
    sign = "+" if diff > 0 else MINUS
    size = abs(diff)
    return sign + ("<0.1" if size < Fraction(1, 20) else _rounded(size, 1))
