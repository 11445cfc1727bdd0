"""The marker lines as a Markdown extension (chq_site.markers.MarkersExtension): Markdown
run on a page with the extensions the site uses, no MkDocs, no site build.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import markdown
import pytest
from chq_site import scripting
from chq_site.markers import MarkersExtension
from chq_site.search import search
from mkdocs.exceptions import PluginError

WIDGET = 'role="region" data-calculator='
MARKER = "<!-- calculator: spotting -->"


@dataclass
class File:
    src_uri: str


@dataclass
class Page:
    """What the extension reads of MkDocs' page: where it is, its source, its meta."""

    markdown: str
    url: str = "rules/example/"
    file: File = field(default_factory=lambda: File("rules/example.md"))
    meta: dict[str, Any] = field(default_factory=dict)


def convert(text: str) -> tuple[str, str]:
    """The page's HTML, as MkDocs would convert it with mkdocs.yml's code extensions,
    and when its engine starts (as its chq-engine meta will say)."""
    page = Page(text)
    extension = MarkersExtension(use_directory_urls=True, docs_dir="docs")
    extension.page = page
    md = markdown.Markdown(extensions=["md_in_html", "attr_list", "pymdownx.superfences", extension])
    return md.convert(text), extension.start_of(page)


def test_a_marker_becomes_its_widget_and_says_when_the_engine_starts() -> None:
    html, start = convert(f"# Spotting\n\n{MARKER}\n\nAfter.\n")
    assert html.count(WIDGET) == 1 and "<p>After.</p>" in html and "calculator:" not in html
    assert start == "answer"  # once its answer table's answer is on screen


def test_a_calculator_without_answer_tables_starts_its_engine_with_the_page() -> None:
    html, start = convert("<!-- calculator: shell_then_assault -->\n")
    assert html.count(WIDGET) == 1 and start == "load"


def test_a_compact_marker_leaves_the_engine_for_later() -> None:
    html, start = convert("<!-- calculator: spotting compact distance=18 -->\n")
    assert html.count(WIDGET) == 1 and start == ""


@pytest.mark.parametrize("block", [
    f"```markdown\n{MARKER}\n```",
    f"~~~~\n{MARKER}\n~~~~",
    f"* a list\n\n    ```\n    {MARKER}\n    ```",
    f"Indented code:\n\n    {MARKER}",
    f"> ```\n> {MARKER}\n> ```",
], ids=["backticks", "tildes", "in-a-list", "indented", "in-a-quote"])
def test_a_marker_in_a_code_block_stays_as_written(block: str) -> None:
    html, start = convert(f"Before.\n\n{block}\n\nAfter.\n")
    assert WIDGET not in html and start == ""
    assert "&lt;!-- calculator: spotting --&gt;" in html


def test_the_same_page_with_a_real_marker_after_the_shown_one() -> None:
    html, _ = convert(f"```\n{MARKER}\n```\n\n{MARKER}\n")
    assert html.count(WIDGET) == 1 and "&lt;!-- calculator: spotting --&gt;" in html


def test_a_bad_marker_stops_with_the_page_and_its_line() -> None:
    page = "# Title\n\n```\nfour\nlines\nof code\n```\n\n<!-- calculator: spotting distance=far -->\n"
    with pytest.raises(PluginError) as caught:
        convert(page)
    message = str(caught.value)
    assert message.startswith("rules/example.md:9: bad calculator marker"), message
    assert "distance" in message


def test_an_unknown_calculator_is_named() -> None:
    with pytest.raises(PluginError, match=r"rules/example.md:3: bad calculator marker .*spoting"):
        convert("Text.\n\n<!-- calculator: spoting -->\n")


def test_a_scripting_example_is_a_highlighted_code_block() -> None:
    html, _ = convert('<!-- scripting: python rally {"disruption": 41} -->\n\nAfter.\n')
    expected = scripting.python_block("rally", {"disruption": 41})
    assert expected.startswith("```") and "scripting:" not in html
    assert re.search(r"<pre[^>]*><span></span><code>", html) or '<pre class="highlight"><code' in html, html
    assert "InputError" in html and "<p>After.</p>" in html


def test_a_scripting_marker_in_a_code_block_stays_as_written() -> None:
    html, _ = convert("```\n<!-- scripting: common -->\n```\n")
    assert "&lt;!-- scripting: common --&gt;" in html and "<table>" not in html


def test_a_bad_scripting_marker_stops_with_the_page_and_its_line() -> None:
    with pytest.raises(PluginError, match=r"^rules/example.md:2: bad scripting marker"):
        convert('Text.\n<!-- scripting: python rally {disruption: 2} -->\n')


def test_the_search_words_marker_becomes_the_words_table() -> None:
    html, _ = convert(f"{search.WORDS_MARKER}\n")
    assert 'class="chq-search-words' in html and "search-words -->" not in html
