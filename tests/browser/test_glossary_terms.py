"""Glossary terms at the table: a term opens its definition in place (tap, click,
Enter, Space; hover with a mouse), at body size, inside the screen, with a link to the
full entry and a close button; Escape closes it and focus goes back to the term; one at
a time; a term is a link at most once per section; without JavaScript a plain link.
The built site over HTTP, in Chromium (the open_page fixture: tests/browser/reader_fixtures.py).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.browser.site_helpers import built_pages, page_file
from tests.browser.table_words_helpers import (
    DESKTOP,
    PHONE,
    POPOVER,
    RULES_PAGE,
    TABLET,
    _Sections,
    definitions,
    popover_state,
)


def test_a_term_is_a_link_at_most_once_per_section(built_site: Path) -> None:
    checked = 0
    for path in built_pages(built_site):
        html_file = page_file(built_site, path)
        if not html_file.is_file():
            continue
        parser = _Sections()
        parser.feed(html_file.read_text(encoding="utf-8"))
        for links in parser.counts:
            assert len(links) <= 1, f"{path}: {len(links)} glossary links in one section: {links}"
        checked += sum(map(len, parser.counts))
    assert checked > 10, "no glossary links at all"


def test_a_tap_opens_the_definition_in_place(open_page: Any) -> None:
    page = open_page(RULES_PAGE, PHONE, has_touch=True, is_mobile=True)
    terms = page.locator("article a.chq-term")
    assert terms.count() >= 2
    known = definitions()
    first = terms.nth(0)
    anchor = first.get_attribute("href").rsplit("#", 1)[1]
    before = page.url
    first.scroll_into_view_if_needed()
    first.tap()
    page.wait_for_selector(f"{POPOVER}:not([hidden])")
    shown = popover_state(page)
    assert page.url == before, "the tap left the page"
    assert shown["text"] == known[anchor]
    assert shown["size"] >= 14
    assert shown["left"] >= 0 and shown["right"] <= shown["width"], shown
    assert shown["more"].endswith(f"#{anchor}")
    assert shown["close"][0] >= 44 and shown["close"][1] >= 44
    assert first.get_attribute("aria-expanded") == "true"
    # The full entry is one tap away.
    assert page.locator(f"{POPOVER} .chq-gloss__link").inner_text().startswith("Full entry")
    # A second term: still one pop-over, now the second term's.
    second = terms.nth(1)
    second.scroll_into_view_if_needed()
    second.tap()
    page.wait_for_function(
        "a => document.querySelector('#chq-gloss .chq-gloss__text').textContent === a", arg=known[
            second.get_attribute("href").rsplit("#", 1)[1]])
    shown = popover_state(page)
    assert shown["openBoxes"] == 1 and shown["expanded"] == 1
    assert first.get_attribute("aria-expanded") == "false"
    assert shown["left"] >= 0 and shown["right"] <= shown["width"], shown
    # The close button closes it; focus goes back to the term.
    page.locator(f"{POPOVER} .chq-gloss__close").tap()
    page.wait_for_selector(POPOVER, state="hidden")
    assert page.evaluate("() => document.activeElement.getAttribute('href')") == second.get_attribute("href")
    assert page.chq_errors == []


def test_enter_space_and_escape(open_page: Any) -> None:
    page = open_page(RULES_PAGE, TABLET)
    term = page.locator("article a.chq-term").first
    term.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{POPOVER}:not([hidden])")
    assert popover_state(page)["inside"], "focus did not move into the pop-over"
    page.keyboard.press("Escape")
    page.wait_for_selector(POPOVER, state="hidden")
    assert page.evaluate("() => document.activeElement.classList.contains('chq-term')")
    href = term.get_attribute("href")
    assert page.evaluate("() => document.activeElement.getAttribute('href')") == href
    page.keyboard.press("Space")
    page.wait_for_selector(f"{POPOVER}:not([hidden])")
    # Tab walks the pop-over (the link, the close button), then on past the term.
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.classList.contains('chq-gloss__link')")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.classList.contains('chq-gloss__close')")
    page.keyboard.press("Tab")
    page.wait_for_selector(POPOVER, state="hidden")
    assert page.evaluate("() => document.activeElement.getAttribute('href')") != href
    assert page.chq_errors == []


def test_hover_shows_it_with_a_mouse(open_page: Any) -> None:
    page = open_page(RULES_PAGE, DESKTOP)
    term = page.locator("article a.chq-term").first
    term.hover()
    page.wait_for_selector(f"{POPOVER}:not([hidden])")
    assert popover_state(page)["text"] == term.get_attribute("data-definition")
    assert not popover_state(page)["inside"], "hover must not take the focus"
    page.mouse.move(5, 5)
    page.wait_for_selector(POPOVER, state="hidden")


def test_without_javascript_a_term_is_a_plain_link(open_page: Any) -> None:
    page = open_page(RULES_PAGE, TABLET, java_script_enabled=False)
    term = page.locator("article a.chq-term").first
    href = term.get_attribute("href")
    assert "reference/glossary/#" in href
    term.click()
    page.wait_for_url(re.compile(r"/reference/glossary/#"))
    assert page.url.endswith("#" + href.rsplit("#", 1)[1])
