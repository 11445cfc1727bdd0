"""The rally calculator's page."""

from __future__ import annotations

from calculators import compute
from calculators.printing import pct
from chq_site.widget.calculator_page import CalculatorPage, EveryInput, Preset, Table


def _table() -> Table:
    rows = []
    top = 6
    for dp in range(1, top + 1):
        dist = {e["disruption"]: e["p"] for e in compute("rally", {"disruption": dp})["remaining"]}
        rows.append((f"{dp} DP", *(pct(dist[k]) if k in dist else "" for k in range(0, top + 1))))
    return Table("Rallying a Blind: Disruption Points left (one die per point at 4+)",
                 ("On the Blind", *(f"{k} left" for k in range(0, top + 1))), tuple(rows))


PAGE = CalculatorPage(
    "rally",
    starting={"disruption": 2},
    presets=(
        Preset("three-dp", "Blind with 3 Disruption Points", {"disruption": 3}),
    ),
    table=_table,
    answers=EveryInput(),
)
