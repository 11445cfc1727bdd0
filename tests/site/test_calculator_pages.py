"""Calculator first, in the built pages: a calculator's page is its title, one short
line saying what it answers, the calculator, then "About this calculator" (a
<details>, which opens without JavaScript) holding the rest of the prose. Notes on
the source's wording are the calculator's readings, not the page's.

(Where these land on a phone's and a tablet's first screen is measured in the
browsers, Chromium and WebKitGTK: tests/browser/test_first_screen.py.)
"""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest
from chq_site.widget import permalinks

from calculators import MECHANICS, READINGS
from tests.browser.site_helpers import page_file

#: The line under the title: one sentence, two lines on a phone at most.
LEAD_CHARS = 100


class _Article(HTMLParser):
    """The article's top-level elements, in order: (tag, classes, text)."""

    VOID = frozenset({"br", "img", "input", "hr", "meta", "link", "source", "wbr"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.depth = 0  # inside the article: 1 = its own children
        self.top: list[list[str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = dict(attrs).get("class") or ""
        if self.depth == 0:
            if tag == "article" and "md-content__inner" in classes:
                self.depth = 1
            return
        if self.depth == 1:
            self.top.append([tag, classes, ""])
        if tag not in self.VOID:
            self.depth += 1

    def handle_endtag(self, tag: str) -> None:
        if self.depth > 0 and tag not in self.VOID:
            self.depth -= 1

    def handle_data(self, data: str) -> None:
        if self.depth > 1 and self.top:
            self.top[-1][2] += data


def top_level(site: Path, path: str) -> list[tuple[str, str, str]]:
    parser = _Article()
    parser.feed(page_file(site, path).read_text(encoding="utf-8"))
    return [(tag, classes, " ".join(text.split())) for tag, classes, text in parser.top]


@pytest.mark.parametrize("mechanic", MECHANICS)
def test_the_calculator_comes_first_and_the_prose_folds_under_it(built_site: Path, mechanic: str) -> None:
    parts = [(tag, classes, text) for tag, classes, text in top_level(built_site, permalinks.page_path(mechanic))
             if tag not in ("a", "script", "template")]
    tags = [tag for tag, _, _ in parts]
    widget = next(i for i, (tag, classes, _) in enumerate(parts) if "chq-widget--full" in classes)
    assert tags[:widget] in (["h1"], ["h1", "p"]), parts[:widget]
    if tags[:widget] == ["h1", "p"]:
        lead = parts[1][2]
        assert len(lead) <= LEAD_CHARS and lead.count(". ") == 0, lead
    about = [(tag, classes, text) for tag, classes, text in parts[widget + 1:]]
    assert [tag for tag, _, _ in about] == ["details"], about
    assert about[0][2].startswith("About this calculator"), about[0][2][:80]
    assert "open" not in about[0][1]


def test_the_sources_slips_are_in_the_readings_not_the_page(built_site: Path) -> None:
    """Close Assault's "The Soviets roll 5D" (the rule gives 4D) and the spotting
    example's missing distance are said in each calculator's readings."""
    assert any('"The Soviets roll 5D"' in reading for reading in READINGS["close_assault"])
    assert any("gives no distance" in reading for reading in READINGS["spotting"])
    for mechanic, words in (("close_assault", "The example's text later says"), ("spotting", "gives no distance")):
        about = top_level(built_site, permalinks.page_path(mechanic))[-1][2]
        assert words not in about, about
