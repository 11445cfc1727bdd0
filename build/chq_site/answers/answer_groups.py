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
     "rolls": [{"groups": [0, 2], "pools": [[6, 3], null, ...]}, ...],
                                             # the opposed roll's pools, a side at a time:
                                             # [dice, TN] per class of the two groups it
                                             # depends on (``Grouped.sides``)
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
from chq_site.questions import questions
from chq_site.questions.questions import roll_pools
from chq_site.widget.calculator_page import Group, Grouped
from chq_site.widget.calculator_pages import PAGES
from chq_site.widget.permalinks import base_values

__all__ = ["Group", "GROUPED", "groups", "lookup", "make_table", "pools_lookup", "position", "printed", "table_text"]

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
    rolls = _rolls(mechanic, base, chosen)
    return {"mechanic": mechanic, "keys": list(keys), "texts": [k for k in keys if k in texts],
            "groups": table_groups, **({"rolls": rolls} if rolls else {}), "values": values.items,
            **answers.fields()}


def _rolls(mechanic: str, base: dict[str, Any], chosen: list[list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """The pools of the opposed roll ("How lucky was that?"), one side at a time: the
    side's [dice, TN] for each class of the two groups it depends on (the first's
    classes in order, the second's fastest), null where no dice are rolled. Checked
    against ``roll_pools`` at every combination of classes: a side that depends on
    other groups stops the build."""
    sides = _GROUPED[mechanic].sides
    out: list[dict[str, Any]] = []
    for n, (g, h) in enumerate(sides):
        pools: list[list[int] | None] = []
        for first, second in itertools.product(chosen[g], chosen[h]):
            found = roll_pools(mechanic, {**base, **first, **second})
            pools.append(None if found is None else found[2 * n:2 * n + 2])
        out.append({"groups": [g, h], "pools": pools})
    for cell in itertools.product(*(range(len(c)) for c in chosen)) if sides else ():
        want = roll_pools(mechanic, {**base, **{k: v for i, c in enumerate(cell) for k, v in chosen[i][c].items()}})
        got = [out[n]["pools"][cell[g] * len(chosen[h]) + cell[h]] for n, (g, h) in enumerate(sides)]
        if want is not None and [x for pair in got for x in (pair or [None, None])] != want:
            raise ValueError(f"{mechanic}: a side's pool depends on more than the groups {sides} say")
    return out


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
    digest.update(Path(questions.__file__).read_bytes())  # the pools beside each answer
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


def position(table: dict[str, Any], params: dict[str, Any]) -> int | None:
    """Where a grouped table keeps the answer for a full set of inputs (its
    combination of classes), or None when it has none."""
    found = classes(table, params)
    if found is None:
        return None
    at = 0
    for group, cls in zip(table["groups"], found, strict=True):
        at = at * group["count"] + cls
    return at


def classes(table: dict[str, Any], params: dict[str, Any]) -> list[int] | None:
    """The class of each group's setting for a full set of inputs, or None."""
    out = []
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
        out.append(cls)
    return out


def pools_lookup(table: dict[str, Any], params: dict[str, Any]) -> list[int] | None:
    """The pools of the opposed roll a grouped table holds for a full set of inputs
    ([my dice, my TN, their dice, their TN], as answers.js ``tablePools`` reads them),
    or None."""
    found = classes(table, params)
    if found is None or "rolls" not in table:
        return None
    out: list[int] = []
    for side in table["rolls"]:
        g, h = side["groups"]
        pool = side["pools"][found[g] * table["groups"][h]["count"] + found[h]]
        if pool is None:
            return None
        out += pool
    return out


def lookup(table: dict[str, Any], params: dict[str, Any]) -> dict[str, Any] | None:
    """The answer a grouped table gives for a full set of inputs, as the widget reads
    it (answers.js ``tableAnswer``), or None when it has none."""
    at = position(table, params)
    if at is None:
        return None
    width = table["width"]
    answer = table["answers"][int(table["index"][at * width:(at + 1) * width], 36)]
    if answer is None:
        return None
    return {key: table["values"][slot] for key, slot in zip(table["keys"], answer, strict=True) if slot != -1}
