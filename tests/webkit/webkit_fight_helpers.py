"""Shared by test_webkit_fight.py and the tests that use its pages, fixtures and checks
(moved out of the test module, unchanged: a test module imports no other test module)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.browser import fight_helpers as F
from tests.webkit.driver import ENGINE_TIMEOUT_S, STEP_TIMEOUT_S, run_js, wait_js

TABLET = (820, 1180)  # (MiniBrowser's window cannot be made as narrow as a 390 px phone)


def snap(driver: Any) -> dict[str, Any]:
    result: dict[str, Any] = run_js(driver, F.SNAPSHOT)
    return result


def wait_for(driver: Any, state: str, round_: int, timeout: float = STEP_TIMEOUT_S) -> dict[str, Any]:
    wait_js(driver, F.wait_condition(state, round_), timeout=timeout, explain=F.SNAPSHOT,
            what=f"the fight panel to show round {round_} {state}")
    return snap(driver)


def tap(driver: Any, *selectors: str) -> None:
    from selenium.webdriver.common.by import By

    for selector in selectors:
        driver.find_element(By.CSS_SELECTOR, ".chq-widget[data-mode=full] " + selector).click()


def check_round(driver: Any, params: dict[str, Any], state: dict[str, Any], round_: int,
                timeout: float = ENGINE_TIMEOUT_S) -> dict[str, Any]:
    shown = wait_for(driver, "ready", round_, timeout)
    assert F.round_problems(shown, params, state, round_) == []
    return shown


def fits(driver: Any, folder: Path, name: str) -> None:
    """Nothing is wider than the screen, every button is >= 44 px; a screenshot of the panel."""
    assert run_js(driver, "return document.documentElement.scrollWidth <= window.innerWidth")
    assert F.small_targets(snap(driver)) == []
    run_js(driver, "document.querySelector('[data-fight]').scrollIntoView()")
    driver.save_screenshot(str(folder / f"webkit-fight-{name}-ipad.png"))
