"""A figure on screen is for the inputs on screen, or it is not there.

With the engine still downloading (its files held by the test, never answered), an
input outside the answer tables, or a field being typed in with a value compute()
refuses, leaves no figure of the last inputs in view: the answer says what it waits
for. The engine's answer then comes for the inputs shown. (WebKit:
tests/webkit/test_webkit_answer_for_inputs_shown.py, the same stories.)
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from chq_site.widget import permalinks

from calculators import compute
from tests.browser.site_helpers import ANSWER_SHOWN, typing_hint, url

MAIN = ".chq-widget[data-mode=full]"
PAGE = permalinks.page_path("close_assault")
TIMEOUT_MS = 120_000


@pytest.fixture
def held_page(new_context: Any, site_url: str) -> Iterator[Any]:
    """The Close Assault calculator with its engine's files held: never answered while
    the test runs (``page.release()`` lets them through)."""
    context = new_context(viewport={"width": 820, "height": 1180}, service_workers="block")
    held: list[Any] = []
    released: list[bool] = []

    def hold(route: Any) -> None:
        if released:
            route.continue_()
        else:
            held.append(route)

    def release() -> None:
        released.append(True)
        for route in held:
            route.continue_()

    context.route("**/assets/engine/**", hold)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.release = release
    page.goto(url(site_url, PAGE))
    page.wait_for_function(f"() => document.querySelector('{MAIN}')?.dataset.source === 'build'",
                           timeout=TIMEOUT_MS)
    yield page


def shown(page: Any, condition: str) -> dict[str, Any]:
    """Wait until ``condition`` holds over the answer shown (``a``); return it."""
    page.wait_for_function(f"() => {{ const a = (() => {{ {ANSWER_SHOWN} }})(); return {condition}; }}",
                           timeout=TIMEOUT_MS)
    return dict(page.evaluate(f"() => {{ {ANSWER_SHOWN} }}"))


def test_an_input_outside_the_tables_shows_no_figure_until_its_answer(held_page: Any) -> None:
    page = held_page
    before = shown(page, "a.state === 'ready'")
    assert before["figures"], before
    page.locator(f"{MAIN} .chq-more > summary").click()
    stepper = page.locator(f'{MAIN} .chq-field--stepper[data-param="att_cohesion"]')
    for _ in range(2):
        stepper.locator('.chq-step[data-step="-1"]').click()
    assert stepper.locator("input").input_value() == "1"
    waiting = shown(page, "a.state === 'loading'")
    assert waiting["figures"] == [] and waiting["result"] is None, waiting
    assert waiting["headline"] == "…"
    assert "engine" in waiting["hint"], waiting
    page.release()
    params = {**permalinks.start_values("close_assault"), "att_cohesion": 1}
    answered = shown(page, "a.state === 'ready'")
    assert json.loads(answered["result"]) == json.loads(json.dumps(compute("close_assault", params)))
    assert page.errors == []


def test_a_refused_value_being_typed_shows_no_figure_of_the_last(held_page: Any) -> None:
    page = held_page
    field = page.locator(f'{MAIN} input[name="att_dice"]')
    field.click()
    page.keyboard.press("Control+A")
    page.keyboard.type("5")
    five = shown(page, "a.state === 'ready' && JSON.parse(a.result).inputs.att_dice === 5")
    assert five["figures"], five
    page.keyboard.type("0")
    refused = shown(page, "a.state !== 'ready' && a.hint !== ''")
    params = {**permalinks.start_values("close_assault"), "att_dice": 50}
    assert refused == {"state": "loading", "result": None, "headline": "…",
                       "hint": typing_hint("close_assault", params), "figures": []}, refused
    # Not flagged while typed in; leaving the field flags it, still with no figure.
    assert page.locator(f'{MAIN} [data-param="att_dice"] .chq-msg').inner_text() == ""
    page.keyboard.press("Tab")
    left = shown(page, "a.state === 'error'")
    assert left["figures"] == [] and left["result"] is None, left
    assert page.errors == []
