"""On a calculator page the search index waits for the engine, never for the reader.

Material's search worker builds its index from the whole rules text as the page
loads, while Python starts beside it: on a 2-core tablet both at once slow the
engine. A page whose calculator starts the engine as it loads marks its search
worker "#hold:" (chq_site/theme/material/main.html): the index is built once the engine is
ready or failed (search/search-hold.js), or at once when the reader turns to
the search box. Pages without such a calculator do not wait (the other search
tests search from the home page).
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.site_helpers import (
    open_search,
    track_search_worker,
    url,
    wait_for_search_settled,
)

DESKTOP = {"width": 1366, "height": 1024}
ENGINE_STATE = "() => document.querySelector('[data-calculator]').dataset.engine"


def search_ready_after_engine(page: Any) -> tuple[float, float]:
    """(engine ready, first reply of the search worker), ms from navigation start,
    once both have happened."""
    page.wait_for_function(
        "() => window.__searchFirstReply !== null && performance.getEntriesByName('chq-engine-ready').length",
        timeout=120_000,
    )
    return page.evaluate(
        "() => [performance.getEntriesByName('chq-engine-ready')[0].startTime, window.__searchFirstReply]"
    )


@pytest.mark.parametrize(
    "path", ["calculators/close-assault/", "calculators/spotting/#distance=17&cover=light"]
)
def test_search_index_is_built_once_the_engine_is_ready(path: str, site_url: str, new_context) -> None:
    context = new_context(viewport=DESKTOP, service_workers="block")
    track_search_worker(context)
    page = context.new_page()
    page.goto(url(site_url, path))
    ready, indexed = search_ready_after_engine(page)
    assert indexed >= ready, (
        f"the search worker answered at {indexed:.0f} ms, before the engine was ready ({ready:.0f} ms)"
    )
    field = open_search(page)
    field.press_sequentially("ambush", delay=20)
    wait_for_search_settled(page, "ambush")
    expect(page.locator(".md-search-result__item").first).to_be_visible()
    assert context.requests.off_origin == []


def test_a_reader_who_turns_to_search_is_answered_while_the_engine_starts(site_url: str, new_context) -> None:
    context = new_context(viewport=DESKTOP, service_workers="block")
    track_search_worker(context)
    held: list[Any] = []  # the engine's files: never answered, so it stays "loading"
    context.route("**/assets/engine/**", lambda route: held.append(route))
    page = context.new_page()
    page.goto(url(site_url, "calculators/close-assault/"))
    page.wait_for_function("() => window.__searchWorkers > 0 && window.__searchPending > 0")  # setup sent
    field = open_search(page)
    field.press_sequentially("ambush", delay=20)
    # (Within 15 s, sooner than the search worker's own fallback, HOLD_MOST_MS 20 s:
    # only the reader's turning to the search box can have let the index be built.)
    wait_for_search_settled(page, "ambush", timeout=15_000)
    expect(page.locator(".md-search-result__item").first).to_be_visible()
    assert page.evaluate(ENGINE_STATE) == "loading"
    assert held, "the engine's files were never asked for"
