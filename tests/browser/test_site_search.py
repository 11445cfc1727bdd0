"""Material's built-in search (lunr in a web worker, no server) finds the right page.

Each query is typed into a fresh home page the way a reader types it
(``press_sequentially``: ``fill()`` does not fire Material's search), and the first
result must link to the page that holds the rule.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.site_helpers import (
    open_search,
    search_toggle,
    track_search_worker,
    url,
    wait_for_search_settled,
)

VIEWPORTS = {"desktop": {"width": 1366, "height": 1024}, "tablet": {"width": 768, "height": 1024}}

# query -> pages (URL paths) where its first result may land
EXPECTED = {
    "dummy blind": ("rules/blinds/",),
    "TN of 7+": ("rules/close-assault/",),
    "ambush": ("rules/hidden-units/",),
    "rally": ("rules/blinds/",),
}
# "Interdiction Fire" (seed 000) lives on one of these pages: whichever has a heading for it.
INTERDICTION_CANDIDATES = ("rules/artillery/", "rules/hidden-units/")


def interdiction_pages(site: Path) -> tuple[str, ...]:
    """The candidate pages whose headings (h1-h3) mention "Interdiction"."""
    found = []
    for path in INTERDICTION_CANDIDATES:
        html_file = site / path / "index.html"
        if not html_file.is_file():
            continue
        html = html_file.read_text(encoding="utf-8")
        headings = re.findall(r"<h[1-3][^>]*>(.*?)</h[1-3]>", html, re.S | re.I)
        if any("interdiction" in re.sub(r"<[^>]+>", "", h).lower() for h in headings):
            found.append(path)
    return tuple(found)


def first_result(page, query: str):
    """Type ``query`` into the search and return the first result's link locator.

    Material searches again at every keystroke; the results are read only once the
    worker has answered the whole query (see ``wait_for_search_settled``).
    """
    field = open_search(page)
    field.press_sequentially(query, delay=20)
    wait_for_search_settled(page, query)
    expect(page.locator(".md-search-result__item").first).to_be_visible()
    return page.locator(".md-search-result__item .md-search-result__link").first


def search_page(new_context, site_url: str, viewport: dict[str, int]):
    """A fresh home page, with the search-worker probe installed."""
    context = new_context(viewport=viewport, service_workers="block")
    track_search_worker(context)
    page = context.new_page()
    page.goto(url(site_url, ""))
    return context, page


def page_pattern(site_url: str, paths: tuple[str, ...]) -> re.Pattern[str]:
    """A regex for a result href on any of ``paths`` (any ?h= highlight, any #fragment)."""
    alternatives = "|".join(re.escape(url(site_url, p)) for p in paths)
    return re.compile(rf"^(?:{alternatives})(?:\?[^#]*)?(?:#.*)?$")


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
