"""Every figure readable: the built site over HTTP, real Pyodide. The stories run in
Chromium and in WebKitGTK (the page API of tests/browser/page_api.py; the snapshots
and checks in readable_helpers.py), but one, which only Chromium's driver can tell.

* A tap on the answer opens its exact value under the percentage, which stays: a
  long fraction cut to read with "about 1 in N" (Close Assault 8D against 4D in heavy
  cover: 44 digits over 44), a range in percent (Shell it first?); on a phone and on
  a tablet.
* Compare on a phone: A and B on one line of a bar about 100 px tall, B − A as the
  figures shown, and no bar drawn for a row A cannot reach.
* At a phone's width every table of every page fits its box or says it scrolls
  sideways, none scrolls the page, none has an empty header cell (the pages walked
  as a player moves, by links: page_api's walk).
* With JavaScript off (Chromium only: WebDriver cannot turn it off) the tables keep
  their text and the page does not scroll sideways.

WebKit's phone is the narrowest window MiniBrowser allows (about 450 px, still a
phone's single column). Every wait is on the page's own state (aria-pressed,
data-state, data-source, data-engine, the cues the page draws), never on time.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.browser.page_api import ENGINE_S, STEP_S, SitePage
from tests.browser.readable_helpers import (
    COMPARE_A,
    COMPARE_SHOWN,
    EXACT_CLOSED,
    EXACT_SHOWN,
    LONG,
    MAIN,
    RANGE,
    TABLES,
    TABLES_NOW,
    check_compare,
    check_exact,
    check_tables,
    exact_wanted,
    wrapped,
)
from tests.browser.site_helpers import built_pages, url
from tests.browser.widgets_helpers import PAGES, fragment

PHONE = (390, 844)
TABLET = (820, 1180)
HEADLINE = f"{MAIN} > .chq-output button[data-headline]"
# The main widget shows the engine's whole answer for these inputs.
ANSWERED = """want => {
    const r = document.querySelector('.chq-widget[data-mode=full]');
    if (!r || r.dataset.state !== 'ready' || r.dataset.source !== 'engine' || !r.dataset.result) return false;
    const inputs = JSON.parse(r.dataset.result).inputs;
    return Object.keys(want).every(k => JSON.stringify(inputs[k]) === JSON.stringify(want[k]));
}"""
# The engine's whole answer in the main widget (its round-by-round table comes with it).
ENGINE_WHOLE = ("const r = document.querySelector(arguments[0]); return r.dataset.engine === 'ready'"
                " && r.dataset.state === 'ready' && !JSON.parse(r.dataset.result).partial;")
# Every card answered (or refused), none of their engines still loading.
CARDS_DONE = ("return [...document.querySelectorAll('[data-calculator]')].every(r =>"
              " (r.dataset.state === 'ready' || r.dataset.state === 'error') && r.dataset.engine !== 'loading');")


@pytest.mark.parametrize(("mechanic", "params"), [("close_assault", LONG), ("shell_then_assault", RANGE)],
                         ids=["close-assault-44-digits", "shell-first-range"])
def test_the_exact_value_opens_beside_the_percentage(site_page: Callable[..., SitePage],
                                                     mechanic: str, params: dict[str, Any]) -> None:
    page = site_page(*PHONE)
    page.open(PAGES[mechanic] + "#" + fragment(params))
    page.wait(wrapped(ANSWERED), params, what=f"{mechanic}: the engine's answer", timeout=ENGINE_S)
    for size in (PHONE, TABLET):
        page.resize(*size)
        page.tap(HEADLINE)
        snap = page.wait(wrapped(EXACT_SHOWN), None, what=f"{mechanic}: the exact value, open")
        print(f"\n{page.engine} {mechanic} at {size[0]}: {snap['headline']} | {snap['exact']}")
        check_exact(snap, mechanic, params)
        page.tap(HEADLINE)
        closed = page.wait(wrapped(EXACT_CLOSED), None, what=f"{mechanic}: the exact value, closed")
        assert closed == {"headline": exact_wanted(mechanic, params)[0], "open": False}, closed
    assert page.errors() == []


def test_compare_on_a_phone(site_page: Callable[..., SitePage]) -> None:
    page = site_page(*PHONE)
    page.open(PAGES["close_assault"] + "#" + fragment(COMPARE_A))
    page.wait(wrapped(ANSWERED), COMPARE_A, what="A's answer from the engine", timeout=ENGINE_S)
    page.tap(f'{MAIN} [data-action="pin"]')
    page.tap(f'{MAIN} [data-param="att_dice"] .chq-step[data-step="1"]')
    snap = page.wait(wrapped(COMPARE_SHOWN), 6, what="A and B compared", timeout=ENGINE_S)
    print(f"\n{page.engine} compare at {snap['width']} px: A {snap['a']} B {snap['b']},"
          f" bar {snap['bar']:.0f} px, B - A {snap['diff']}")
    check_compare(snap)
    assert page.errors() == []


def test_every_table_fits_or_says_it_scrolls(built_site: Path, site_page: Callable[..., SitePage]) -> None:
    page = site_page(*PHONE)
    problems: list[str] = []
    counted = {"tables": 0, "scrolling": 0}
    for path in page.walk(built_pages(built_site)):
        if page.run("return Boolean(document.querySelector(arguments[0]))", MAIN):
            page.wait(ENGINE_WHOLE, MAIN, what=f"{path}: the engine's whole answer", timeout=ENGINE_S)
        else:
            page.wait(CARDS_DONE, what=f"{path}: its cards answered", timeout=ENGINE_S)
        try:
            snap = page.wait(wrapped(TABLES), None, what=f"{path}: every wide table's cue", timeout=STEP_S)
        except AssertionError:  # a cue never came: say which table lacks it
            snap = page.run(wrapped(TABLES_NOW), None)
        problems += check_tables(snap, path)
        counted["tables"] += len(snap["tables"])
        counted["scrolling"] += sum(t["wide"] for t in snap["tables"])
        assert page.errors() == [], path
    print(f"\n{page.engine} at {page.run('return innerWidth')} px: {counted['tables']} tables,"
          f" {counted['scrolling']} scroll in their box with the cue")
    assert counted["scrolling"], "no table was wide: the check checked nothing"
    assert problems == []


NO_JS_TABLES = """() => ({
    sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    tables: [...document.querySelectorAll('article table')].map(t => ({
        text: t.textContent.trim().length,
        emptyHeads: [...t.querySelectorAll('th')].filter(th => !th.textContent.trim()).length}))})"""


def test_tables_keep_their_text_without_javascript(built_site: Path, site_url: str, new_context: Any) -> None:
    """Chromium only: WebDriver has no switch for JavaScript."""
    context = new_context(java_script_enabled=False, viewport={"width": PHONE[0], "height": PHONE[1]})
    page = context.new_page()
    problems = []
    for path in built_pages(built_site):
        page.goto(url(site_url, path))
        snap = page.evaluate(NO_JS_TABLES)
        if snap["sideways"] > 0:
            problems.append(f"{path}: scrolls sideways by {snap['sideways']} px")
        problems += [f"{path}: table {i} empty or with an empty head" for i, t in enumerate(snap["tables"])
                     if not t["text"] or t["emptyHeads"]]
    assert problems == []
