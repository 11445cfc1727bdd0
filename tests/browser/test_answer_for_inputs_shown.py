"""A figure on screen is for the inputs on screen, or it is not there: in Chromium
and in WebKitGTK (one story each, run in both).

With the engine still downloading (its files held by the test, never answered), an
input outside the answer tables, or a field being typed in with a value compute()
refuses, leaves no figure of the last inputs in view: the answer says what it waits
for. The engine's answer then comes for the inputs shown.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from chq_site.widget import permalinks

from calculators import compute
from tests.browser.page_api import ENGINE_S, MAIN, SitePage
from tests.browser.site_helpers import ANSWER_SHOWN, typing_hint

PAGE = permalinks.page_path("close_assault")


def shown(page: SitePage, condition: str, what: str) -> dict[str, Any]:
    """Wait until ``condition`` holds over the answer shown (``a``); return it (read in
    the same script)."""
    body = f"const a = (() => {{ {ANSWER_SHOWN} }})(); return ({condition}) ? a : null;"
    return dict(page.wait(body, what=what, timeout=ENGINE_S))


def before_the_engine(site_page: Callable[..., SitePage]) -> SitePage:
    """The Close Assault calculator on a tablet, its engine's files held, showing the
    page's own answer (from the build)."""
    page = site_page(820, 1180, engine_files="held")
    page.open(PAGE)
    shown(page, "a.state === 'ready' && a.figures.length > 0", "the page's own answer")
    assert page.widget()["source"] == "build"
    return page


def test_an_input_outside_the_tables_shows_no_figure_until_its_answer(site_page: Callable[..., SitePage]) -> None:
    page = before_the_engine(site_page)
    page.tap(f"{MAIN} .chq-more > summary")
    for _ in range(2):
        page.tap(f'{MAIN} .chq-field--stepper[data-param="att_cohesion"] .chq-step[data-step="-1"]')
    assert page.value(f"{MAIN} input[name=att_cohesion]") == "1"
    waiting = shown(page, "a.state === 'loading'", "Cohesion 1 waiting for the engine")
    assert waiting["figures"] == [] and waiting["result"] is None, waiting
    assert waiting["headline"] == "…"
    assert "engine" in waiting["hint"], waiting
    page.release_engine_files()
    params = {**permalinks.start_values("close_assault"), "att_cohesion": 1}
    answered = shown(page, "a.state === 'ready'", "the engine's answer for Cohesion 1")
    assert json.loads(answered["result"]) == json.loads(json.dumps(compute("close_assault", params)))
    assert answered["figures"], answered
    assert page.errors() == []


def test_a_refused_value_being_typed_shows_no_figure_of_the_last(site_page: Callable[..., SitePage]) -> None:
    page = before_the_engine(site_page)
    page.tap(f'{MAIN} input[name="att_dice"]')
    page.press("Select all")
    page.type("5")
    five = shown(page, "a.state === 'ready' && JSON.parse(a.result).inputs.att_dice === 5", "the answer for 5 dice")
    assert five["figures"], five
    page.type("0")
    refused = shown(page, "a.state !== 'ready' && a.hint !== ''", "no answer for 50 dice")
    params = {**permalinks.start_values("close_assault"), "att_dice": 50}
    assert refused == {"state": "loading", "result": None, "headline": "…",
                       "hint": typing_hint("close_assault", params), "figures": []}, refused
    # Not flagged while typed in; leaving the field flags it, still with no figure.
    assert page.text(f'{MAIN} [data-param="att_dice"] .chq-msg') == ""
    page.press("Tab")
    left = shown(page, "a.state === 'error'", "the field flagged once left")
    assert left["figures"] == [] and left["result"] is None, left
    assert page.errors() == []
