"""How a figure is printed (calculators/printing.py), and the golden values the
page's copy (build/chq_site/widget/printing.js) is checked against under Node
(tests/js/printing.test.mjs): one rule, so 1/16 is "6.3%" from every door.

``CHQ_WRITE_GOLDEN=1 pytest tests/calculators/test_printing.py`` rewrites
tests/fixtures/printing.json from this module's cases after a deliberate change.
"""

from __future__ import annotations

import json
import os
from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from calculators import compute, printing

GOLDEN = Path(__file__).resolve().parents[1] / "fixtures" / "printing.json"

# Exact chances, ties first: (2k + 1)/2000 is a tie at one decimal of a percentage.
EXACT = ["0/1", "1/1", "1/16", "3/16", "1/32", "7/16", "1/2000", "3/2000", "1999/2000",
         "1/2001", "3999/4000", "1/3", "2/3", "1/6", "5/6", "1/1296", "671/1296", "1/64",
         "1/128", "27/80", "123/2000", "1997/2000", "9/8", "21/8", "10/3",
         f"{10**20 - 1}/{10**20}", f"1/{10**20}"]
# Figures known only as a double (artillery's geometry): the double's exact value.
FLOATS = [0.0625, 0.125, 0.285, 2.675, 1.005, 0.1, 1e-7, 0.99999, 0.5000001,
          0.00049999, 0.0005, 0.9995, 0.3335, 0.0, 1.0, 1.125]
PAIRS = [("5/8", "1/2"), ("1/3", "1/2"), ("1/2", "1/2"), ("1/16", "0/1"), ("0/1", "1/16"),
         ("1000001/2000000", "1/2"), ("1/2", "1000001/2000000"), ("2001/4000", "1/2"),
         # 98.64% to 99.55%: printed 98.6% and 99.6%, so +1.0 (not the exact +0.91).
         ("9955/10000", "9864/10000"), ("9864/10000", "9955/10000"),
         # A side printed "<0.1%" or ">99.9%": the exact difference.
         ("1/2000", "1/4000"), ("1/200", "1/4000"), ("3999/4000", "1/2"), ("1/1", "3999/4000")]
# Exact values as a player reads them: long fractions (Close Assault 8D against 4D in
# heavy cover, 44 digits each), near 0 and 1, and both sides of one half.
LONG = ["31344164990282310252577467617857614884994239/37653956352078255445317882289632489835998720",
        f"{10**12 - 1}/{10**12}", f"{10**11}/{10**12 - 7}", "1/1296", "1295/1296", "648/1296",
        "649/1296", "2/5", "3/5", "1/3", "2/3", "5/6", "1/1000001", "999999/1000000"]


def figure(exact: str) -> dict[str, Any]:
    return {"value": float(Fraction(exact)), "exact": exact}


def cases() -> dict[str, list[dict[str, Any]]]:
    """Every golden case with what Python prints for it."""
    figures: list[Any] = [figure(q) for q in EXACT] + FLOATS
    pairs = [(figure(a), figure(b)) for a, b in PAIRS] + [(0.625, 0.5), (0.3335, 0.3330),
                                                           (0.8626347195865562, 0.8379971460082659)]
    chances = figures + [figure(q) for q in LONG] + [0.8379971460082659, 0.8626347195865562, None]
    return {
        "pct": [{"figure": f, "printed": printing.pct(f)} for f in figures],
        "fixed": [{"figure": f, "places": p, "printed": printing.fixed(f, p)}
                  for f in figures for p in (1, 2)],
        "points": [{"after": a, "before": b, "printed": printing.points(a, b)} for a, b in pairs],
        "pct_range": [{"low": b, "high": a, "printed": printing.pct_range(b, a)} for a, b in pairs],
        "exact": [{"figure": f, "printed": printing.exact(f)} for f in chances],
        "exact_range": [{"low": b, "high": a, "printed": printing.exact_range(b, a)} for a, b in pairs],
    }


def test_the_golden_values_are_this_rule() -> None:
    made = cases()
    if os.environ.get("CHQ_WRITE_GOLDEN"):
        GOLDEN.write_text(json.dumps(made, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    assert json.loads(GOLDEN.read_text(encoding="utf-8")) == made, \
        "printing changed: rewrite the golden values with CHQ_WRITE_GOLDEN=1 if it was meant"


def test_ties_round_away_from_zero() -> None:
    # Hand-checked: each is a tie at the printed precision.
    assert printing.pct(figure("1/16")) == "6.3%"  # 6.25
    assert printing.pct(figure("3/16")) == "18.8%"  # 18.75
    assert printing.pct(figure("1/32")) == "3.1%"  # 3.125, not a tie at one decimal
    assert printing.pct(figure("123/2000")) == "6.2%"  # 6.15 exactly
    assert printing.fixed(figure("9/8")) == "1.13"
    assert printing.fixed(figure("21/8")) == "2.63"
    assert printing.points(figure("1/16"), figure("0/1")) == "+6.3"
    assert printing.points(figure("0/1"), figure("1/16")) == "\u22126.3"


def test_a_double_prints_from_its_exact_value() -> None:
    # 0.285 is 0.28499999999999997558... as a double; 2.675 is 2.67499999999999982236...
    assert printing.pct(0.285) == "28.5%"  # 28.4999...7558 rounds to 28.5 at one decimal
    assert printing.fixed(2.675) == "2.67"
    assert printing.fixed(1.125) == "1.13"  # a double that is a tie


def test_possible_is_never_zero_and_doubtful_never_certain() -> None:
    assert printing.pct(figure(f"1/{10**20}")) == "<0.1%"
    assert printing.pct(figure(f"{10**20 - 1}/{10**20}")) == ">99.9%"
    assert printing.pct(figure("1/2000")) == "0.1%"
    assert printing.pct(figure("1999/2000")) == ">99.9%"
    assert (printing.pct(0), printing.pct(1), printing.pct(None)) == ("0.0%", "100.0%", "–")


def test_the_rally_table_and_headline_agree_on_one_sixteenth() -> None:
    result = compute("rally", {"disruption": 4})
    sixteenths = [p for p in (e["p"] for e in result["remaining"]) if p["exact"] == "1/16"]
    assert sixteenths, "the rally at 4 DP has a 1/16 outcome"
    assert printing.pct(sixteenths[0]) == "6.3%"


def reference(x: Fraction, places: int) -> str:
    """Decimal's ROUND_HALF_UP (away from zero) on the exact quotient."""
    with localcontext() as ctx:
        ctx.prec = 200
        value = Decimal(x.numerator) / Decimal(x.denominator)
        return str(value.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP))


@given(st.integers(0, 10**9), st.integers(1, 10**9))
def test_pct_is_decimal_half_up(n: int, d: int) -> None:
    x = Fraction(min(n, d), d)
    shown = printing.pct({"value": float(x), "exact": f"{x.numerator}/{x.denominator}"})
    if 0 < x < Fraction(1, 2000):
        assert shown == "<0.1%"
    elif Fraction(1999, 2000) <= x < 1:
        assert shown == ">99.9%"
    else:
        assert shown == reference(x * 100, 1) + "%"


@given(st.fractions(min_value=-1000, max_value=1000, max_denominator=10**6), st.integers(0, 4))
def test_fixed_is_decimal_half_up(x: Fraction, places: int) -> None:
    shown = printing.fixed({"value": float(x), "exact": f"{x.numerator}/{x.denominator}"}, places)
    want = reference(x, places)
    assert shown == (want[1:] if want.startswith("-") and not want.strip("-0.") else want)


def test_a_difference_is_that_of_the_figures_shown() -> None:
    """98.6% to 99.6% is "+1.0" (what a reader gets subtracting them), not the exact
    +0.91; chances that print alike but differ: "+<0.1"."""
    assert (printing.pct(figure("9864/10000")), printing.pct(figure("9955/10000"))) == ("98.6%", "99.6%")
    assert printing.points(figure("9955/10000"), figure("9864/10000")) == "+1.0"
    assert printing.points(figure("9864/10000"), figure("9955/10000")) == "\u22121.0"
    assert printing.points(figure("2001/4000"), figure("1/2")) == "+<0.1"
    assert printing.points(figure("1/200"), figure("1/4000")) == "+0.5"  # "<0.1%": exact


@given(st.integers(0, 10**6), st.integers(0, 10**6))
def test_a_difference_of_numbers_shown_is_their_difference(m: int, n: int) -> None:
    a, b = Fraction(m, 10**6), Fraction(n, 10**6)
    fa, fb = figure(f"{a.numerator}/{a.denominator}"), figure(f"{b.numerator}/{b.denominator}")
    shown = [printing.pct(fa), printing.pct(fb)]
    said = printing.points(fa, fb)
    if a == b:
        assert said == "0.0"
    elif all(t[0].isdigit() for t in shown):
        diff = Fraction(shown[0][:-1]) - Fraction(shown[1][:-1])
        want = "+<0.1" if diff == 0 and a > b else "\u2212<0.1" if diff == 0 else (
            ("+" if diff > 0 else "\u2212") + f"{float(abs(diff)):.1f}")  # tenths: exact
        assert said == want, (shown, said)


def test_an_exact_value_reads_as_a_person_reads_it() -> None:
    """Close Assault 8D against 4D in heavy cover: 44 digits over 44 digits, cut to
    the first six of each, with their length, the percentage to six decimals, and
    about 5 in 6; a short fraction whole, its digits grouped."""
    said = printing.exact(compute("close_assault", {"att_dice": 8, "def_dice": 4,
                                                    "def_cover": "heavy"})["p_attacker_wins"])
    g = printing.GROUP
    assert said == f"313{g}441…/376{g}539… (44 digits each) ≈{g}83.242{g}687%, about 5 in 6"
    assert printing.exact(figure("1/1296")) == "1/1296, about 1 in 1296"
    assert printing.exact(figure("1295/1296")) == "1295/1296, about 1295 in 1296"
    assert printing.exact(figure("1/100001")) == f"1/100{g}001, about 1 in 100{g}001"
    assert printing.exact(figure(f"{10**11 - 1}/{10**11}")).startswith(f"99{g}999{g}999{g}999/100{g}000{g}000{g}000, ")
    assert printing.exact(figure("1/3")) == "1/3, about 1 in 3"
    assert printing.exact(figure("2/3")) == "2/3, about 2 in 3"
    assert printing.exact(figure("2/5")) == "2/5, about 1 in 3"  # 2.5, a tie, away from zero


def test_a_range_reads_in_percent() -> None:
    """Shell it first? known only as doubles: each end in percent, six decimals."""
    g = printing.GROUP
    said = printing.exact_range(0.8379971460082659, 0.8626347195865562)
    assert said == f"83.799{g}715% to 86.263{g}472%"
