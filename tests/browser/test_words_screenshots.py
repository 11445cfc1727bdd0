"""Screenshots of the words at the table: a rules page with a glossary pop-over open,
and each calculator page with the engine's answer (its top, then the answer with its
chart), at 820x1180 and 390x844, light and dark (``.artifacts/screenshots/words-*.png``);
no calculator page scrolls sideways. Each calculator is reached from the one before by a
link, as a player moves (Material's instant navigation): one engine start serves them
all."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.page_scripts import follow_link
from tests.browser.site_helpers import url
from tests.browser.table_words_helpers import (
    MAIN,
    NO_TRANSITIONS,
    PAGES,
    PHONE,
    POPOVER,
    READY_MS,
    RULES_PAGE,
    TABLET,
    set_scheme,
)

HEADER_NAMES_THE_PAGE = "document.querySelector('.md-header__title').classList.contains('md-header__title--active')"


def add_sheet(page: Any, css: str) -> None:
    """``css`` over the page's own styles: a constructed stylesheet (the site's policy
    refuses a <style> it did not write, which ``add_style_tag`` would add)."""
    page.evaluate("(css) => { const sheet = new CSSStyleSheet(); sheet.replaceSync(css);"
                  " document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]; }", css)


@pytest.mark.parametrize("viewport", [TABLET, PHONE], ids=["820x1180", "390x844"])
def test_screenshots(open_page: Any, artifacts: Path, viewport: dict[str, int]) -> None:
    folder = artifacts / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    size = f"{viewport['width']}x{viewport['height']}"
    page = open_page(RULES_PAGE, viewport, has_touch=True, is_mobile=viewport["width"] < 500)
    add_sheet(page, NO_TRANSITIONS)
    page.wait_for_function("() => document.querySelector('article a.chq-term').hasAttribute('aria-expanded')")
    term = page.locator("article a.chq-term").nth(1)
    term.scroll_into_view_if_needed()
    term.tap()
    page.wait_for_selector(f"{POPOVER}:not([hidden])")
    for scheme, name in (("default", "light"), ("slate", "dark")):
        set_scheme(page, scheme)
        page.screenshot(path=str(folder / f"words-glossary-popover-{size}-{name}.png"))
    for mechanic, path in PAGES.items():
        follow_link(page, url(page.chq_base, path))
        add_sheet(page, NO_TRANSITIONS)  # (the new page's head is its own)
        page.wait_for_function(
            "() => { const r = document.querySelector('.chq-widget[data-mode=full]');"
            " return r && r.dataset.state === 'ready' && r.dataset.engine === 'ready'"
            " && r.dataset.source === 'engine'; }", timeout=READY_MS)
        assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth"), mechanic
        # What the screen shows (a full-page capture draws the sticky headline at the
        # first screen's foot): the top, then the answer with its chart.
        # The header names the site at the top and the page once its title is scrolled
        # past (Material swaps them a frame after the scroll): the capture waits for it.
        for scheme, name in (("default", "light"), ("slate", "dark")):
            set_scheme(page, scheme)
            page.evaluate("() => window.scrollTo(0, 0)")
            page.wait_for_function(f"() => !{HEADER_NAMES_THE_PAGE}")
            page.screenshot(path=str(folder / f"words-{path.split('/')[1]}-{size}-{name}-top.png"))
            page.locator(f"{MAIN} .chq-output").evaluate(  # just under the site's header
                "e => window.scrollTo(0, e.getBoundingClientRect().top + scrollY - 64)")
            page.wait_for_function(f"() => {HEADER_NAMES_THE_PAGE}")
            page.screenshot(path=str(folder / f"words-{path.split('/')[1]}-{size}-{name}-answer.png"))
    assert page.chq_errors == []
