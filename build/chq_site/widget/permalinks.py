"""Inputs and links: what a permalink's fragment means, how one is written, and the
canonical key of a full set of inputs.

A widget's address carries its inputs (``#att_dice=6&att_flank=true``); an input it
leaves out means its default (as for ``compute()``), or for a required one its
starting value (its page's ``starting``, ``calculator_pages``). The page's modules read and write the same
fragments and keys (widget/permalink.js, widget/params.js, answers/answers.js):
the golden values tests/site/test_golden_vectors.py writes from this module are
checked against them under Node (tests/js/).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable
from typing import Any
from urllib.parse import parse_qsl, quote

from calculators import PARAMETERS, InputError, Param
from calculators.api import read_typed
from calculators.errors import GIVEN_TWICE, NumberText
from calculators.params import mechanic_name
from chq_site.widget.calculator_pages import page
from chq_site.widget.presentation import Preset, find_preset


def fragment_value(param: Param, value: Any) -> str:
    """How a value is written in a permalink fragment (and read back by the widget;
    params.js ``formatValue``): a number as Python's str() writes it (18.0 is "18",
    1e-05 "1e-05")."""
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

    The one key of the build's answer map; ``answerKey`` in answers.js computes it
    again (tests/js/answer-keys.test.mjs holds it to this one's golden values).

    >>> answer_key("supply", {"supply_dice": 3, "staff_order": True})
    'staff_order=true&supply_dice=3'
    """
    table = {p.name: p for p in PARAMETERS[mechanic_name(mechanic)]}
    return "&".join(f"{name}={fragment_value(table[name], values[name])}" for name in sorted(table))


# ---- what the page does with a link (permalink.js, params.js), in Python's words ----

#: The keys of the page's own a fragment may carry besides the inputs (compare.js's
#: vs=; a fight's, fight.js, are added by the widget that has one).
PAGE_KEYS = ("vs",)
#: What JavaScript's String.prototype.trim drops around a field's text.
JS_SPACE = "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009" \
    "\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
#: What encodeURIComponent leaves as it is, besides letters and digits.
URI_SAFE = "-_.!~*'()"


def read_field(param: Param, text: str) -> tuple[Any, str | None]:
    """What a number field makes of its text (params.js ``readNumber``): the number,
    or None and the refusal in compute()'s words, the text shown as typed.

    >>> read_field(PARAMETERS["spotting"][0], "+18"), read_field(PARAMETERS["spotting"][0], "250.0")
    ((18, None), (None, 'enter a number from 0 to 200 (you entered 250.0)'))
    """
    assert param.typed is not None, f"{param.name} is no number"
    value = read_typed(text, param.kind)
    try:
        return param.check(value), None
    except InputError:
        typed = value is not text  # a number, shown as it was typed
        return None, param.refusal(NumberText(text) if typed else text)


# A target chance as "What do I need?" reads one (need-logic.js DECIMAL and RATIO):
# "0.8", ".8", "8e-1", "4/5", each with a sign, a "%" after it.
_DECIMAL = re.compile(r"[+-]?\d*(?:\.\d*)?(?:[eE][+-]?\d+)?", re.ASCII)
_RATIO = re.compile(r"[+-]?\d+\s*/\s*\d+", re.ASCII)


def is_target_text(raw: str) -> bool:
    """Whether a permalink's ``target=`` is "What do I need?"'s target chance (a number
    or a percentage) rather than the value of an input named ``target`` (spotting's
    Blind or Hidden Unit): need-logic.js ``isTargetText``.

    >>> is_target_text("0.8"), is_target_text("80%"), is_target_text("4/5"), is_target_text("hidden")
    (True, True, True, False)
    """
    text = raw.strip(JS_SPACE).removesuffix("%").strip(JS_SPACE)
    return bool(_RATIO.fullmatch(text) or (_DECIMAL.fullmatch(text) and re.search(r"\d", text)))


def claimed(key: str, raw: str, page_keys: Iterable[str]) -> bool:
    """Whether a page's own part of the address (a panel's, listed in ``page_keys``)
    takes a key that is also an input's name: "What do I need?" takes a numeric
    ``target=`` (permalink.js ``claimed``, need.js's claims), a word is the input's.
    The page writes by the same rule (permalink.js ``riderOwns``): a panel rewrites
    only the parts it takes, so spotting's ``target=hidden`` stays beside the panel's
    ``target=0.8``, and reads only those (panel-address.js ``readPanelLink``: a number
    given twice is the panel's key given twice, refused as an input's is)."""
    return key == "target" and key in page_keys and is_target_text(raw)


def read_fragment(mechanic: str, text: str, page_keys: Iterable[str] = PAGE_KEYS) -> dict[str, Any] | None:
    """What a permalink's fragment stands for, as the page reads it into its form and
    reads the form (permalink.js ``readLink``): ``params`` (every input, those the
    fragment leaves out at :func:`base_values`), ``errors`` (``{field, message}`` in
    the inputs' order) and ``unknown`` (``{key, raw}``: a key neither an input nor in
    ``page_keys``, each once); None when ``text`` is no fragment (has no "=").

    >>> read_fragment("rally", "#disruption=3&disruption=4&dp=1")["errors"]
    [{'field': 'disruption', 'message': 'is given twice; give it once'}]
    """
    text = text.removeprefix("#")
    if "=" not in text:
        return None
    params = {p.name: p for p in PARAMETERS[mechanic_name(mechanic)]}
    shown: dict[str, Any] = base_values(mechanic_name(mechanic))
    errors: dict[str, str] = {}
    unknown: list[dict[str, str]] = []
    keys = set(page_keys)
    seen: set[str] = set()
    for key, raw in parse_qsl(text, keep_blank_values=True, errors="replace"):
        param = None if claimed(key, raw, keys) else params.get(key)
        if param is None:
            if key not in keys and all(part["key"] != key for part in unknown):
                unknown.append({"key": key, "raw": raw})
        elif key in seen:
            errors[key] = GIVEN_TWICE
        else:
            seen.add(key)
            if param.kind == "bool" and raw in ("true", "false"):
                shown[key] = raw == "true"
            elif param.kind == "choice" and raw in param.choices:
                shown[key] = raw
            elif param.typed is not None:
                shown[key] = raw.replace("\n", "").replace("\r", "")  # a text field holds no line break
            else:
                errors[key] = param.refusal(raw)
    read: dict[str, Any] = {"params": {}, "errors": [], "unknown": unknown}
    for name, param in params.items():
        value, refused = shown[name], errors.get(name)
        if refused is None and param.typed is not None and isinstance(value, str):
            value, refused = read_field(param, value.strip(JS_SPACE))
        if refused is None:
            read["params"][name] = value
        else:
            read["errors"].append({"field": name, "message": refused})
    return read


def fragment_for(mechanic: str, params: dict[str, Any], every: bool = False) -> str:
    """The fragment the page writes for a full set of inputs (permalink.js
    ``fragmentFor``): a worked example's own, else :func:`fragment`; with ``every``,
    every input (what the next build, whose defaults may differ, reads as these)."""
    name = mechanic_name(mechanic)
    for preset in () if every else page(name).presets:
        values = preset_values(name, preset)
        if all(params[p.name] == values[p.name] for p in PARAMETERS[name]):
            return preset_fragment(name, preset.id)
    return fragment(name, params, explicit=[p.name for p in PARAMETERS[name]] if every else ())


def address_fragment(mechanic: str, params: dict[str, Any], start: dict[str, Any],
                     vs: str = "", rider: str = "") -> str:
    """The page address's fragment for the inputs shown (permalink.js
    ``addressFragment``): none for the starting inputs ``start``; with ``vs`` (a
    pinned setup A's fragment) or a ``rider`` (a fight's part, which names every
    input), the inputs, then ``vs=`` and A's fragment URL-encoded, then the rider."""
    extra = [part for part in (f"vs={quote(vs, safe=URI_SAFE)}" if vs else "", rider) if part]
    if extra:
        return "&".join([fragment_for(mechanic, params, every=bool(rider)), *extra])
    name = mechanic_name(mechanic)
    if all(params[p.name] == start[p.name] for p in PARAMETERS[name]):
        return ""
    return fragment_for(name, params)


def page_path(mechanic: str) -> str:
    """The canonical calculator page, relative to the site root: ``calculators/close-assault/``
    (or the page's own folder, its description's ``slug``)."""
    return f"calculators/{page(mechanic).folder}/"


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
    values.update(page(mechanic).shown)
    values.update(start or {})
    return values


def base_values(mechanic: str) -> dict[str, Any]:
    """What a permalink means for the inputs it leaves out: the defaults (and the
    starting value of a required input)."""
    values = {p.name: p.default for p in PARAMETERS[mechanic]}
    values.update(page(mechanic).starting)
    return values



def preset_values(mechanic: str, preset: Preset) -> dict[str, Any]:
    """Every input of a worked example (what a permalink leaves out means the default)."""
    return {**base_values(mechanic), **preset.params}

