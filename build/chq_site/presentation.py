"""What the widgets show, as data: starting inputs, groups, advanced inputs, choice
labels and worked examples; the words of the results (titles, headline labels,
figures, charts, detail tables and how a chance is printed) are the command line's
too and live in ``calculators.labels``, re-exported here.

The inputs themselves always come from ``calculators.PARAMETERS``; nothing here lists
a mechanic's inputs by hand. The widget templates (``templates/``) lay these out;
``permalinks`` and ``answers`` read the starting inputs and the worked examples.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from calculators import InputError, labels
from calculators.params import mechanic_name

# The words of the results, the command line's too (calculators/labels.py).
TITLES = labels.TITLES
HEADLINE_LABELS = labels.HEADLINE_LABELS
HEADLINE_WHEN = labels.HEADLINE_WHEN
headline_for = labels.headline_for
FIGURES = labels.FIGURES
CHARTS = labels.CHARTS
DETAILS = labels.DETAILS
HEADLINE_RANGE = labels.HEADLINE_RANGE
headline_text = labels.headline_text
beside_text = labels.beside_text

# A calculator page whose folder is not its mechanic's name (``calculators/<slug>/``).
PAGE_SLUGS: dict[str, str] = {
    "shell_then_assault": "shell-first",
}

# Starting values for the required inputs (a form must show something). A permalink
# that leaves out an input means its default (as for compute()), or for a required
# one this starting value; the form may open on a livelier example (SHOWN).
STARTING: dict[str, dict[str, Any]] = {
    "spotting": {"distance": 18},
    "artillery": {"variant": "armour-battles"},
    "close_assault": {"att_dice": 6, "def_dice": 5},
    "supply": {"supply_dice": 3},
    "rally": {"disruption": 2},
    "blind_move": {"target": 24},
    "deploy": {"units": 3},
    "shell_then_assault": {"variant": "armour-battles"},
}
SHOWN: dict[str, dict[str, Any]] = {
    "deploy": {"suppressions": 2},
}

# Inputs shown side by side, grouped by name prefix (legend, prefix or prefixes).
GROUPS: dict[str, tuple[tuple[str, str | tuple[str, ...]], ...]] = {
    "close_assault": (("Attacker", "att_"), ("Defender", "def_")),
    "shell_then_assault": (("The Blind and the fire", ("variant", "fire_dice", "hit_faces", "suppressions", "units")),
                           ("Attacker", "att_"), ("Defender", "def_")),
}

# Inputs most players leave alone: shown under "More options".
ADVANCED: dict[str, frozenset[str]] = {
    "spotting": frozenset({"ties", "fumble_needs_spot", "spotter_dice", "owner_dice"}),
    "artillery": frozenset({"hit_faces", "blind_width", "blind_depth", "template_radius"}),
    "close_assault": frozenset(
        {"att_disruption", "att_cohesion", "att_suppressed", "def_disruption", "def_cohesion"}
    ),
    "shell_then_assault": frozenset({"hit_faces", "suppressions", "att_class_penalty", "att_no_at",
                                     "def_class_penalty", "def_no_at"}),
}

# Options under "More options" that join the main inputs (in their side's group)
# while another input has a value: the ones that setup is about.
SURFACED: dict[str, tuple[dict[str, Any], ...]] = {
    "close_assault": ({"param": "att_suppressed", "when": {"start": "later"}},),
}

# Friendlier words for a few choice values (the value sent to compute() is unchanged):
# the rules' own names; which document each comes from is said in the readings.
CHOICE_LABELS: dict[str, str] = {
    "armour-battles": "Armour Battles",
    "combat-hq": "Combat HQ",
    "hidden": "Hidden Units",
}

# The help line under a field, where the parameter's own help (also the command
# line's, which speaks of the values typed there) names internal values.
HELP: dict[tuple[str, str], str] = {
    ("artillery", "variant"): "Armour Battles: the Hidden Units update; Combat HQ: fire missions",
    ("artillery", "cover"): "Combat HQ only: the owner adds +1/+2/+3D to the Reaction",
    ("artillery", "template_radius"): "Combat HQ only",
    ("close_assault", "att_suppressed"):
        "+1 TN; in a later round only (a suppressed unit cannot be ordered to Close Assault)",
    ("shell_then_assault", "variant"): "Armour Battles: the Hidden Units update; Combat HQ: fire missions",
    ("shell_then_assault", "def_cover"):
        "+1/+2/+3D in the assault; in the fire too under Combat HQ (Armour Battles ignores it there)",
}

# Inputs another input makes meaningless: disabled, with the reason beside them,
# while ``when`` holds (compute() still takes them, and ignores them).
IGNORED: dict[str, tuple[dict[str, Any], ...]] = {
    "artillery": (
        {"param": "cover", "when": {"variant": "armour-battles"},
         "reason": "Armour Battles ignores cover: no Cover Dice against interdiction fire."},
        {"param": "template_radius", "when": {"variant": "armour-battles"},
         "reason": "Armour Battles uses the Impact Marker alone (no burst radius)."},
    ),
}

@dataclass(frozen=True)
class Preset:
    """A worked example, one click away: a "Try it" button and a permalink."""

    id: str
    label: str
    params: dict[str, Any]
    note: str = ""


PRESETS: dict[str, tuple[Preset, ...]] = {
    "spotting": (
        Preset("double-dice-chain", "Tom's Double Dice Chain (6D)", {"distance": 18, "chain_dice": 2},
               "The example gives no distance: 18″ (the 12-24″ band, 4+) is assumed."),
        Preset("medium-cover", "Blind in medium cover (owner 5D)", {"distance": 18, "cover": "medium"}),
        Preset("hidden-units", "Hidden Units in a wood", {"distance": 18, "cover": "light",
                                                          "target": "hidden"}),
    ),
    "artillery": (
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
    "close_assault": (
        Preset("panzer-iv-h", "Panzer IV H vs rifle platoon (worked example)",
               {"att_dice": 6, "att_flank": True, "def_dice": 5, "def_suppressed": True,
                "def_no_at": True},
               "Flank attack by 6D; the suppressed platoon without AT goes to 7+ and rolls 4D at "
               "6+ (the example's later \"5D\" is a slip: the rule gives 4D)."),
        Preset("even-fight", "Even fight, 6D against 6D", {"att_dice": 6, "def_dice": 6}),
    ),
    "supply": (
        Preset("max-staff-order", "Max's check with a Staff Order (4D)",
               {"supply_dice": 3, "staff_order": True},
               "Poor Artillery Supply (3D) +1D for the Staff Order."),
        Preset("poor-supply", "Poor Artillery Supply, no Staff Order", {"supply_dice": 3}),
    ),
    "rally": (
        Preset("three-dp", "Blind with 3 Disruption Points", {"disruption": 3}),
    ),
    "blind_move": (
        Preset("suppressed", "Suppressed Blind, 12″ to go", {"target": 12, "suppressed": True}),
        Preset("obstacle", "Crossing a wall, 24″ to go", {"target": 24, "obstacle": True}),
    ),
    "deploy": (
        Preset("three-m11-39", "Two suppressions, three M11/39 (worked example)",
               {"suppressions": 2, "units": 3},
               "Alan assigns the suppressions to two of his three tanks."),
        Preset("overflow", "Four suppressions, two units", {"suppressions": 4, "units": 2}),
    ),
    "shell_then_assault": (
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
}



def find_preset(mechanic: str, preset_id: str) -> Preset:
    """A mechanic's worked example by its id (an error naming the known ones if none)."""
    name = mechanic_name(mechanic)
    for preset in PRESETS.get(name, ()):
        if preset.id == preset_id:
            return preset
    known = ", ".join(p.id for p in PRESETS.get(name, ())) or "none"
    raise InputError("preset", f"no preset {preset_id!r} for {name} (known: {known})")
