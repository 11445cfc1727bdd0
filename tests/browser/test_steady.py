"""Nothing moves when the engine arrives, nor when it fails (Chromium; the WebKit
twin: tests/webkit/test_webkit_steady.py, the story in steady_helpers.py).

The answer shows at once and the player starts tapping; the engine gets ready
seconds later. Its state lives in a box of one size (widget/status.css), so from
the widget's mount until the engine is ready, or has failed, the browser's own
layout-shift entries add up to at most 0.01, and the answer and every control stay
where they first were, on a calculator's page and on a rules page whose card starts
the engine.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.site_helpers import url
from tests.browser.steady_helpers import (
    ENGINE_DONE,
    MOUNT_NOTED,
    MAX_SHIFT,
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

ENGINE_MS = 180_000


def visit(new_context: Any, site_url: str, page_name: str, size: tuple[int, int], failed: bool) -> dict[str, Any]:
    """Open the page, bring its first widget into view, wait until its engine is ready
    (or has failed); the layout shifts and the boxes' notes, taken back at the top."""
    context = new_context(viewport={"width": size[0], "height": size[1]}, service_workers="block")
    context.add_init_script(SHIFTS + RECORDER)
    if failed:  # the engine's files are not there: it fails as the page's answer shows
        context.route("**/assets/engine/**", lambda route: route.fulfill(status=404, body="gone"))
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url(site_url, PAGES[page_name]))
    page.wait_for_function("() => window.__chqBoxes && window.__chqBoxes.notes.length > 0")
    page.evaluate(SCROLL_TO_WIDGET)
    states = page.wait_for_function(ENGINE_DONE, arg=failed, timeout=ENGINE_MS).json_value()
    page.wait_for_function(f"() => {MOUNT_NOTED}")  # taken two frames after the mount
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    shifts = page.evaluate("() => window.__chqShifts")
    page.evaluate("window.scrollTo({top: 0, behavior: 'instant'})")
    page.evaluate("() => window.__chqBoxes.take('done, back at the top')")
    notes = page.evaluate("() => window.__chqBoxes.notes")
    assert errors == []
    return {"states": states, "shifts": shifts, "notes": notes}


@pytest.mark.parametrize("size", [TABLET, PHONE], ids=["tablet", "phone"])
@pytest.mark.parametrize("page_name", list(PAGES))
def test_nothing_moves_as_the_engine_gets_ready(new_context: Any, site_url: str, page_name: str,
                                                size: tuple[int, int]) -> None:
    seen = visit(new_context, site_url, page_name, size, failed=False)
    notes = mounted(seen["notes"])
    assert shift_after(seen["shifts"], notes[0]["at"]) <= MAX_SHIFT, seen["shifts"]
    assert len(notes) >= 3, notes  # mounted, each engine state after, back at the top
    assert moves(notes) == []


@pytest.mark.parametrize("page_name", list(PAGES))
def test_nothing_moves_when_the_engine_fails(new_context: Any, site_url: str, page_name: str) -> None:
    seen = visit(new_context, site_url, page_name, TABLET, failed=True)
    notes = mounted(seen["notes"])
    assert shift_after(seen["shifts"], notes[0]["at"]) <= MAX_SHIFT, seen["shifts"]
    assert moves(notes) == []

