"""The site search: Material's search box, answered by our own worker.

Material's search plugin cuts the pages into entries (a page's introduction, one per
section) and writes ``search/search_index.json``; the build rewrites it as our
worker reads it (:mod:`chq_site.search.search_index`: MiniSearch's index, made at
build time, with the players' words of :mod:`chq_site.search.search_words`), and
Material's search box starts our worker (``search/worker/``, bundled by esbuild to
``assets/js/search-worker.js``) in place of its own (:func:`point_worker`). This
module holds what the pages give the search:

* **What is indexed** (:func:`search_view`): the rule text, not the widgets, the
  "Source: ..." lines, the notes on the source text or the signposts to the
  calculators. The source line named the topics of the whole page, so it was the
  snippet of every page-level result.
* **Which worker** (:func:`point_worker`): ours, held back on a page whose
  calculator starts the engine as it loads (``search/search-hold.js``).
* The home page's list of players' words (the marker ``<!-- search-words -->``).
"""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

from markupsafe import Markup

from chq_site.bundle import SEARCH_WORKER
from chq_site.search.search_words import WORDS

# Material's own search worker, as its config names it (the theme's base.html).
MATERIAL_WORKER = re.compile(r"assets/javascripts/workers/search\.[0-9a-f]+\.min\.js")
# What the worker's address says after "#" on a page that holds the index back
# (search/worker/worker.js HOLD).
HOLD = "hold:"

WORDS_MARKER = "<!-- search-words -->"
VOID_TAGS = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
)
TABLE = re.compile(r"<table\b.*?</table>", re.S)
ROW = re.compile(r"<tr\b.*?</tr>", re.S)
CELL = re.compile(r"<t[hd]\b[^>]*>(.*?)</t[hd]>", re.S)
SOURCE_LINE = re.compile(r'<p class="chq-source\b[^"]*"')
# A paragraph of a rules page that links to a calculator: our signpost ("The Spotting
# calculator works out the odds...", "Try it in the calculator: ..."), or that sends
# the reader to a rule printed elsewhere ("...is printed once, on the Blinds page:
# see Returning Units to Blinds"): not rule text.
SIGNPOST = re.compile(r'<p(?=>(?:(?!</p>).)*?(?:href="[^"]*calculators/|: see <a href="\.\./))', re.S)
SOURCE_NOTES = re.compile(r'<div class="admonition note"(?=>\s*<p class="admonition-title">Notes on the source text</p>)')


class _Pruner(HTMLParser):
    """Finds the character ranges of elements carrying ``data-search-exclude``,
    whole (Material's own parser stops skipping at the first nested end tag of the
    same name, so most of a calculator widget used to reach the index)."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=False)
        self.lines = [0]
        for line in text.splitlines(keepends=True):
            self.lines.append(self.lines[-1] + len(line))
        self.ranges: list[tuple[int, int]] = []
        self.depth = 0  # open elements inside the excluded one (0: none open)
        self.start = 0

    def here(self) -> int:
        line, column = self.getpos()
        return self.lines[line - 1] + column

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID_TAGS:
            return
        if self.depth:
            self.depth += 1
        elif any(name == "data-search-exclude" for name, _ in attrs):
            self.start, self.depth = self.here(), 1

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID_TAGS or not self.depth:
            return
        self.depth -= 1
        if not self.depth:
            end = self.rawdata.index(">", self.here()) + 1
            self.ranges.append((self.start, end))


def table_rows(match: re.Match[str]) -> str:
    """A table as a list, one row a line ("Range band · TN", "6–12” · 3+ TN").

    >>> table_rows(TABLE.search("<table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table>"))
    '<ul><li>a · b</li><li>1 · 2</li></ul>'
    """
    rows = [" · ".join(c.strip() for c in CELL.findall(row)) for row in ROW.findall(match.group(0))]
    return "<ul>" + "".join(f"<li>{row}</li>" for row in rows if row) + "</ul>"


def search_view(page_html: str, url: str = "rules/") -> str:
    """The page as Material's search indexes it: without calculator widgets and
    other ``data-search-exclude`` elements, without the "Source: ..." lines and the
    "Notes on the source text" boxes (they speak about the source documents, not
    the rules: the source line named the whole page's topics and was the snippet of
    every page-level result; the notes, last in a page's last section, made that
    section match words from all over the page), and, on the rules pages, without
    the paragraphs that send the reader to a calculator ("the Spotting calculator
    covers Hidden Units too" found "cover"); each table a list of its rows, which
    a result shows one a line (Material's plugin flattens a table into a wall of
    words: "Range band TN 0–6” Automatic 6–12” 3+ TN..."). Readers see the page
    unchanged.

    >>> search_view('<p class="chq-source chq-nolink"><em>Source: 001</em></p><p>Rule.</p>')
    '<p>Rule.</p>'
    >>> search_view('<div data-search-exclude><div>a</div><p>b</p></div><p>c</p>')
    '<p>c</p>'
    >>> search_view('<p>The <a href="../../calculators/rally/">Rallying calculator</a> gives the odds.</p><p>x</p>')
    '<p>x</p>'
    >>> search_view('<p>Printed once: see <a href="../blinds/#x">X</a>.</p><p>y</p>')
    '<p>y</p>'
    >>> search_view('<div class="admonition note">\\n<p class="admonition-title">Notes on the source text</p><ul><li>a</li></ul></div>.')
    '.'
    >>> search_view('<table><tr><th>Range</th><th>TN</th></tr><tr><td>6–12”</td><td>3+</td></tr></table>')
    '<ul><li>Range · TN</li><li>6–12” · 3+</li></ul>'
    """
    marked = SOURCE_LINE.sub(lambda m: m.group(0) + " data-search-exclude", page_html)
    marked = SOURCE_NOTES.sub(lambda m: m.group(0) + " data-search-exclude", marked)
    if url.startswith("rules/"):
        marked = SIGNPOST.sub("<p data-search-exclude", marked)
    pruner = _Pruner(marked)
    pruner.feed(marked)
    pruner.close()
    kept, at = [], 0
    for start, end in pruner.ranges:
        kept.append(marked[at:start])
        at = end
    kept.append(marked[at:])
    return TABLE.sub(table_rows, "".join(kept))


def point_worker(config_html: str, hold: object = False) -> str:
    """Material's config (the page's ``__config`` script) naming our search worker
    (``assets/js/search-worker.js``, bundle.SEARCH_WORKER) where it names its own, with
    "#hold:" on a page whose calculator starts the engine as it loads (the index then
    waits for the engine, ``search/search-hold.js``). A Jinja filter of the theme's
    ``main.html``; a config that names no search worker stops the build (Material
    changed shape).

    >>> point_worker('{"search": "../assets/javascripts/workers/search.a7633da7.min.js", "x": 1}', "load")
    '{"search": "../assets/js/search-worker.js#hold:", "x": 1}'
    >>> point_worker('{"search": "assets/javascripts/workers/search.a7633da7.min.js"}')
    '{"search": "assets/js/search-worker.js"}'
    """
    text = str(config_html)
    pointed, found = MATERIAL_WORKER.subn(SEARCH_WORKER + ("#" + HOLD if hold else ""), text)
    if found != 1:
        raise ValueError(f"Material's config names its search worker {found} times, not once: {text[:200]}")
    return Markup(pointed) if isinstance(config_html, Markup) else pointed


def words_list_html() -> str:
    """The players' words as a table for the home page, out of the search index (or
    every one of them would find the home page).

    >>> "<td>draw</td>" in words_list_html()
    True
    """
    rows = "".join(
        f"<tr><td>{', '.join(html.escape(p) for p in entry.players)}</td>"
        f"<td>{html.escape(entry.rules)}</td></tr>"
        for entry in WORDS
    )
    return (
        '<details class="chq-search-words chq-nolink" data-search-exclude>\n'
        "<summary>Words search understands</summary>\n"
        "<p>Type the word you use at the table: search also looks for the word the rules use.</p>\n"
        '<table><thead><tr><th scope="col">You type</th><th scope="col">Search also finds</th></tr></thead>\n'
        f"<tbody>{rows}</tbody></table>\n"
        "</details>"
    )
