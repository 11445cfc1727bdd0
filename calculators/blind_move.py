"""Moving a Blind (from 000)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from .dice import sum_of_d6
from .inputs import _flag, _inches
from .mechanic import Chart, Headline, Mechanic
from .probability import prob

FIXED_MOVE = 6
FIXED_MOVES = 3  # Blinds always make a triple move at Average speed: 6+6+6
VARIABLE_DICE = 3

READINGS = (
    "A Blind moves at Average speed with a triple move: 18″ (6+6+6) + 3D6″.",
    "A suppressed Blind moves its Variable Move only: 3D6″.",
    "Crossing an obstacle uses one Fixed Move (6″); a suppressed Blind needs its entire move to "
    "cross one, so it gets no further that turn.",
    "A Blind reaches the target when its move is at least the target distance.",
)


def blind_move(**p: Any) -> dict[str, Any]:
    """How far a Blind moves, and the chance it covers a distance.

    >>> blind_move(target=18, suppressed=False, obstacle=False)["p_reach"]["exact"]
    '1/1'
    """
    counts = sum_of_d6(VARIABLE_DICE)
    total = 6**VARIABLE_DICE
    if p["suppressed"] and p["obstacle"]:
        dist = {0: Fraction(1)}
        explain = ["a suppressed Blind needs its entire move to cross an obstacle: 0″ beyond it"]
    else:
        fixed = 0 if p["suppressed"] else FIXED_MOVE * (FIXED_MOVES - p["obstacle"])
        dist = {fixed + roll: Fraction(c, total) for roll, c in enumerate(counts) if c}
        explain = [(f"suppressed: Variable Move only, {VARIABLE_DICE}D6″" if p["suppressed"] else
                    f"triple move: {FIXED_MOVES} x {FIXED_MOVE}″ + {VARIABLE_DICE}D6″")
                   + (" less one Fixed Move for the obstacle" if p["obstacle"] else "")]
    reach = sum((q for inches, q in dist.items() if inches >= p["target"]), Fraction(0))
    explain.append(f"P(move ≥ {p['target']:g}″)")
    return {
        "mechanic": "blind_move",
        "p_reach": prob(reach),
        "distribution": [{"inches": x, "p": prob(q)} for x, q in sorted(dist.items())],
        "explain": explain,
    }


MECHANIC = Mechanic(
    name="blind_move",
    order=60,
    title="Moving a Blind",
    compute=blind_move,
    params=(
        _inches("target", "Distance the Blind must cover"),
        _flag("suppressed", "Blind is suppressed", help=f"Variable Move ({VARIABLE_DICE}D6″) only"),
        _flag("obstacle", "Crosses an obstacle",
              help="costs one Fixed Move; a suppressed Blind needs its entire move"),
    ),
    outputs={
        "p_reach": "chance the Blind moves at least the distance asked",
        "distribution": "how far the Blind moves: entries of inches, p",
    },
    headline=Headline("p_reach", "Chance the Blind moves {target}″ or more"),
    charts=(
        Chart("distribution", "How far the Blind moves (far enough: marked)", label="{inches}″",
              value="p", cumulative=True, view="at-least",
              mark={"entry": "inches", "atLeastInput": "target"}),
    ),
    readings=READINGS,
)
