"""On a calculator page the search index waits for the engine, never for the reader:
one story of each, run in Chromium and in WebKitGTK (tests/browser/page_api.py).

Material's search worker builds its index from the whole rules text as the page
loads, while Python starts beside it: on a 2-core tablet both at once slow the
engine. A page whose calculator starts the engine as it loads marks its search
worker "#hold:" (chq_site/theme/material/main.html): the index is built once the engine is
ready or failed (search/search-hold.js), or at once when the reader turns to
the search box. Pages without such a calculator do not wait (the other search
tests search from the home page). Both are about a page's first load: each page is
opened, not navigated to.
"""

from __future__ import annotations

from collections.abc import Callable

from tests.browser.page_api import ENGINE_S, SitePage
from tests.browser.site_helpers import SEARCH_WORKER_PROBE
from tests.browser.site_search_helpers import DESKTOP, EXPECTED, page_pattern, type_search

ENGINE_STATE = "return document.querySelector('[data-calculator]').dataset.engine;"
# (engine ready, first reply of the search worker), ms from navigation start, once both happened.
READY_AND_INDEXED = ("const mark = performance.getEntriesByName('chq-engine-ready')[0];"
                     " return mark && window.__searchFirstReply !== null"
                     " ? [mark.startTime, window.__searchFirstReply] : null;")


def test_search_index_is_built_once_the_engine_is_ready(site_page: Callable[..., SitePage]) -> None:
    page = site_page(*DESKTOP, init_script=SEARCH_WORKER_PROBE)
    for path in ("calculators/close-assault/", "calculators/spotting/#distance=17&cover=light"):
        page.open(path)  # loaded, each: its own search worker and engine
        ready, indexed = page.wait(READY_AND_INDEXED, what=f"{path}: the engine ready and the search worker's"
                                   " first answer", timeout=ENGINE_S)
        assert indexed >= ready, (f"{page.engine} {path}: the search worker answered at {indexed:.0f} ms,"
                                  f" before the engine was ready ({ready:.0f} ms)")
        assert type_search(page, "ambush")
    assert page.errors() == []


def test_a_reader_who_turns_to_search_is_answered_while_the_engine_starts(
    site_page: Callable[..., SitePage],
) -> None:
    # The engine's files are never answered, so it stays "loading".
    page = site_page(*DESKTOP, engine_files="held", init_script=SEARCH_WORKER_PROBE)
    page.open("calculators/close-assault/")
    page.wait("return window.__searchWorkers > 0 && window.__searchPending > 0;", what="Material's search setup")
    # Within 15 s, sooner than the search worker's own fallback (HOLD_MOST_MS, 20 s):
    # only the reader's turning to the search box can have let the index be built.
    href = type_search(page, "ambush", timeout=15.0)
    assert page_pattern(page.base, EXPECTED["ambush"]).match(href), href
    assert page.run(ENGINE_STATE) == "loading", f"{page.engine}: the engine was to be still starting"
    assert page.held_asked_within() > 0, "the engine's files were never asked for"
