"""What the widgets show, as data: titles, headline labels, starting inputs, groups,
advanced inputs, choice labels, figures, charts, detail tables and worked examples.

The inputs themselves always come from ``calculators.PARAMETERS``; nothing here lists
a mechanic's inputs by hand. The widget templates (``templates/``) lay these out;
``permalinks`` and ``answers`` read the starting inputs and the worked examples.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from calculators import HEADLINES, InputError
from calculators.params import mechanic_name

TITLES: dict[str, str] = {
    "spotting": "Spotting a Blind",
    "artillery": "Artillery against a Blind",
    "close_assault": "Close Assault",
    "supply": "Artillery Supply Check",
    "rally": "Rallying a Blind",
    "blind_move": "Moving a Blind",
    "deploy": "Deploying from a Blind",
}

HEADLINE_LABELS: dict[str, str] = {
    "spotting": "Chance the spotting attempt succeeds",
    "artillery": "Chance the fire inflicts at least one suppression",
    "close_assault": "Chance the attacker wins",
    "supply": "Chance the battery keeps firing",
    "rally": "Chance every Disruption Point is removed",
    "blind_move": "Chance the Blind moves far enough",
    "deploy": "How the units come out of the Blind",
}

# A headline that depends on the inputs: when ``param`` is ``value``, the headline is
# the result key ``key`` under ``label`` (Hidden Units: p_found).
HEADLINE_WHEN: dict[str, tuple[dict[str, Any], ...]] = {
    "spotting": (
        {"param": "target", "value": "hidden", "key": "p_found",
         "label": "Chance the Hidden Units are found (deployed, or a Blind placed)"},
    ),
}


def headline_for(mechanic: str, inputs: dict[str, Any]) -> dict[str, Any]:
    """The headline's result key and label for a full set of inputs.

    >>> headline_for("spotting", {"target": "hidden"})["key"], headline_for("spotting", {})["key"]
    ('p_found', 'p_spotted')
    """
    for case in HEADLINE_WHEN.get(mechanic, ()):
        if inputs.get(case["param"]) == case["value"]:
            return {"key": case["key"], "label": case["label"]}
    return {"key": HEADLINES[mechanic], "label": HEADLINE_LABELS[mechanic]}

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
}
SHOWN: dict[str, dict[str, Any]] = {
    "deploy": {"suppressions": 2},
}

# Inputs shown side by side, grouped by name prefix (legend, prefix).
GROUPS: dict[str, tuple[tuple[str, str], ...]] = {
    "close_assault": (("Attacker", "att_"), ("Defender", "def_")),
}

# Inputs most players leave alone: shown under "More options".
ADVANCED: dict[str, frozenset[str]] = {
    "spotting": frozenset({"ties", "fumble_needs_spot", "spotter_dice", "owner_dice"}),
    "artillery": frozenset({"hit_faces", "blind_width", "blind_depth", "template_radius"}),
    "close_assault": frozenset(
        {"att_disruption", "att_cohesion", "att_suppressed", "def_disruption", "def_cohesion"}
    ),
}

# Friendlier words for a few choice values (the value sent to compute() is unchanged).
CHOICE_LABELS: dict[str, str] = {
    "armour-battles": "Armour Battles (000)",
    "combat-hq": "Combat HQ (004)",
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

# Secondary figures under the headline: (result key, label, "pct" | "num" | "rounds").
FIGURES: dict[str, tuple[tuple[str, str, str], ...]] = {
    "spotting": (
        ("p_deployed", "Hidden Units deployed onto the table", "pct"),
        ("p_blind", "A Blind is placed", "pct"),
        ("p_hidden", "Still hidden", "pct"),
    ),
    "artillery": (
        ("p_full", "Impact Marker / template centre on the Blind", "pct"),
        ("p_partial", "Template only partly covers the Blind", "pct"),
        ("p_miss", "Fire misses the Blind", "pct"),
        ("expected_new_suppressions", "Suppressions inflicted, on average", "num"),
        ("p_dummy_removed", "Dummy Blind removed", "pct"),
    ),
    "close_assault": (
        ("p_defender_wins", "Defender wins", "pct"),
        ("p_defender_dispersed", "Defender Dispersed", "pct"),
        ("p_attacker_dispersed", "Attacker Dispersed", "pct"),
        ("p_winner_suppressed", "Winner ends suppressed", "pct"),
        ("expected_rounds", "Rounds fought, on average", "num"),
    ),
    "supply": (),
    "rally": (("expected_removed", "Disruption Points removed, on average", "num"),),
    "blind_move": (),
    "deploy": (),
}

# The main distribution(s) to chart. "label" is a template over each entry's keys;
# "cumulative" offers the "exactly / at least" toggle (at least = k and above), and
# "view" the one it starts on ("exactly" unless said: a Blind's move asks "at least");
# "mark" highlights the entries that count for the headline (entry >= an input).
CHARTS: dict[str, tuple[dict[str, Any], ...]] = {
    "spotting": (
        {"key": "bands", "title": "Chance of spotting in each range band (same modifiers; "
         "this distance: marked)", "label": "{band}″", "value": "p_spotted", "cumulative": False,
         "mark": {"band": "distance"}},
    ),
    "artillery": (
        {"key": "inflicted", "title": "Suppressions the fire inflicts (before the cap of 4)",
         "label": "{suppressions}", "value": "p", "cumulative": True},
    ),
    "close_assault": (
        {"key": "attacker_margin", "title": "Attacker wins: Disruption Points the defender takes",
         "label": "{dp} DP", "value": "p", "cumulative": True},
        {"key": "defender_margin", "title": "Defender wins: Disruption Points the attacker takes",
         "label": "{dp} DP", "value": "p", "cumulative": True},
    ),
    "supply": (
        {"key": "turns", "title": "Chance the battery is still firing after each turn's check",
         "label": "turn {k}", "value": "p", "cumulative": False},
    ),
    "rally": (
        {"key": "remaining", "title": "Disruption Points left after the rally",
         "label": "{disruption} DP", "value": "p", "cumulative": True},
    ),
    "blind_move": (
        {"key": "distribution", "title": "How far the Blind moves (far enough: marked)",
         "label": "{inches}″", "value": "p", "cumulative": True, "view": "at-least",
         "mark": {"entry": "inches", "atLeastInput": "target"}},
    ),
    "deploy": (),
}

# Small per-entry tables: column title and a cell template ("{key}", "pct:key",
# "bool:key", "#" = row number).
DETAILS: dict[str, dict[str, Any]] = {
    "close_assault": {
        "key": "rounds",
        "title": "Each side's dice and TN, round by round",
        "columns": (
            ("Round", "{when}"),
            ("Attacker", "{att_dice}D at {att_tn}+"),
            ("Defender", "{def_dice}D at {def_tn}+"),
            ("Chance this round is fought", "pct:p_reached"),
        ),
    },
    "deploy": {
        "key": "allocation",
        "title": "Unit by unit",
        "columns": (("Unit", "#"), ("Suppressed", "bool:suppressed"),
                    ("Disruption Points", "{disruption}")),
    },
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
}



def find_preset(mechanic: str, preset_id: str) -> Preset:
    """A mechanic's worked example by its id (an error naming the known ones if none)."""
    name = mechanic_name(mechanic)
    for preset in PRESETS.get(name, ()):
        if preset.id == preset_id:
            return preset
    known = ", ".join(p.id for p in PRESETS.get(name, ())) or "none"
    raise InputError("preset", f"no preset {preset_id!r} for {name} (known: {known})")


def pct(prob: dict[str, Any] | float | None) -> str:
    """A probability as the site prints it: a percentage with one decimal.

    Never rounds a possible outcome to 0.0% or a doubtful one to 100.0%.

    >>> pct({"value": 0.5, "exact": "1/2"}), pct(0.99999), pct(2e-6), pct(0), pct(1)
    ('50.0%', '>99.9%', '<0.1%', '0.0%', '100.0%')
    """
    value = prob["value"] if isinstance(prob, dict) else prob
    if value is None:
        return "–"
    if 0 < value < 0.0005:
        return "<0.1%"
    if 0.9995 <= value < 1:
        return ">99.9%"
    return f"{value * 100:.1f}%"

