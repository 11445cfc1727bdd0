"""The pools of the opposed roll the answer tables carry ("How lucky was that?" before
the engine): for inputs anywhere in spotting's and Close Assault's tables, the pools
the page reads (answers.pools_lookup, answers.js tablePools) are those calculators.luck
rolls, after the TN 7+ rule and Cover Dice; none where spotting is automatic."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from chq_site.answers import answers
from chq_site.widget.permalinks import base_values

from calculators import InputError, luck

SAMPLES = 300


def table(mechanic: str) -> dict[str, Any]:
    return dict(json.loads(answers.table_text(mechanic, answers.table_keys(mechanic))))


def draw(built: dict[str, Any], mechanic: str, rng: random.Random) -> dict[str, Any]:
    """Inputs anywhere in the table (a distance anywhere in spotting's range)."""
    params = base_values(mechanic)
    axes = built["axes"] if "axes" in built else [a for g in built["groups"] for a in g["axes"]]
    for axis in axes:
        params[axis["name"]] = rng.choice(axis["values"]) if "values" in axis else rng.uniform(0, axis["max"])
    return params


def rolled(mechanic: str, params: dict[str, Any]) -> list[int] | None:
    try:
        pools = luck(mechanic, params, 0, 0)["pools"]
    except InputError:
        return None
    return [pools["mine"]["dice"], pools["mine"]["tn"], pools["theirs"]["dice"], pools["theirs"]["tn"]]


@pytest.mark.parametrize("mechanic", ["spotting", "close_assault"])
def test_the_tables_pools_are_lucks(mechanic: str) -> None:
    built = table(mechanic)
    rng = random.Random(f"luck pools {mechanic}")
    seen = {"pools": 0, "none": 0}
    for _ in range(SAMPLES):
        params = draw(built, mechanic, rng)
        in_table = answers.lookup(built, params) is not None
        got = answers.pools_lookup(built, params)
        want = rolled(mechanic, params) if in_table else None
        assert got == want, f"{mechanic} {params}"
        seen["pools" if got else "none"] += 1
    assert seen["pools"] > SAMPLES // 2 and (mechanic != "spotting" or seen["none"]), seen


def test_only_the_opposed_rolls_tables_carry_pools() -> None:
    for mechanic in answers.TABLED:
        carries = {"pools", "rolls"} & set(table(mechanic))
        assert bool(carries) == (mechanic in ("spotting", "close_assault")), mechanic
