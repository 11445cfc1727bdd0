"""The words of the results: what each mechanic is called, the label of its headline
chance and of its other figures, its charts and its detail table (how a figure is
printed is ``calculators.printing``).

One home for the page and the command line: the site's widgets show these
(``chq_site.presentation`` re-exports them and the build writes them into each
widget's spec, ``docs/assets/js/companion/`` lays them out) and ``--table`` prints
the same words. Data only flows this way: nothing here knows of the site build.
"""

from __future__ import annotations

import re
from typing import Any

from .api import HEADLINES
from .printing import pct, pct_range, points

TITLES: dict[str, str] = {
    "spotting": "Spotting a Blind",
    "artillery": "Artillery against a Blind",
    "close_assault": "Close Assault",
    "supply": "Artillery Supply Check",
    "rally": "Rallying a Blind",
    "blind_move": "Moving a Blind",
    "deploy": "Deploying from a Blind",
    "shell_then_assault": "Shell it first?",
}

# A label may name an input in braces ("{target}"): headline_for fills it from the
# inputs (as the page does, util.js fill), so the label says which distance it is
# the chance of.
HEADLINE_LABELS: dict[str, str] = {
    "spotting": "Chance the spotting attempt succeeds",
    "artillery": "Chance the fire inflicts at least one suppression",
    "close_assault": "Chance the attacker wins",
    "supply": "Chance the battery keeps firing",
    "rally": "Chance every Disruption Point is removed",
    "blind_move": "Chance the Blind moves {target}″ or more",
    "deploy": "How the units come out of the Blind",
    "shell_then_assault": "Chance the attacker wins after the shelling",
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
    """The headline's result key and label for a full set of inputs, the label's
    ``{name}`` slots filled from them (``headlineFor`` in result.js mirrors it).

    >>> headline_for("spotting", {"target": "hidden"})["key"], headline_for("spotting", {})["key"]
    ('p_found', 'p_spotted')
    >>> headline_for("blind_move", {"target": 24.0})["label"]
    'Chance the Blind moves 24″ or more'
    """
    for case in HEADLINE_WHEN.get(mechanic, ()):
        if inputs.get(case["param"]) == case["value"]:
            return {"key": case["key"], "label": fill_label(case["label"], inputs)}
    return {"key": HEADLINES[mechanic], "label": fill_label(HEADLINE_LABELS[mechanic], inputs)}


def fill_label(template: str, inputs: dict[str, Any]) -> str:
    """A label's ``{name}`` slots filled with the inputs' values, written as the page
    writes them (util.js fill: 24.0 is "24"; a missing input is "–").

    >>> fill_label("moves {target}″ or more", {"target": 7.5}), fill_label("{x}", {})
    ('moves 7.5″ or more', '–')
    """
    def text(match: re.Match[str]) -> str:
        value = inputs.get(match.group(1))
        if value is None:
            return "–"
        if isinstance(value, float) and value.is_integer():
            return str(int(value))
        return str(value)

    return re.sub(r"\{(\w+)\}", text, template)


# A headline that is a range, "low–high" (one figure when both ends print alike; the
# headline key is the low end), and a chance shown beside it, with the difference the
# plan makes in percentage points (docs/assets/js/companion/result.js draws the same).
HEADLINE_RANGE: dict[str, dict[str, Any]] = {
    "shell_then_assault": {
        "low": "p_win_worst", "high": "p_win_best",
        "beside": {"low": "p_win_no_fire_worst", "high": "p_win_no_fire_best",
                   "label": "Without the fire"},
    },
}


def headline_text(mechanic: str, result: dict[str, Any]) -> str:
    """The headline as the page prints it: a percentage, or for a range
    (HEADLINE_RANGE) "low–high".

    >>> r = {"inputs": {}, "p_win_worst": {"value": 0.5}, "p_win_best": {"value": 0.625}}
    >>> headline_text("shell_then_assault", r), headline_text("supply", {"p_continue": {"value": 1}})
    ('50.0–62.5%', '100.0%')
    """
    low = result[headline_for(mechanic, result.get("inputs", {}))["key"]]
    if mechanic not in HEADLINE_RANGE:
        return pct(low)
    return pct_range(low, result[HEADLINE_RANGE[mechanic]["high"]])


def beside_text(mechanic: str, result: dict[str, Any]) -> str | None:
    """The line beside a range headline: the chance without the plan, and what the
    plan adds in percentage points (None for any other headline).

    >>> r = {"p_win_worst": {"value": 0.5}, "p_win_best": {"value": 0.625},
    ...      "p_win_no_fire_worst": {"value": 0.5}, "p_win_no_fire_best": {"value": 0.5}}
    >>> beside_text("shell_then_assault", r)
    'Without the fire: 50.0% (the fire: 0.0 to +12.5 points)'
    """
    spec = HEADLINE_RANGE.get(mechanic)
    if spec is None:
        return None
    before = spec["beside"]
    gains = [points(result[spec[end]], result[before[end]]) for end in ("low", "high")]
    if gains[0] != gains[1]:
        gain = f"{gains[0]} to {gains[1]} points"
    else:
        gain = "no difference" if gains[0] == "0.0" else f"{gains[0]} points"
    return f"{before['label']}: {pct_range(result[before['low']], result[before['high']])} (the fire: {gain})"


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
    "shell_then_assault": (
        ("p_any_suppressed", "The Blind has a suppression after the fire", "pct"),
        ("p_all_suppressed", "Every unit is suppressed after the fire", "pct"),
        ("p_win_unsuppressed", "Attacker wins against an unsuppressed unit", "pct"),
        ("p_win_suppressed", "Attacker wins against a suppressed unit", "pct"),
    ),
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
    "shell_then_assault": (
        {"key": "suppressions_after", "title": "Suppressions on the Blind after the fire (at most 4)",
         "label": "{suppressions}", "value": "p", "cumulative": True},
    ),
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
