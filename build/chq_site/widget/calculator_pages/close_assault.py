"""The Close Assault calculator's page.

Its answer table is grouped (``answer_groups``): the answer depends on each side's
dice and TN in each kind of round (``close_assault.pools``) and on the round the
fight starts in, far less than on its 331,776 ways to set 1–12 dice a side and every
switch. A side's Disruption Points and Cohesion are held at their defaults.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from calculators import compute, labels
from calculators.close_assault import State, pools, start_state
from calculators.printing import pct
from chq_site.widget.calculator_page import DICE, CalculatorPage, Group, Grouped, Preset, Table, axes

# Every round a fight can be in: round 1 (the defender suppressed or not), and the
# later rounds by who is suppressed.
ROUNDS = (State(True, False, False), State(True, False, True),
          *(State(False, a, d) for a in (False, True) for d in (False, True)))


def _side(index: int) -> Callable[[dict[str, Any]], Hashable]:
    """One side's dice and TN in every kind of round (0: attacker, 1: defender)."""
    def signature(p: dict[str, Any]) -> Hashable:
        return tuple((pool.dice, pool.tn) for pool in (pools(state, p)[index] for state in ROUNDS))
    return signature


def _round(p: dict[str, Any]) -> Hashable | None:
    """The round the fight starts in (None: a suppressed attacker cannot start one)."""
    if p["start"] == "first" and p["att_suppressed"]:
        return None
    return start_state(p)


_HELD = {"att_dice": DICE, "def_dice": DICE}


def _table() -> Table:
    sizes = range(3, 9)
    rows = []
    for att in sizes:
        row = [f"{att}D"]
        for de in sizes:
            row.append(pct(compute("close_assault", {"att_dice": att, "def_dice": de})["p_attacker_wins"]))
        rows.append(tuple(row))
    return Table(
        "Chance the attacker wins: attacker's dice (rows) against defender's dice (columns)",
        ("Attacker", *(f"vs {d}D" for d in sizes)), tuple(rows),
        "Both at 4+, the attacker's Close Assault order (−1 TN in the first round) applied; no flank, "
        "move penalty, cover, suppression or unit-type penalty; draws fought out.",
    )


PAGE = CalculatorPage(
    "close_assault",
    starting={"att_dice": 6, "def_dice": 5},
    groups=(("Attacker", "att_"), ("Defender", "def_")),
    advanced=frozenset({"att_disruption", "att_cohesion", "att_suppressed", "def_disruption", "def_cohesion"}),
    surfaced=({"param": "att_suppressed", "when": {"start": "later"}},),
    help={"att_suppressed": "+1 TN; in a later round only (a suppressed unit cannot be ordered to Close Assault)"},
    presets=(
        Preset("panzer-iv-h", "Panzer IV H vs rifle platoon (worked example)",
               {"att_dice": 6, "att_flank": True, "def_dice": 5, "def_suppressed": True,
                "def_no_at": True},
               "Flank attack by 6D; the suppressed platoon without AT goes to 7+ and rolls 4D at "
               "6+ (the example's later \"5D\" is a slip: the rule gives 4D)."),
        Preset("even-fight", "Even fight, 6D against 6D", {"att_dice": 6, "def_dice": 6}),
    ),
    table=_table,
    answers=Grouped(
        (
            Group(axes("close_assault", _HELD, "att_dice", "att_flank", "att_move",
                       "att_class_penalty", "att_no_at"), _side(0)),
            Group(axes("close_assault", _HELD, "def_dice", "def_class_penalty", "def_no_at",
                       "def_cover"), _side(1)),
            Group(axes("close_assault", _HELD, "start", "att_suppressed", "def_suppressed"), _round),
        ),
        # Stored as the page prints them (see answer_groups' docstring).
        texts=tuple(key for key, _, _ in labels.FIGURES["close_assault"]),
        # A side's pool in the round the inputs describe: its own inputs and the round's.
        sides=((0, 2), (1, 2)),
    ),
)
