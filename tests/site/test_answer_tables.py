"""The small calculators' answer tables (chq_site/answers/answers.py) against compute().

A table holds the headline and figures for every class of input; every input of a
class must have the same answer. These tests read the tables the build wrote and
check, for sampled inputs anywhere in each parameter's range (band edges, just past
them, fractions of an inch, the limits), that the table's answer is exactly what
``compute()`` gives for that very input.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from chq_site.answers import answers

from calculators import PARAMETERS, compute
from calculators.params import Param

SAMPLES = 400


def load_table(built_site: Path, mechanic: str) -> dict[str, Any]:
    path = built_site / answers.table_path(mechanic, answers.table_keys(mechanic))
    assert path.is_file(), f"the build wrote no answer table for {mechanic} at {path}"
    return json.loads(path.read_text(encoding="utf-8"))


def sample_value(param: Param, rng: random.Random, edges: list[float]) -> Any:
    """A value of ``param``: often an edge of its classes or just past one."""
    if param.kind == "bool":
        return rng.random() < 0.5
    if param.kind == "choice":
        return rng.choice(param.choices)
    assert param.minimum is not None and param.maximum is not None
    if param.kind == "int":
        return rng.randint(int(param.minimum), int(param.maximum))
    pick = rng.random()
    if edges and pick < 0.5:
        edge = rng.choice(edges)
        value = edge + rng.choice((0, 0, 0.001, -0.001, 0.5, -0.5))
    elif pick < 0.6:
        value = rng.choice((param.minimum, param.maximum))
    else:
        value = rng.uniform(param.minimum, param.maximum)
    value = min(param.maximum, max(param.minimum, value))
    return int(value) if float(value).is_integer() and rng.random() < 0.5 else value


def expected(mechanic: str, params: dict[str, Any], keys: list[str]) -> dict[str, Any]:
    result = compute(mechanic, params)
    out = {}
    for key in keys:
        if key not in result:
            continue
        value = result[key]
        out[key] = value["exact"] if isinstance(value, dict) else value
    return out


@pytest.mark.parametrize("mechanic", answers.SMALL)
def test_table_answers_equal_compute(built_site: Path, mechanic: str) -> None:
    table = load_table(built_site, mechanic)
    keys = answers.table_keys(mechanic)
    assert table["keys"] == keys
    edges = [float(s) for axis in table["axes"] for s in axis.get("steps", [])]
    rng = random.Random(f"answer-table-{mechanic}")
    fixed = answers.FIXED.get(mechanic, {})
    checked = 0
    for _ in range(SAMPLES):
        params = {p.name: fixed.get(p.name, sample_value(p, rng, edges)) for p in PARAMETERS[mechanic]}
        got = answers.lookup(table, params)
        assert got is not None, f"{mechanic}: no answer in the table for {params}"
        got = {k: (v["exact"] if isinstance(v, dict) else v) for k, v in got.items()}
        assert got == expected(mechanic, params, keys), f"{mechanic} {params}"
        checked += 1
    assert checked == SAMPLES


@pytest.mark.parametrize("mechanic", answers.SMALL)
def test_every_class_is_filled(built_site: Path, mechanic: str) -> None:
    """The index covers every class, and every answer is used."""
    table = load_table(built_site, mechanic)
    classes = 1
    for axis in table["axes"]:
        classes *= len(answers.representatives(axis))
    assert len(table["index"]) == classes * table["width"]
    used = {int(table["index"][i:i + table["width"]], 36) for i in range(0, len(table["index"]), table["width"])}
    assert used == set(range(len(table["answers"])))


def test_other_pools_wait_for_the_engine(built_site: Path) -> None:
    """Spotting's table holds the rules' 4D against 3D only."""
    table = load_table(built_site, "spotting")
    base = {p.name: p.default for p in PARAMETERS["spotting"]} | {"distance": 18}
    assert answers.lookup(table, base) is not None
    assert answers.lookup(table, base | {"spotter_dice": 5}) is None
    assert answers.lookup(table, base | {"owner_dice": 4}) is None


def test_tables_are_small(built_site: Path) -> None:
    """What the tables cost the site (printed), under a ceiling that keeps them small."""
    sizes = {m: (built_site / answers.table_path(m, answers.table_keys(m))).stat().st_size
             for m in answers.SMALL}
    print("\nanswer tables (bytes):", sizes, "total", sum(sizes.values()))
    assert sum(sizes.values()) < 120_000
