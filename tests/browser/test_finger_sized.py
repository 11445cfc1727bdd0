"""Finger-sized targets around the calculators (Chromium; the WebKit twin:
tests/webkit/test_webkit_finger_sized.py, the story in finger_sized_helpers.py).

* The links to a calculator in the rules text ("Try it in the calculator") were
  17 px tall: they are 44 px (theme/links.css), and no line of the text moves.
* Material's "Back to top" came down over a card's answer bar on a phone: it steps
  aside while it would cover an answer (theme/back-to-top.js).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.finger_sized_helpers import (
    ANSWER_UNDER_TOP,
    CALCULATOR_LINKS,
    COVERED,
    MIN_TAP_PX,
    PHONE,
    RULES_PAGE,
    TABLET,
    TOP_SHOWN,
    as_function,
)
from tests.browser.site_helpers import url

FRAMES = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"


def rules_page(new_context: Any, site_url: str, size: tuple[int, int]) -> Any:
    context = new_context(viewport={"width": size[0], "height": size[1]}, service_workers="block")
    page = context.new_page()
    page.goto(url(site_url, RULES_PAGE))
    page.wait_for_selector(".chq-widget[data-engine]")
    return page


@pytest.mark.parametrize("size", [TABLET, PHONE], ids=["tablet", "phone"])
def test_calculator_links_in_the_rules_are_finger_sized(new_context: Any, site_url: str,
                                                        size: tuple[int, int]) -> None:
    page = rules_page(new_context, site_url, size)
    links = page.evaluate(as_function(CALCULATOR_LINKS))
    assert any(link["text"] == "Try it in the calculator" for link in links), links
    assert [link for link in links if link["height"] < MIN_TAP_PX] == []


def test_back_to_top_never_covers_the_answer_on_a_phone(new_context: Any, site_url: str) -> None:
    page = rules_page(new_context, site_url, PHONE)
    under = page.evaluate(as_function(ANSWER_UNDER_TOP))
    page.evaluate(f"window.scrollTo({{top: {under + 600}, behavior: 'instant'}})")
    page.evaluate(FRAMES)
    page.evaluate(f"window.scrollTo({{top: {under}, behavior: 'instant'}})")
    page.wait_for_function(as_function(TOP_SHOWN))  # Material shows it as the reader scrolls up
    page.evaluate(FRAMES)
    seen = page.evaluate(as_function(COVERED))
    assert seen["covered"] is False, seen
