"""The deploy calculator's page."""

from __future__ import annotations

from calculators import compute
from chq_site.widget.calculator_page import CalculatorPage, EveryInput, Preset, Table

EXAMPLES = ((2, 0, 3), (1, 0, 2), (3, 0, 3), (4, 0, 2), (4, 0, 3), (0, 2, 3), (4, 3, 2), (4, 4, 1))


def _table() -> Table:
    rows = []
    for s, d, n in EXAMPLES:
        r = compute("deploy", {"suppressions": s, "disruption": d, "units": n})
        rows.append((str(s), str(d), str(n), r["summary"]))
    return Table("Deploying from a Blind: how suppressions and Disruption Points are shared out",
                 ("Suppressions", "Disruption Points", "Units", "Result"), tuple(rows),
                 "One suppression per unit; any beyond the number of units become Disruption Points, "
                 "which go one at a time, no unit a second before every unit has one.")


PAGE = CalculatorPage(
    "deploy",
    starting={"units": 3},
    shown={"suppressions": 2},
    presets=(
        Preset("three-m11-39", "Two suppressions, three M11/39 (worked example)",
               {"suppressions": 2, "units": 3},
               "Alan assigns the suppressions to two of his three tanks."),
        Preset("overflow", "Four suppressions, two units", {"suppressions": 4, "units": 2}),
    ),
    table=_table,
    answers=EveryInput(),
)
