"""A page painted before the site's script has run: a slow tablet, a first visit on a
slow network. The page already has its calculator's layout (theme/script-on.js: the
form, the examples, the answer bar with the build's answer for the starting inputs;
the readings and the table folded), so when the script mounts the widget nothing on
the first screen moves: no control, answer or status line. What the script draws
under the answer (the chart and the working, the two questions after the odds, the
readings and the table) and what follows the calculator on its page come with it,
below what is on the screen. Written once, run in Chromium and in WebKitGTK; the
browser's own layout-shift entries are Chromium's (WebKit has none).

Before theme/script-on.js the page was painted as without JavaScript (the status
line, the readings and the table, open) and the script's mount moved everything under
the status line: a layout shift of 0.51 on a phone, 0.65 on a tablet.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.browser.page_api import ENGINE_S, STEP_S, SitePage
from tests.browser.steady_helpers import MAX_SHIFT, PAGES, PHONE, RECORDER, SHIFTS, TABLET, moves, shift_after


def frames(page: SitePage) -> None:
    """Two frames: what was changed is laid out and painted."""
    page.run("return new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))")


@pytest.mark.parametrize("size", [TABLET, PHONE], ids=["tablet", "phone"])
@pytest.mark.parametrize("page_name", ["close-assault", "spotting"])
def test_nothing_on_the_first_screen_moves_when_the_script_comes_late(
        site_page: Callable[..., SitePage], page_name: str, size: tuple[int, int]) -> None:
    page = site_page(site_script="held")
    page.resize(*size)  # (WebKit: a phone is MiniBrowser's narrowest, 447 px)
    page.open(PAGES[page_name])
    # The page is parsed up to its script (held): what a player sees meanwhile.
    page.wait("return document.querySelector('.md-footer') && document.readyState === 'loading'",
              what="the page parsed up to its held script", timeout=STEP_S)
    page.run(SHIFTS + RECORDER)  # the shifts observed from the page's start (buffered)
    frames(page)
    assert page.run("return document.querySelector('.chq-widget.chq-js') === null"), "mounted already"
    painted = page.run("return window.__chqBoxes.take('painted, the script held')")
    height = page.run("return innerHeight")
    first_screen = {key for key, (_, top, _, _) in painted["boxes"].items() if top < height}
    assert len(first_screen) >= 5, painted["boxes"]
    page.release_site_script()
    page.wait("return document.querySelector('.chq-widget.chq-js[data-engine]') !== null",
              what="the widget mounted", timeout=ENGINE_S)
    frames(page)
    page.run("window.__chqBoxes.take('mounted')")
    notes = page.run("return window.__chqBoxes.notes")
    moved = moves([{**note, "boxes": {k: v for k, v in note["boxes"].items() if k in first_screen}}
                   for note in notes])
    assert moved == [], "\n".join(moved)
    if page.engine == "chromium":
        assert shift_after(page.run("return window.__chqShifts"), 0) <= MAX_SHIFT
    assert page.errors() == []
