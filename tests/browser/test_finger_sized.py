"""Finger-sized targets around the calculators: one story each, run in Chromium and in
WebKitGTK (the page API of tests/browser/page_api.py; the scripts in
finger_sized_helpers.py).

* The links to a calculator in the rules text ("Try it in the calculator") were
  17 px tall: they are 44 px (theme/links.css), and no line of the text moves. The
  page is opened at each size (WebKit's phone is its narrowest window, about 450 px).
* Material's "Back to top" came down over a card's answer bar on a phone: it steps
  aside while it would cover an answer (theme/back-to-top.js).
"""

from __future__ import annotations

from collections.abc import Callable

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
from tests.browser.page_api import SitePage

CARD_MOUNTED = "return Boolean(document.querySelector('.chq-widget[data-engine]'));"


def test_calculator_links_in_the_rules_are_finger_sized(site_page: Callable[..., SitePage]) -> None:
    page = site_page(*TABLET)
    for size in (TABLET, PHONE):
        page.resize(*size)
        page.open(RULES_PAGE)
        page.wait(CARD_MOUNTED, what="the card mounted")
        links = page.run(CALCULATOR_LINKS)
        assert any(link["text"] == "Try it in the calculator" for link in links), links
        assert [link for link in links if link["height"] < MIN_TAP_PX] == [], (page.engine, size)
        assert page.errors() == []


def test_back_to_top_never_covers_the_answer_on_a_phone(site_page: Callable[..., SitePage]) -> None:
    page = site_page(*TABLET)
    page.resize(*PHONE)
    page.open(RULES_PAGE)
    page.wait(CARD_MOUNTED, what="the card mounted")
    under = page.run(ANSWER_UNDER_TOP)
    page.run(f"window.scrollTo({{top: {under + 600}, behavior: 'instant'}})")
    page.frames()
    page.run(f"window.scrollTo({{top: {under}, behavior: 'instant'}})")
    page.wait(TOP_SHOWN, what="Material's Back to top, shown as the reader scrolls up")
    page.frames()
    seen = page.run(COVERED)
    assert seen["covered"] is False, (page.engine, seen)
    assert page.errors() == []
