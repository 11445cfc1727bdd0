"""What the search stories share (test_site_search.py, test_search_hold.py): the
queries and the pages that must come first, and Material's search box typed into on
the page API (tests/browser/page_api.py), in either engine."""

from __future__ import annotations

import re
from pathlib import Path

from tests.browser.page_api import STEP_S, SitePage
from tests.browser.site_helpers import url

DESKTOP = (1366, 1024)
TABLET = (768, 1024)


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


# The header's search icon (displayed below 60em only: the field is clipped away
# until it is tapped), and the field.
SEARCH_ICON = 'label.md-header__button[for="__search"]'
SEARCH_FIELD = "input.md-search__input"
# Shown: laid out with a size (display: none gives none).
SHOWN = "const e = document.querySelector(arguments[0]); return !!e && e.getBoundingClientRect().height > 0;"
# The field holds the query and the worker has answered everything sent to it (the
# probe SEARCH_WORKER_PROBE counts), so the results belong to the whole query.
SETTLED = ("return document.querySelector('input.md-search__input').value === arguments[0]"
           " && window.__searchWorkers > 0 && window.__searchPending === 0;")
FIRST_HREF = ("const a = document.querySelector('.md-search-result__item .md-search-result__link');"
              " return a && a.getBoundingClientRect().height > 0 ? a.href : null;")
TOP_TITLES = ("return [...document.querySelectorAll('.md-search-result__item')].slice(0, 5)"
              ".map(i => (i.querySelector('h1, h2') || i).textContent.trim());")


def type_search(page: SitePage, query: str, timeout: float = STEP_S) -> str:
    """Open Material's search as a reader does (a tap on the field in the header, or
    below 60em on the search icon first) and type ``query`` key by key; return the
    first result's href once the search worker has answered the whole query (within
    ``timeout`` s) and it is drawn. The page carries SEARCH_WORKER_PROBE."""
    if page.run(SHOWN, SEARCH_ICON):
        page.tap(SEARCH_ICON)
        page.wait("return document.getElementById('__search').checked;", what="the search opened")
    else:
        page.tap(SEARCH_FIELD)
    page.type(query)
    page.wait(SETTLED, query, what=f"the search worker to answer {query!r}", timeout=timeout)
    page.frames()
    return str(page.wait(FIRST_HREF, what=f"a visible first result for {query!r}"))


def page_pattern(site_url: str, paths: tuple[str, ...]) -> re.Pattern[str]:
    """A regex for a result href on any of ``paths`` (any ?h= highlight, any #fragment)."""
    alternatives = "|".join(re.escape(url(site_url, p)) for p in paths)
    return re.compile(rf"^(?:{alternatives})(?:\?[^#]*)?(?:#.*)?$")
