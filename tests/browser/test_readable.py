"""Every figure readable, in Chromium: the built site over HTTP, real Pyodide.

* A tap on the answer opens its exact value under the percentage, which stays: a
  long fraction cut to read with "about 1 in N" (Close Assault 8D against 4D in heavy
  cover: 44 digits over 44), a range in percent (Shell it first?).
* Compare on a phone: A and B on one line of a bar about 100 px tall, B − A as the
  figures shown, and no bar drawn for a row A cannot reach.
* At 390x844 every table of every page fits its box or says it scrolls sideways,
  none scrolls the page, none has an empty header cell; with JavaScript off the
  tables keep their text and the page does not scroll sideways.

The stories are written once, in readable_helpers.py (WebKit: test_webkit_readable.py).
Every wait is on the page's own state (aria-pressed, data-state, data-source,
data-engine, the cues the page draws), never on time.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.card_helpers import (
    wait_for_calculators,
)
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
)
from tests.browser.site_helpers import (
    built_pages,
    url,
)
from tests.browser.widgets_helpers import PAGES, READY_MS, fragment, wait_for_inputs

PHONE = {"width": 390, "height": 844}
TABLET = {"width": 820, "height": 1180}
STEP_MS = 10_000  # for the page's cues, once its answers are drawn


@pytest.mark.parametrize("viewport", [PHONE, TABLET], ids=["390x844", "820x1180"])
@pytest.mark.parametrize(("mechanic", "params"), [("close_assault", LONG), ("shell_then_assault", RANGE)],
                         ids=["close-assault-44-digits", "shell-first-range"])
def test_the_exact_value_opens_beside_the_percentage(open_page: Any, viewport: dict[str, int],
                                                     mechanic: str, params: dict[str, Any]) -> None:
    page = open_page(PAGES[mechanic] + "#" + fragment(params), viewport)
    wait_for_inputs(page, params)
    headline = page.locator(f"{MAIN} > .chq-output button[data-headline]")
    headline.click()
    snap = page.wait_for_function(EXACT_SHOWN, timeout=READY_MS).json_value()
    print(f"\n{mechanic} at {viewport['width']}: {snap['headline']} | {snap['exact']}")
    check_exact(snap, mechanic, params)
    headline.click()
    closed = page.wait_for_function(EXACT_CLOSED, timeout=READY_MS).json_value()
    assert closed == {"headline": exact_wanted(mechanic, params)[0], "open": False}, closed
    assert page.chq_errors == []


def test_compare_on_a_phone(open_page: Any) -> None:
    page = open_page(PAGES["close_assault"] + "#" + fragment(COMPARE_A), PHONE)
    wait_for_inputs(page, COMPARE_A)
    root = page.locator(MAIN)
    root.locator('[data-action="pin"]').click()
    root.locator('[data-param="att_dice"] .chq-step[data-step="1"]').click()
    snap = page.wait_for_function(COMPARE_SHOWN, arg=6, timeout=READY_MS).json_value()
    print(f"\ncompare at 390: A {snap['a']} B {snap['b']}, bar {snap['bar']:.0f} px, B - A {snap['diff']}")
    check_compare(snap)
    assert page.chq_errors == []


def test_every_table_fits_or_says_it_scrolls(built_site: Path, open_page: Any) -> None:
    problems: list[str] = []
    counted = {"tables": 0, "scrolling": 0}
    for path in built_pages(built_site):
        page = open_page(path, PHONE)
        if page.locator(MAIN).count():  # its round-by-round table comes with the engine's answer
            page.wait_for_function(
                "s => { const r = document.querySelector(s); return r.dataset.engine === 'ready'"
                " && r.dataset.state === 'ready' && !JSON.parse(r.dataset.result).partial; }",
                arg=MAIN, timeout=READY_MS)
        else:
            wait_for_calculators(page, timeout=READY_MS)
        try:
            snap = page.wait_for_function(TABLES, timeout=STEP_MS).json_value()
        except PlaywrightTimeout:  # a cue never came: say which table lacks it
            snap = page.evaluate(TABLES_NOW)
        problems += check_tables(snap, path)
        counted["tables"] += len(snap["tables"])
        counted["scrolling"] += sum(t["wide"] for t in snap["tables"])
        assert page.chq_errors == [], path
        page.context.close()
    print(f"\n390x844: {counted['tables']} tables, {counted['scrolling']} scroll in their box with the cue")
    assert counted["scrolling"], "no table was wide: the check checked nothing"
    assert problems == []


NO_JS_TABLES = """() => ({
    sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    tables: [...document.querySelectorAll('article table')].map(t => ({
        text: t.textContent.trim().length,
        emptyHeads: [...t.querySelectorAll('th')].filter(th => !th.textContent.trim()).length}))})"""


def test_tables_keep_their_text_without_javascript(built_site: Path, site_url: str, new_context: Any) -> None:
    context = new_context(java_script_enabled=False, viewport=PHONE)
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
