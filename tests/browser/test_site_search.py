"""The site's search (Material's search box, our worker: no server) finds the right
page, in Chromium and in WebKitGTK: one story, run in both engines
(tests/browser/page_api.py).

Each query is typed key by key into the home page's search field, emptied first, as a
reader types it (a value set at once fires no search), and the first result must link
to the page that holds the rule. Below 60em (a tablet) the field is hidden until the search icon is tapped.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tests.browser.page_api import SitePage
from tests.browser.site_helpers import SEARCH_WORKER_PROBE
from tests.browser.site_search_helpers import (
    DESKTOP,
    EXPECTED,
    INTERDICTION_CANDIDATES,
    SEARCH_FIELD,
    SEARCH_ICON,
    SHOWN,
    TABLET,
    TOP_TITLES,
    interdiction_pages,
    page_pattern,
    type_search,
)


def test_search_puts_the_rule_first(site_page: Callable[..., SitePage], built_site: Path) -> None:
    interdiction = interdiction_pages(built_site)
    assert interdiction, (
        f"no page among {INTERDICTION_CANDIDATES} has a heading mentioning Interdiction "
        "(seed 000: 'Interdiction Fire and Hidden Units')"
    )
    page = site_page(*DESKTOP, init_script=SEARCH_WORKER_PROBE)
    page.open("")
    wrong = []
    for query, expected in {**EXPECTED, "interdiction": interdiction}.items():
        page.run("document.querySelector(arguments[0]).value = '';", SEARCH_FIELD)  # the last query gone
        href = type_search(page, query)
        titles = page.run(TOP_TITLES)
        print(f"\n{page.engine} search {query!r}: first result {href} (top titles: {titles})")
        if not page_pattern(page.base, expected).match(href):
            wrong.append(f"{query!r}: first result {href}, expected a page among {expected}; top: {titles}")
    assert wrong == [], f"{page.engine}:\n" + "\n".join(wrong)
    assert page.errors() == []


def test_search_opens_from_the_icon_on_a_tablet(site_page: Callable[..., SitePage]) -> None:
    """Below 60em the search field is hidden until the search icon is tapped."""
    page = site_page(*TABLET, init_script=SEARCH_WORKER_PROBE)
    page.open("")
    assert page.run(SHOWN, SEARCH_ICON), "no search icon shown on a tablet"
    assert page.run("return document.getElementById('__search').checked;") is False
    href = type_search(page, "ambush")
    assert page.run("return document.activeElement === document.querySelector(arguments[0]);", SEARCH_FIELD)
    assert page_pattern(page.base, EXPECTED["ambush"]).match(href), href
    assert page.errors() == []
