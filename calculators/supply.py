"""The Artillery Supply Check (from 004)."""

from __future__ import annotations

from typing import Any

from .dice import Pool, p_more
from .inputs import _dice, _flag
from .mechanic import Chart, Headline, Mechanic
from .probability import prob

OPPONENT_DICE = 3
TN = 4
STAFF_ORDER_DICE = 1
TURNS = 6

READINGS = (
    "The battery rolls the battle group's Artillery Supply Dice at 4+ (+1D for one Staff Order) "
    "against 3D at 4+, and keeps firing only if it rolls more successes.",
    "Turn by turn the checks are independent: the chance of still firing after k turns is the "
    "chance of passing k checks in a row.",
)


def supply(**p: Any) -> dict[str, Any]:
    """Odds that a battery keeps firing after its Artillery Supply Check.

    >>> supply(supply_dice=3, staff_order=True)["pool"]
    {'dice': 4, 'tn': 4}
    """
    battery = Pool.resolve(p["supply_dice"] + STAFF_ORDER_DICE * p["staff_order"], TN)
    opponent = Pool(OPPONENT_DICE, TN)
    q = p_more(battery, opponent)
    staff = f" + {STAFF_ORDER_DICE}D Staff Order" if p["staff_order"] else ""
    return {
        "mechanic": "supply",
        "pool": {"dice": battery.dice, "tn": battery.tn},
        "p_continue": prob(q),
        "turns": [{"k": k, "p": prob(q**k)} for k in range(1, TURNS + 1)],
        "explain": [f"battery rolls {p['supply_dice']}D{staff} = {battery} against {opponent}",
                    "it keeps firing when it rolls more successes (a tie stops it)"],
    }


MECHANIC = Mechanic(
    name="supply",
    order=40,
    title="Artillery Supply Check",
    compute=supply,
    params=(
        _dice("supply_dice", "Artillery Supply Dice"),
        _flag("staff_order", "Staff Order spent", help=f"+{STAFF_ORDER_DICE}D"),
    ),
    outputs={
        "pool": "the battery's roll: dice and tn",
        "p_continue": "chance the battery keeps firing after this check",
        "turns": "chance it is still firing after each of the next checks: entries of k, p",
    },
    headline=Headline("p_continue", "Chance the battery keeps firing"),
    charts=(
        Chart("turns", "Chance the battery is still firing after each turn's check",
              label="turn {k}", value="p", cumulative=False),
    ),
    readings=READINGS,
)
