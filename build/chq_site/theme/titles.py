"""Each page's title is its own heading.

The navigation gives pages short labels within their section ("Close Assault" under
Rules and again under Calculators), and Material titles a page by that label: the
window's title, the header's topic when scrolled, and the search result. Two pages
then shared a title, and a reader could not tell the rules from the calculator in
a tab, the browser's history or Back's menu. The page's own heading (its first h1,
"Close Assault calculator") is its title everywhere but the navigation, which keeps
the short label. A title set in a page's front matter is kept.
"""

from __future__ import annotations

from mkdocs.structure.pages import Page


def heading_as_title(page: Page) -> None:
    """Set the page's title (``page.meta["title"]``, which Material reads) to its first
    h1 from the table of contents, once the page is rendered (``on_page_content``).
    The home page keeps the site's name alone."""
    if page.is_homepage or "title" in page.meta:
        return
    heading = next((item.title for item in page.toc if item.level == 1), None)
    if heading:
        page.meta["title"] = heading
