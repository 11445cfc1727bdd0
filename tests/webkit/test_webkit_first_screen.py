"""Calculator first, in WebKit (Safari's engine): every calculator page opens with its
answer and its first input on a phone's first screen (WebKit's narrowest window, about
450 px wide, 844 px tall) and with the answer and every main input on a tablet's
(820x1180), its engine still loading (the build's answer shows), as in Chromium
(tests/browser/test_first_screen.py)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.first_screen_helpers import (
    CALCULATOR_PAGES,
    FIRST_SCREEN,
    PHONE,
    TABLET,
    first_screen_problems,
)
from tests.browser.site_helpers import url
from tests.webkit.driver import ENGINE_TIMEOUT_S, narrowest_viewport, page_errors, set_viewport, wait_js


@pytest.mark.parametrize("size", [PHONE, TABLET], ids=["phone", "tablet"])
def test_the_answer_and_the_inputs_are_on_the_first_screen(
        stalled_engine_site: str, new_webkit: Any, size: tuple[int, int]) -> None:
    driver = new_webkit(*TABLET)
    if size == PHONE:
        narrowest_viewport(driver, *size)
    else:
        set_viewport(driver, *size)
    problems: list[str] = []
    for path in CALCULATOR_PAGES.values():
        driver.get(url(stalled_engine_site, path))
        shown = wait_js(driver, FIRST_SCREEN, timeout=ENGINE_TIMEOUT_S, what=f"/{path}: the build's answer")
        problems += first_screen_problems(shown, path, tablet=size == TABLET)
        assert page_errors(driver) == [], path
    assert problems == []
