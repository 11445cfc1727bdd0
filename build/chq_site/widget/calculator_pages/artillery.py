"""The artillery calculator's page.

Its answer table is grouped (``answer_groups``): the answer depends on where the
fire can land (``artillery.landing``), the battery's dice and, for a Dummy Blind,
what is on it.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from calculators import compute
from calculators.artillery import VARIANTS, landing
from calculators.params import COVER_DICE
from calculators.printing import fixed, pct
from chq_site.widget.calculator_page import (
    CHOICE_LABELS,
    DICE,
    CalculatorPage,
    Group,
    Grouped,
    Preset,
    Table,
    axes,
)


def _landing(p: dict[str, Any]) -> Hashable:
    """Where the fire lands on the Blind, and the Reaction Dice its cover adds."""
    variant = VARIANTS[p["variant"]]
    cover = COVER_DICE[p["cover"]] if variant.uses_cover else 0
    return variant.key, cover, landing(variant, p["hit_faces"], p["blind_width"], p["blind_depth"],
                                       p["template_radius"])


def _blind(p: dict[str, Any]) -> Hashable:
    """What is on the Blind counts only for a Dummy (whether it is removed)."""
    return (p["suppressions"], p["disruption"]) if p["dummy"] else "real"


_HELD = {
    "fire_dice": DICE,
    "hit_faces": tuple(range(0, 7)),
    "blind_width": (6, 3.5),  # a Blind, a playing card
    "blind_depth": (3, 2.5),
    "template_radius": (3,),
    "suppressions": (0,),  # a Blind not yet fired at
    "disruption": (0,),
}


def _table() -> Table:
    rows = []
    for dice in range(1, 11):
        row = [f"{dice}D"]
        for variant in VARIANTS:
            r = compute("artillery", {"variant": variant, "fire_dice": dice})
            row += [pct(r["p_new_suppression"]), fixed(r["expected_new_suppressions"])]
        rows.append(tuple(row))
    return Table(
        "Artillery against a Blind: chance of at least one suppression, and suppressions on average",
        ("Fire Dice", *(x for v in VARIANTS for x in (CHOICE_LABELS[v], "average"))), tuple(rows),
        "2 \"Hit\" faces on the Deviation Dice, a 6″ × 3″ Blind in the open, a 3″ Fire Template "
        "(Combat HQ); the Blind's Reaction is 5D at 5+ (Armour Battles) or 4D at 5+, 5D when only partly "
        "covered (Combat HQ).",
    )


PAGE = CalculatorPage(
    "artillery",
    starting={"variant": "armour-battles"},
    # The Hit faces in the form, where a player sees them (as on Shell it first?); the
    # Blind's size and the template stay under More options.
    advanced=frozenset({"blind_width", "blind_depth", "template_radius"}),
    help={
        "variant": "Armour Battles: the Hidden Units update; Combat HQ: fire missions",
        "cover": "Combat HQ only: the owner adds +1/+2/+3D to the Reaction",
        "template_radius": "Combat HQ only",
    },
    ignored=(
        {"param": "cover", "when": {"variant": "armour-battles"},
         "reason": "Armour Battles ignores cover: no Cover Dice against interdiction fire."},
        {"param": "template_radius", "when": {"variant": "armour-battles"},
         "reason": "Armour Battles uses the Impact Marker alone (no burst radius)."},
    ),
    presets=(
        Preset("25-pounder-hit", "25-pounder scores a Hit (worked example)",
               {"variant": "armour-battles", "fire_dice": 5, "hit_faces": 6},
               "The example's battery rolled a Hit on the Deviation Dice, so every face counts "
               "as a Hit here."),
        Preset("25-pounder", "25-pounder before the Deviation Dice",
               {"variant": "armour-battles", "fire_dice": 5},
               "Two Hit faces in six, as on the standard Deviation Dice."),
        Preset("combat-hq-mission", "Combat HQ fire mission, Blind in light cover",
               {"variant": "combat-hq", "fire_dice": 5, "cover": "light"}),
    ),
    table=_table,
    answers=Grouped((
        Group(axes("artillery", _HELD, "variant", "cover", "hit_faces", "blind_width",
                   "blind_depth", "template_radius"), _landing),
        Group(axes("artillery", _HELD, "fire_dice"), lambda p: p["fire_dice"]),
        Group(axes("artillery", _HELD, "dummy", "suppressions", "disruption"), _blind),
    )),
)
