"""Lean pages: the indentation of the HTML templates is dropped from every page.

Material's templates indent their markup deeply, and every page repeats the header,
the navigation and the icons: about an eighth of each page is leading white space.
A line break stays where one was, so the browser sees the same white space between
elements (any run of it is one space outside ``<pre>``); the contents of ``<pre>``,
``<textarea>``, ``<script>``, ``<style>`` and ``<template>`` are left exactly as they are.
"""

from __future__ import annotations

import re
from pathlib import Path

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
