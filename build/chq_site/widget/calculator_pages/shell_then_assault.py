"""The "Shell it first?" calculator's page (``calculators/shell-first/``)."""

from __future__ import annotations

from calculators import compute
from calculators.artillery import VARIANTS
from calculators.printing import pct_range
from chq_site.widget.calculator_page import CHOICE_LABELS, CalculatorPage, Preset, Table


def _table() -> Table:
    rows = []
    for dice in range(0, 9):
        row = [f"{dice}D" if dice else "no fire"]
        for variant in VARIANTS:
            r = compute("shell_then_assault", {"variant": variant, "fire_dice": dice})
            row.append(pct_range(r["p_win_worst"], r["p_win_best"]))
        rows.append(tuple(row))
    return Table(
        "Shell it first? The chance a 6D assault beats a 5D unit of a 3-unit Blind, "
        "after the battery's fire",
        ("Fire Dice", *(CHOICE_LABELS[v] for v in VARIANTS)), tuple(rows),
        "A range: at worst the owner keeps the assaulted unit unsuppressed unless every unit is; "
        "at best the attacker picks a suppressed unit. 2 \"Hit\" faces, a 6″ × 3″ Blind in the "
        "open, nothing on it before the fire; the attacker's Close Assault order applied, no other "
        "modifier.",
    )


PAGE = CalculatorPage(
    "shell_then_assault",
    slug="shell-first",
    starting={"variant": "armour-battles"},
    groups=(("The Blind and the fire", ("variant", "fire_dice", "hit_faces", "suppressions", "units")),
            ("Attacker", "att_"), ("Defender", "def_")),
    advanced=frozenset({"suppressions", "att_class_penalty", "att_no_at",
                        "def_class_penalty", "def_no_at"}),
    help={
        "variant": "Armour Battles: the Hidden Units update; Combat HQ: fire missions",
        "def_cover": "+1/+2/+3D in the assault; in the fire too under Combat HQ (Armour Battles ignores it there)",
    },
    presets=(
        Preset("25-pounder-then-assault", "25-pounder Hit on three M11/39, then a 6D assault (worked example)",
               {"variant": "armour-battles", "fire_dice": 5, "hit_faces": 6, "units": 3,
                "att_dice": 6, "def_dice": 5},
               "Tom's 25-pounder (5D, a Hit) on Alan's Blind of three M11/39 tanks, as in the rules' "
               "example; then a 6D unit (the Panzer IV H's FP) assaults one tank, assumed to fight "
               "with 5D."),
        Preset("25-pounder-deviation", "The same plan before the Deviation Dice",
               {"variant": "armour-battles", "fire_dice": 5, "units": 3, "att_dice": 6, "def_dice": 5},
               "Two Hit faces in six, as on the standard Deviation Dice."),
        Preset("combat-hq-light-cover", "Combat HQ fire mission, Blind in light cover",
               {"variant": "combat-hq", "def_cover": "light"}),
    ),
    table=_table,
)
