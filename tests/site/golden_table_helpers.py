"""Golden values for the answer tables (tests/fixtures/golden/answer_tables.json; the
other topics: golden_helpers). The tables are the build's own (``answers.table_text``,
the JSON a page inlines or fetches): the small calculators' whole; Close Assault's
(572 KB) and artillery's grouped tables cut down to a few values of some inputs
(``reduce``: the same groups, classes, answers and values, for fewer settings, so
the page's grouped lookup runs on the build's real data in a fixture of tens of KB).
Each vector is a full set of inputs, in a table or not, and the answer the page must
read for it: ``answers.lookup`` in the shape answers.js ``tableAnswer`` gives; for an
opposed roll's table, the pools beside it too (``answers.pools_lookup``, ``tablePools``).
"""

from __future__ import annotations

import itertools
import json
import random
import re
from fractions import Fraction
from typing import Any

from chq_site.answers import answers
from chq_site.answers.answer_index import Answers, Values
from chq_site.widget.permalinks import base_values

# The values of some inputs a grouped table keeps in the fixture (the others: all).
KEEP: dict[str, dict[str, tuple[Any, ...]]] = {
    "spotting": {"cover": ("none", "heavy"), "chain_dice": (3,), "suppressed": (False,)},
    "deploy": {"disruption": (0, 1, 2, 3, 5, 40), "units": (1, 2, 3, 20)},
    "close_assault": {"att_dice": (2, 6), "def_dice": (5, 12), "att_move": ("single",),
                      "def_cover": ("none", "heavy")},
    "artillery": {"fire_dice": (1, 5, 12), "hit_faces": (0, 2, 6), "cover": ("none", "heavy")},
}
SMALL_VECTORS = 16
GROUPED_VECTORS = 30
FRACTION = re.compile(r"\d+/\d+")


def built_table(mechanic: str) -> dict[str, Any]:
    """The answer table the build writes for ``mechanic``."""
    return dict(json.loads(answers.table_text(mechanic, answers.table_keys(mechanic))))


def same(a: Any, b: Any) -> bool:
    """Equal and of one type (True is not 1), as the page compares (===)."""
    return bool(a == b and type(a) is type(b))


def _kept(axis: dict[str, Any], keep: dict[str, tuple[Any, ...]]) -> list[int]:
    """The indices of the values (or classes of distance) of ``axis`` kept."""
    if "steps" in axis:
        return list(range(len(axis["steps"]) + 1))
    return [i for i, v in enumerate(axis["values"])
            if axis["name"] not in keep or any(same(v, k) for k in keep[axis["name"]])]


def _cut(axis: dict[str, Any], kept: list[int]) -> dict[str, Any]:
    return axis if "steps" in axis else {**axis, "values": [axis["values"][i] for i in kept]}


def reduce(table: dict[str, Any], keep: dict[str, tuple[Any, ...]]) -> dict[str, Any]:
    """``table`` holding only the values ``keep`` names of its inputs. A grouped table
    keeps each group's settings of those, their classes renumbered in order of first
    use; a small one its axes' classes of those; each the answer of every combination
    kept, its values pooled again."""
    if "groups" not in table:  # a small table: each axis is a group of one, its classes its own
        radices = [len(a["values"]) if "values" in a else len(a["steps"]) + 1 for a in table["axes"]]
        kept_classes = [_kept(axis, keep) for axis in table["axes"]]
        shape: dict[str, Any] = {"axes": [_cut(a, k) for a, k in zip(table["axes"], kept_classes, strict=True)]}
    else:
        radices, kept_classes, groups = [], [], []
        for group in table["groups"]:
            axes = group["axes"]
            kept = [_kept(axis, keep) for axis in axes]
            renumbered: dict[int, int] = {}
            classes = []
            for combo in itertools.product(*kept):
                setting = 0
                for axis, i in zip(axes, combo, strict=True):
                    setting = setting * len(axis["values"]) + i
                old = group["classes"][setting]
                classes.append(-1 if old < 0 else renumbered.setdefault(old, len(renumbered)))
            groups.append({"axes": [_cut(a, k) for a, k in zip(axes, kept, strict=True)],
                           "classes": classes, "count": len(renumbered)})
            radices.append(group["count"])
            kept_classes.append(list(renumbered))  # the old class of each new one
        shape = {"texts": table["texts"], "groups": groups}
        if "rolls" in table:  # each side's pools, for the classes kept of its two groups
            shape["rolls"] = [{"groups": side["groups"], "pools": [
                side["pools"][a * table["groups"][side["groups"][1]]["count"] + b]
                for a in kept_classes[side["groups"][0]] for b in kept_classes[side["groups"][1]]]}
                for side in table["rolls"]]
    values, found = Values(), Answers()
    width = table["width"]
    for cell in itertools.product(*kept_classes):
        position = 0
        for radix, cls in zip(radices, cell, strict=True):
            position = position * radix + cls
        at = int(table["index"][position * width:(position + 1) * width], 36)
        answer = table["answers"][at]
        pools = table["pools"][at] if "pools" in table else -1
        found.add(None if answer is None else [
            -1 if slot == -1 else [values.add(table["values"][j]) for j in slot] if isinstance(slot, list)
            else values.add(table["values"][slot]) for slot in answer],
            -1 if pools < 0 else values.add(table["values"][pools]))
    return {"mechanic": table["mechanic"], "keys": table["keys"], **shape, "values": values.items, **found.fields()}


def fixture_table(mechanic: str) -> dict[str, Any]:
    """The table the fixture holds for ``mechanic``: the build's, or its reduction."""
    table = built_table(mechanic)
    return reduce(table, KEEP[mechanic]) if mechanic in KEEP else table


def page_answer(table: dict[str, Any], params: dict[str, Any]) -> dict[str, Any] | None:
    """``answers.lookup`` as the page holds the answer (answers.js): a figure kept as
    printed text is {text}, an exact fraction {value, exact} (the value the nearest
    double), a float {value, exact: null}. (The page's adds ``partial`` and the
    inputs in key order, as compute_json writes them: the Node test checks those.)"""
    found = answers.lookup(table, params)
    if found is None:
        return None
    out: dict[str, Any] = {}
    for key, value in found.items():
        if key in table.get("texts", ()):
            out[key] = {"text": value}
        elif isinstance(value, float):
            out[key] = {"value": value, "exact": None}
        elif FRACTION.fullmatch(value):
            out[key] = {"value": float(Fraction(value)), "exact": value}
        else:
            out[key] = value
    return out


def _near(axis: dict[str, Any], rng: random.Random) -> Any:
    """A value for an axis of a small table: one it lists, a distance at, between or
    past its steps, now and then one it does not hold."""
    if "values" in axis:
        numbers = [v for v in axis["values"] if type(v) is int]
        if numbers and rng.random() < 0.1:
            return max(numbers) + 1
        return rng.choice(axis["values"])
    steps = axis["steps"]
    return rng.choice([0, *steps, *(s + 0.5 for s in steps), *(s - 0.25 for s in steps if s > 0.25),
                       axis["max"], (steps[-1] + axis["max"]) / 2])


def _grouped(table: dict[str, Any], base: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Inputs anywhere in a grouped table, now and then one it does not hold."""
    params = dict(base)
    for group in table["groups"]:
        for axis in group["axes"]:
            params[axis["name"]] = rng.choice(axis["values"])
    if rng.random() < 0.15:
        name = rng.choice([n for n, v in params.items() if type(v) is int])
        params[name] += 1 if params[name] < 12 else -12  # a value the table may not hold
    return params


def fractions() -> list[dict[str, Any]]:
    """Exact fractions and the nearest double (answers.js ``fraction``, Python's
    float(Fraction)): ties to even, a hair either side of a tie (where the bits past
    the 66 the page keeps decide), thirds, long ones; normal doubles only (the page's
    scaling does not round a subnormal once)."""
    tie = Fraction(1, 2) + Fraction(1, 2**54)  # halfway between two doubles
    hair = Fraction(1, 2**100)
    found = [tie, tie + hair, tie - hair, Fraction(1, 2) + Fraction(3, 2**54), Fraction(3, 2**54) + 1 - hair,
             Fraction(1, 3), Fraction(2, 3), Fraction(9, 8), Fraction(10**20 - 1, 10**20), Fraction(1, 10**20),
             Fraction(6**40 - 1, 6**40), Fraction(1, 6**40), Fraction(2**80 + 1, 2**81), Fraction(0), Fraction(1),
             Fraction(7**200, 7**200 + 1), Fraction(1, 2**1000) + Fraction(1, 2**1053) + Fraction(1, 2**1200)]
    return [{"exact": f"{x.numerator}/{x.denominator}", "value": float(x)} for x in found]


def table_vectors() -> dict[str, Any]:
    """Every table of the fixture, its vectors, and exact fractions as doubles."""
    tables, vectors = {}, []
    for mechanic in answers.TABLED:
        table = fixture_table(mechanic)
        tables[mechanic] = table
        rng = random.Random(f"golden table {mechanic}")
        base = base_values(mechanic)
        for _ in range(GROUPED_VECTORS if "groups" in table else SMALL_VECTORS):
            if "groups" in table:
                params = _grouped(table, base, rng)
            else:
                params = {**base, **{axis["name"]: _near(axis, rng) for axis in table["axes"]}}
            vectors.append({"mechanic": mechanic, "params": params, "answer": page_answer(table, params),
                            **({"pools": answers.pools_lookup(table, params)} if {"pools", "rolls"} & set(table) else {})})
    return {"tables": tables, "vectors": vectors, "fractions": fractions()}
