"""WebKit: a figure on screen is for the inputs on screen, or it is not there (the
stories of tests/browser/test_answer_for_inputs_shown.py; here the engine's files are
never answered, so the page stays before its engine for as long as the test runs)."""

from __future__ import annotations

from typing import Any

from chq_site.widget import permalinks
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from tests.browser.site_helpers import ANSWER_SHOWN, typing_hint, url
from tests.webkit.driver import page_errors, wait_js

MAIN = ".chq-widget[data-mode=full]"
PAGE = permalinks.page_path("close_assault")


def shown(driver: Any, condition: str, what: str) -> dict[str, Any]:
    """Wait until ``condition`` holds over the answer shown (``a``); return it."""
    body = f"const a = (() => {{ {ANSWER_SHOWN} }})(); return ({condition}) ? a : null;"
    return dict(wait_js(driver, body, timeout=60, what=what, explain=ANSWER_SHOWN))


def tap(driver: Any, selector: str) -> Any:
    """Tap ``selector`` in the middle of the screen (not under the sticky answer bar)."""
    element = driver.find_element(By.CSS_SELECTOR, selector)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center', behavior: 'instant'})", element)
    element.click()
    return element


def open_calculator(new_webkit: Any, stalled_engine_site: str) -> Any:
    driver = new_webkit(820, 1180)
    driver.get(url(stalled_engine_site, PAGE))
    shown(driver, "a.state === 'ready' && a.figures.length > 0", "the page's own answer")
    return driver


def test_an_input_outside_the_tables_shows_no_figure(new_webkit: Any, stalled_engine_site: str) -> None:
    driver = open_calculator(new_webkit, stalled_engine_site)
    tap(driver, f"{MAIN} .chq-more > summary")
    step = f'{MAIN} .chq-field--stepper[data-param="att_cohesion"] .chq-step[data-step="-1"]'
    for _ in range(2):
        tap(driver, step)
    waiting = shown(driver, f"a.state === 'loading' && document.querySelector('{MAIN} input[name=att_cohesion]').value === '1'",
                    "Cohesion 1 waiting for the engine")
    assert waiting["figures"] == [] and waiting["result"] is None, waiting
    assert waiting["headline"] == "…" and "engine" in waiting["hint"], waiting
    assert page_errors(driver) == []


def test_a_refused_value_being_typed_shows_no_figure_of_the_last(new_webkit: Any, stalled_engine_site: str) -> None:
    driver = open_calculator(new_webkit, stalled_engine_site)
    field = tap(driver, f'{MAIN} input[name="att_dice"]')
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys("5")
    shown(driver, "a.state === 'ready' && JSON.parse(a.result).inputs.att_dice === 5", "the answer for 5 dice")
    field.send_keys("0")
    refused = shown(driver, "a.state !== 'ready' && a.hint !== ''", "no answer for 50 dice")
    params = {**permalinks.start_values("close_assault"), "att_dice": 50}
    assert refused == {"state": "loading", "result": None, "headline": "…",
                       "hint": typing_hint("close_assault", params), "figures": []}, refused
    assert page_errors(driver) == []
