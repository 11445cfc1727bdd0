"""Calculator widgets: Markdown markers in, widget HTML out (an ``on_page_markdown`` hook).

A line on its own in any page,

    <!-- calculator: spotting -->                       the full widget
    <!-- calculator: spotting compact -->               a compact one, for rule pages
    <!-- calculator: close_assault compact att_dice=6 att_flank=true -->
    <!-- calculator: close_assault compact preset=panzer-iv-h -->
    <!-- calculator-table: spotting -->                 only the build-time table

becomes a widget. Its form is built from ``calculators.PARAMETERS`` (nothing here
lists a mechanic's inputs by hand); ``docs/assets/js/companion.js`` brings it to life
and asks the Pyodide worker for answers. Every widget also carries a table computed
here, at build time, by the same ``compute()``: it is what a reader sees with
JavaScript off, or when the engine cannot load.

Each widget also carries, as a small JSON map, the answers for its starting inputs and
for its worked examples, computed here by ``compute_json`` (what the worker calls): the
script shows one of them at once, without waiting for the engine, when the inputs shown
match (``answer_key``).

Markers inside fenced code blocks are left alone, so the documentation can show them.
"""

from __future__ import annotations

import html
import json
import posixpath
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import quote

import site_answers
import site_engine

from calculators import HEADLINES, PARAMETERS, READINGS, InputError, Param, compute, compute_json
from calculators.params import mechanic_name

try:  # only the error type; importing the module keeps the helpers usable without MkDocs
    from mkdocs.exceptions import PluginError
except ImportError:  # pragma: no cover - MkDocs is always there when the hook runs
    PluginError = ValueError  # type: ignore[misc,assignment]

ROOT = Path(__file__).resolve().parent.parent

MARKER = re.compile(
    r"^[ \t]{0,3}<!--\s*calculator(?P<table>-table)?:\s*(?P<body>[^>]*?)\s*-->[ \t]*$"
)
FENCE = re.compile(r"^[ \t]*(?P<fence>`{3,}|~{3,})")


# --------------------------------------------------------------------------- #
# Presentation tables: page names, headline labels, what to chart.              #
# (The inputs themselves always come from calculators.PARAMETERS.)              #
# --------------------------------------------------------------------------- #

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
# "cumulative" offers the "exactly / at least" toggle (at least = k and above);
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
         "label": "{inches}″", "value": "p", "cumulative": True,
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
        "key": "units",
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


# --------------------------------------------------------------------------- #
# Values, fragments and links                                                 #
# --------------------------------------------------------------------------- #

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


def fragment_value(param: Param, value: Any) -> str:
    """How a value is written in a permalink fragment (and read back by the widget)."""
    if param.kind == "bool":
        return "true" if value else "false"
    if param.kind == "number" and isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def fragment(mechanic: str, params: dict[str, Any], explicit: Iterable[str] = ()) -> str:
    """The permalink fragment (without ``#``) for these inputs.

    Lists, in PARAMETERS order, the required inputs, the ones that differ from their
    default and any named in ``explicit``.

    >>> fragment("close_assault", {"att_dice": 6, "att_flank": True, "def_dice": 5})
    'att_dice=6&att_flank=true&def_dice=5'
    >>> fragment("artillery", {"variant": "armour-battles", "fire_dice": 5}, explicit=["fire_dice"])
    'variant=armour-battles&fire_dice=5'
    """
    name = mechanic_name(mechanic)
    keep = set(explicit)
    parts = []
    for param in PARAMETERS[name]:
        if param.name not in params:
            continue
        value = params[param.name]
        if param.required or param.name in keep or value != param.default:
            parts.append(f"{param.name}={quote(fragment_value(param, value), safe='-_.')}")
    return "&".join(parts)


def answer_key(mechanic: str, values: dict[str, Any]) -> str:
    """The canonical key of a full set of inputs: ``name=value`` for every parameter,
    sorted by name, each value as a permalink writes it (unquoted).

    The one key of the build's answer map; ``answerKey`` in companion.js mirrors it.

    >>> answer_key("supply", {"supply_dice": 3, "staff_order": True})
    'staff_order=true&supply_dice=3'
    """
    table = {p.name: p for p in PARAMETERS[mechanic_name(mechanic)]}
    return "&".join(f"{name}={fragment_value(table[name], values[name])}" for name in sorted(table))


def page_path(mechanic: str) -> str:
    """The canonical calculator page, relative to the site root: ``calculators/close-assault/``."""
    return f"calculators/{mechanic_name(mechanic).replace('_', '-')}/"


def find_preset(mechanic: str, preset_id: str) -> Preset:
    name = mechanic_name(mechanic)
    for preset in PRESETS.get(name, ()):
        if preset.id == preset_id:
            return preset
    known = ", ".join(p.id for p in PRESETS.get(name, ())) or "none"
    raise InputError("preset", f"no preset {preset_id!r} for {name} (known: {known})")


def preset_fragment(mechanic: str, preset_id: str) -> str:
    """The fragment of a worked example: ``close_assault``, ``panzer-iv-h`` -> ``att_dice=6&...``."""
    preset = find_preset(mechanic, preset_id)
    return fragment(mechanic, preset.params, explicit=preset.params)


def permalink(mechanic: str, preset_id: str, from_page: str = "") -> str:
    """A "Try it in the calculator" link to a worked example, relative to ``from_page``.

    >>> permalink("close_assault", "panzer-iv-h", from_page="rules/close-assault/")
    '../../calculators/close-assault/#att_dice=6&att_flank=true&def_dice=5&def_suppressed=true&def_no_at=true'
    """
    return relative_url(from_page, page_path(mechanic)) + "#" + preset_fragment(mechanic, preset_id)


def relative_url(from_page: str, to_page: str) -> str:
    """A link from one page URL (relative to the site root) to another.

    >>> relative_url("rules/spotting/", "calculators/spotting/")
    '../../calculators/spotting/'
    >>> relative_url("calculators/spotting/", "calculators/spotting/")
    './'
    >>> relative_url("rules/spotting.html", "calculators/spotting/index.html")
    '../calculators/spotting/index.html'
    """
    base = from_page.rpartition("/")[0]
    target_dir, _, target_file = to_page.rpartition("/")
    rel = posixpath.relpath(target_dir or ".", base or ".")
    rel = "" if rel == "." else rel + "/"
    out = rel + target_file
    return out or "./"


# --------------------------------------------------------------------------- #
# Markers                                                                     #
# --------------------------------------------------------------------------- #

@dataclass
class Marker:
    """One parsed marker line."""

    mechanic: str
    table_only: bool = False
    compact: bool = False
    params: dict[str, Any] = field(default_factory=dict)


def parse_value(param: Param, text: str) -> Any:
    """A marker's or fragment's ``key=value`` text as the Param's kind wants it.

    >>> from calculators import PARAMETERS
    >>> p = {x.name: x for x in PARAMETERS["spotting"]}
    >>> parse_value(p["distance"], "18"), parse_value(p["distance"], "12.5"), parse_value(p["moving"], "true")
    (18, 12.5, True)
    """
    if param.kind == "bool":
        if text in ("true", "false"):
            return text == "true"
        raise InputError(param.name, f"must be true or false, got {text!r}")
    if param.kind == "int":
        if re.fullmatch(r"[+-]?\d+", text):
            return param.check(int(text))
        raise InputError(param.name, f"must be {param.describe_range()}, got {text!r}")
    if param.kind == "number":
        if re.fullmatch(r"[+-]?(\d+\.?\d*|\.\d+)", text):
            number = float(text)
            return param.check(int(number) if number.is_integer() else number)
        raise InputError(param.name, f"must be {param.describe_range()}, got {text!r}")
    return param.check(text)


def parse_marker(body: str, table_only: bool) -> Marker:
    """``close_assault compact att_dice=6`` -> Marker.

    >>> parse_marker("close-assault compact att_dice=6 att_flank=true", False)
    Marker(mechanic='close_assault', table_only=False, compact=True, params={'att_dice': 6, 'att_flank': True})
    """
    words = body.split()
    if not words:
        raise InputError("marker", "names no calculator")
    mechanic = mechanic_name(words[0])
    marker = Marker(mechanic, table_only=table_only)
    table = {p.name: p for p in PARAMETERS[mechanic]}
    for word in words[1:]:
        if word == "compact":
            marker.compact = True
        elif word == "full":
            marker.compact = False
        elif "=" in word:
            key, _, text = word.partition("=")
            if key == "preset":
                marker.params.update(find_preset(mechanic, text).params)
            elif key in table:
                marker.params[key] = parse_value(table[key], text)
            else:
                raise InputError(key, f"unknown parameter for {mechanic}; allowed: {', '.join(table)}")
        else:
            raise InputError("marker", f"unknown word {word!r} (compact, full, key=value, preset=id)")
    # The whole set must be acceptable to compute(), or the build stops here.
    compute(mechanic, {**STARTING[mechanic], **marker.params})
    return marker


def on_page_markdown(markdown: str, *, page: Any, config: Any, files: Any = None) -> str:
    """The MkDocs hook: expand every marker line in the page's Markdown."""
    if "<!--" not in markdown or "calculator" not in markdown:
        return markdown
    page_url = getattr(page, "url", "") or ""
    use_dirs = bool(_config_get(config, "use_directory_urls", True))
    src = getattr(getattr(page, "file", None), "src_uri", page_url)
    counter = WidgetIds()
    out: list[str] = []
    fence: str | None = None
    for number, line in enumerate(markdown.split("\n"), start=1):
        opening = FENCE.match(line)
        if fence is not None:
            closing = opening.group("fence") if opening else ""
            if closing[:1] == fence[0] and len(closing) >= len(fence):
                fence = None
            out.append(line)
            continue
        if opening:
            fence = opening.group("fence")
            out.append(line)
            continue
        match = MARKER.match(line)
        if not match:
            out.append(line)
            continue
        try:
            marker = parse_marker(match.group("body"), bool(match.group("table")))
            html_text = render_marker(marker, page_url=page_url, use_dirs=use_dirs, counter=counter)
        except (InputError, ValueError) as exc:
            where = f"{src}:{number}"
            raise PluginError(f"{where}: bad calculator marker {line.strip()!r}: {exc}") from exc
        out.extend(["", html_text, ""])
        if not (marker.table_only or marker.compact) and getattr(page, "meta", None) is not None:
            # A page whose main widget starts the engine at once: the template starts
            # the worker from <head> (overrides/main.html) instead of after the page.
            page.meta["chq_engine_boot"] = site_engine.fetched_sizes()
            if marker.mechanic in site_answers.SMALL:
                # ... and fetches its answer table at once, so a permalink's answer
                # is there when the widget mounts.
                page.meta["chq_answer_table"] = site_answers.table_path(marker.mechanic,
                                                                        table_keys(marker.mechanic))
    return "\n".join(out)


class WidgetIds:
    """Numbers the widgets of one page, for unique element ids."""

    def __init__(self) -> None:
        self.n = 0

    def next(self) -> int:
        self.n += 1
        return self.n


def _config_get(config: Any, key: str, default: Any) -> Any:
    try:
        return config[key]
    except (KeyError, TypeError):
        return getattr(config, key, default)


# --------------------------------------------------------------------------- #
# HTML                                                                        #
# --------------------------------------------------------------------------- #

def esc(text: Any) -> str:
    return html.escape(str(text), quote=True)


def attrs(**values: Any) -> str:
    """HTML attributes; ``data_x`` -> ``data-x``; None/False dropped, True bare."""
    out = []
    for key, value in values.items():
        name = key.rstrip("_").replace("_", "-")
        if value is None or value is False:
            continue
        out.append(name if value is True else f"{name}={quoted(value)}")
    return (" " + " ".join(out)) if out else ""


def quoted(value: Any) -> str:
    """An attribute value in quotes: single quotes around text with double quotes in
    it (JSON), so its quotes need no escaping.

    >>> print(quoted('{"a": "<b> & c"}'), quoted("it's"), quoted("plain"))
    '{"a": "&lt;b> &amp; c"}' "it&#x27;s" "plain"
    """
    text = str(value)
    if '"' in text:
        return "'" + text.replace("&", "&amp;").replace("'", "&#39;").replace("<", "&lt;") + "'"
    return f'"{esc(text)}"'


def calculator_href(mechanic: str, page_url: str, use_dirs: bool) -> str:
    target = page_path(mechanic) + ("" if use_dirs else "index.html")
    return relative_url(page_url, target)


def render_marker(marker: Marker, *, page_url: str, use_dirs: bool = True,
                  counter: WidgetIds | None = None) -> str:
    counter = counter or WidgetIds()
    if marker.table_only:
        return render_static(marker.mechanic, standalone=True)
    return render_widget(marker.mechanic, compact=marker.compact, start=marker.params,
                         page_url=page_url, use_dirs=use_dirs, counter=counter)


def start_values(mechanic: str, start: dict[str, Any] | None = None) -> dict[str, Any]:
    """Every input's starting value: defaults, the required ones' starting values, the marker's."""
    values = base_values(mechanic)
    values.update(SHOWN.get(mechanic, {}))
    values.update(start or {})
    return values


def base_values(mechanic: str) -> dict[str, Any]:
    """What a permalink means for the inputs it leaves out: the defaults (and the
    starting value of a required input)."""
    values = {p.name: p.default for p in PARAMETERS[mechanic]}
    values.update(STARTING[mechanic])
    return values


def engine_sizes() -> dict[str, Any]:
    """The bytes the worker downloads, file by file (its progress bar meters them),
    and in all (what the widget says it will download)."""
    fetched = site_engine.fetched_sizes()
    modules = sum((site_engine.PYODIDE_DIR / name).stat().st_size for name in site_engine.PYODIDE_CORE
                  if name not in fetched)
    return {"fetched": fetched, "total": sum(fetched.values()) + modules}


def preset_values(mechanic: str, preset: Preset) -> dict[str, Any]:
    """Every input of a worked example (what a permalink leaves out means the default)."""
    return {**base_values(mechanic), **preset.params}


# --------------------------------------------------------------------------- #
# Answers the page carries: shown at once, before the engine is ready          #
# --------------------------------------------------------------------------- #

# A bigger answer (a Close Assault with many dice) is left to the engine.
ANSWER_LIMIT = 16_000


@cache
def build_reply(request: str) -> str:
    """``compute_json``'s reply to one request (the worker's own call), once per build."""
    return compute_json(request)


def build_answers(mechanic: str, start: dict[str, Any]) -> dict[str, Any]:
    """The results of ``compute`` for the widget's starting inputs and for each worked
    example, keyed by ``answer_key``; one bigger than ANSWER_LIMIT is left out. The
    small calculators carry none: their answer tables (site_answers) cover every input."""
    answers: dict[str, Any] = {}
    if mechanic in site_answers.SMALL:
        return answers
    for values in (start, *(preset_values(mechanic, p) for p in PRESETS.get(mechanic, ()))):
        key = answer_key(mechanic, values)
        if key in answers:
            continue
        reply = build_reply(json.dumps({"mechanic": mechanic, "params": values}, sort_keys=True))
        if len(reply) > ANSWER_LIMIT:
            continue
        data = json.loads(reply)
        if "error" in data:
            raise InputError(data["error"]["field"], data["error"]["message"])
        answers[key] = data["result"]
    return answers


def render_answers(answers: dict[str, Any]) -> str:
    """The answer map as JSON text in an inert ``<template>``.

    Not a ``<script type="application/json">``: Material's instant navigation re-creates
    every script of the new page without its type and runs it. The JSON is written
    with no ``<``, ``>`` or ``&`` (JSON escapes), so the HTML parser keeps it verbatim.
    """
    if not answers:
        return ""
    text = json.dumps(answers, ensure_ascii=False, separators=(",", ":"))
    for char in "<>&":
        text = text.replace(char, f"\\u{ord(char):04x}")
    return f'<template class="chq-answers">{text}</template>'


def table_keys(mechanic: str) -> list[str]:
    """What an answer in the mechanic's build-time table carries (site_answers)."""
    return site_answers.shown_keys(mechanic, HEADLINES[mechanic], [f[0] for f in FIGURES[mechanic]])


def answer_tables() -> dict[str, list[str]]:
    """Every answer table the widgets read: mechanic -> the keys it carries."""
    return {mechanic: table_keys(mechanic) for mechanic in site_answers.SMALL}


def widget_spec(mechanic: str, *, compact: bool, start: dict[str, Any], canonical: str) -> dict[str, Any]:
    """What the widget's script needs to know, as JSON in ``data-spec``."""
    return {
        "mechanic": mechanic,
        "mode": "compact" if compact else "full",
        "canonical": canonical,
        "params": [
            {"name": p.name, "kind": p.kind, "label": p.label, "default": p.default,
             "required": p.required, "min": p.minimum, "max": p.maximum,
             "choices": list(p.choices)}
            for p in PARAMETERS[mechanic]
        ],
        "start": start,
        "base": base_values(mechanic),
        "headline": {"key": HEADLINES[mechanic], "label": HEADLINE_LABELS[mechanic]},
        "figures": [list(f) for f in FIGURES[mechanic]],
        "table": (site_answers.table_path(mechanic, table_keys(mechanic))
                  if mechanic in site_answers.SMALL else None),
        "charts": list(CHARTS[mechanic]),
        "details": DETAILS.get(mechanic),
        "presets": [
            {"id": p.id, "label": p.label, "params": preset_values(mechanic, p),
             "fragment": preset_fragment(mechanic, p.id), "note": p.note}
            for p in PRESETS.get(mechanic, ())
        ],
        "engine": engine_sizes(),
    }


def render_widget(mechanic: str, *, compact: bool, start: dict[str, Any], page_url: str,
                  use_dirs: bool, counter: WidgetIds) -> str:
    n = counter.next()
    uid = f"chq{n}-{mechanic.replace('_', '-')}"
    values = start_values(mechanic, start)
    canonical = calculator_href(mechanic, page_url, use_dirs)
    spec = widget_spec(mechanic, compact=compact, start=values, canonical=canonical)
    heading = "h3" if compact else "h2"
    title = TITLES[mechanic]
    parts: list[str] = []
    parts.append(
        "<div" + attrs(class_=f"chq-widget chq-widget--{'compact' if compact else 'full'}",
                       id=uid, role="region", data_calculator=mechanic, data_state="loading",
                       data_search_exclude=True,
                       data_mode="compact" if compact else "full",
                       data_spec=json.dumps(spec, ensure_ascii=False, separators=(",", ":")),
                       aria_label=f"{title} calculator")
        + ">"
    )
    answers = render_answers(build_answers(mechanic, values))
    if answers:
        parts.append(answers)
    if compact:
        parts.append(f'<p class="chq-widget__title"><strong>Calculator: {esc(title)}</strong> '
                     f'<a class="chq-open" href="{esc(canonical)}">Open in calculator</a></p>')
    parts.append(
        f'<div class="chq-status" id="{uid}-status" role="status">'
        # companion.js replaces this text as it mounts. Until then it must be honest:
        # with JavaScript off only the <noscript> sentence shows (its style hides the
        # other); with JavaScript on, the script has not run (yet, or it never loaded).
        '<p class="chq-status__text"><noscript><style>.chq-status__script{display:none}</style>'
        "This calculator runs in your browser and needs JavaScript, which is off here. </noscript>"
        '<span class="chq-status__script">The calculator&#8217;s script has not run: if this '
        "message stays, it could not be loaded, and reloading the page may help. </span>"
        "The table below was computed when the site was built.</p>"
        '<progress class="chq-status__bar" max="100" value="0" hidden '
        'aria-label="Loading the calculator engine"></progress>'
        "</div>"
    )
    if compact:
        # A card in the rules text: the answer and how it was reached first; the
        # inputs one tap away.
        parts.append(render_output(mechanic, uid))
        parts.append(render_result(mechanic, heading, compact))
        parts.append('<details class="chq-edit"><summary>Change the inputs</summary>')
        parts.append(render_form(mechanic, uid, values))
        parts.append("</details>")
    else:
        if PRESETS.get(mechanic):
            parts.append(render_presets(mechanic, uid))
        parts.append(render_form(mechanic, uid, values))
        parts.append(render_output(mechanic, uid))
        parts.append(render_result(mechanic, heading, compact))
    parts.append(render_readings(mechanic, compact))
    parts.append(render_static(mechanic, standalone=False))
    parts.append("</div>")
    return "\n".join(parts)


def render_presets(mechanic: str, uid: str) -> str:
    items = []
    for preset in PRESETS[mechanic]:
        frag = preset_fragment(mechanic, preset.id)
        # The chip's id is its own fragment, so a "Try it in the calculator" link from a
        # rule page lands on an element that exists (and on the widget).
        items.append(
            "<li>" + f'<a class="chq-preset" id="{esc(frag)}" href="#{esc(frag)}"'
            + attrs(data_preset=preset.id) + f">{esc(preset.label)}</a></li>"
        )
    return (f'<div class="chq-presets" role="group" aria-labelledby="{uid}-presets">'
            f'<span class="chq-presets__label" id="{uid}-presets">Try it:</span>'
            f'<ul>{"".join(items)}</ul>'
            '<p class="chq-presets__note" aria-live="polite"></p></div>')


def render_form(mechanic: str, uid: str, values: dict[str, Any]) -> str:
    groups = GROUPS.get(mechanic, (("", ""),))

    def section(advanced: bool) -> list[str]:
        wanted = [p for p in PARAMETERS[mechanic]
                  if (p.name in ADVANCED.get(mechanic, ())) == advanced]
        if not wanted:
            return []
        if len(groups) == 1:
            return ['<div class="chq-fields">',
                    *(render_field(p, uid, values[p.name]) for p in wanted), "</div>"]
        out = ['<div class="chq-groups">']
        for legend, prefix in groups:
            members = [p for p in wanted if p.name.startswith(prefix)]
            if members:
                out += [f'<fieldset class="chq-group"><legend>{esc(legend)}</legend><div class="chq-fields">',
                        *(render_field(p, uid, values[p.name]) for p in members), "</div></fieldset>"]
        out.append("</div>")
        grouped = {p.name for p in wanted for _, prefix in groups if p.name.startswith(prefix)}
        rest = [p for p in wanted if p.name not in grouped]
        if rest:
            out += ['<div class="chq-fields">',
                    *(render_field(p, uid, values[p.name]) for p in rest), "</div>"]
        return out

    out = [f'<form class="chq-form" id="{uid}-form" novalidate aria-label="{esc(TITLES[mechanic])} inputs">',
           *section(False)]
    more = section(True)
    if more:
        out += ['<details class="chq-more"><summary>More options</summary>', *more, "</details>"]
    out += ['<p class="chq-form__message" role="alert" hidden></p>',
            '<div class="chq-actions"><button type="reset" class="chq-button chq-reset">Reset</button></div>',
            "</form>"]
    return "\n".join(out)


def describe(param: Param) -> str:
    """The help line under a field: the rule's effect and the allowed range."""
    bits = []
    if param.help:
        bits.append(param.help)
    if param.kind in ("int", "number"):
        lo, hi = _num(param.minimum), _num(param.maximum)
        bits.append(f"{lo} to {hi}{param.unit if param.unit == '″' else ''}")
    return "; ".join(bits)


def _num(x: float | None) -> str:
    if x is None:
        return "?"
    return str(int(x)) if float(x).is_integer() else str(x)


def render_field(param: Param, uid: str, value: Any) -> str:
    fid = f"{uid}-{param.name}"
    help_id, msg_id = f"{fid}-help", f"{fid}-msg"
    help_text = describe(param)
    help_html = f'<p class="chq-help" id="{help_id}">{esc(help_text)}</p>' if help_text else ""
    described = " ".join(x for x in (help_id if help_text else "", msg_id) if x)
    msg_html = f'<p class="chq-msg" id="{msg_id}"></p>'
    if param.kind in ("int", "number"):
        unit = ' <span class="chq-unit">(inches)</span>' if param.unit == "″" else ""
        shown = fragment_value(param, value)
        return (
            f'<div class="chq-field chq-field--stepper" data-param="{param.name}">'
            f'<label class="chq-label" for="{fid}">{esc(param.label)}{unit}</label>'
            '<div class="chq-stepper">'
            f'<button type="button" class="chq-step" data-step="-1" aria-controls="{fid}" '
            f'aria-label="Decrease {esc(param.label)}">−</button>'
            "<input" + attrs(id=fid, name=param.name, type="text",
                             inputmode="numeric" if param.kind == "int" else "decimal",
                             autocomplete="off", spellcheck="false", value=shown,
                             data_kind=param.kind, aria_describedby=described) + ">"
            f'<button type="button" class="chq-step" data-step="1" aria-controls="{fid}" '
            f'aria-label="Increase {esc(param.label)}">+</button>'
            "</div>" + help_html + msg_html + "</div>"
        )
    if param.kind == "bool":
        return (
            f'<div class="chq-field chq-field--switch" data-param="{param.name}">'
            f'<label class="chq-switch" for="{fid}">'
            "<input" + attrs(id=fid, name=param.name, type="checkbox", role="switch", value="true",
                             checked=bool(value), data_kind="bool", aria_describedby=described) + ">"
            '<span class="chq-switch__track" aria-hidden="true"></span>'
            f'<span class="chq-switch__label">{esc(param.label)}</span></label>'
            + help_html + msg_html + "</div>"
        )
    options = []
    for i, choice in enumerate(param.choices):
        oid = f"{fid}-{i}"
        label = CHOICE_LABELS.get(choice, choice.replace("-", " ").capitalize())
        options.append(
            "<input" + attrs(type="radio", id=oid, name=param.name, value=choice,
                             checked=(choice == value), data_kind="choice") + ">"
            f'<label for="{oid}">{esc(label)}</label>'
        )
    return (
        f'<fieldset class="chq-field chq-field--choice" data-param="{param.name}" '
        f'aria-describedby="{described}">'
        f'<legend class="chq-label">{esc(param.label)}</legend>'
        f'<div class="chq-segmented">{"".join(options)}</div>' + help_html + msg_html + "</fieldset>"
    )


def render_output(mechanic: str, uid: str) -> str:
    """The headline bar. A direct child of the widget, so it can stay in view (sticky)
    while the reader works the form above it."""
    label = HEADLINE_LABELS[mechanic]
    if HEADLINES[mechanic] is not None:
        value = (f'<button type="button" class="chq-headline" data-headline data-value="" data-exact="" '
                 f'aria-pressed="false" aria-describedby="{uid}-headline-label" '
                 f'title="Show the exact fraction">…</button>')
    else:
        value = ('<span class="chq-headline chq-headline--text" data-headline data-value="" '
                 'data-exact="">…</span>')
    return (f'<div class="chq-output" aria-live="polite">'
            f'<span class="chq-output__label" id="{uid}-headline-label">{esc(label)}</span>{value}'
            '<p class="chq-output__hint" hidden>Fix the input marked above to see the answer.</p></div>')


def render_result(mechanic: str, heading: str, compact: bool) -> str:
    explain = '<ol class="chq-explain"></ol>'
    body = ['<div class="chq-result" hidden>', '<dl class="chq-figures" hidden></dl>']
    if compact:
        body.append(explain)
    else:
        body += ['<div class="chq-charts"></div>', '<div class="chq-details"></div>',
                 f'<{heading} class="chq-subtitle">How it was worked out</{heading}>{explain}']
    body.append("</div>")
    return "\n".join(body)


def render_readings(mechanic: str, compact: bool) -> str:
    items = "".join(f"<li>{esc(text)}</li>" for text in READINGS[mechanic])
    title = "How this calculator reads the rules"
    return (f'<details class="chq-readings"{"" if compact else " open"}><summary>{title}</summary>'
            f"<ul>{items}</ul></details>")


# --------------------------------------------------------------------------- #
# Build-time tables                                                           #
# --------------------------------------------------------------------------- #

@dataclass(frozen=True)
class Table:
    caption: str
    head: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    note: str = ""


BAND_NAMES = {"0-6": "6″ or less", "6-12": "over 6″ to 12″", "12-24": "over 12″ to 24″",
              "24-36": "over 24″ to 36″", "36+": "over 36″"}


def _spotting_table() -> Table:
    covers = ("none", "light", "medium", "heavy")
    results = {c: compute("spotting", {"distance": 18, "cover": c}) for c in covers}
    rows = []
    for i, band in enumerate(results["none"]["bands"]):
        tn = band["tn"]
        row = [BAND_NAMES.get(band["band"], band["band"] + "″"), "automatic" if tn is None else f"{tn}+"]
        row += [pct(results[c]["bands"][i]["p_spotted"]) for c in covers]
        rows.append(tuple(row))
    return Table(
        "Chance of spotting a Blind: the spotter's 4D against the owner's 3D at 4+ plus cover dice",
        ("Distance", "Spotter's TN", "Open", "Light cover (+1D)", "Medium cover (+2D)", "Heavy cover (+3D)"),
        tuple(rows),
        "No Dice Chain, Blind not moving, spotter neither suppressed nor recon; "
        "a tie leaves the Blind unspotted.",
    )


def _supply_table() -> Table:
    rows = []
    for dice in range(1, 9):
        plain = compute("supply", {"supply_dice": dice})["p_continue"]
        boosted = compute("supply", {"supply_dice": dice, "staff_order": True})["p_continue"]
        rows.append((f"{dice}D", pct(plain), pct(boosted)))
    return Table("Chance the battery keeps firing: Artillery Supply Dice at 4+ against 3D at 4+",
                 ("Supply Dice", "Keeps firing", "With a Staff Order (+1D)"), tuple(rows),
                 "It keeps firing only when it rolls more successes; a tie stops it.")


def _close_assault_table() -> Table:
    sizes = range(3, 9)
    rows = []
    for att in sizes:
        row = [f"{att}D"]
        for de in sizes:
            row.append(pct(compute("close_assault", {"att_dice": att, "def_dice": de})["p_attacker_wins"]))
        rows.append(tuple(row))
    return Table(
        "Chance the attacker wins: attacker's dice (rows) against defender's dice (columns)",
        ("Attacker", *(f"vs {d}D" for d in sizes)), tuple(rows),
        "Both at 4+, the attacker's Close Assault order (−1 TN in the first round) applied; no flank, "
        "move penalty, cover, suppression or unit-type penalty; draws fought out.",
    )


def _artillery_table() -> Table:
    rows = []
    for dice in range(1, 11):
        row = [f"{dice}D"]
        for variant in ("armour-battles", "combat-hq"):
            r = compute("artillery", {"variant": variant, "fire_dice": dice})
            row += [pct(r["p_new_suppression"]), f"{r['expected_new_suppressions']['value']:.2f}"]
        rows.append(tuple(row))
    return Table(
        "Artillery against a Blind: chance of at least one suppression, and suppressions on average",
        ("Fire Dice", "Armour Battles (000)", "average", "Combat HQ (004)", "average"), tuple(rows),
        "2 \"Hit\" faces on the Deviation Dice, a 6″ × 3″ Blind in the open, a 3″ Fire Template "
        "(Combat HQ); the Blind's Reaction is 5D at 5+ (000) or 4D at 5+, 5D when only partly covered (004).",
    )


def _rally_table() -> Table:
    rows = []
    top = 6
    for dp in range(1, top + 1):
        dist = {e["disruption"]: e["p"] for e in compute("rally", {"disruption": dp})["remaining"]}
        rows.append((f"{dp} DP", *(pct(dist[k]) if k in dist else "" for k in range(0, top + 1))))
    return Table("Rallying a Blind: Disruption Points left (one die per point at 4+)",
                 ("On the Blind", *(f"{k} left" for k in range(0, top + 1))), tuple(rows))


def _blind_move_table() -> Table:
    rows = []
    for target in range(3, 37, 3):
        row = [f"{target}″"]
        for flags in ({}, {"suppressed": True}, {"obstacle": True}):
            row.append(pct(compute("blind_move", {"target": target, **flags})["p_reach"]))
        rows.append(tuple(row))
    return Table("Chance a Blind moves at least this far",
                 ("Distance", "18″ + 3D6″", "Suppressed: 3D6″", "Crossing an obstacle"), tuple(rows),
                 "A suppressed Blind needs its entire move to cross an obstacle, so it gets no further.")


DEPLOY_EXAMPLES = ((2, 0, 3), (1, 0, 2), (3, 0, 3), (4, 0, 2), (4, 0, 3), (0, 2, 3), (4, 3, 2), (4, 4, 1))


def _deploy_table() -> Table:
    rows = []
    for s, d, n in DEPLOY_EXAMPLES:
        r = compute("deploy", {"suppressions": s, "disruption": d, "units": n})
        rows.append((str(s), str(d), str(n), r["summary"]))
    return Table("Deploying from a Blind: how suppressions and Disruption Points are shared out",
                 ("Suppressions", "Disruption Points", "Units", "Result"), tuple(rows),
                 "One suppression per unit; any beyond the number of units become Disruption Points, "
                 "which go one at a time, no unit a second before every unit has one.")


TABLES: dict[str, Callable[[], Table]] = {
    "spotting": _spotting_table,
    "artillery": _artillery_table,
    "close_assault": _close_assault_table,
    "supply": _supply_table,
    "rally": _rally_table,
    "blind_move": _blind_move_table,
    "deploy": _deploy_table,
}


@cache
def static_table(mechanic: str) -> Table:
    """The mechanic's build-time table (computed once per build)."""
    return TABLES[mechanic_name(mechanic)]()


def render_table(table: Table) -> str:
    head = "".join(f'<th scope="col">{esc(h)}</th>' for h in table.head)
    body = "".join(
        f'<tr><th scope="row">{esc(row[0])}</th>'
        + "".join(f"<td>{esc(c)}</td>" for c in row[1:]) + "</tr>"
        for row in table.rows
    )
    note = f'<p class="chq-table__note">{esc(table.note)}</p>' if table.note else ""
    return ('<div class="chq-table__scroll"><table class="chq-table__grid">'
            f"<caption>{esc(table.caption)}</caption>"
            f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>{note}")


def render_static(mechanic: str, *, standalone: bool) -> str:
    table = static_table(mechanic)
    if standalone:
        return (f'<div class="chq-static" data-calculator-table="{mechanic}" data-search-exclude>'
                f"{render_table(table)}<p class=\"chq-table__note\">Computed exactly when the site was "
                f"built, by the same code as the calculator.</p></div>")
    return (f'<details class="chq-table" open><summary>Table computed when the site was built</summary>'
            f"{render_table(table)}</details>")
