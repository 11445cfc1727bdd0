"""The strict build: what it produced, and that no page pulls a file from another host.

The ``site_build`` fixture runs ``mkdocs build --strict`` once per session (and fails
the session if the build warns); these tests measure and check its output.
"""

from __future__ import annotations

import json
import re
import stat
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

from tests.browser.site_helpers import PageRefs, built_pages, page_file

ENGINE = "assets/engine"
# The runtime files the calculators cannot start without (copied by the chq-site plugin, chq_site/engine/engine.py).
ENGINE_REQUIRED = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")

CSS_URL = re.compile(r"""url\(\s*(['"]?)(.*?)\1\s*\)|@import\s+(['"])(.*?)\3""", re.IGNORECASE)
INLINE_STYLE = re.compile(r"""<style[^>]*>(.*?)</style>|\sstyle=(?:"([^"]*)"|'([^']*)')""", re.S | re.I)


def css_urls(css: str) -> list[str]:
    """The URLs a piece of CSS fetches: ``url(...)`` and ``@import "..."``.

    >>> css_urls('a{background:url("x.png")} @import "y.css"; b{src:url(//f.io/z.woff2)}')
    ['x.png', 'y.css', '//f.io/z.woff2']
    """
    return [m.group(2) or m.group(4) or "" for m in CSS_URL.finditer(css)]


def is_off_host(value: str) -> bool:
    """True if a src/href would be fetched from a host other than the site's own.

    >>> [is_off_host(v) for v in ("../a.css", "/a.js", "data:image/png;base64,x")]
    [False, False, False]
    >>> [is_off_host(v) for v in ("https://unpkg.com/x", "//fonts.gstatic.com/f", "HTTP://x")]
    [True, True, True]
    """
    parts = urlsplit(value.strip())
    return bool(parts.netloc) or parts.scheme.lower() in {"http", "https", "ftp", "ws", "wss"}


def size(paths: list[Path]) -> int:
    """Total bytes of some files."""
    return sum(p.stat().st_size for p in paths)


def test_strict_build_report(site_build) -> None:
    site = site_build.path
    files = [p for p in site.rglob("*") if p.is_file()]
    engine_dir = site / ENGINE
    engine = [p for p in files if engine_dir in p.parents]
    maps = [p for p in files if p.suffix == ".map"]
    gzipped = [p for p in files if p.suffix == ".gz"]
    pages = built_pages(site)

    total, engine_bytes = size(files), size(engine)
    print(
        f"\nbuild: {len(pages)} HTML pages in {site_build.seconds:.1f} s"
        f"\nbuilt size: {total:,} bytes in {len(files)} files"
        f"\n  {ENGINE}/ (Pyodide runtime + wheel): {engine_bytes:,} bytes in {len(engine)} files"
        f"\n  everything else: {total - engine_bytes:,} bytes"
        f"\n  of the total, .gz copies: {size(gzipped):,} bytes in {len(gzipped)} files"
        f"\n  .map source maps (not needed at run time): {size(maps):,} bytes in {len(maps)} files"
    )

    assert "" in pages, "the build has no index.html"
    assert "404.html" in pages, "the build has no 404.html"
    missing = [name for name in ENGINE_REQUIRED if not (engine_dir / "pyodide" / name).is_file()]
    assert not missing, f"the engine hook did not copy {missing} into {ENGINE}/pyodide/"
    assert list(engine_dir.glob("*/*.whl")), f"no calculators wheel under {ENGINE}/"


def test_no_page_loads_assets_from_another_host(built_site: Path) -> None:
    """Every script, stylesheet, font, icon, image, frame and media source is local.

    Covers the src/href/srcset of the elements in ``site_helpers.RESOURCE_ATTRS``,
    ``<link>`` with a fetching rel (stylesheet, preload, modulepreload, icon,
    manifest, ...), inline ``style`` blocks and attributes, and the stylesheets
    the pages link to (their ``url()`` and ``@import``: that is where fonts come from).
    """
    offenders: list[str] = []
    stylesheets: set[Path] = set()
    checked = 0
    for html_file in sorted(built_site.rglob("*.html")):
        rel = html_file.relative_to(built_site).as_posix()
        html = html_file.read_text(encoding="utf-8")
        refs = PageRefs.parse(html)
        for ref in refs.resources:
            checked += 1
            if is_off_host(ref.value):
                offenders.append(f"{rel}: <{ref.tag} {ref.attr}={ref.value!r}>")
            elif ref.tag == "link" and urlsplit(ref.value).path.endswith(".css"):
                path = urlsplit(ref.value).path
                base = built_site if path.startswith("/") else html_file.parent
                stylesheets.add((base / path.lstrip("/")).resolve())
        inline_css = "\n".join("".join(groups) for groups in INLINE_STYLE.findall(html))
        for value in css_urls(inline_css):
            checked += 1
            if is_off_host(value):
                offenders.append(f"{rel}: inline CSS loads {value!r}")
    for sheet in sorted(stylesheets):
        assert sheet.is_file(), f"linked stylesheet {sheet} is not in the build"
        for value in css_urls(sheet.read_text(encoding="utf-8")):
            checked += 1
            if is_off_host(value):
                offenders.append(f"{sheet.relative_to(built_site)}: CSS loads {value!r}")
    print(f"\noff-host asset check: {checked} references, {len(stylesheets)} stylesheets, "
          f"{len(offenders)} off-host")
    assert checked > 0
    assert offenders == [], "pages load files from another host:\n" + "\n".join(offenders)


def test_manifest_stays_on_the_site(built_site: Path) -> None:
    """A web app manifest linked from the pages names only local icons and URLs."""
    manifests = {
        (html.parent / ref.value).resolve() if not ref.value.startswith("/")
        else (built_site / ref.value.lstrip("/")).resolve()
        for html in built_site.rglob("*.html")
        for ref in PageRefs.parse(html.read_text(encoding="utf-8")).resources
        if ref.value.endswith((".webmanifest", "manifest.json")) and not is_off_host(ref.value)
    }
    offenders = []
    for manifest in sorted(manifests):
        data = json.loads(manifest.read_text(encoding="utf-8"))
        values = [data.get("start_url", ""), data.get("scope", "")]
        values += [icon.get("src", "") for icon in data.get("icons", [])]
        offenders += [f"{manifest.name}: {v}" for v in values if is_off_host(v)]
    print(f"\nmanifests: {[m.name for m in sorted(manifests)]}, {len(offenders)} off-host entries")
    assert offenders == []


def test_every_built_file_is_readable_by_a_web_server(built_site: Path) -> None:
    """A club's web server (nginx, Apache) runs as another user: every file must be
    world-readable, or it answers 403 for it. ``python -m http.server`` hides this."""
    def closed(path: Path) -> bool:
        needed = stat.S_IROTH | (stat.S_IXOTH if path.is_dir() else 0)
        return path.stat().st_mode & needed != needed

    unreadable = sorted(
        f"{p.relative_to(built_site)} ({stat.filemode(p.stat().st_mode)})"
        for p in built_site.rglob("*")
        if closed(p)
    )
    print(f"\npermissions: {len(unreadable)} files or folders not readable by other users")
    assert unreadable == [], "not readable by other users:\n" + "\n".join(unreadable)


class _TitleAndHeading(HTMLParser):
    """A page's <title> and its first <h1>, as text (the h1's permalink mark left out)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.title = ""
        self.heading: str | None = None
        self._in: str | None = None  # "title", "h1", or None
        self._skip = 0  # inside the h1's permalink mark

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("title", "h1") and self._in is None and (tag == "title" or self.heading is None):
            self._in = tag
            if tag == "h1":
                self.heading = ""
        elif self._in == "h1" and tag == "a" and "headerlink" in (dict(attrs).get("class") or ""):
            self._skip += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "a" and self._skip:
            self._skip -= 1
        elif tag == self._in:
            self._in = None

    def handle_data(self, data: str) -> None:
        if self._in == "title":
            self.title += data
        elif self._in == "h1" and not self._skip:
            self.heading = (self.heading or "") + data


def test_every_page_has_its_own_title(built_site: Path) -> None:
    """The window's title (a tab, the browser's history, a bookmark, Back's menu) tells
    every page from every other: it is the page's own heading and the site's name.
    The rules' Close Assault and its calculator once shared "Close Assault - Combat HQ
    Rules Companion" (the short label both have in the navigation): a reader going
    Back could not tell them apart, nor could a test waiting for the rules page."""
    site_name = "Combat HQ Rules Companion"
    titles: dict[str, list[str]] = {}
    wrong = []
    for page in built_pages(built_site):
        parser = _TitleAndHeading()
        parser.feed(page_file(built_site, page).read_text(encoding="utf-8"))
        title, heading = parser.title.strip(), (parser.heading or "").strip()
        titles.setdefault(title, []).append(page or "/")
        want = site_name if heading == site_name else f"{heading} - {site_name}"
        if title != want:
            wrong.append(f"{page or '/'}: title {title!r}, heading {heading!r}")
    shared = {title: pages for title, pages in titles.items() if len(pages) > 1}
    assert shared == {}, f"pages sharing a title: {shared}"
    assert wrong == [], "title is not the page's heading:\n" + "\n".join(wrong)
