"""Nothing moves when the engine arrives, nor when it fails: one story each, run in
Chromium and in WebKitGTK (the page API of tests/browser/page_api.py; the recorder and
the measures in steady_helpers.py).

The answer shows at once and the player starts tapping; the engine gets ready
seconds later. Its state lives in a box of one size (widget/status.css), so from
the widget's mount until the engine is ready, or has failed, the answer and every
control stay where they first were (the boxes RECORDER notes), on a calculator's page
and on a rules page whose card starts the engine, on a tablet and a phone (WebKit's
phone: its narrowest window, about 450 px).

The browser's own layout-shift entries add up to at most 0.01 from the mount on:
a measure Chromium alone makes. WebKitGTK makes no such entries; its lane checks that
it still makes none (should it start to, the measure applies to it too).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.browser.card_helpers import (
    ENGINE_FAILED_EVERYWHERE,
    READER_AFTER_THE_CARDS,
    READER_AND_CARDS,
    cards_after_engine_failure,
)
from tests.browser.page_api import ENGINE_S, SitePage
from tests.browser.steady_helpers import (
    ENGINE_DONE,
    MAX_SHIFT,
    MOUNT_NOTED,
    PAGES,
    PHONE,
    RECORDER,
    SCROLL_TO_WIDGET,
    SHIFTS,
    TABLET,
    mounted,
    moves,
    shift_after,
)

# How far the paragraph a reader is on may move while a rules page's cards learn
# that the engine failed (their status lines may grow by a line each; the tables they
# must not open would add ~1,600 px). WebKit has no scroll anchoring: what grows
# above the reader moves the text.
READER_SLACK_PX = {"chromium": 60, "webkit": 100}


def visit(site_page: Callable[..., SitePage], page_name: str, size: tuple[int, int],
          failed: bool) -> list[dict[str, Any]]:
    """Open the page, bring its first widget into view, wait until its engine is ready
    (or has failed); its layout shifts checked (check_shifts), the boxes' notes from the
    mount on, the last taken back at the top."""
    page = site_page(*size, engine_files="missing" if failed else "served", init_script=SHIFTS + RECORDER)
    page.open(PAGES[page_name])
    page.wait("return window.__chqBoxes && window.__chqBoxes.notes.length > 0", what="the first note")
    page.run(SCROLL_TO_WIDGET)
    page.wait(f"return ({ENGINE_DONE})(arguments[0])", failed, timeout=ENGINE_S,
              what="the engine " + ("to fail" if failed else "to be ready"))
    # The mount's note is taken two frames after it: an engine that fails at once can be
    # done before then.
    page.wait(f"return {MOUNT_NOTED}", what="the note of the widget's mount")
    page.frames()
    notes = mounted(list(page.run("return window.__chqBoxes.notes")))
    check_shifts(page, notes[0]["at"])
    page.run("window.scrollTo({top: 0, behavior: 'instant'}); window.__chqBoxes.take('done, back at the top')")
    assert page.errors() == []
    return mounted(list(page.run("return window.__chqBoxes.notes")))


def check_shifts(page: SitePage, start: float) -> None:
    """Chromium: the layout shift from the mount on is at most MAX_SHIFT. WebKitGTK:
    it makes no layout-shift entries to measure."""
    supported = page.run("return PerformanceObserver.supportedEntryTypes.includes('layout-shift')")
    assert supported is (page.engine == "chromium"), (page.engine, supported)
    shifts = page.run("return window.__chqShifts")
    assert shift_after(shifts, start) <= MAX_SHIFT, shifts


@pytest.mark.parametrize("size", [TABLET, PHONE], ids=["tablet", "phone"])
@pytest.mark.parametrize("page_name", list(PAGES))
def test_nothing_moves_as_the_engine_gets_ready(site_page: Callable[..., SitePage], page_name: str,
                                                size: tuple[int, int]) -> None:
    notes = visit(site_page, page_name, size, failed=False)
    assert len(notes) >= 3, notes  # mounted, each engine state after, back at the top
    assert moves(notes) == []


@pytest.mark.parametrize("page_name", list(PAGES))
def test_nothing_moves_when_the_engine_fails(site_page: Callable[..., SitePage], page_name: str) -> None:
    notes = visit(site_page, page_name, TABLET, failed=True)
    assert moves(notes) == []


def test_a_rules_pages_cards_say_the_engine_failed_and_the_reader_stays(
        site_page: Callable[..., SitePage]) -> None:
    """A reader scrolls down a rules page with three cards while the engine cannot
    load: the failure reaches every card at once; each says so and where its table
    is, none opens its table (300-700 px each), and the paragraph the reader is on
    stays where it was on the screen."""
    page = site_page(engine_files="missing")
    page.open("rules/blinds/")
    page.wait("return document.querySelectorAll('.chq-widget[data-mode=compact]').length >= 3",
              what="the rules page's cards")
    place = page.run(f"return ({READER_AFTER_THE_CARDS})()")
    page.wait(f"return ({ENGINE_FAILED_EVERYWHERE})()", timeout=ENGINE_S,
              what="every card to say the engine failed (its files are 404 here)")
    page.frames()
    shown = page.run(f"return ({READER_AND_CARDS})()")
    assert abs(shown["top"] - place) < READER_SLACK_PX[page.engine], \
        f"the reader's paragraph moved from {place:.0f} to {shown['top']:.0f} px"
    assert cards_after_engine_failure(shown["cards"]) == []
    assert page.errors() == []
