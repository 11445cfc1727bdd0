"""The fight panel driven through WebDriver, for test_webkit_permalink_words.py (the
fight's own stories are test_fight.py's, on the page API in both engines)."""

from __future__ import annotations

from typing import Any

from tests.browser import fight_helpers as F
from tests.webkit.driver import ENGINE_TIMEOUT_S, STEP_TIMEOUT_S, run_js, wait_js


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
