"""Rallying a Blind (from 000)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from .dice import successes
from .inputs import _dice
from .mechanic import Chart, Figure, Headline, Mechanic
from .probability import prob

TN = 4
READINGS = ("Roll one die per Disruption Point at 4+; each success removes one Disruption Point.",)


def rally(**p: Any) -> dict[str, Any]:
    """How many Disruption Points a Blind keeps after rallying.

    >>> [row["p"]["exact"] for row in rally(disruption=1)["remaining"]]
    ['1/2', '1/2']
    """
    n = p["disruption"]
    counts = successes(n, TN)
    total = 6**n
    remaining = [{"disruption": n - k, "p": prob(Fraction(counts[k], total))}
                 for k in range(n, -1, -1)]
    return {
        "mechanic": "rally",
        "remaining": remaining,
        "p_all_removed": prob(Fraction(counts[n], total)),
        "expected_removed": prob(n * Fraction(7 - TN, 6), bounded=False),  # a die succeeds on 7 - TN faces
        "explain": [f"roll {n}D at {TN}+: one Disruption Point removed per success"],
    }


MECHANIC = Mechanic(
    name="rally",
    order=50,
    title="Rallying a Blind",
    compute=rally,
    params=(
        _dice("disruption", "Disruption Points on the Blind", reads=("{} Disruption Point", "{} Disruption Points")),
    ),
    outputs={
        "remaining": "Disruption Points left after the rally: entries of disruption, p",
        "p_all_removed": "chance every Disruption Point is removed",
        "expected_removed": "Disruption Points removed, on average",
    },
    headline=Headline("p_all_removed", "Chance every Disruption Point is removed"),
    figures=(Figure("expected_removed", "Disruption Points removed, on average", "num"),),
    charts=(
        Chart("remaining", "Disruption Points left after the rally",
              label="{disruption} DP", value="p", cumulative=True),
    ),
    readings=READINGS,
)
