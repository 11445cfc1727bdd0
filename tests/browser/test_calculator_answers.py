"""The calculators' answers, in Chromium and in WebKitGTK (Safari's engine): each story
written once on the page API (page_api.py) and run in both.

Every number a widget shows is checked against the command line (``python -m
calculators <mechanic> --json``), the third door onto the same ``compute()``. One page
serves a module in each engine (page_fixtures.module_page), so Pyodide starts once:
a calculator is reached by the site's own link (instant navigation keeps the engine)
and each case arrives as a permalink's fragment does.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.browser.calculator_answers_helpers import show
from tests.browser.page_api import ENGINE_S, SitePage
from tests.browser.page_scripts import REFUSAL
from tests.browser.widgets_helpers import (
    CASES,
    TYPED_CASES,
    check_answer,
    fragment,
    reference,
    same,
    typed_at_the_command_line,
)


@pytest.mark.parametrize("mechanic", list(CASES))
def test_permalinks_give_the_command_lines_answer(module_page: SitePage, mechanic: str) -> None:
    page = module_page
    cases = CASES[mechanic]
    assert len(cases) >= 5
    show(page, mechanic)
    for params in cases:
        page.set_fragment(fragment(params))
        check_answer(page.answer_for(reference(mechanic, params)["inputs"]), mechanic, params)
    assert page.errors() == []


@pytest.mark.parametrize(
    ("mechanic", "params", "field", "words"),
    [
        ("artillery", {"variant": "armour-battles", "fire_dice": 99}, "fire_dice",
         "Battery's Fire Dice: enter a whole number from 0 to 40 (you entered 99)."),
        ("spotting", {"distance": "abc"}, "distance",
         "Distance to the Blind: enter a number from 0 to 200 (you entered 'abc')."),
        ("spotting", {"distance": 18, "moving": "maybe"}, "moving", "true or false"),
        ("close_assault", {"att_dice": 6, "att_suppressed": True, "def_dice": 5}, "att_suppressed",
         "Close Assault"),
        ("shell_then_assault", {"variant": "armour-battles", "units": 13}, "units",
         "Units in the Blind: enter a whole number from 1 to 12 (you entered 13)."),
    ],
    ids=["fire_dice=99", "distance=abc", "moving=maybe", "att_suppressed-first-round", "units=13"],
)
def test_bad_input_is_said_beside_its_field(
    module_page: SitePage, mechanic: str, params: dict[str, Any], field: str, words: str
) -> None:
    page = module_page
    show(page, mechanic)
    page.set_fragment(fragment(params))
    shown = page.wait(REFUSAL, field, what=f"the {field} field's message", timeout=ENGINE_S)
    assert words.lower() in shown["message"].lower(), shown
    assert shown["visible"], shown
    assert shown["described"], "the message is not tied to its field with aria-describedby"
    assert shown["invalid"], shown
    assert shown["result"] is None and shown["value"] == "", shown
    assert page.errors() == [], "a bad input must not reach the console"


@pytest.mark.parametrize(("mechanic", "params", "field", "text"), TYPED_CASES,
                         ids=[f"{m}-{f}={t}" for m, _, f, t in TYPED_CASES])
def test_a_field_reads_a_number_as_the_command_line_does(
    module_page: SitePage, mechanic: str, params: dict[str, Any], field: str, text: str
) -> None:
    page = module_page
    answer, refusal = typed_at_the_command_line(mechanic, params, field, text)
    show(page, mechanic)
    page.set_fragment(fragment({**params, field: text}))
    if answer is not None:
        shown = page.answer_for(answer["inputs"])
        assert same(json.loads(shown["result"]), answer, 0.0) == []
    else:
        shown = page.wait(REFUSAL, field, what=f"the {field} field's message", timeout=ENGINE_S)
        assert shown["message"] == refusal, shown
    assert page.errors() == []
