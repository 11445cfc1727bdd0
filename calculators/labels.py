"""The words of the results: what each mechanic is called, the label of its headline
chance and of its other figures, its charts and its detail table (how a figure is
printed is ``calculators.printing``).

Each mechanic's module declares its words (``MECHANIC``: :mod:`calculators.mechanic`);
the tables here are views of the registry (:mod:`calculators.registry`), by name.
One home for the page and the command line: the site's widgets show these
(``chq_site.presentation`` re-exports them and the build writes them into each
widget's spec, ``build/chq_site/widget/`` lays them out) and ``--table`` prints
the same words. Data only flows this way: nothing here knows of the site build.
"""

from __future__ import annotations

import re
from typing import Any

from .api import HEADLINES
from .printing import MINUS, pct, pct_range, points
from .registry import BY_NAME

TITLES: dict[str, str] = {name: m.title for name, m in BY_NAME.items()}

# A label may name an input in braces ("{target}"): headline_for fills it from the
# inputs (as the page does, util.js fill).
HEADLINE_LABELS: dict[str, str] = {name: m.headline.label for name, m in BY_NAME.items()}

# A headline that depends on the inputs (mechanic.When): param, value, key, label.
HEADLINE_WHEN: dict[str, tuple[dict[str, Any], ...]] = {
    name: tuple(w.as_dict() for w in m.headline.when) for name, m in BY_NAME.items() if m.headline.when}


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
# plan makes in percentage points (build/chq_site/widget/result.js draws the same).
HEADLINE_RANGE: dict[str, dict[str, Any]] = {
    name: r for name, m in BY_NAME.items() if (r := m.headline.range_dict()) is not None}


def headline_text(mechanic: str, result: dict[str, Any]) -> str:
    """The headline as the page prints it: a percentage, or for a range
    (HEADLINE_RANGE) "low–high".

    An outcome the rules make automatic says so (:func:`is_automatic`), not 100.0%.

    >>> r = {"inputs": {}, "p_win_worst": {"value": 0.5}, "p_win_best": {"value": 0.625}}
    >>> headline_text("shell_then_assault", r), headline_text("supply", {"p_continue": {"value": 1}})
    ('50.0–62.5%', '100.0%')
    >>> from calculators import compute
    >>> headline_text("spotting", compute("spotting", {"distance": 6}))
    'automatic'
    """
    low = result[headline_for(mechanic, result.get("inputs", {}))["key"]]
    if mechanic not in HEADLINE_RANGE:
        return AUTOMATIC if is_automatic(mechanic, result) else pct(low)
    return pct_range(low, result[HEADLINE_RANGE[mechanic]["high"]])


def ends_text(mechanic: str, result: dict[str, Any]) -> str | None:
    """Each end of a range headline named by what decides it, the high end first
    (None for any other headline, or a range whose ends print alike).

    >>> r = {"p_win_worst": {"value": 0.5}, "p_win_best": {"value": 0.625}}
    >>> ends_text("shell_then_assault", r)
    'If you find a suppressed unit: 62.5%; if the owner keeps an unsuppressed unit to assault: 50.0%'
    """
    spec = HEADLINE_RANGE.get(mechanic)
    if spec is None:
        return None
    low, high = pct(result[spec["low"]]), pct(result[spec["high"]])
    if low == high:
        return None
    words = spec["ends"]
    return f"{words['high'][:1].upper()}{words['high'][1:]}: {high}; {words['low']}: {low}"


def gain_text(plan: str, low: str, high: str) -> str:
    """What a plan changes, in percentage points said in full, from the signed
    differences at each end of the range (``printing.points``).

    >>> gain_text("the fire", "+1.2", "+3.7"), gain_text("the fire", "0.0", "+<0.1")
    ('the fire adds 1.2 to 3.7 percentage points', 'the fire adds 0.0 to less than 0.1 percentage points')
    >>> gain_text("the fire", "0.0", "0.0"), gain_text("the fire", "−0.3", "+1.0")
    ('the fire makes no difference', 'the fire changes it by −0.3 to +1.0 percentage points')
    """
    if low == high == "0.0":
        return f"{plan} makes no difference"
    if MINUS in low + high:
        verb, shown = "changes it by", [low, high]
    else:
        verb, shown = "adds", [g.removeprefix("+").replace("<", "less than ") for g in (low, high)]
    amount = shown[0] if shown[0] == shown[1] else f"{shown[0]} to {shown[1]}"
    return f"{plan} {verb} {amount} percentage points"


def beside_text(mechanic: str, result: dict[str, Any]) -> str | None:
    """The line beside a range headline: the chance without the plan, and what the
    plan adds in percentage points (None for any other headline).

    >>> r = {"p_win_worst": {"value": 0.5}, "p_win_best": {"value": 0.625},
    ...      "p_win_no_fire_worst": {"value": 0.5}, "p_win_no_fire_best": {"value": 0.5}}
    >>> beside_text("shell_then_assault", r)
    'Without the fire: 50.0%; the fire adds 0.0 to 12.5 percentage points'
    """
    spec = HEADLINE_RANGE.get(mechanic)
    if spec is None:
        return None
    before = spec["beside"]
    gains = [points(result[spec[end]], result[before[end]]) for end in ("low", "high")]
    chance = pct_range(result[before["low"]], result[before["high"]])
    return f"{before['label']}: {chance}; {gain_text(spec['plan'], *gains)}"


#: The words of an outcome the rules make automatic (no dice rolled), where a chance
#: would print 100.0%: the headline when the result's key ``Headline.automatic`` is
#: true, a chart's entry that ``Chart.automatic`` names.
AUTOMATIC = "automatic"
HEADLINE_AUTOMATIC: dict[str, str] = {
    name: m.headline.automatic for name, m in BY_NAME.items() if m.headline.automatic}
CHART_AUTOMATIC: dict[str, dict[str, tuple[str, Any]]] = {
    name: {c.key: c.automatic for c in m.charts if c.automatic} for name, m in BY_NAME.items()}


def is_automatic(mechanic: str, result: dict[str, Any], chart: str | None = None,
                 entry: dict[str, Any] | None = None) -> bool:
    """Is the headline of ``result`` (or, with ``chart``, that chart's ``entry``) an
    outcome the rules make automatic, to be said "automatic" rather than 100.0%?

    >>> from calculators import compute
    >>> near = compute("spotting", {"distance": 3})
    >>> is_automatic("spotting", near), is_automatic("spotting", compute("spotting", {"distance": 18}))
    (True, False)
    >>> [is_automatic("spotting", near, "bands", band) for band in near["bands"]][:2]
    [True, False]
    """
    if chart is None:
        key = HEADLINE_AUTOMATIC.get(mechanic)
        return bool(key and result.get(key) is True)
    found = CHART_AUTOMATIC.get(mechanic, {}).get(chart)
    return bool(found and entry is not None and found[0] in entry and entry[found[0]] == found[1])


# Secondary figures under the headline (mechanic.Figure): (result key, label, "pct" | "num").
FIGURES: dict[str, tuple[tuple[str, str, str], ...]] = {
    name: tuple(f.as_tuple() for f in m.figures) for name, m in BY_NAME.items()}

# The distributions to chart (mechanic.Chart): key, title, label, value, cumulative,
# and where set, view and mark.
CHARTS: dict[str, tuple[dict[str, Any], ...]] = {
    name: tuple(c.as_dict() for c in m.charts) for name, m in BY_NAME.items()}

# Small per-entry tables (mechanic.Details): key, title, columns.
DETAILS: dict[str, dict[str, Any]] = {name: m.details.as_dict() for name, m in BY_NAME.items() if m.details}
