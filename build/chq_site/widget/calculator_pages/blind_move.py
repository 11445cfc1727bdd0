"""The Blind move calculator's page."""

from __future__ import annotations

import itertools

from calculators import compute
from calculators.printing import pct
from chq_site.widget.calculator_page import CalculatorPage, EveryInput, Preset, Table


def _table() -> Table:
    rows = []
    for target in range(3, 37, 3):
        row = [f"{target}″"]
        for flags in ({}, {"suppressed": True}, {"obstacle": True}):
            row.append(pct(compute("blind_move", {"target": target, **flags})["p_reach"]))
        rows.append(tuple(row))
    return Table("Chance a Blind moves at least this far",
                 ("Distance", "18″ + 3D6″", "Suppressed: 3D6″", "Crossing an obstacle"), tuple(rows),
                 "A suppressed Blind needs its entire move to cross an obstacle, so it gets no further.")


def _steps() -> list[float]:
    """Every distance some Blind can move: P(reach target) changes only there."""
    found: set[float] = set()
    for suppressed, obstacle in itertools.product((False, True), repeat=2):
        result = compute("blind_move", {"target": 0, "suppressed": suppressed, "obstacle": obstacle})
        found.update(float(entry["inches"]) for entry in result["distribution"])
    return sorted(found)


PAGE = CalculatorPage(
    "blind_move",
    starting={"target": 24},
    presets=(
        Preset("suppressed", "Suppressed Blind, 12″ to go", {"target": 12, "suppressed": True}),
        Preset("obstacle", "Crossing a wall, 24″ to go", {"target": 24, "obstacle": True}),
    ),
    table=_table,
    answers=EveryInput(steps={"target": _steps}),
)
