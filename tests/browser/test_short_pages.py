"""A calculator's page is short and keeps the answer close to the inputs (820x1180).

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
* Round "Later" brings "Attacker is suppressed" out of "More options"; "First" puts
  it back.

The engine's files are blocked: the worked examples' answers are in the page.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from chq_site.widget import permalinks, presentation

from tests.browser.card_helpers import (
    wait_for_animations,
    wheel,
)
from tests.browser.short_page_helpers import (
    BAR,
    FIELD,
    FIGURES,
    READINGS,
    TOP_BUTTON,
    WATCH_PRINT,
    calculator_pages,
    headline_pct,
)
from tests.browser.site_helpers import (
    url,
)
from tests.browser.widgets_helpers import READY_MS, watched_page

MAIN = ".chq-widget[data-mode=full]"
SHOWN = f"() => ['ready', 'error'].includes(document.querySelector('{MAIN}')?.dataset.state)"


def test_readings_start_closed_and_open_in_print_and_without_script(
        browser: Any, site_url: str, built_site: Path) -> None:
    pages = calculator_pages()
    assert len(pages) >= 5, pages
    with watched_page(browser, site_url, block_engine=True) as (context, page, log, errors):
        for path in pages:
            html = (built_site / path / "index.html").read_text(encoding="utf-8")
            assert re.search(r'<details class="chq-readings" open>', html), f"{path}: not open in the HTML"
            page.goto(url(site_url, path))
            page.wait_for_function(SHOWN, timeout=READY_MS)
            shown = page.evaluate(READINGS)
            assert shown and not shown["open"], f"{path}: the readings start open: {shown}"
            assert shown["height"] < 120, f"{path}: closed readings take {shown['height']} px"
            page.evaluate(WATCH_PRINT)
            page.pdf()  # a real print: beforeprint, the print media, afterprint
            assert page.evaluate("() => window.__chqPrinted") == [True], f"{path}: printed closed"
            assert page.evaluate(READINGS)["open"] is False, f"{path}: left open after printing"
            page.emulate_media(media="print")
            assert page.evaluate(READINGS)["itemHeight"] > 0, f"{path}: a closed list shows no text on paper"
            page.emulate_media(media="screen")
        assert errors == []
        assert log.off_origin == []


def scroll_up_through(page: Any) -> list[dict]:
    """Scroll to the end of the page, then back up with the wheel a screen at a time
    (Material shows its button when the reader scrolls up); the button at each stop."""
    page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
    page.mouse.move(3, 600)
    seen = []
    for _ in range(8):
        before = page.evaluate("() => window.scrollY")
        if before <= 0:
            break
        # Material shows or hides its button on the scroll's own frame (its transition
        # aside): read it once the wheel's scroll is over and the transitions done.
        wheel(page, -400)
        wait_for_animations(page, polling="raf", timeout=10_000)
        seen.append(page.evaluate(TOP_BUTTON))
    return seen


def test_back_to_top_covers_no_control(browser: Any, site_url: str) -> None:
    with watched_page(browser, site_url, block_engine=True) as (context, page, log, errors):
        page.goto(url(site_url, "rules/close-assault/"))
        page.wait_for_function("() => document.querySelector('.md-top')", timeout=READY_MS)
        assert any(s["shown"] for s in scroll_up_through(page)), \
            "the rules page never showed Material's button: the scroll did not trigger it"
        problems = []
        for path in calculator_pages():
            page.goto(url(site_url, path))
            page.wait_for_function(SHOWN, timeout=READY_MS)
            for stop, state in enumerate(scroll_up_through(page)):
                if state["covers"]:
                    problems.append(f"{path}, stop {stop + 1}: covers {state['covers']}")
        assert problems == []
        assert errors == []


def test_pinned_setup_shows_a_and_b_in_the_sticky_bar(browser: Any, site_url: str) -> None:
    mechanic = "close_assault"
    first, second = presentation.PRESETS[mechanic][:2]
    a = permalinks.preset_values(mechanic, first)
    b = permalinks.preset_values(mechanic, second)
    with watched_page(browser, site_url, block_engine=True) as (context, page, log, errors):
        page.goto(url(site_url, "calculators/close-assault/") + "#" + permalinks.preset_fragment(mechanic, first.id))
        page.wait_for_function(SHOWN, timeout=READY_MS)
        assert page.evaluate(BAR)["pin"] == "Pin as A"
        page.locator(f"{MAIN} [data-action=pin]").click()
        page.locator(f'{MAIN} .chq-preset[data-preset="{second.id}"]').click()
        want_a, want_b = headline_pct(mechanic, a), headline_pct(mechanic, b)
        page.wait_for_function(
            f"want => {{ const s = ({BAR})(); return s.a === want[0] && s.b === want[1]; }}",
            arg=[want_a, want_b], timeout=READY_MS)
        # The reader edits B: the form in the middle of the screen, both answers in view.
        page.locator(f"{MAIN} [data-param=att_dice]").evaluate(
            "e => e.scrollIntoView({block: 'center', behavior: 'instant'})")
        bar = page.evaluate(BAR)
        assert bar["pin"] == "Unpin A" and bar["pressed"] == "true", bar
        assert bar["mark"] and bar["barShown"] and bar["aShown"], bar
        assert (bar["a"], bar["b"]) == (want_a, want_b), bar
        page.locator(f"{MAIN} [data-action=pin]").click()
        bar = page.evaluate(BAR)
        assert bar["pin"] == "Pin as A" and bar["a"] is None and not bar["mark"], bar
        assert errors == []


def test_close_assault_figures_say_whole_fight(browser: Any, site_url: str) -> None:
    with watched_page(browser, site_url, block_engine=True) as (context, page, log, errors):
        page.goto(url(site_url, "calculators/close-assault/") + "#"
                  + permalinks.preset_fragment("close_assault", presentation.PRESETS["close_assault"][0].id))
        page.wait_for_function(SHOWN, timeout=READY_MS)
        shown = page.evaluate(FIGURES)
        assert shown == {"figures": True, "caption": "The whole fight"}, shown
        assert errors == []


def test_later_round_shows_attacker_suppressed(browser: Any, site_url: str) -> None:
    with watched_page(browser, site_url, block_engine=True) as (context, page, log, errors):
        page.goto(url(site_url, "calculators/close-assault/"))
        page.wait_for_function(SHOWN, timeout=READY_MS)
        before = page.evaluate(FIELD, "att_suppressed")
        assert before["underMore"] and not before["moreOpen"] and not before["visible"], before
        page.locator(f"{MAIN} [data-param=start] label", has_text="Later").click()
        later = page.evaluate(FIELD, "att_suppressed")
        assert not later["underMore"] and later["visible"] and later["group"] == "Attacker", later
        assert not later["moreOpen"], later
        page.locator(f"{MAIN} [data-param=att_suppressed] label").first.click()
        assert "att_suppressed=true" in page.evaluate("() => location.hash")
        page.locator(f"{MAIN} [data-param=start] label", has_text="First").click()
        back = page.evaluate(FIELD, "att_suppressed")
        assert back["underMore"] and not back["visible"], back
        assert errors == []
