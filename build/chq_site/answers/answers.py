"""Answers before the engine, computed at build time by the same ``compute()``.

Two kinds, both read by the site's script (``answers/answers.js``) before the Pyodide engine is ready:

* **a widget's own answers** (``build_answers``): for its starting inputs and each
  worked example of the bigger calculators, carried in the page as a small JSON map
  keyed by ``permalinks.answer_key``;
* **answer tables**: the small calculators' figures for every input, one file each.

Supply, rally, Blind move and deploy have small input spaces, and spotting's answer
with the rules' own pools (4D against 3D) depends on the range band, not the exact
distance (each page's description says how its table is made, ``calculator_pages/``;
a mechanic with none gets one when its inputs are few). For these the build runs the same ``compute()`` the engine runs, for every
class of input, and writes the headline and the figures each answer shows into one
table per mechanic (``assets/answers/<mechanic>.<hash>.json``). A widget reads its
answer from the table the moment its inputs change (``data-source="build"``) and the
engine's full answer (charts, working) replaces it when it comes.

Every input falls in exactly one class; all inputs of a class have the same answer:

* a switch or a choice: each value is a class;
* a whole number: each value in its range is a class;
* a distance (``steps``): the answer changes only at the steps, a class is
  ``(step[i-1], step[i]]`` and is computed at ``step[i]``; past the last step, at the
  parameter's maximum. Spotting's steps are the edges of its range bands (a band's
  edge belongs to the nearer band); Blind move's are the distances a Blind can move;
* an input held at one value (``fixed``): spotting's spotter and owner dice. Any
  other value has no answer here and waits for the engine.

The table format (``keys`` name the figures of an answer, in order)::

    {"mechanic": "supply", "keys": ["p_continue"],
     "axes": [{"name": "supply_dice", "values": [0, 1, ...]}, ...],
     "values": ["1/2", "3/4", ...],   # exact fractions and strings, each once
     "answers": [[0], [4], ...],      # per distinct answer, per key: a value id,
                                      # a list of ids (their values joined with "; "),
                                      # or -1 (the answer has no such key)
     "pools": [7, 7, -1, ...],        # an opposed roll's table only: per distinct
                                      # answer, the value id of its roll's pools
                                      # ([4, 4, 3, 4]: my dice and TN, theirs), or -1
     "width": 1, "index": "0001..."}  # per input class: its answer, base 36

A probability is stored as its exact fraction ("n/d"); deploy's summaries share
their "; "-separated parts. The last axis varies fastest in ``index``. Each table is checked against
``compute()`` for sampled inputs by ``tests/site/test_answer_tables.py``.
"""

from __future__ import annotations

import hashlib
import itertools
import json
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from calculators import HEADLINES, PARAMETERS, InputError, compute, compute_json
from chq_site.answers import answer_groups
from chq_site.answers.answer_index import Answers, Values
from chq_site.engine import engine
from chq_site.questions.questions import roll_pools
from chq_site.widget.calculator_page import EveryInput, values_of
from chq_site.widget.calculator_pages import PAGES, page
from chq_site.widget.permalinks import answer_key, preset_values
from chq_site.widget.presentation import FIGURES, HEADLINE_WHEN

ANSWERS_DIR = "assets/answers"
# How each small table is made, from its page's description (calculator_pages/):
# the inputs held at one value (others are left to the engine) and the steps of a
# distance.
_EVERY: dict[str, EveryInput] = {m: p.answers for m, p in PAGES.items() if isinstance(p.answers, EveryInput)}
SMALL = tuple(_EVERY)
# Every calculator with an answer table: the small ones, and those whose inputs are
# grouped by what the answer depends on (answer_groups.py).
TABLED = (*SMALL, *answer_groups.GROUPED)
FIXED: dict[str, dict[str, Any]] = {m: dict(e.fixed) for m, e in _EVERY.items() if e.fixed}
JOIN = "; "


def axes(mechanic: str) -> list[dict[str, Any]]:
    """One axis per parameter: the values (or steps) that make its classes."""
    out: list[dict[str, Any]] = []
    for param in PARAMETERS[mechanic]:
        fixed = _EVERY[mechanic].fixed
        if param.name in fixed:
            out.append({"name": param.name, "values": [fixed[param.name]]})
        elif (values := values_of(param)) is not None:
            out.append({"name": param.name, "values": list(values)})
        else:
            steps = [_plain(s) for s in _EVERY[mechanic].steps[param.name]()]
            out.append({"name": param.name, "steps": steps, "max": _plain(param.maximum)})
    return out


def _plain(x: float | None) -> int | float:
    assert x is not None
    return int(x) if float(x).is_integer() else float(x)


def representatives(axis: dict[str, Any]) -> list[Any]:
    """The input each class of an axis is computed at."""
    if "values" in axis:
        return list(axis["values"])
    return [*axis["steps"], axis["max"]]


def class_of(axis: dict[str, Any], value: Any) -> int | None:
    """The class of ``value`` on ``axis`` (what the widget's script does), or None.

    >>> class_of({"name": "d", "steps": [6, 12], "max": 200}, 12), class_of({"name": "d", "steps": [6, 12], "max": 200}, 12.5)
    (1, 2)
    >>> class_of({"name": "c", "values": ["none", "light"]}, "light"), class_of({"name": "n", "values": [4]}, 5)
    (1, None)
    """
    if "values" in axis:
        for i, known in enumerate(axis["values"]):
            if known == value and isinstance(known, bool) == isinstance(value, bool):
                return i
        return None
    for i, step in enumerate(axis["steps"]):
        if value <= step:
            return i
    return len(axis["steps"])


def shown_keys(mechanic: str, headline: str | None, figures: Sequence[str]) -> list[str]:
    """The result keys an answer in the table carries: the headline and the figures
    (deploy, which has no probability to headline, its summary)."""
    keys = [headline] if headline else ["summary"]
    return keys + [key for key in figures if key not in keys]


class _Values(Values):
    """The table's pool of distinct values, and what an answer holds for a result's value."""

    def slot(self, value: Any) -> int | list[int]:
        """What an answer holds for one key's value."""
        if isinstance(value, dict) and set(value) == {"value", "exact"} and value["exact"]:
            return self.add(value["exact"])
        if isinstance(value, str) and JOIN in value:
            return [self.add(part) for part in value.split(JOIN)]
        if isinstance(value, str):
            return self.add(value)
        raise ValueError(f"cannot put {value!r} in an answer table")


def make_table(mechanic: str, keys: Sequence[str]) -> dict[str, Any]:
    """The answer table of one mechanic: ``compute()`` at every class of input."""
    table_axes = axes(mechanic)
    names = [axis["name"] for axis in table_axes]
    values = _Values()
    answers = Answers()
    for combo in itertools.product(*(representatives(axis) for axis in table_axes)):
        params = dict(zip(names, combo, strict=True))
        result = compute(mechanic, params)
        pools = roll_pools(mechanic, params)  # "How lucky was that?" before the engine
        answers.add([values.slot(result[key]) if key in result else -1 for key in keys],
                    -1 if pools is None else values.add(pools))
    return {"mechanic": mechanic, "keys": list(keys), "axes": table_axes, "values": values.items,
            **answers.fields()}


@cache
def _table_text(mechanic: str, keys: tuple[str, ...], package: str) -> str:
    """The table as compact JSON (``package``: the calculators' source hash, so a
    changed package under ``mkdocs serve`` makes new tables)."""
    return json.dumps(make_table(mechanic, keys), separators=(",", ":"), ensure_ascii=False)


def table_text(mechanic: str, keys: Sequence[str]) -> str:
    if mechanic in answer_groups.GROUPED:  # Close Assault, artillery: grouped inputs
        return answer_groups.table_text(mechanic, keys)
    return _table_text(mechanic, tuple(keys), engine.source_hash())


def table_path(mechanic: str, keys: Sequence[str]) -> str:
    """Where the table is served, relative to the site root (named by its content)."""
    digest = hashlib.sha256(table_text(mechanic, keys).encode()).hexdigest()[:12]
    return f"{ANSWERS_DIR}/{mechanic.replace('_', '-')}.{digest}.json"


def lookup(table: dict[str, Any], params: dict[str, Any]) -> dict[str, Any] | None:
    """The answer a table gives for a full set of inputs, as the widget reads it
    (the tests' mirror of the script's lookup), or None when it has none."""
    if "groups" in table:
        return answer_groups.lookup(table, params)
    position = _position(table, params)
    if position is None:
        return None
    width = table["width"]
    answer = table["answers"][int(table["index"][position * width:(position + 1) * width], 36)]

    def decode(slot: int | list[int]) -> Any:
        if isinstance(slot, list):
            return JOIN.join(table["values"][i] for i in slot)
        return table["values"][slot]

    return {key: decode(slot) for key, slot in zip(table["keys"], answer, strict=True) if slot != -1}


def pools_lookup(table: dict[str, Any], params: dict[str, Any]) -> list[int] | None:
    """The pools of the opposed roll a table holds for a full set of inputs (a small
    table beside each answer, a grouped one by its groups' classes) ([my dice, my TN, their dice, their TN], as answers.js ``tablePools``
    reads them), or None when it holds none."""
    if "groups" in table:
        return answer_groups.pools_lookup(table, params)
    found = _position(table, params)
    if found is None or "pools" not in table:
        return None
    width = table["width"]
    slot = table["pools"][int(table["index"][found * width:(found + 1) * width], 36)]
    return None if slot < 0 else list(table["values"][slot])


def _position(table: dict[str, Any], params: dict[str, Any]) -> int | None:
    """Where a small table keeps the answer for a full set of inputs, or None."""
    position = 0
    for axis in table["axes"]:
        found = class_of(axis, params[axis["name"]])
        if found is None:
            return None
        position = position * len(representatives(axis)) + found
    return position


def write_tables(site_dir: Path, wanted: Mapping[str, Sequence[str]]) -> list[Path]:
    """Write the answer tables (mechanic -> the keys its widgets show) into the
    built site; return them."""
    written = []
    for mechanic, keys in sorted(wanted.items()):
        target = site_dir / table_path(mechanic, keys)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(table_text(mechanic, keys), encoding="utf-8")
        written.append(target)
    return written


# --------------------------------------------------------------------------- #
# A widget's own answers: shown at once, before the engine is ready            #
# --------------------------------------------------------------------------- #

# A bigger answer (a Close Assault with many dice) is left to the engine.
ANSWER_LIMIT = 16_000


@cache
def build_reply(request: str) -> str:
    """``compute_json``'s reply to one request (the worker's own call), once per build."""
    return compute_json(request)


def build_answers(mechanic: str, start: dict[str, Any], compact: bool = False) -> dict[str, Any]:
    """The results of ``compute`` for the widget's starting inputs and for each worked
    example, keyed by ``answer_key``; one bigger than ANSWER_LIMIT is left out.

    Whole answers, charts and working included, on every page, the small calculators'
    too (their answer tables hold only the figures): so that the engine's answer to the
    inputs a page opens with draws nothing the page had not drawn, and no answer,
    control or rules text moves when it comes. A small calculator's card in the rules
    text (``compact``), which shows no worked examples, carries its starting answer
    only."""
    answers: dict[str, Any] = {}
    shows_examples = not (compact and mechanic in SMALL)
    examples = tuple(preset_values(mechanic, p) for p in page(mechanic).presets) if shows_examples else ()
    for values in (start, *examples):
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


def answers_json(answers: dict[str, Any]) -> str:
    """The answer map as JSON text for an inert ``<template>`` in the page.

    Not a ``<script type="application/json">``: Material's instant navigation re-creates
    every script of the new page without its type and runs it. The JSON is written
    with no ``<``, ``>`` or ``&`` (JSON escapes), so the HTML parser keeps it verbatim.

    >>> print(answers_json({"a<b": "x&y"}))
    {"a\\u003cb":"x\\u0026y"}
    """
    return html_safe(json.dumps(answers, ensure_ascii=False, separators=(",", ":")))


def html_safe(json_text: str) -> str:
    """JSON text with ``<``, ``>`` and ``&`` as JSON escapes (they can stand only in
    its strings), so that it stays verbatim inside an HTML element.

    >>> print(html_safe('{"a":"<b>&"}'))
    {"a":"\\u003cb\\u003e\\u0026"}
    """
    for char in "<>&":
        json_text = json_text.replace(char, f"\\u{ord(char):04x}")
    return json_text


def inline_table(mechanic: str) -> str:
    """The mechanic's answer table as it goes inside its calculator page (the same
    JSON as the file :func:`table_path` names, HTML-safe): the page's main widget
    answers any permalink from it as it mounts, with no request to wait for. (Close
    Assault's too, 233 KB gzipped: fetched instead, even with a preload link, its
    first answer came later, 0.87 s against 0.48 s, median of 5 first visits.)"""
    return html_safe(table_text(mechanic, table_keys(mechanic)))


def table_keys(mechanic: str) -> list[str]:
    """What an answer in the mechanic's answer table carries."""
    others = [case["key"] for case in HEADLINE_WHEN.get(mechanic, ())]  # spotting's p_found
    return shown_keys(mechanic, HEADLINES[mechanic], [*others, *(f[0] for f in FIGURES[mechanic])])


def answer_tables() -> dict[str, list[str]]:
    """Every answer table the widgets read: mechanic -> the keys it carries."""
    return {mechanic: table_keys(mechanic) for mechanic in TABLED}
