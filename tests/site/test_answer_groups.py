"""Close Assault's and artillery's answer tables (chq_site/answers/answer_groups.py) against compute().

These tables sort each group of inputs into classes by what the answer depends on
(a side's dice and TN in every kind of round; where the fire lands) and hold one
answer per combination of classes. The tests read the tables the build wrote and
check, for inputs drawn anywhere in what the tables hold, that the table's answer is
exactly what ``compute()`` gives for that very input: so a class never joins two
settings whose answers differ. The figures a table carries as printed text are
compared to the page's printing of compute()'s value.
"""

from __future__ import annotations

import gzip
import json
import random
from pathlib import Path
from typing import Any

import pytest
from chq_site.answers import answer_groups, answers

from calculators import PARAMETERS, InputError, compute

SAMPLES = 500
GEOMETRY = 1e-12  # the artillery's landing odds are floats (irrational answers)


def load_table(built_site: Path, mechanic: str) -> dict[str, Any]:
    path = built_site / answers.table_path(mechanic, answers.table_keys(mechanic))
    assert path.is_file(), f"the build wrote no answer table for {mechanic} at {path}"
    return json.loads(path.read_text(encoding="utf-8"))


def held(table: dict[str, Any]) -> dict[str, list[Any]]:
    """Each input and the values the table holds for it."""
    return {axis["name"]: axis["values"] for group in table["groups"] for axis in group["axes"]}


def draw(table: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Inputs anywhere in what the table holds (a later round half the time)."""
    params = {name: rng.choice(values) for name, values in held(table).items()}
    if "start" in params and params["start"] == "first":
        params["att_suppressed"] = False  # a suppressed unit cannot start an assault
    return params


def expected(mechanic: str, params: dict[str, Any], table: dict[str, Any]) -> dict[str, Any] | None:
    """What the table should hold: compute()'s values, those in ``texts`` as printed."""
    try:
        result = compute(mechanic, params)
    except InputError:
        return None
    styles = {key: style for key, _, style in answer_groups.labels.FIGURES[mechanic]}
    out = {}
    for key in table["keys"]:
        if key not in result:
            continue
        value = result[key]
        if key in table["texts"]:
            out[key] = answer_groups.printed(value, styles[key])
        else:
            out[key] = value["exact"] or value["value"]
    return out


def same(got: dict[str, Any] | None, want: dict[str, Any] | None) -> bool:
    if got is None or want is None:
        return got is want
    if set(got) != set(want):
        return False
    return all(abs(got[k] - want[k]) <= GEOMETRY if isinstance(want[k], float) else got[k] == want[k]
               for k in want)


@pytest.mark.parametrize("mechanic", answer_groups.GROUPED)
def test_table_answers_equal_compute(built_site: Path, mechanic: str) -> None:
    """(An input compute() refuses has no answer in the table: the engine names the field.)"""
    table = load_table(built_site, mechanic)
    assert table["keys"] == answers.table_keys(mechanic)
    rng = random.Random(f"answer-groups-{mechanic}")
    for _ in range(SAMPLES):
        params = draw(table, rng)
        got = answers.lookup(table, params)
        want = expected(mechanic, params, table)
        assert same(got, want), f"{mechanic} {params}: table {got}, compute() {want}"


def test_close_assault_headline_is_the_exact_fraction(built_site: Path) -> None:
    """The headline's tap shows the fraction: the table carries it, not a printed text."""
    table = load_table(built_site, "close_assault")
    assert "p_attacker_wins" not in table["texts"]
    params = {p.name: p.default for p in PARAMETERS["close_assault"]} | {
        "att_dice": 9, "def_dice": 7, "att_flank": True, "att_move": "double", "def_cover": "medium"}
    assert answers.lookup(table, params)["p_attacker_wins"] == compute("close_assault", params)[
        "p_attacker_wins"]["exact"]


@pytest.mark.parametrize("mechanic", answer_groups.GROUPED)
def test_every_class_is_filled(built_site: Path, mechanic: str) -> None:
    """Every setting of the inputs held has a class, but those compute() refuses
    (a suppressed attacker in round 1); every combination of classes has an answer,
    null only where compute() refuses it (neither side can roll a die); and every
    answer is used."""
    table = load_table(built_site, mechanic)
    for group in table["groups"]:
        size = 1
        for axis in group["axes"]:
            size *= len(axis["values"])
        assert len(group["classes"]) == size
        assert set(group["classes"]) - {-1} == set(range(group["count"]))
        if mechanic == "close_assault" and [a["name"] for a in group["axes"]][0] == "start":
            assert group["classes"].count(-1) == 2  # first round, attacker suppressed
        else:
            assert -1 not in group["classes"]
    cells = 1
    for group in table["groups"]:
        cells *= group["count"]
    width = table["width"]
    assert len(table["index"]) == cells * width
    used = {int(table["index"][i:i + width], 36) for i in range(0, len(table["index"]), width)}
    assert used == set(range(len(table["answers"])))
    refused = [a for a in table["answers"] if a is None]
    assert len(refused) <= 1


def test_refused_cells_are_those_compute_refuses(built_site: Path) -> None:
    """A null answer is an assault neither side can ever win (no dice on either side
    in some round): the engine names the field. At the table's corner (1D against
    1D, where penalties take the last die), null exactly where compute() refuses."""
    table = load_table(built_site, "close_assault")
    rng = random.Random("refused")
    refused = answered = 0
    for _ in range(SAMPLES):
        params = draw(table, rng) | {"att_dice": 1, "def_dice": 1}
        got = answers.lookup(table, params)
        try:
            compute("close_assault", params)
        except InputError as error:
            assert got is None, params
            assert error.field == "att_dice"
            refused += 1
        else:
            assert got is not None, params
            answered += 1
    assert refused and answered, (refused, answered)


def test_outside_the_table_waits_for_the_engine(built_site: Path) -> None:
    """More dice than the table holds, or Disruption Points other than the starting
    ones: no answer (the engine's comes)."""
    table = load_table(built_site, "close_assault")
    base = {p.name: p.default for p in PARAMETERS["close_assault"]} | {"att_dice": 6, "def_dice": 5}
    assert answers.lookup(table, base) is not None
    for other in ({"att_dice": 13}, {"def_dice": 0}, {"att_disruption": 1}, {"def_cohesion": 4}):
        assert answers.lookup(table, base | other) is None, other
    artillery = load_table(built_site, "artillery")
    base = {p.name: p.default for p in PARAMETERS["artillery"]} | {"variant": "combat-hq"}
    assert answers.lookup(artillery, base) is not None
    for other in ({"fire_dice": 13}, {"blind_width": 5}, {"template_radius": 2}, {"suppressions": 1}):
        assert answers.lookup(artillery, base | other) is None, other


def test_tables_fit_their_budget(built_site: Path) -> None:
    """What the tables cost, gzipped as served (printed): Close Assault's at most 250 KB."""
    sizes = {}
    for mechanic in answer_groups.GROUPED:
        path = built_site / answers.table_path(mechanic, answers.table_keys(mechanic))
        sizes[mechanic] = len(gzip.compress(path.read_bytes(), 9))
    print("\ngrouped answer tables (gzipped bytes):", sizes)
    assert sizes["close_assault"] <= 250_000
    assert sizes["artillery"] <= 80_000
