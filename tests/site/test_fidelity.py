"""The site publishes the rule documents word for word.

Every non-empty line of every seed file in ``tests/fixtures/seeds`` must appear in
the visible text of at least one built page. Both sides are normalised the same
way (NFKC, lower case, only letters and digits kept), so markup, bullets,
punctuation and line breaks do not matter, but every word and number does, in
order. A line split over a table row still matches: its cells are read in order.

The visible text of a page is its ``<article>`` (Material's ``.md-content``),
without ``<script>``/``<style>`` and without admonition titles: a title such as
"Example" is our label, not rule text, and leaving it out lets a worked example set
apart in an example box still join the sentence it ends in the source.
"""

from __future__ import annotations

import re
import unicodedata
from html.parser import HTMLParser
from pathlib import Path

import pytest

SEEDS = Path(__file__).resolve().parent.parent / "fixtures" / "seeds"

# Titles the site uses for the four documents (see the Sources table on the home page).
TITLES = {
    "000": "Hidden Units (Armour Battles update)",
    "001": "Spotting Blinds",
    "002": "Close Assault (revised)",
    "004": "Planned fire missions and artillery (Combat HQ)",
}
# Which documents each rules page is drawn from.
RULE_PAGE_SOURCES = {
    "blinds": {"000", "001"},
    "spotting": {"001", "000"},
    "hidden-units": {"000"},
    "artillery": {"004", "000"},
    "close-assault": {"002"},
    "units": {"000", "002"},
}

SKIP_TAGS = {"script", "style", "noscript", "template"}
SKIP_CLASSES = {"admonition-title", "headerlink"}
VOID_TAGS = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
             "param", "source", "track", "wbr"}


def normalise(text: str) -> str:
    """NFKC, lower case, and keep letters and digits only.

    >>> normalise("• 6–12” 3+ TN")
    '6123tn'
    """
    text = unicodedata.normalize("NFKC", text).lower()
    return "".join(ch for ch in text if ch.isalnum())


class ArticleText(HTMLParser):
    """Collect the visible text inside ``<article>`` (or ``.md-content``)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool, bool]] = []  # (tag, is content root, skipped)
        self.parts: list[str] = []

    def _inside(self) -> tuple[bool, bool]:
        inside = any(root for _, root, _ in self.stack)
        skipped = any(skip for _, _, skip in self.stack)
        return inside, skipped

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID_TAGS:
            return
        classes = set((dict(attrs).get("class") or "").split())
        root = tag == "article" or "md-content" in classes
        skip = tag in SKIP_TAGS or bool(classes & SKIP_CLASSES)
        self.stack.append((tag, root, skip))

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self.stack) - 1, -1, -1):
            if self.stack[depth][0] == tag:
                del self.stack[depth:]
                return

    def handle_data(self, data: str) -> None:
        inside, skipped = self._inside()
        if inside and not skipped:
            self.parts.append(data)

    @property
    def text(self) -> str:
        return " ".join(self.parts)


def page_text(path: Path) -> str:
    parser = ArticleText()
    parser.feed(path.read_text(encoding="utf-8"))
    parser.close()
    return parser.text


def built_pages(site: Path) -> dict[str, str]:
    """Visible article text of every built HTML page (not assets, not search)."""
    pages = {}
    for path in sorted(site.rglob("*.html")):
        rel = path.relative_to(site).as_posix()
        if rel.startswith(("assets/", "search/")) or rel == "404.html":
            continue
        pages[rel] = page_text(path)
    return pages


def seed_lines() -> list[tuple[str, int, str]]:
    """(file name, line number, text) for every non-empty line of every seed."""
    lines = []
    for path in sorted(SEEDS.glob("*.txt")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if normalise(line):
                lines.append((path.name, number, line.strip()))
    return lines


def test_every_seed_line_is_on_the_site(built_site: Path) -> None:
    haystacks = [normalise(text) for text in built_pages(built_site).values()]
    lines = seed_lines()
    missing = [
        (name, number, line)
        for name, number, line in lines
        if not any(normalise(line) in haystack for haystack in haystacks)
    ]
    found = len(lines) - len(missing)
    percent = 100 * found / len(lines)
    summary = f"fidelity: {found}/{len(lines)} seed lines found ({percent:.1f} %)"
    print(summary)
    assert not missing, summary + "\nmissing:\n" + "\n".join(
        f"  {name}:{number}: {line}" for name, number, line in missing
    )


def test_seed_fixtures_are_present() -> None:
    texts = sorted(SEEDS.glob("*.txt"))
    assert len(texts) == 4, [p.name for p in texts]
    for path in texts:
        assert path.read_text(encoding="utf-8").strip(), f"{path.name} is empty"
    assert {p.name[:3] for p in texts} == set(TITLES)


@pytest.mark.parametrize("slug", sorted(RULE_PAGE_SOURCES))
def test_rules_page_names_its_sources(built_site: Path, slug: str) -> None:
    path = built_site / "rules" / slug / "index.html"
    html = path.read_text(encoding="utf-8")
    # The first paragraph after the page title is the source line.
    match = re.search(r"</h1>\s*<p[^>]*>(.*?)</p>", html, re.S)
    assert match, f"rules/{slug}: no paragraph after the title"
    source_line = re.sub(r"<[^>]+>", "", match.group(1))
    assert source_line.startswith("Source:"), f"rules/{slug}: {source_line!r}"
    for number in RULE_PAGE_SOURCES[slug]:
        assert TITLES[number] in source_line, f"rules/{slug} does not name {TITLES[number]}"
        assert f"({number})" in source_line, f"rules/{slug} does not give the number {number}"


def test_every_rules_page_is_checked(built_site: Path) -> None:
    built = {p.parent.name for p in (built_site / "rules").glob("*/index.html")}
    assert built == set(RULE_PAGE_SOURCES)
