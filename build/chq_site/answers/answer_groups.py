"""Answer tables for Close Assault and artillery, indexed by what the answer depends on.

Their inputs are too many to list one by one (Close Assault: 331,776 ways to set
1–12 dice a side and every switch), but the answer depends on much less: in Close
Assault, on each side's dice and TN in each kind of round (``close_assault.pools``)
and on the round the fight starts in; in artillery, on where the fire can land
(``artillery.landing``), the battery's dice and, for a Dummy Blind, what is on it.
So the inputs are split into *groups* (the page's description says which,
``widget/calculator_pages/close_assault.py`` and ``artillery.py``); the build sorts each group's settings into
classes by a signature computed from the calculators' own functions (settings with
the same signature are one class), runs ``compute()`` once for every combination of
classes, and stores each distinct answer once.

The table format (``answers.py`` has the small calculators' simpler one)::

    {"mechanic": "close_assault", "keys": [...], "texts": ["p_defender_wins", ...],
     "groups": [{"axes": [{"name": "att_dice", "values": [1, ..., 12]}, ...],
                 "classes": [0, 0, 1, ...],   # per setting of the group's axes (the last
                                              # axis fastest): its class, -1 for none
                 "count": 74}, ...],
     "values": [...], "answers": [[0, 3, ...], null, ...],   # null: compute() refuses it
     "width": 3, "index": "..."}             # per combination of classes, base 36

An input held at one value (a Close Assault side's Disruption Points and Cohesion)
is a group of one axis with one value; any other value, or more dice than an axis
lists, has no answer here and waits for the engine.

A value is an exact fraction ("n/d"), a float (the artillery geometry: irrational,
``exact: null``) or a string. The keys in ``texts`` are stored as the page prints
them (a percentage with one decimal, a mean with two): Close Assault's exact
fractions are long, and only the headline's is shown (tap the headline), so the
other figures carry their printed text, not their fraction, and fit the table in
the page's budget. Each table is checked against ``compute()`` for sampled inputs
by ``tests/site/test_answer_groups.py``.
"""

from __future__ import annotations

import hashlib
import inspect
import itertools
import json
import os
from collections.abc import Hashable, Sequence
from pathlib import Path
from typing import Any

from calculators import PARAMETERS, InputError, compute, labels, printing
from chq_site.answers.answer_index import Answers, Values
from chq_site.engine import engine
from chq_site.paths import CACHE
from chq_site.widget.calculator_page import Group, Grouped
from chq_site.widget.calculator_pages import PAGES
from chq_site.widget.permalinks import base_values

__all__ = ["Group", "GROUPED", "groups", "lookup", "make_table", "printed", "table_text"]

# How each grouped table is made: its page's description (calculator_pages/).
_GROUPED: dict[str, Grouped] = {m: p.answers for m, p in PAGES.items() if isinstance(p.answers, Grouped)}
GROUPED = tuple(_GROUPED)


def groups(mechanic: str) -> tuple[Group, ...]:
    """The mechanic's groups, and every other input held at its default."""
    described = _GROUPED[mechanic].groups
    named = {name for group in described for name, _ in group.axes}
    held = tuple(Group(((p.name, (p.default,)),), lambda _p: 0)
                 for p in PARAMETERS[mechanic] if p.name not in named)
    return (*described, *held)


def printed(value: dict[str, Any], style: str) -> str:
    """A figure as the page prints it (``calculators.printing``, the page's printing.js).

    >>> printed({"value": 0.0625, "exact": "1/16"}, "pct"), printed({"value": 1.125, "exact": "9/8"}, "num")
    ('6.3%', '1.13')
    """
    return printing.pct(value) if style == "pct" else printing.fixed(value)


def _styles(mechanic: str) -> dict[str, str]:
    return {key: style for key, _, style in labels.FIGURES[mechanic]}


def _classes(group: Group, base: dict[str, Any]) -> tuple[list[int], list[dict[str, Any]]]:
    """Each setting's class (-1: none) and a setting of each class, in order of first use."""
    names = [name for name, _ in group.axes]
    ids: dict[Hashable, int] = {}
    chosen: list[dict[str, Any]] = []
    out = []
    for combo in itertools.product(*(values for _, values in group.axes)):
        setting = dict(zip(names, combo, strict=True))
        signature = group.signature({**base, **setting})
        if signature is None:
            out.append(-1)
            continue
        if signature not in ids:
            ids[signature] = len(chosen)
            chosen.append(setting)
        out.append(ids[signature])
    return out, chosen


def make_table(mechanic: str, keys: Sequence[str]) -> dict[str, Any]:
    """The mechanic's answer table: ``compute()`` once per combination of classes."""
    base = base_values(mechanic)
    texts = _GROUPED[mechanic].texts
    styles = _styles(mechanic)
    values = Values()
    table_groups, chosen = [], []
    for group in groups(mechanic):
        classes, settings = _classes(group, base)
        table_groups.append({"axes": [{"name": n, "values": list(v)} for n, v in group.axes],
                             "classes": classes, "count": len(settings)})
        chosen.append(settings)
    answers = Answers()
    for cell in itertools.product(*chosen):
        params = {**base, **{k: v for setting in cell for k, v in setting.items()}}
        try:
            result: dict[str, Any] | None = compute(mechanic, params)
        except InputError:
            result = None  # the engine says why, naming the field
        answers.add(None if result is None else [
            -1 if key not in result
            else values.add(printed(result[key], styles[key]) if key in texts else _plain(result[key]))
            for key in keys])
    return {"mechanic": mechanic, "keys": list(keys), "texts": [k for k in keys if k in texts],
            "groups": table_groups, "values": values.items, **answers.fields()}


def _plain(value: Any) -> Any:
    """What the table stores of one result value: the exact fraction, else the float."""
    if isinstance(value, dict) and set(value) == {"value", "exact"}:
        return value["exact"] or value["value"]
    if isinstance(value, str):
        return value
    raise ValueError(f"cannot put {value!r} in an answer table")


def table_text(mechanic: str, keys: Sequence[str]) -> str:
    """The table as compact JSON, reused from the build cache while the calculators,
    this module and the page's description are unchanged (Close Assault's takes some
    seconds to compute)."""
    digest = hashlib.sha256()
    digest.update(engine.source_hash().encode())
    digest.update(Path(__file__).read_bytes())
    digest.update(Path(inspect.getfile(_GROUPED[mechanic].groups[0].signature)).read_bytes())
    digest.update(json.dumps([mechanic, list(keys)]).encode())
    cached = CACHE / f"answers-{mechanic}-{digest.hexdigest()[:16]}.json"
    if cached.is_file():
        return cached.read_text(encoding="utf-8")
    text = json.dumps(make_table(mechanic, keys), separators=(",", ":"), ensure_ascii=False)
    CACHE.mkdir(parents=True, exist_ok=True)
    part = cached.with_suffix(f".{os.getpid()}.part")
    part.write_text(text, encoding="utf-8")
    part.replace(cached)  # two builds at once never read half a table
    return text


def lookup(table: dict[str, Any], params: dict[str, Any]) -> dict[str, Any] | None:
    """The answer a grouped table gives for a full set of inputs, as the widget reads
    it (answers.js ``tableAnswer``), or None when it has none."""
    position = 0
    for group in table["groups"]:
        setting = 0
        for axis in group["axes"]:
            value = params[axis["name"]]
            found = [i for i, known in enumerate(axis["values"])
                     if known == value and isinstance(known, bool) == isinstance(value, bool)]
            if not found:
                return None
            setting = setting * len(axis["values"]) + found[0]
        cls = group["classes"][setting]
        if cls < 0:
            return None
        position = position * group["count"] + cls
    width = table["width"]
    answer = table["answers"][int(table["index"][position * width:(position + 1) * width], 36)]
    if answer is None:
        return None
    return {key: table["values"][slot] for key, slot in zip(table["keys"], answer, strict=True) if slot != -1}
