"""Every figure readable, in WebKit (Safari's engine), Pyodide and all: the stories
of tests/browser/test_readable.py (written once in readable_helpers.py).

* A tap on the answer opens its exact value under the percentage, which stays.
* Compare on a phone: A and B on one line of a low bar, B − A as the figures shown,
  no bar for a row A cannot reach.
* At a phone's width every table of every page fits its box or says it scrolls
  sideways, and none scrolls the page.

MiniBrowser's window goes down to about 450 px, not 390: the phone here is the
narrowest it allows (still a phone's single column).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from selenium.webdriver.common.by import By

from tests.browser.readable_helpers import (
    COMPARE_A,
    COMPARE_SHOWN,
    EXACT_CLOSED,
    EXACT_SHOWN,
    LONG,
    MAIN,
    RANGE,
    TABLES,
    TABLES_NOW,
    check_compare,
    check_exact,
    check_tables,
    exact_wanted,
    wrapped,
)
from tests.browser.site_helpers import built_pages, url
from tests.browser.widgets_helpers import PAGES, fragment
from tests.webkit.driver import (
    ENGINE_TIMEOUT_S,
    STEP_TIMEOUT_S,
    narrowest_viewport,
    page_errors,
    run_js,
    wait_js,
)

PHONE = (390, 844)
TABLET = (820, 1180)
# The main widget shows the engine's whole answer for these inputs.
ANSWERED = """want => {
    const r = document.querySelector('.chq-widget[data-mode=full]');
    if (!r || r.dataset.state !== 'ready' || r.dataset.source !== 'engine' || !r.dataset.result) return false;
    const inputs = JSON.parse(r.dataset.result).inputs;
    return Object.keys(want).every(k => JSON.stringify(inputs[k]) === JSON.stringify(want[k]));
}"""


def tap(driver: Any, selector: str) -> None:
    """Tap ``selector`` in the middle of the screen (not under the sticky answer bar)."""
    element = driver.find_element(By.CSS_SELECTOR, selector)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center', behavior: 'instant'})", element)
    element.click()


def phone(new_webkit: Any) -> Any:
    driver = new_webkit(*TABLET)
    narrowest_viewport(driver, *PHONE)
    return driver


def test_the_exact_value_opens_beside_the_percentage_in_webkit(probe_site: str, new_webkit: Any) -> None:
    driver = phone(new_webkit)
    for mechanic, params in (("close_assault", LONG), ("shell_then_assault", RANGE)):
        driver.get(url(probe_site, PAGES[mechanic]) + "#" + fragment(params))
        wait_js(driver, wrapped(ANSWERED), params, timeout=ENGINE_TIMEOUT_S, what=f"{mechanic}: the engine's answer")
        tap(driver, f"{MAIN} > .chq-output button[data-headline]")
        snap = wait_js(driver, wrapped(EXACT_SHOWN), None, what=f"{mechanic}: the exact value, open")
        print(f"\nWebKit {mechanic}: {snap['headline']} | {snap['exact']}")
        check_exact(snap, mechanic, params)
        tap(driver, f"{MAIN} > .chq-output button[data-headline]")
        closed = wait_js(driver, wrapped(EXACT_CLOSED), None, what=f"{mechanic}: the exact value, closed")
        assert closed == {"headline": exact_wanted(mechanic, params)[0], "open": False}, closed
        assert page_errors(driver) == []


def test_compare_on_a_phone_in_webkit(probe_site: str, new_webkit: Any) -> None:
    driver = phone(new_webkit)
    driver.get(url(probe_site, PAGES["close_assault"]) + "#" + fragment(COMPARE_A))
    wait_js(driver, wrapped(ANSWERED), COMPARE_A, timeout=ENGINE_TIMEOUT_S, what="A's answer from the engine")
    tap(driver, f'{MAIN} [data-action="pin"]')
    tap(driver, f'{MAIN} [data-param="att_dice"] .chq-step[data-step="1"]')
    snap = wait_js(driver, wrapped(COMPARE_SHOWN), 6, timeout=ENGINE_TIMEOUT_S, what="A and B compared")
    print(f"\nWebKit compare at {run_js(driver, 'return innerWidth')} px: A {snap['a']} B {snap['b']},"
          f" bar {snap['bar']:.0f} px, B - A {snap['diff']}")
    check_compare(snap)
    assert page_errors(driver) == []


def test_every_table_fits_or_says_it_scrolls_in_webkit(built_site: Path, probe_site: str, new_webkit: Any) -> None:
    driver = phone(new_webkit)
    problems: list[str] = []
    scrolling = 0
    for path in built_pages(built_site):
        driver.get(url(probe_site, path))
        if run_js(driver, "return Boolean(document.querySelector(arguments[0]))", MAIN):
            wait_js(driver, "const r = document.querySelector(arguments[0]); return r.dataset.engine === 'ready'"
                            " && r.dataset.state === 'ready' && !JSON.parse(r.dataset.result).partial;",
                    MAIN, timeout=ENGINE_TIMEOUT_S, what=f"{path}: the engine's whole answer")
        else:
            wait_js(driver, "return [...document.querySelectorAll('[data-calculator]')].every(r =>"
                            " r.dataset.state === 'ready' || r.dataset.state === 'error');",
                    timeout=ENGINE_TIMEOUT_S, what=f"{path}: its cards answered")
        snap = wait_js(driver, wrapped(TABLES), None, timeout=STEP_TIMEOUT_S, what=f"{path}: every wide table's cue",
                       explain=wrapped(TABLES_NOW))
        problems += check_tables(snap, path)
        scrolling += sum(t["wide"] for t in snap["tables"])
        assert page_errors(driver) == [], path
    print(f"\nWebKit at {run_js(driver, 'return innerWidth')} px: {scrolling} tables scroll in their box with the cue")
    assert scrolling, "no table was wide: the check checked nothing"
    assert problems == []
