"""A calculator's page is short and keeps the answer close to the inputs (820x1180),
in Chromium and in WebKitGTK (each story once, on the page API).

* "How this calculator reads the rules" starts closed on a calculator's page (it
  was open: about 3,000 px between the answer and the rest); it is open in the HTML
  (without JavaScript) and while the page is printed.
* Material's floating "Back to top" button, which came down over a preset, a table
  row and the fight's result as the reader scrolled up, covers no control of a
  calculator (it still shows on a rules page, where the test proves it would).
* With a setup pinned, the sticky bar shows A beside B while the reader edits B, and
  the pin button reads "Unpin A". A and B are compared to compute().
* Close Assault's figures say they are the whole fight's (beside "Fight it out"'s
  odds from the round reached on).
* Round "Later" brings "Attacker is suppressed" out of "More options", right under
  Round and in view (tablet and phone); set, with the form behind a sheet, the answer
  bar names it;
  "First" puts it back.

The engine's files are missing: the worked examples' answers are in the page.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from chq_site.widget import permalinks, presentation

from tests.browser.page_api import MAIN, SitePage
from tests.browser.short_page_helpers import (
    ASSUMES,
    BAR,
    FIELD,
    FIGURES,
    READINGS,
    TOP_BUTTON,
    WATCH_PRINT,
    calculator_pages,
    headline_pct,
)
from tests.browser.site_helpers import url
from tests.browser.widgets_helpers import READY_MS, watched_page

SHOWN = f"return ['ready', 'error'].includes(document.querySelector('{MAIN}')?.dataset.state);"


def opened(site_page: Callable[..., SitePage], path: str = "") -> SitePage:
    """A tablet's page without the engine; ``path`` opened, its answer shown."""
    page = site_page(engine_files="missing")
    if path:
        page.open(path)
        page.wait(SHOWN, what=f"{path} answered")
    return page


def test_a_calculator_page_keeps_its_readings_closed_and_no_button_over_a_control(
        site_page: Callable[..., SitePage], built_site: Path) -> None:
    """Each calculator page in turn: its readings open in the HTML, closed once shown
    and small; Material's "Back to top" over no control as the reader scrolls up
    through it (on a rules page it shows: the scroll would bring it); printed, the
    readings open, and closed again after."""
    pages = calculator_pages()
    assert len(pages) >= 5, pages
    page = opened(site_page)
    page.open("rules/close-assault/")
    page.wait("return document.querySelector('.md-top') !== null", what="Material's Back to top")
    assert any(s["shown"] for s in scroll_up_through(page)), \
        "the rules page never showed Material's button: the scroll did not trigger it"
    covered = []
    for path in pages:
        html = (built_site / path / "index.html").read_text(encoding="utf-8")
        assert re.search(r'<details class="chq-readings" open>', html), f"{path}: not open in the HTML"
        page.open(path)
        page.wait(SHOWN, what=f"{path} answered")
        shown = page.call(READINGS)
        assert shown and not shown["open"], f"{path}: the readings start open: {shown}"
        assert shown["height"] < 120, f"{path}: closed readings take {shown['height']} px"
        for stop, state in enumerate(scroll_up_through(page)):
            if state["covers"]:
                covered.append(f"{path}, stop {stop + 1}: covers {state['covers']}")
        page.call(WATCH_PRINT)
        page.print_page()
        assert page.run("return window.__chqPrinted") == [True], f"{path}: printed closed"
        assert page.call(READINGS)["open"] is False, f"{path}: left open after printing"
    assert covered == []
    assert page.errors() == []


def test_closed_readings_print_their_text(browser: Any, site_url: str) -> None:
    """On paper a closed list still shows its text (the print media; Chromium alone
    can be put in it by its driver)."""
    with watched_page(browser, site_url, block_engine=True) as (context, page, log, errors):
        for path in calculator_pages():
            page.goto(url(site_url, path))
            page.wait_for_function(f"() => {{ {SHOWN} }}", timeout=READY_MS)
            page.emulate_media(media="print")
            assert page.evaluate(READINGS)["itemHeight"] > 0, f"{path}: a closed list shows no text on paper"
            page.emulate_media(media="screen")
        assert errors == []
        assert log.off_origin == []


def scroll_up_through(page: SitePage) -> list[dict]:
    """Scroll to the end of the page, then back up a screen at a time (Material shows
    its button when the reader scrolls up); the button at each stop, once the
    scroll is over and the transitions done (Material shows or hides it on the
    scroll's own frame)."""
    page.run("window.scrollTo(0, document.documentElement.scrollHeight)")
    seen = []
    for _ in range(8):
        if page.run("return window.scrollY") <= 0:
            break
        page.wheel(-400)
        page.settle()
        seen.append(page.call(TOP_BUTTON))
    return seen


def test_pinned_setup_shows_a_and_b_in_the_sticky_bar(site_page: Callable[..., SitePage]) -> None:
    mechanic = "close_assault"
    first, second = presentation.PRESETS[mechanic][:2]
    page = opened(site_page, "calculators/close-assault/#" + permalinks.preset_fragment(mechanic, first.id))
    assert page.call(BAR)["pin"] == "Pin as A"
    page.tap(f"{MAIN} [data-action=pin]")
    page.tap(f'{MAIN} .chq-preset[data-preset="{second.id}"]')
    want_a = headline_pct(mechanic, permalinks.preset_values(mechanic, first))
    want_b = headline_pct(mechanic, permalinks.preset_values(mechanic, second))
    page.wait(f"const s = ({BAR})(); return s.a === arguments[0] && s.b === arguments[1];", want_a, want_b,
              what="A and B in the sticky bar")
    # The reader edits B: the form in the middle of the screen, both answers in view.
    page.run(f"document.querySelector('{MAIN} [data-param=att_dice]')"
             ".scrollIntoView({block: 'center', behavior: 'instant'})")
    page.frames()
    bar = page.call(BAR)
    assert bar["pin"] == "Unpin A" and bar["pressed"] == "true", bar
    assert bar["mark"] and bar["barShown"] and bar["aShown"], bar
    assert (bar["a"], bar["b"]) == (want_a, want_b), bar
    page.tap(f"{MAIN} [data-action=pin]")
    bar = page.call(BAR)
    assert bar["pin"] == "Pin as A" and bar["a"] is None and not bar["mark"], bar
    assert page.errors() == []


def test_close_assault_figures_say_whole_fight(site_page: Callable[..., SitePage]) -> None:
    page = opened(site_page, "calculators/close-assault/#"
                  + permalinks.preset_fragment("close_assault", presentation.PRESETS["close_assault"][0].id))
    assert page.call(FIGURES) == {"figures": True, "caption": "The whole fight"}
    assert page.errors() == []


def test_later_round_shows_attacker_suppressed(site_page: Callable[..., SitePage]) -> None:
    """A tap on Round "Later" reveals "Attacker is suppressed" right under Round, in
    view where the tap was, on a tablet and a phone; set, and the form behind a
    question's sheet, the answer bar names it."""
    page = opened(site_page, "calculators/close-assault/")
    for width, height in ((820, 1180), (390, 844)):
        page.resize(width, height)
        before = page.call(FIELD, "att_suppressed")
        assert before["underMore"] and not before["moreOpen"] and not before["visible"], before
        page.run(f"document.querySelector('{MAIN} [data-param=start]')"
                 ".scrollIntoView({block: 'center', behavior: 'instant'})")
        page.tap(f"{MAIN} [data-param=start] label", text="Later")
        later = page.call(FIELD, "att_suppressed")
        assert not later["underMore"] and later["visible"] and later["after"] == "start", later
        assert later["inView"] and not later["moreOpen"], (width, later)
        page.tap(f"{MAIN} [data-param=att_suppressed] label")
        assert "att_suppressed=true" in page.run("return location.hash")
        page.tap(f"{MAIN} [data-view-button=odds]")  # the form behind a sheet: the bar says it
        assert page.call(ASSUMES) == "Also: Round: Later · Attacker is suppressed", width
        page.tap(f"{MAIN} [data-view-button=inputs]")
        page.run(f"document.querySelector('{MAIN} [data-param=start]')"
                 ".scrollIntoView({block: 'center', behavior: 'instant'})")
        page.tap(f"{MAIN} [data-param=att_suppressed] label")
        page.tap(f"{MAIN} [data-param=start] label", text="First")
        back = page.call(FIELD, "att_suppressed")
        assert back["underMore"] and not back["visible"], back
    assert page.errors() == []
