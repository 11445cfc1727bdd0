"""Glossary terms: link game terms in a page's text to the glossary, sparingly.

The glossary page, ``docs/reference/glossary.md``, is the only source of terms and
definitions. Each entry there is written as::

    ## Term {#anchor}

    One-paragraph definition (this is what the pop-over shows).

    *Also written:* other form, another form

    **Rules:** [links to the rule sections]

For every other page, :func:`on_page_content` wraps a mention of a term (or of one
of its other forms, plural "s"/"es" included) in ``<a class="chq-term"
href="../reference/glossary/#anchor" data-term="Term" data-definition="...">``, at
most ``LINKS_PER_SECTION`` of them in each section (the text between two headings),
and each term at most once on a page: the first term in a section not linked yet.
Text dense with links is hard to tap and to read; the glossary is one tap away.

With JavaScript, ``glossary/glossary.js`` opens the definition in place
(a tap, a click, Enter or Space; hover with a mouse); without it the term is a plain
link to the glossary entry, which links on to the rule. No ``title``: Material's
``content.tooltips`` would put its own small tooltip on it.

Text is never touched inside headings (and ``role="heading"``), links, code,
``abbr``, form controls, SVG, admonition titles, ``<summary>``, or any element with
the class ``chq-widget`` or ``chq-nolink``. Matching is case-insensitive, except for
abbreviations (TN, AT, FP, LOS), which match only in capitals; longer terms win
("Dummy Blind" before "Blind"). HTML is read with the standard library's
:mod:`html.parser`; all markup is passed through byte for byte and only text between
tags is rewritten.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

GLOSSARY_SRC = "reference/glossary.md"
# Glossary links in one section (the text from one heading to the next).
LINKS_PER_SECTION = 1
HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})

# Elements whose text is never linked (their whole subtree is skipped).
SKIP_TAGS = frozenset(
    {
        "a", "abbr", "button", "code", "h1", "h2", "h3", "h4", "h5", "h6", "input",
        "kbd", "label", "pre", "script", "select", "style", "summary", "svg",
        "textarea", "title",
    }
)
# Any element carrying one of these classes is skipped with its subtree.
SKIP_CLASSES = frozenset({"chq-widget", "chq-nolink", "admonition-title", "headerlink"})
# Elements that never have an end tag.
VOID_TAGS = frozenset(
    {
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
        "param", "source", "track", "wbr",
    }
)

_ENTRY = re.compile(r"^##\s+(?P<term>.+?)\s*\{#(?P<anchor>[A-Za-z0-9_-]+)\}\s*$")
_ALSO = re.compile(r"^\*Also written:\*\s*(?P<forms>.+)$")
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")


@dataclass(frozen=True)
class Term:
    """One glossary entry: its heading, anchor, definition and the forms that link to it."""

    term: str
    anchor: str
    definition: str
    forms: tuple[str, ...]


def _plain(markdown: str) -> str:
    """Markdown inline text to plain text (links keep their label, emphasis dropped)."""
    text = _LINK.sub(r"\1", markdown)
    text = re.sub(r"[*_`]", "", text)
    return " ".join(text.split())


def parse_glossary(text: str) -> list[Term]:
    """Read the glossary page's Markdown into :class:`Term` entries.

    >>> md = "## Blind {#blind}\\n\\nA *card*,\\nsix inches.\\n\\n*Also written:* blinds, BL\\n"
    >>> [entry] = parse_glossary(md + "\\n**Rules:** [Blinds](blinds.md)\\n")
    >>> entry.term, entry.anchor, entry.definition, entry.forms
    ('Blind', 'blind', 'A card, six inches.', ('Blind', 'blinds', 'BL'))
    """
    terms: list[Term] = []
    entries = re.split(r"^(?=## )", text, flags=re.MULTILINE)
    for entry in entries:
        heading, _, body = entry.partition("\n")
        match = _ENTRY.match(heading)
        if not match:
            continue
        forms = [match["term"]]
        definition = ""
        for block in re.split(r"\n\s*\n", body):
            block = block.strip()
            also = _ALSO.match(block)
            if also:
                forms += [f.strip() for f in also["forms"].split(",") if f.strip()]
            elif block and not definition and not block.startswith("**Rules:**"):
                definition = _plain(block)
        terms.append(Term(match["term"], match["anchor"], definition, tuple(forms)))
    return terms


def _is_case_sensitive(form: str) -> bool:
    """Abbreviations (TN, AT, FP, LOS) match only in capitals; other terms in any case."""
    return any(len(word) >= 2 and word.isupper() for word in re.findall(r"[A-Za-z]+", form))


def build_matcher(terms: list[Term]) -> tuple[re.Pattern[str], dict[str, Term]]:
    """One regex for all forms, longest first, and a map from matched form to its entry.

    Abbreviations are matched case-sensitively, everything else case-insensitively
    (``(?i:...)`` per alternative), so "AT" never matches "at" but "blind" finds Blind.
    """
    lookup: dict[str, Term] = {}
    alternatives: list[tuple[str, str]] = []
    for term in terms:
        for form in term.forms:
            key = " ".join(form.split())
            if not _is_case_sensitive(key):
                key = key.lower()
            if key in lookup:
                continue
            lookup[key] = term
            # Spaces in a term match any run of whitespace (a line break in the HTML).
            regex = r"\s+".join(re.escape(word) for word in key.split())
            alternatives.append((key, regex if _is_case_sensitive(key) else f"(?i:{regex})"))
    alternatives.sort(key=lambda item: (-len(item[0]), item[0]))
    body = "|".join(regex for _, regex in alternatives) or r"(?!)"
    pattern = re.compile(r"(?<![A-Za-z0-9])(?P<term>" + body + r")(?:e?s)?(?![A-Za-z0-9])")
    return pattern, lookup


class _Linker(HTMLParser):
    """Pass HTML through unchanged except for linking glossary terms in plain text."""

    def __init__(self, pattern: re.Pattern[str], lookup: dict[str, Term], href: str) -> None:
        super().__init__(convert_charrefs=False)
        self.pattern = pattern
        self.lookup = lookup
        self.href = href
        self.out: list[str] = []
        self.stack: list[tuple[str, bool]] = []  # (tag, skips its subtree)
        self.used: set[str] = set()  # anchors linked on this page
        self.in_section = 0  # links in the current section

    @property
    def skipping(self) -> bool:
        return any(skip for _, skip in self.stack)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.out.append(self.get_starttag_text() or "")
        if tag in VOID_TAGS:
            return
        classes = set()
        heading = False
        for name, value in attrs:
            if name == "class" and value:
                classes.update(value.split())
            elif name == "role" and value == "heading":
                heading = True
        if tag in HEADINGS or heading:
            self.in_section = 0  # a new section starts
        skip = tag in SKIP_TAGS or heading or bool(classes & SKIP_CLASSES)
        self.stack.append((tag, skip))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.out.append(self.get_starttag_text() or "")

    def handle_endtag(self, tag: str) -> None:
        self.out.append(f"</{tag}>")
        # Close up to the matching open tag; ignore a stray end tag.
        for depth in range(len(self.stack) - 1, -1, -1):
            if self.stack[depth][0] == tag:
                del self.stack[depth:]
                break

    def handle_data(self, data: str) -> None:
        if self.skipping or not data.strip():
            self.out.append(data)
        else:
            self.out.append(self._link(data))

    def handle_entityref(self, name: str) -> None:
        self.out.append(f"&{name};")

    def handle_charref(self, name: str) -> None:
        self.out.append(f"&#{name};")

    def handle_comment(self, data: str) -> None:
        self.out.append(f"<!--{data}-->")

    def handle_decl(self, decl: str) -> None:
        self.out.append(f"<!{decl}>")

    def handle_pi(self, data: str) -> None:
        self.out.append(f"<?{data}>")

    def unknown_decl(self, data: str) -> None:
        self.out.append(f"<![{data}]>")

    def _link(self, text: str) -> str:
        pieces: list[str] = []
        last = 0
        for match in self.pattern.finditer(text):
            if self.in_section >= LINKS_PER_SECTION:
                break
            key = " ".join(match["term"].split())
            term = self.lookup.get(key) or self.lookup.get(key.lower())
            if term is None or term.anchor in self.used:
                continue
            self.used.add(term.anchor)
            self.in_section += 1
            pieces.append(text[last : match.start()])
            pieces.append(
                f'<a class="chq-term" href="{html.escape(self.href + "#" + term.anchor)}"'
                f' data-term="{html.escape(term.term)}"'
                f' data-definition="{html.escape(term.definition)}">{match.group(0)}</a>'
            )
            last = match.end()
        pieces.append(text[last:])
        return "".join(pieces)


def link_terms(content: str, terms: list[Term], href: str) -> str:
    """Link terms in ``content`` to ``href#anchor``: in each section the first term
    not linked yet on the page (``LINKS_PER_SECTION``).

    >>> terms = parse_glossary("## Blind {#blind}\\n\\nA card.\\n\\n## TN {#tn}\\n\\nTarget.\\n")
    >>> print(link_terms("<h2>Blind</h2><p>Two Blinds at 4+ TN.</p><h2>B</h2><p>A Blind, TN.</p>",
    ...                  terms, "g/"))  # doctest: +NORMALIZE_WHITESPACE
    <h2>Blind</h2><p>Two <a class="chq-term" href="g/#blind" data-term="Blind"
    data-definition="A card.">Blinds</a> at 4+ TN.</p><h2>B</h2><p>A Blind,
    <a class="chq-term" href="g/#tn" data-term="TN" data-definition="Target.">TN</a>.</p>
    """
    if not terms:
        return content
    pattern, lookup = build_matcher(terms)
    linker = _Linker(pattern, lookup, href)
    linker.feed(content)
    linker.close()
    return "".join(linker.out)


_CACHE: dict[tuple[str, float], list[Term]] = {}


def load_terms(docs_dir: str | Path) -> list[Term]:
    """The glossary entries, re-read whenever the glossary page changes (``mkdocs serve``)."""
    path = Path(docs_dir) / GLOSSARY_SRC
    if not path.exists():
        return []
    key = (str(path), path.stat().st_mtime)
    if key not in _CACHE:
        _CACHE.clear()
        _CACHE[key] = parse_glossary(path.read_text(encoding="utf-8"))
    return _CACHE[key]


def on_page_content(html_text: str, page: Any, config: Any, files: Any) -> str:
    """MkDocs ``on_page_content`` event: add glossary links to one page's HTML."""
    if page.file.src_uri == GLOSSARY_SRC:
        return html_text
    glossary = files.get_file_from_path(GLOSSARY_SRC)
    if glossary is None:
        return html_text
    terms = load_terms(config["docs_dir"])
    href = glossary.url_relative_to(page.file)
    return link_terms(html_text, terms, href)
