"""WebKit: finger-sized targets around the calculators (the stories of
tests/browser/test_finger_sized.py, from finger_sized_helpers.py)."""

from __future__ import annotations

from typing import Any

from tests.browser.finger_sized_helpers import (
    ANSWER_UNDER_TOP,
    CALCULATOR_LINKS,
    COVERED,
    MIN_TAP_PX,
    PHONE,
    RULES_PAGE,
    TABLET,
    TOP_SHOWN,
)
from tests.browser.site_helpers import url
from tests.webkit.driver import narrowest_viewport, page_errors, run_js, wait_js

FRAMES = ("const done = arguments[arguments.length - 1];"
          " requestAnimationFrame(() => requestAnimationFrame(() => done(true)));")


def rules_page(driver: Any, base: str) -> None:
    driver.get(url(base, RULES_PAGE))
    wait_js(driver, "return Boolean(document.querySelector('.chq-widget[data-engine]'))", what="the card mounted")


def test_calculator_links_in_the_rules_are_finger_sized(new_webkit: Any, probe_site: str) -> None:
    driver = new_webkit(*TABLET)
    rules_page(driver, probe_site)
    for size in (TABLET, PHONE):
        narrowest_viewport(driver, *size)
        links = run_js(driver, CALCULATOR_LINKS)
        assert any(link["text"] == "Try it in the calculator" for link in links), links
        assert [link for link in links if link["height"] < MIN_TAP_PX] == [], size
    assert page_errors(driver) == []


def test_back_to_top_never_covers_the_answer_on_a_phone(new_webkit: Any, probe_site: str) -> None:
    driver = new_webkit(*TABLET)
    narrowest_viewport(driver, *PHONE)
    rules_page(driver, probe_site)
    under = run_js(driver, ANSWER_UNDER_TOP)
    run_js(driver, f"window.scrollTo({{top: {under + 600}, behavior: 'instant'}})")
    driver.execute_async_script(FRAMES)
    run_js(driver, f"window.scrollTo({{top: {under}, behavior: 'instant'}})")
    wait_js(driver, TOP_SHOWN, what="Material's Back to top, shown as the reader scrolls up")
    driver.execute_async_script(FRAMES)
    seen = run_js(driver, COVERED)
    assert seen["covered"] is False, seen
    assert page_errors(driver) == []
