"""The site's search (Material's search box, our worker: no server) finds the right page.

Each query is typed into a fresh home page the way a reader types it
(``press_sequentially``: ``fill()`` does not fire Material's search), and the first
result must link to the page that holds the rule.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.site_helpers import (
    search_toggle,
)
from tests.browser.site_search_helpers import (
    EXPECTED,
    INTERDICTION_CANDIDATES,
    VIEWPORTS,
    first_result,
    interdiction_pages,
    page_pattern,
    search_page,
)


@pytest.mark.parametrize("query", [*EXPECTED, "interdiction"])
def test_search_first_result(query: str, built_site: Path, site_url: str, new_context) -> None:
    if query == "interdiction":
        expected = interdiction_pages(built_site)
        assert expected, (
            f"no page among {INTERDICTION_CANDIDATES} has a heading mentioning Interdiction "
            "(seed 000: 'Interdiction Fire and Hidden Units')"
        )
    else:
        expected = EXPECTED[query]
    context, page = search_page(new_context, site_url, VIEWPORTS["desktop"])
    link = first_result(page, query)
    href = link.evaluate("a => a.href")
    titles = page.locator(".md-search-result__item").evaluate_all(
        "items => items.slice(0, 5).map(i => (i.querySelector('h1, h2') || i).textContent.trim())"
    )
    print(f"\nsearch {query!r}: first result {href} (top titles: {titles})")
    assert page_pattern(site_url, expected).match(href), (
        f"first result for {query!r} is {href}, expected a page among {expected}; "
        f"top results: {titles}"
    )
    assert context.requests.off_origin == []


def test_search_opens_from_icon_on_tablet(built_site: Path, site_url: str, new_context) -> None:
    """Below 60em the search field is hidden until the search icon is tapped."""
    context, page = search_page(new_context, site_url, VIEWPORTS["tablet"])
    expect(search_toggle(page)).to_be_visible()
    assert page.evaluate("() => document.getElementById('__search').checked") is False
    link = first_result(page, "ambush")
    expect(page.locator("input.md-search__input")).to_be_focused()
    href = link.evaluate("a => a.href")
    assert page_pattern(site_url, EXPECTED["ambush"]).match(href), href
