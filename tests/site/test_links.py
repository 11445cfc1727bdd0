"""Every link in the built site lands on a file that exists, at an id that exists.

``mkdocs build --strict`` checks the links written in Markdown; these tests read the
built HTML instead, so they also cover the theme's links, links our hooks and
templates add, ``<link rel=prev/next>``, the resources each page loads and the
locations Material's search offers as results.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

from tests.browser.site_helpers import PageRefs, page_path

BASE = "http://site.invalid/"  # stands for wherever the site is served
NOT_FETCHED = ("mailto:", "tel:", "javascript:", "data:", "blob:")


@cache
def page_refs(html_file: Path) -> PageRefs:
    return PageRefs.parse(html_file.read_text(encoding="utf-8"))


def target_file(site: Path, page_url: str, href: str) -> tuple[Path | None, str]:
    """The built file and fragment an internal href points at (None if external).

    >>> site = Path("/s")
    >>> target_file(site, BASE + "rules/blinds/", "../spotting/#automatic-spotting")
    (PosixPath('/s/rules/spotting/index.html'), 'automatic-spotting')
    >>> target_file(site, BASE + "rules/blinds/", "https://example.com/")
    (None, '')
    """
    absolute = urljoin(page_url, href)
    parts = urlsplit(absolute)
    if f"{parts.scheme}://{parts.netloc}/" != BASE:
        return None, ""
    path = unquote(parts.path).lstrip("/")
    candidate = site / path
    if path == "" or path.endswith("/") or candidate.is_dir():
        candidate = candidate / "index.html"
    return candidate, unquote(parts.fragment)


def check(site: Path, source: str, page_url: str, href: str) -> str | None:
    """Why ``href`` on ``source`` is broken, or None if it resolves."""
    target, fragment = target_file(site, page_url, href)
    if target is None:
        return None
    if not target.is_file():
        return f"{source}: {href!r} -> missing {target.relative_to(site).as_posix()}"
    if fragment and target.suffix == ".html" and fragment not in page_refs(target).ids:
        return f"{source}: {href!r} -> no id {fragment!r} in {target.relative_to(site).as_posix()}"
    return None


def html_files(site: Path) -> list[Path]:
    files = sorted(site.rglob("*.html"))
    assert files, f"no HTML in {site}"
    return files


def test_every_internal_link_and_anchor_resolves(built_site: Path) -> None:
    broken: list[str] = []
    external: set[str] = set()
    links = fragments = 0
    for html_file in html_files(built_site):
        source = html_file.relative_to(built_site).as_posix()
        page_url = BASE + page_path(html_file, built_site)
        for ref in page_refs(html_file).links:
            href = ref.value.strip()
            if not href or href.lower().startswith(NOT_FETCHED):
                continue
            target, fragment = target_file(built_site, page_url, href)
            if target is None:
                external.add(href)
                continue
            links += 1
            fragments += bool(fragment)
            problem = check(built_site, source, page_url, href)
            if problem:
                broken.append(problem)
    print(f"\nlinks: {links} internal ({fragments} with #anchor) checked, {len(broken)} broken; "
          f"{len(external)} external: {sorted(external)}")
    assert links > 0
    assert broken == [], f"{len(broken)} broken links:\n" + "\n".join(broken)


def test_every_local_resource_exists(built_site: Path) -> None:
    """Scripts, stylesheets, icons and images referenced by the pages are in the build."""
    missing: list[str] = []
    checked = 0
    for html_file in html_files(built_site):
        source = html_file.relative_to(built_site).as_posix()
        page_url = BASE + page_path(html_file, built_site)
        for ref in page_refs(html_file).resources:
            if ref.value.lower().startswith(NOT_FETCHED):
                continue
            target, _ = target_file(built_site, page_url, ref.value)
            if target is None:
                continue  # another host: tests/site/test_build.py reports those
            checked += 1
            if not target.is_file():
                missing.append(f"{source}: <{ref.tag} {ref.attr}={ref.value!r}> -> missing")
    print(f"\nresources: {checked} local references checked, {len(missing)} missing")
    assert checked > 0
    assert missing == [], "\n".join(missing)


def test_every_search_result_location_resolves(built_site: Path) -> None:
    """Material's search links to ``location`` entries of its index: each must resolve."""
    index = json.loads((built_site / "search" / "search_index.json").read_text(encoding="utf-8"))
    docs = index["docs"]
    broken = [
        problem
        for doc in docs
        if (problem := check(built_site, "search_index.json", BASE, doc["location"]))
    ]
    print(f"\nsearch index: {len(docs)} locations checked, {len(broken)} broken")
    assert docs
    assert broken == [], "\n".join(broken)
