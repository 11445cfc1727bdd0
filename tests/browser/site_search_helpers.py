"""Shared by test_site_search.py and the tests that use its pages, fixtures and checks
(moved out of the test module, unchanged: a test module imports no other test module)."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import expect

from tests.browser.site_helpers import (
    open_search,
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
