"""In WebKit (Safari's engine), 820x1180: a tap on a Try-it link lands on the
calculator's answer and Back returns to the link; a calculator's page is short, its
answer close to the inputs. The Chromium tests say why
(tests/browser/test_tryit_landing.py, tests/browser/test_short_pages.py); these use
the same page scripts (landing_helpers, short_page_helpers).

* Every Try-it link in the rules' text (landing_helpers.permalink_links, from the
  built HTML: at least one on each of rules/blinds, rules/artillery and
  rules/close-assault), scrolled onto and tapped at once, then Back. (The cards'
  "Open in calculator" links are the same mechanism; the Chromium lane taps them.)
* The readings start closed and open for printing (WebDriver cannot print: the
  page's own beforeprint and afterprint events are sent to it).
* Material's "Back to top" covers no control while the reader scrolls up.
* Pinned: A and B in the sticky bar, "Unpin A"; Close Assault's "The whole fight";
  Round "Later" shows "Attacker is suppressed".

The engine's files are answered 404: the worked examples' answers are in the page.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from chq_site.widget import permalinks, presentation
from selenium.webdriver.common.by import By

from tests.browser.landing_helpers import (
    HEADLINE,
    MARK,
    PAGE_READY,
    QUIET_MS,
    QUIET_PROBE,
    SETTLED,
    STILL,
    WHEEL,
    WHERE_LINK,
    calculator_of,
    landing_problems,
    permalink_links,
)
from tests.browser.short_page_helpers import (
    BAR,
    FIELD,
    FIGURES,
    READINGS,
    TOP_BUTTON,
    calculator_pages,
    headline_pct,
)
from tests.browser.site_helpers import url
from tests.webkit.driver import page_errors, run_js, wait_js
from tests.webkit.probe import ProbeServer
from tests.webkit.webkit_fixtures import ENGINE_PATH

TABLET = (820, 1180)
MAIN = ".chq-widget[data-mode=full]"
PAGES_WITH_TRY_IT = ("rules/blinds/", "rules/artillery/", "rules/close-assault/")
SHOWN = (f"const r = document.querySelector('{MAIN}');"
         " return Boolean(r) && ['ready', 'error'].includes(r.dataset.state);")


def call(driver: Any, fn: str, arg: Any = None) -> Any:
    """One of the shared page functions, called with ``arg``."""
    return run_js(driver, f"return ({fn})(arguments[0]);", arg)


def wait_for(driver: Any, fn: str, arg: Any = None, what: str = "") -> Any:
    return wait_js(driver, f"return ({fn})(arguments[0]);", arg, what=what)


@pytest.fixture(scope="module")
def quiet_site(built_site: Path) -> Iterator[str]:
    """The built site with the probe and the quiet probe in every page, no engine."""
    with ProbeServer(built_site, extra=QUIET_PROBE, blocked=[ENGINE_PATH]) as server:
        yield server.origin + "/"


def test_try_it_links_land_on_the_answer_and_back_in_webkit(
        quiet_site: str, built_site: Path, new_webkit: Any) -> None:
    links = [link for link in permalink_links(built_site) if link.kind == "text"]
    assert set(PAGES_WITH_TRY_IT) <= {link.page for link in links}, links
    driver = new_webkit(*TABLET)
    failures = []
    for link in links:
        driver.get(url(quiet_site, link.page))
        wait_for(driver, f"() => ({PAGE_READY})().ready", what=f"{link.page} ready")
        arg = {"kind": link.kind, "index": link.index, "wheel": WHEEL}
        call(driver, MARK, arg)
        wait_for(driver, SETTLED, {"path": link.page, "widgets": 0, "quiet": QUIET_MS}, f"{link.page} still")
        call(driver, MARK, arg)  # again: WebKit has no scroll anchoring, and the cards' lines changed
        before_y = run_js(driver, "return window.scrollY")
        run_js(driver, f"window.scrollBy({{top: {WHEEL}, behavior: 'smooth'}})")
        wait_for(driver, STILL, before_y, "the scroll onto the link")
        before = call(driver, WHERE_LINK)
        assert before["shown"], f"{link}: not on screen before the tap: {before}"
        title = driver.title
        tapped = run_js(driver, "return document.querySelector('[data-land-target]').href")
        driver.find_element(By.CSS_SELECTOR, "[data-land-target]").click()
        target = calculator_of(tapped)
        wait_for(driver, SETTLED, {"path": target, "widgets": 1, "quiet": QUIET_MS}, f"{target} settled")
        landed = call(driver, HEADLINE)
        driver.back()
        wait_for(driver, SETTLED, {"path": link.page, "widgets": 0, "quiet": QUIET_MS, "title": title},
                 "back settled")
        after = call(driver, WHERE_LINK, {"kind": link.kind, "index": link.index})
        found = landing_problems(link, tapped, landed, before, after)
        if found:
            failures.append(f"{link} -> {tapped}: " + "; ".join(found))
    assert failures == [], "\n".join(failures)
    assert page_errors(driver) == []


def test_calculator_page_short_in_webkit(quiet_site: str, new_webkit: Any) -> None:
    driver = new_webkit(*TABLET)
    covering = []
    for path in calculator_pages():
        driver.get(url(quiet_site, path))
        wait_js(driver, SHOWN, what=f"{path} answered")
        shown = call(driver, READINGS)
        assert shown and not shown["open"], f"{path}: readings start open: {shown}"
        run_js(driver, "window.dispatchEvent(new Event('beforeprint'))")
        assert call(driver, READINGS)["open"], f"{path}: readings closed for printing"
        run_js(driver, "window.dispatchEvent(new Event('afterprint'))")
        assert not call(driver, READINGS)["open"], f"{path}: readings left open after printing"
        run_js(driver, "window.scrollTo(0, document.documentElement.scrollHeight)")
        for _ in range(6):
            y = run_js(driver, "return window.scrollY")
            if y <= 0:
                break
            run_js(driver, "window.scrollBy(0, -400)")
            wait_for(driver, "(y) => window.scrollY < y", y, "scrolled up")
            state = call(driver, TOP_BUTTON)
            if state["covers"]:
                covering.append(f"{path} at {y}: {state['covers']}")
    assert covering == []
    assert page_errors(driver) == []


def test_close_assault_bar_caption_and_later_in_webkit(quiet_site: str, new_webkit: Any) -> None:
    mechanic = "close_assault"
    first, second = presentation.PRESETS[mechanic][:2]
    want_a = headline_pct(mechanic, permalinks.preset_values(mechanic, first))
    want_b = headline_pct(mechanic, permalinks.preset_values(mechanic, second))
    driver = new_webkit(*TABLET)
    driver.get(url(quiet_site, "calculators/close-assault/") + "#" + permalinks.preset_fragment(mechanic, first.id))
    wait_js(driver, SHOWN, what="Close Assault answered")
    assert call(driver, FIGURES) == {"figures": True, "caption": "The whole fight"}

    driver.find_element(By.CSS_SELECTOR, f"{MAIN} [data-action=pin]").click()
    driver.find_element(By.CSS_SELECTOR, f'{MAIN} .chq-preset[data-preset="{second.id}"]').click()
    wait_for(driver, f"(want) => {{ const s = ({BAR})(); return s.a === want[0] && s.b === want[1]; }}",
             [want_a, want_b], "A and B in the bar")
    run_js(driver, f"document.querySelector('{MAIN} [data-param=att_dice]')"
                   ".scrollIntoView({block: 'center', behavior: 'instant'})")
    bar = call(driver, BAR)
    assert bar["pin"] == "Unpin A" and bar["barShown"] and bar["aShown"] and bar["mark"], bar
    driver.find_element(By.CSS_SELECTOR, f"{MAIN} [data-action=pin]").click()
    assert call(driver, BAR)["pin"] == "Pin as A"

    assert not call(driver, FIELD, "att_suppressed")["visible"]
    driver.find_element(By.XPATH, "//*[@data-param='start']//label[normalize-space()='Later']").click()
    later = call(driver, FIELD, "att_suppressed")
    assert later["visible"] and not later["underMore"] and later["group"] == "Attacker", later
    driver.find_element(By.XPATH, "//*[@data-param='start']//label[normalize-space()='First']").click()
    assert call(driver, FIELD, "att_suppressed")["underMore"]
    assert page_errors(driver) == []
