"""One truth for both languages: what Python computes and the page's modules compute
again (answer keys, answer tables read, headlines, permalinks written and read, a
number field's reading and refusals) as golden values written from Python into
tests/fixtures/golden/, which tests/js/*.test.mjs asserts the page's modules give
under Node (``node --test tests/js/``, run by ``make test`` and ``make test-fast``).
A drift on either side fails: here when Python's answers change, there when the
page's do.

``CHQ_WRITE_GOLDEN=1 pytest tests/site/test_golden_vectors.py`` rewrites the files
after a deliberate change (then ``node --test tests/js/`` says whether the page
follows). The vectors: golden_helpers and golden_table_helpers.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pytest
from chq_site.answers import answers
from chq_site.widget.permalinks import read_fragment
from chq_site.widget.presentation import HEADLINE_WHEN

from calculators import HEADLINES, MECHANICS
from tests.site import golden_helpers, golden_offline_helpers, golden_questions_helpers, golden_table_helpers
from tests.site.golden_helpers import GOLDEN, dump

TOPICS: dict[str, Callable[[], dict[str, Any]]] = {
    "specs": golden_helpers.specs,
    "answer_keys": golden_helpers.answer_keys,
    "headlines": golden_helpers.headlines,
    "ranges": golden_helpers.ranges,
    "fragments": golden_helpers.fragments,
    "read_back": golden_helpers.read_back,
    "fields": golden_helpers.fields,
    "answer_tables": golden_table_helpers.table_vectors,
    "offline": golden_offline_helpers.offline_vectors,
    "questions": golden_questions_helpers.questions_vectors,
}
MOST_BYTES = 330_000  # all the golden files together, committed (2026-12-07: a sweep moving each way)


@pytest.fixture(scope="module")
def made() -> dict[str, dict[str, Any]]:
    return {topic: make() for topic, make in TOPICS.items()}


@pytest.mark.parametrize("topic", TOPICS)
def test_the_golden_values_are_pythons(made: dict[str, dict[str, Any]], topic: str) -> None:
    path = GOLDEN / f"{topic}.json"
    text = dump(made[topic])
    if os.environ.get("CHQ_WRITE_GOLDEN"):
        GOLDEN.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.is_file(), f"no {path}: write the golden values with CHQ_WRITE_GOLDEN=1"
    assert path.read_text(encoding="utf-8") == text, (
        f"{path.name} is not what Python computes now: rewrite the golden values with CHQ_WRITE_GOLDEN=1 "
        "if the change was meant, then see that node --test tests/js/ passes")


def test_the_golden_files_are_small() -> None:
    files = sorted(GOLDEN.glob("*.json"))
    assert sorted(p.stem for p in files) == sorted(TOPICS), "a golden file of no topic, or a topic without one"
    size = sum(p.stat().st_size for p in files)
    assert size <= MOST_BYTES, f"{size} bytes of golden values: keep them under {MOST_BYTES}"


def test_every_headline_case_has_a_vector(made: dict[str, dict[str, Any]]) -> None:
    shown = {(v["mechanic"], v["headline"]["key"]) for v in made["headlines"]["headlines"]}
    for mechanic in MECHANICS:
        assert (mechanic, HEADLINES[mechanic]) in shown, mechanic
        for case in HEADLINE_WHEN.get(mechanic, ()):
            assert (mechanic, case["key"]) in shown, (mechanic, case)
    labels = {v["headline"]["label"] for v in made["headlines"]["headlines"] if v["mechanic"] == "blind_move"}
    assert {"Chance the Blind moves 1e-05″ or more", "Chance the Blind moves 24″ or more",
            "Chance the Blind moves –″ or more"} <= labels


def test_a_fragment_written_reads_back_as_its_inputs(made: dict[str, dict[str, Any]]) -> None:
    for vector in made["fragments"]["written"]:
        for kind in ("fragment", "every"):
            read = read_fragment(vector["mechanic"], vector[kind])
            assert read == {"params": vector["params"], "errors": [], "unknown": []}, (vector, kind)
    assert any("e-0" in v["fragment"] for v in made["fragments"]["written"]), "no number in e-notation"
    assert any(v["address"] == "" for v in made["fragments"]["written"]), "no starting inputs"
    assert any("&vs=" in v["address"] and "fight=" in v["address"] for v in made["fragments"]["written"])


def test_the_fragments_read_cover_every_case(made: dict[str, dict[str, Any]]) -> None:
    read = [v["read"] for v in made["read_back"]["read"]]
    messages = [e["message"] for r in read if r for e in r["errors"]]
    assert any(r is None for r in read), "no hash that is no fragment"
    assert any(r and r["unknown"] for r in read) and any(r and any(u["key"] == "" for u in r["unknown"]) for r in read)
    assert "is given twice; give it once" in messages
    assert any("(you entered \"it's\")" in m for m in messages), "no text Python quotes in double quotes"
    assert any("-digit number)" in m for m in messages) and any("(the field is empty)" in m for m in messages)


def test_the_field_vectors_hold_numbers_and_refusals(made: dict[str, dict[str, Any]]) -> None:
    fields = made["fields"]["fields"]
    assert any(v["typed"] and "message" in v for v in fields), "no number out of range"
    assert any(not v["typed"] and "message" in v for v in fields), "no text that is no number"
    assert any(v["typed"] and "value" in v for v in fields)
    assert all(v["typed"] or "message" in v for v in fields), "a text that is no number was read as one"


def test_the_fixtures_tables_answer_as_the_builds(made: dict[str, dict[str, Any]]) -> None:
    """A table cut down for the fixture gives, for every vector, the build's answer."""
    tables = {m: golden_table_helpers.built_table(m) for m in answers.TABLED}
    vectors = made["answer_tables"]["vectors"]
    for vector in vectors:
        built = golden_table_helpers.page_answer(tables[vector["mechanic"]], vector["params"])
        assert vector["answer"] == built, vector
    for mechanic in answers.TABLED:
        mine = [v for v in vectors if v["mechanic"] == mechanic]
        assert any(v["answer"] is None for v in mine) or mechanic in ("supply", "rally", "blind_move"), mechanic
        assert sum(v["answer"] is not None for v in mine) >= len(mine) // 2, mechanic
