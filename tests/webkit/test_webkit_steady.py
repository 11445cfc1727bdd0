"""WebKit: nothing moves when the engine arrives, nor when it fails (the story of
tests/browser/test_steady.py, from steady_helpers.py).

WebKitGTK makes no layout-shift entries (checked here: should it start to, the
Chromium lane's measure applies); the answer's and every control's boxes, noted
once its widget is mounted and at each change of the engine's state (RECORDER), show
that none moves.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.site_helpers import url
from tests.browser.steady_helpers import (
    ENGINE_DONE,
    MOUNT_NOTED,
    PAGES,
    RECORDER,
    SCROLL_TO_WIDGET,
    TABLET,
    mounted,
    moves,
)
from tests.webkit.driver import ENGINE_TIMEOUT_S, page_errors, run_js, wait_js
from tests.webkit.probe import ProbeServer
from tests.webkit.webkit_fixtures import ENGINE_PATH


@pytest.fixture(scope="module")
def recorded_site(built_site: Path) -> Iterator[str]:
    """The built site with the box recorder at the top of every page."""
    with ProbeServer(built_site, extra=RECORDER) as server:
        yield server.origin + "/"


@pytest.fixture(scope="module")
def recorded_engineless_site(built_site: Path) -> Iterator[str]:
    """As ``recorded_site``, the engine's files answered 404: the engine fails."""
    with ProbeServer(built_site, extra=RECORDER, blocked=[ENGINE_PATH]) as server:
        yield server.origin + "/"


def notes_until_done(driver: Any, base: str, page_name: str, failed: bool) -> list[dict[str, Any]]:
    """Open the page, bring its first widget into view, wait for its engine; the
    boxes' notes, the last taken back at the top."""
    driver.get(url(base, PAGES[page_name]))
    wait_js(driver, "return window.__chqBoxes && window.__chqBoxes.notes.length > 0", what="the first note")
    run_js(driver, SCROLL_TO_WIDGET)
    wait_js(driver, f"return ({ENGINE_DONE})(arguments[0])", failed, timeout=ENGINE_TIMEOUT_S,
            what="the engine " + ("to fail" if failed else "to be ready"))
    # The mount's note is taken two frames after it: an engine that fails at once can be
    # done before then.
    wait_js(driver, f"return {MOUNT_NOTED}", what="the note of the widget's mount")
    run_js(driver, "window.scrollTo({top: 0, behavior: 'instant'}); window.__chqBoxes.take('done, back at the top')")
    assert page_errors(driver) == []
    return mounted(list(run_js(driver, "return window.__chqBoxes.notes")))


def test_webkit_makes_no_layout_shift_entries(new_webkit: Any, recorded_site: str) -> None:
    driver = new_webkit(*TABLET)
    driver.get(url(recorded_site, PAGES["spotting"]))
    assert run_js(driver, "return PerformanceObserver.supportedEntryTypes.includes('layout-shift')") is False


@pytest.mark.parametrize("page_name", list(PAGES))
def test_nothing_moves_as_the_engine_gets_ready(new_webkit: Any, recorded_site: str, page_name: str) -> None:
    notes = notes_until_done(new_webkit(*TABLET), recorded_site, page_name, failed=False)
    assert len(notes) >= 3, notes
    assert moves(notes) == []


def test_nothing_moves_when_the_engine_fails(new_webkit: Any, recorded_engineless_site: str) -> None:
    notes = notes_until_done(new_webkit(*TABLET), recorded_engineless_site, "close-assault", failed=True)
    assert moves(notes) == []
