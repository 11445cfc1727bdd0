"""Lean: what the build drops from the built site, so that every tablet downloads less.

* page indentation (``lean_pages``): Material's templates indent their markup deeply,
  and every page repeats the header, the navigation and the icons: about an eighth of
  each page is leading white space. A line break stays where one was, so the browser
  sees the same white space between elements (any run of it is one space outside
  ``<pre>``); the contents of ``<pre>``, ``<textarea>``, ``<script>``, ``<style>`` and
  ``<template>`` are left exactly as they are;
* Material's source maps and the comments pointing at them (ours stay: a browser
  fetches a map only when its developer tools are open, and a minified bundle without
  one is unreadable there), and Material's search worker and lunr (our own worker
  answers the search box);
* the build date in ``sitemap.xml``, so that a rebuild of unchanged sources is the
  same site (``offline`` hashes every file).

``offline.post_build`` calls the last two (not under ``mkdocs serve``).
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

KEEP = re.compile(r"(<(pre|textarea|script|style|template)\b.*?</\2\s*>)", re.S | re.I)
INDENT = re.compile(r"\n[ \t]+")
BLANK_LINES = re.compile(r"\n{2,}")


def strip_indentation(html: str) -> str:
    """The page without leading white space on its lines, outside kept elements.

    >>> strip_indentation("<ul>\\n    <li>a</li>\\n\\n    <li>b</li>\\n</ul>\\n<pre>  x\\n    y</pre>")
    '<ul>\\n<li>a</li>\\n<li>b</li>\\n</ul>\\n<pre>  x\\n    y</pre>'
    """
    out = []
    for i, part in enumerate(KEEP.split(html)):
        kind = i % 3
        if kind == 0:
            out.append(BLANK_LINES.sub("\n", INDENT.sub("\n", part)))
        elif kind == 1:
            out.append(part)
        # kind 2: the tag name captured by the inner group, already in part 1
    return "".join(out)


def lean_pages(site_dir: Path) -> int:
    """Strip every built page; return the bytes saved."""
    saved = 0
    for path in sorted(site_dir.rglob("*.html")):
        text = path.read_text(encoding="utf-8")
        lean = strip_indentation(text)
        if lean != text:
            path.write_text(lean, encoding="utf-8")
            saved += len(text.encode()) - len(lean.encode())
    return saved


# ------------------------------------------------- source maps and Material's search

SOURCE_MAP_COMMENT = re.compile(
    rb"\n?(?://[#@] sourceMappingURL=(?P<js>[^\s*]+)[ \t]*|/\*[#@] sourceMappingURL=(?P<css>[^\s*]+)\s*\*/)\s*$"
)


def remove_material_search(site_dir: Path) -> list[Path]:
    """Delete Material's search worker and lunr (our own worker answers the search box,
    ``search/worker/``: no page starts Material's); return the files deleted."""
    removed = []
    for folder in ("workers", "lunr"):
        where = site_dir / "assets" / "javascripts" / folder
        if not where.is_dir():
            continue
        removed += sorted(p for p in where.rglob("*") if p.is_file())
        shutil.rmtree(where)
    return removed


def strip_source_map_comment(data: bytes, exists: Any) -> bytes:
    """Drop a trailing ``sourceMappingURL`` comment whose map ``exists(name)`` denies.

    >>> strip_source_map_comment(b"a();\\n//# sourceMappingURL=a.js.map\\n", lambda n: False)
    b'a();'
    >>> strip_source_map_comment(b"a{}/*# sourceMappingURL=a.css.map */", lambda n: False)
    b'a{}'
    >>> strip_source_map_comment(b"a();\\n//# sourceMappingURL=a.js.map", lambda n: True)
    b'a();\\n//# sourceMappingURL=a.js.map'
    """
    match = SOURCE_MAP_COMMENT.search(data)
    if not match:
        return data
    name = (match.group("js") or match.group("css")).decode("utf-8", "replace")
    if exists(name):
        return data
    return data[: match.start()]


def remove_source_maps(site_dir: Path, keep: Callable[[str], bool] = lambda rel: False) -> list[Path]:
    """Delete every ``.map`` file but those ``keep(site path)`` keeps, and the comments
    that point at a map no longer there."""
    removed = sorted(p for p in site_dir.rglob("*.map") if not keep(p.relative_to(site_dir).as_posix()))
    for path in removed:
        path.unlink()
    for path in sorted(site_dir.rglob("*")):
        if path.suffix not in (".js", ".mjs", ".css") or not path.is_file():
            continue
        data = path.read_bytes()
        stripped = strip_source_map_comment(
            data, lambda name, folder=path.parent: "://" in name or (folder / name).exists()
        )
        if stripped != data:
            path.write_bytes(stripped)
    return removed


# --------------------------------------------------------------------- sitemap

LASTMOD = re.compile(rb"\s*<lastmod>[^<]*</lastmod>")


def strip_sitemap_dates(site_dir: Path) -> bool:
    """Remove the ``<lastmod>`` dates (the build date) from ``sitemap.xml``.

    Instant navigation reads only the addresses, and with the dates in it a rebuild
    of unchanged sources on another day would be a new file: a new version of the
    site for every tablet, and a copy whose bytes no longer match a hash taken the
    day before. MkDocs's own ``sitemap.xml.gz`` goes too (``precompress`` writes a
    matching one). Returns whether the file changed.

    >>> import tempfile; folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "sitemap.xml").write_bytes(b"<url><loc>x</loc>\\n <lastmod>2026-11-01</lastmod></url>")
    >>> strip_sitemap_dates(folder), (folder / "sitemap.xml").read_bytes()
    (True, b'<url><loc>x</loc></url>')
    """
    sitemap = site_dir / "sitemap.xml"
    if not sitemap.is_file():
        return False
    data = sitemap.read_bytes()
    stripped = LASTMOD.sub(b"", data)
    if stripped == data:
        return False
    sitemap.write_bytes(stripped)
    sitemap.with_name("sitemap.xml.gz").unlink(missing_ok=True)
    return True
