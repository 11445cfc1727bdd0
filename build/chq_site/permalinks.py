"""Inputs and links: what a permalink's fragment means, how one is written, and the
canonical key of a full set of inputs.

A widget's address carries its inputs (``#att_dice=6&att_flank=true``); an input it
leaves out means its default (as for ``compute()``), or for a required one its
starting value (``presentation.STARTING``). ``companion.js`` reads and writes the same
fragments and keys.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterable
from typing import Any
from urllib.parse import quote

from calculators import PARAMETERS, Param
from calculators.params import mechanic_name
from chq_site.presentation import PAGE_SLUGS, SHOWN, STARTING, Preset, find_preset


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
    """The canonical calculator page, relative to the site root: ``calculators/close-assault/``
    (or the page's own folder, ``presentation.PAGE_SLUGS``)."""
    name = mechanic_name(mechanic)
    return f"calculators/{PAGE_SLUGS.get(name, name.replace('_', '-'))}/"


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



def calculator_href(mechanic: str, page_url: str, use_dirs: bool) -> str:
    target = page_path(mechanic) + ("" if use_dirs else "index.html")
    return relative_url(page_url, target)



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



def preset_values(mechanic: str, preset: Preset) -> dict[str, Any]:
    """Every input of a worked example (what a permalink leaves out means the default)."""
    return {**base_values(mechanic), **preset.params}

