"""The rules in WebKit (Safari's engine): every page, at tablet widths, and search.

Every page of the ``nav`` of mkdocs.yml is loaded and seen at 768x1024 (iPad
portrait) and at 820x1180 (iPad Air): it must finish loading with its h1, raise no
script error (the probe's ``window.__errors``), mount its calculator widgets without an
error state, and never scroll sideways. The search (our worker behind Material's search box) must put the page that
holds the rule first, typed key by key as a reader types.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.card_helpers import (
    TITLE_EXTRA,
    title_too_tall,
)
from tests.browser.site_helpers import (
    nav_pages,
    url,
)
from tests.browser.site_search_helpers import EXPECTED, interdiction_pages, page_pattern
from tests.webkit.driver import (
    ENGINE_TIMEOUT_S,
    narrowest_viewport,
    page_errors,
    run_js,
    set_viewport,
    start_webkit,
    wait_js,
)
from tests.webkit.webkit_pages_helpers import DESKTOP, PAGE_STATE, PHONE, TABLETS, type_search


def test_nav_lists_rules_and_calculators() -> None:
    pages = nav_pages()
    assert "rules/blinds/" in pages and "calculators/close-assault/" in pages, pages


def test_every_page_loads_cleanly_and_never_scrolls_sideways(probe_site: str, new_webkit: Any) -> None:
    """Each page is loaded once, at one tablet size or the other in turn, then turned to
    the other size (as a reader turns the iPad); both layouts are measured."""
    driver = new_webkit(*TABLETS[0])
    problems: list[str] = []
    pages = nav_pages()
    for number, path in enumerate(pages):
        sizes = TABLETS if number % 2 == 0 else TABLETS[::-1]
        set_viewport(driver, *sizes[0])
        driver.get(url(probe_site, path))
        where = f"/{path} (loaded at {sizes[0][0]}px)"
        wait_js(driver, "return document.readyState === 'complete'", what=f"{where} to load")
        if run_js(driver, "return document.querySelectorAll('[data-calculator]').length"):
            wait_js(driver, "return [...document.querySelectorAll('[data-calculator]')]"
                            ".every(w => Boolean(w.dataset.engine))", what=f"{where}: widgets to mount")
        # No blank line under the title: at both tablet sizes, then at a phone's.
        title_extra = {}
        for width, height in sizes:
            if (width, height) != sizes[0]:
                set_viewport(driver, width, height)
            state = run_js(driver, PAGE_STATE)
            if state["scrollWidth"] > state["clientWidth"]:
                problems.append(f"{where} at {width}x{height}: scrolls sideways "
                                f"({state['scrollWidth']} > {state['clientWidth']})")
            title_extra[f"{width}x{height}"] = run_js(driver, f"return ({TITLE_EXTRA})()")
        narrowest_viewport(driver, *PHONE)
        title_extra["phone"] = run_js(driver, f"return ({TITLE_EXTRA})()")
        problems += [f"{where} ({size}): the title is {extra} px taller than its words"
                     for size, extra in title_extra.items() if title_too_tall(extra)]
        if not state["h1"]:
            problems.append(f"{where}: no h1")
        problems += [f"{where}: widget {w} in error" for w in state["widgets"] if w[1] == "error"]
        problems += [f"{where}: {e}" for e in page_errors(driver)]
    print(f"\nWebKit {' and '.join(f'{w}x{h}' for w, h in TABLETS)}: {len(pages)} pages, "
          f"{len(problems)} problems")
    assert problems == [], "\n".join(problems)


@pytest.fixture(scope="module")
def search_driver(xvfb_display: str) -> Iterator[Any]:
    """One WebKitGTK session for the search queries (each opens a fresh home page)."""
    driver = start_webkit(xvfb_display, *DESKTOP)
    yield driver
    driver.quit()


@pytest.mark.parametrize("query", ["dummy blind", "TN of 7+", "interdiction"])
def test_search_puts_the_rule_first(query: str, built_site: Path, search_site: str,
                                    search_driver: Any) -> None:
    expected = interdiction_pages(built_site) if query == "interdiction" else EXPECTED[query]
    assert expected, "no page has a heading mentioning Interdiction"
    driver = search_driver
    driver.get(url(search_site, ""))  # a fresh page for each query
    href = type_search(driver, query)
    titles = run_js(driver, "return [...document.querySelectorAll('.md-search-result__item')]"
                            ".slice(0, 5).map(i => (i.querySelector('h1, h2') || i).textContent.trim())")
    print(f"\nWebKit search {query!r}: first result {href} (top titles: {titles})")
    assert page_pattern(search_site, expected).match(href), (
        f"first result for {query!r} is {href}, expected a page among {expected}; top: {titles}")
    assert page_errors(driver) == []


# On a calculator page the search index waits for the engine, never for the reader
# (tests/browser/test_search_hold.py in Chromium).


def test_search_index_is_built_once_the_engine_is_ready(search_site: str, search_driver: Any) -> None:
    driver = search_driver
    driver.get(url(search_site, "calculators/close-assault/"))
    ready, indexed = wait_js(
        driver,
        "const mark = performance.getEntriesByName('chq-engine-ready')[0];"
        " return mark && window.__searchFirstReply !== null ? [mark.startTime, window.__searchFirstReply] : null;",
        what="the engine ready and the search worker's first answer",
        timeout=ENGINE_TIMEOUT_S,
    )
    assert indexed >= ready, f"the search worker answered at {indexed:.0f} ms, before the engine ({ready:.0f} ms)"
    assert type_search(driver, "ambush")
    assert page_errors(driver) == []


def test_a_reader_who_turns_to_search_is_answered_while_the_engine_starts(
    stalled_engine_site: str, search_driver: Any
) -> None:
    driver = search_driver
    driver.get(url(stalled_engine_site, "calculators/close-assault/"))
    wait_js(driver, "return window.__searchWorkers > 0 && window.__searchPending > 0", what="Material's search setup")
    # Sooner than the search worker's own fallback (HOLD_MOST_MS, 20 s): only the
    # reader's turning to the search box can have let the index be built.
    href = type_search(driver, "ambush", timeout=15.0)
    assert page_pattern(stalled_engine_site, EXPECTED["ambush"]).match(href), href
    engine = run_js(driver, "return document.querySelector('[data-calculator]').dataset.engine")
    assert engine == "loading", f"the engine was to be still starting, it is {engine!r}"
