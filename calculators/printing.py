"""How a figure is printed: one rule for every door.

A chance prints as a percentage with one decimal, a mean with two, and a difference
of two chances in percentage points with one. Each is rounded **half away from
zero**, as people round (1/16 is "6.3%", 9/8 is "1.13"), from the figure's exact
fraction when it has one and otherwise from the exact value of its float (never
from a float product such as ``value * 100``, whose own rounding can move a tie).
A chance that is possible but rounds to 0.0% prints "<0.1%", one that is not
certain but rounds to 100.0% prints ">99.9%". A difference of two chances is the
difference of the two percentages as printed (98.6% to 99.6% is "+1.0"), so a reader
who subtracts what is shown gets what is said.

A chance's exact value, for the reader who asks for it, prints readably (``exact``):
its fraction with the digits grouped in threes, each long number cut to its first
digits ("313 441…/376 539… (44 digits each)"), and "about 1 in N"; a range in
percent with more decimals (``exact_range``).

The command line, the build's tables and answers, and the page print through this
rule. The page's copy is ``build/chq_site/widget/printing.js``; both are checked
against the same golden values (``tests/fixtures/printing.json``, written from this
module by ``tests/calculators/test_printing.py``), so a drift fails a test.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

__all__ = ["exact", "exact_range", "exactly", "fixed", "pct", "pct_range", "points", "ratio"]

Figure = dict[str, Any] | float | int | Fraction | None

_LEAST = Fraction(1, 2000)  # the smallest chance that prints as 0.1%
_MOST = 1 - _LEAST  # the smallest chance that prints as 100.0%
MINUS = "\u2212"  # the minus sign the page prints
GROUP = "\u202f"  # between groups of three digits: a narrow space that never breaks
_WHOLE = 12  # digits of a number printed whole in an exact fraction; longer ones are cut
_LEAD = 6  # the digits a cut number keeps


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
    the unit: the difference of the two percentages as ``pct`` prints them ("+12.5",
    "−0.3"); "+<0.1" for chances that differ but print alike, "0.0" for the same
    chance. When either prints as "<0.1%" or ">99.9%" (no number to subtract), the
    exact difference, rounded.

    >>> points(0.625, 0.5), points({"exact": "1/3", "value": 1/3}, {"exact": "1/2", "value": 0.5})
    ('+12.5', '−16.7')
    >>> points(0.5, 0.5), points(0.5000001, 0.5), points(0.99551, 0.98641)
    ('0.0', '+<0.1', '+1.0')
    """
    a, b = ratio(after), ratio(before)
    if a is None or b is None:
        return "–"
    if a == b:
        return "0.0"
    shown = [pct(a), pct(b)]
    if all(text[0].isdigit() for text in shown):  # two numbers printed: subtract them
        diff = Fraction(shown[0][:-1]) - Fraction(shown[1][:-1])
    else:
        diff = (a - b) * 100
    sign = "+" if a > b else MINUS
    size = abs(diff)
    return sign + ("<0.1" if size < Fraction(1, 20) else _rounded(size, 1))


def grouped(digits: str) -> str:
    """A whole number's digits in groups of three from the right, when it has more
    than four ("1296", "12 960").

    >>> grouped("1296"), grouped("12960"), grouped("1234567")
    ('1296', '12\u202f960', '1\u202f234\u202f567')
    """
    if len(digits) <= 4:
        return digits
    head = len(digits) % 3 or 3
    return GROUP.join([digits[:head]] + [digits[i:i + 3] for i in range(head, len(digits), 3)])


def _fraction(n: str, d: str) -> str:
    """n/d as printed: each number whole when short, else its first digits and "…",
    then how many digits the cut ones have ("313 441…/376 539… (44 digits each)")."""
    cut = [len(x) for x in (n, d) if len(x) > _WHOLE]
    shown = "/".join(grouped(x) if len(x) <= _WHOLE else f"{x[:3]}{GROUP}{x[3:_LEAD]}\u2026" for x in (n, d))
    if not cut:
        return shown
    if len(cut) == 1:
        return f"{shown} ({cut[0]} digits)"
    return f"{shown} ({cut[0]} digits each)" if cut[0] == cut[1] else f"{shown} ({cut[0]} and {cut[1]} digits)"


def _decimals(x: Fraction, places: int) -> str:
    """``x`` with ``places`` decimals (rounded as ever), the decimals grouped in threes."""
    text = _rounded(x, places)
    whole, _, part = text.partition(".")
    return whole + "." + GROUP.join(part[i:i + 3] for i in range(0, len(part), 3))


def _one_in(x: Fraction) -> str:
    """"about 1 in N" for a chance up to one half, "about N−1 in N" above it, N the
    nearest whole number (a tie away from zero) to 1/x or 1/(1 − x)."""
    small = x if x <= Fraction(1, 2) else 1 - x
    n = int((2 / small + 1) // 2)
    if x <= Fraction(1, 2):
        return f"about 1 in {grouped(str(n))}"
    return f"about {grouped(str(n - 1))} in {grouped(str(n))}"


def exact(figure: Figure) -> str:
    """A chance's exact value as a person reads it: its fraction, the digits grouped
    (long numbers cut: "313 441…/376 539… (44 digits each)", and then its percentage to six
    decimals), or, known only as a double, that percentage; then "about 1 in N".

    >>> exact({"value": 0.0625, "exact": "1/16"}), exact({"value": 671/1296, "exact": "671/1296"})
    ('1/16, about 1 in 16', '671/1296, about 1 in 2')
    >>> exact({"value": 5/6, "exact": "5/6"}), exact(0.8379971460082659)
    ('5/6, about 5 in 6', '≈\u202f83.799\u202f715%, about 5 in 6')
    >>> exact({"value": 0.5, "exact": f"{10**20 - 1}/{2 * 10**20}"})
    '999\u202f999…/200\u202f000… (20 and 21 digits) ≈\u202f50.000\u202f000%, about 1 in 2'
    >>> exact({"value": 0, "exact": "0/1"}), exact({"value": 1, "exact": "1/1"}), exact(None)
    ('0: it cannot happen', '1: it always happens', '–')
    """
    x = ratio(figure)
    if x is None:
        return "–"
    if x == 0:
        return "0: it cannot happen"
    if x == 1:
        return "1: it always happens"
    known = figure.get("exact") if isinstance(figure, dict) else None
    if known:
        n, _, d = known.partition("/")
        shown = _fraction(n, d or "1")
        if max(len(n), len(d)) > _WHOLE:  # cut: the value itself to six decimals too
            shown += f" ≈{GROUP}{_decimals(x * 100, 6)}%"
    else:
        shown = f"≈{GROUP}{_decimals(x * 100, 6)}%"
    return f"{shown}, {_one_in(x)}" if 0 < x < 1 else shown


def exact_range(low: Figure, high: Figure) -> str:
    """Two chances as a range in percent, to six decimals: "83.799 715% to
    86.263 472%"; one figure when both print alike.

    >>> exact_range(0.5, 0.625), exact_range({"value": 0.5, "exact": "1/2"}, 0.5)
    ('50.000\u202f000% to 62.500\u202f000%', '50.000\u202f000%')
    """
    a, b = ratio(low), ratio(high)
    if a is None or b is None:
        return "–"
    ends = [_decimals(x * 100, 6) + "%" for x in (a, b)]
    return ends[0] if ends[0] == ends[1] else f"{ends[0]} to {ends[1]}"


def exactly(figure: dict[str, Any]) -> str:
    """The command line's note beside a printed chance: its exact fraction in full."""
    return f"exactly {figure['exact']}" if figure.get("exact") else "no exact fraction"
