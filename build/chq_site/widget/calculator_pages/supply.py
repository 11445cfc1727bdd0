"""The artillery supply calculator's page."""

from __future__ import annotations

from calculators import compute
from calculators.printing import pct
from chq_site.widget.calculator_page import CalculatorPage, EveryInput, Preset, Table


def _table() -> Table:
    rows = []
    for dice in range(1, 9):
        plain = compute("supply", {"supply_dice": dice})["p_continue"]
        boosted = compute("supply", {"supply_dice": dice, "staff_order": True})["p_continue"]
        rows.append((f"{dice}D", pct(plain), pct(boosted)))
    return Table("Chance the battery keeps firing: Artillery Supply Dice at 4+ against 3D at 4+",
                 ("Supply Dice", "Keeps firing", "With a Staff Order (+1D)"), tuple(rows),
                 "It keeps firing only when it rolls more successes; a tie stops it.")


PAGE = CalculatorPage(
    "supply",
    starting={"supply_dice": 3},
    presets=(
        Preset("max-staff-order", "Max's check with a Staff Order (4D)",
               {"supply_dice": 3, "staff_order": True},
               "Poor Artillery Supply (3D) +1D for the Staff Order."),
        Preset("poor-supply", "Poor Artillery Supply, no Staff Order", {"supply_dice": 3}),
    ),
    table=_table,
    answers=EveryInput(),
)
