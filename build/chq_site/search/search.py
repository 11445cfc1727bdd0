"""The site search: Material's (lunr in a web worker, ``search/search_index.json``),
tuned for the rules.

* **Players' words** (:mod:`chq_site.search.search_words`): the build puts the list into the
  index's ``config`` (``chq_words``); ``assets/js/search-worker.js``, which wraps
  Material's worker, adds the rules' word to a query that holds a player's word, and
  drops stop words other than the last (``in`` would otherwise match "infantry" as a
  prefix). The rules' word is highlighted in the result and on the page.
* **Ranking** (:func:`tune_index`): the rules rank above the quick reference, the
  calculators, the glossary and the home page (:data:`BOOSTS`); a title match weighs
  10 text matches, not 1000; a section holding the rule ranks above its page's
  introduction, and long sections do not win on words mentioned in passing.
* **Asking for odds** (:data:`INTENT_WORDS`): a query with "odds", "chance",
  "calculator"... puts the calculators first: the worker leaves those words out of
  the query and multiplies the calculators' entries by :data:`INTENT_BOOST`
  (config ``chq_intent``). Without them the rules stay first.
* **Whole words asked**: the worker multiplies a result's score by the square of the
  share of the typed words it holds (a player's word counts where its rules' word is).
* **What is indexed** (:func:`search_view`): the rule text, not the widgets, the
  "Source: ..." lines, the notes on the source text or the signposts to the
  calculators. The source line named the topics of the whole page, so it was the
  snippet of every page-level result.
* The home page's list of players' words (the marker ``<!-- search-words -->``).
"""

from __future__ import annotations

import html
import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from chq_site.search.search_words import WORDS, expansions

# Page URL prefix -> search boost of its entries (longest prefix wins; default 1).
# At Material's title weight a glossary entry titled "Deviation Dice" beat the rule
# that says what deviation does; at 0.01 the rule wins and the entry still comes up,
# below it.
BOOSTS: dict[str, float] = {
    "rules/": 1.0,
    "reference/quick-reference/": 0.1,
    "calculators/": 0.05,
    "reference/glossary/": 0.01,
    "hosting/": 0.01,
    "": 0.01,  # the home page (and any page not listed)
}
# A title match counts TITLE_WEIGHT text matches (Material: 1000, which let a
# heading that shares one word with the query beat the section holding the rule).
TITLE_WEIGHT = 10
# Material ranks a page's top entry (its introduction) about 2.5 times above a
# section with the same score; this factor takes that back, so that the section
# holding the rule comes first (shown under the page's title all the same).
PAGE_TOP = 0.4
# lunr here has no length normalisation (Material sets b = 0): a long section
# matched any word it mentions in passing. Boost by (average length / length) to
# this power, within [1/2, 2].
LENGTH_POWER = 0.3
# Words that ask for a number rather than a rule ("spotting odds", "chance to win a
# close assault", "blind move calculator"): such a query finds the calculators first.
INTENT_WORDS = (
    "odds", "chance", "chances", "probability", "probabilities", "likely", "likelihood",
    "calculator", "calculators", "calculate", "calc", "percent", "percentage", "%",
)
# A calculator's entry ranks at BOOSTS["calculators/"] * PAGE_TOP (1/50 of a
# rule); asked for odds, this lifts it well above the rules it shares words with.
INTENT_BOOST = 1000
# Players' words for what a calculator answers that its page does not say in
# them (added to its entry in the index, never shown).
CALCULATOR_WORDS: dict[str, str] = {
    "calculators/supply/": "ammunition: running out of ammo",
    "calculators/spotting/": "spotting a Blind at a distance in inches",
}
# A section with no text of its own (a heading over a table, or over a pointer to
# another page, which is left out of the index) matched on its title alone, with
# the highest length boost: it ranks this much lower.
EMPTY_SECTION = 0.1
WORDS_MARKER = "<!-- search-words -->"
VOID_TAGS = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
)
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


def search_view(page_html: str, url: str = "rules/") -> str:
    """The page as Material's search indexes it: without calculator widgets and
    other ``data-search-exclude`` elements, without the "Source: ..." lines and the
    "Notes on the source text" boxes (they speak about the source documents, not
    the rules: the source line named the whole page's topics and was the snippet of
    every page-level result; the notes, last in a page's last section, made that
    section match words from all over the page), and, on the rules pages, without
    the paragraphs that send the reader to a calculator ("the Spotting calculator
    covers Hidden Units too" found "cover"). Readers see the page unchanged.

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
    return "".join(kept)


def boost_for(location: str) -> float:
    """The boost of an index entry from its page's URL (:data:`BOOSTS`).

    >>> boost_for("rules/blinds/#dummy-blinds"), boost_for("reference/glossary/#tn"), boost_for("")
    (1.0, 0.01, 0.01)
    """
    return boost_in(BOOSTS, location)


def boost_in(table: dict[str, float], location: str) -> float:
    """The boost ``table`` (page URL prefix -> boost) gives an entry at ``location``:
    its longest prefix matching the page's URL. Shared by both searches' ``boost_for``
    (this module's and :mod:`chq_site.search.search_index`'s), each over its own table.

    >>> boost_in({"": 0.1, "rules/": 1.0, "rules/x/": 0.5}, "rules/x/#a"), boost_in({"": 0.1}, "hosting/")
    (0.5, 0.1)
    """
    path = location.split("#", 1)[0]
    best = max((prefix for prefix in table if path.startswith(prefix)), key=len)
    return table[best]


def word_count(text: str) -> int:
    """Words in an entry's text, markup left out.

    >>> word_count("<p>Blinds move at <em>Average</em> speed.</p> x")
    6
    """
    return len(re.sub(r"<[^>]+>", " ", text).split())


def tune_index(site_dir: Path) -> dict[str, Any]:
    """Rewrite ``search/search_index.json``: weights, boosts and the players' words.

    Runs after Material's search plugin has written it, before the offline copy's
    hashes and the ``.gz`` copies are made. Returns the index written.
    """
    path = site_dir / "search" / "search_index.json"
    index: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    docs = index["docs"]
    rules = [word_count(d["text"]) for d in docs if d["location"].startswith("rules/")]
    average = sum(rules) / max(1, len(rules))
    for doc in docs:
        boost = boost_for(doc["location"]) * float(doc.get("boost", 1))  # (front matter search: boost:)
        if "#" not in doc["location"]:
            boost *= PAGE_TOP
        if doc["location"] in CALCULATOR_WORDS:
            doc["text"] += f"<p>{CALCULATOR_WORDS[doc['location']]}</p>"
        words = word_count(doc["text"])
        boost *= min(2.0, max(0.5, (average / max(1, words)) ** LENGTH_POWER))
        if words == 0 and "#" in doc["location"]:
            boost *= EMPTY_SECTION
        doc["boost"] = round(boost, 4)
    index["config"]["fields"]["title"]["boost"] = TITLE_WEIGHT
    index["config"]["chq_words"] = expansions()
    index["config"]["chq_intent"] = {"words": list(INTENT_WORDS), "boost": INTENT_BOOST, "prefix": "calculators/"}
    path.write_text(json.dumps(index, separators=(",", ":"), ensure_ascii=False), encoding="utf-8")
    return index


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
