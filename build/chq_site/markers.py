"""Markers: the lines in a page's Markdown that the site build replaces, as a Markdown
extension (:class:`MarkersExtension`, added by the plugin's ``on_config``).

A line on its own in any page,

    <!-- calculator: spotting -->                       the full widget
    <!-- calculator: spotting compact -->               a compact one, for rule pages
    <!-- calculator: close_assault compact att_dice=6 att_flank=true -->
    <!-- calculator: close_assault compact preset=panzer-iv-h -->
    <!-- calculator-table: spotting -->                 only the build-time table
    <!-- scripting: ... -->                             the "Scripting the calculators"
                                                        tables and examples (``scripting``)
    <!-- search-words -->                               the words search understands (``search``)

becomes a widget (``widgets``), a table or an example. The extension runs after the
fenced code blocks are stashed (pymdownx.superfences), so it is handed real text only:
a marker inside a code block stays as it is written, and the documentation can show
one. A bad marker stops the build, naming the page and the line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from markdown import Extension, Markdown  # type: ignore[import-untyped]  # (no stubs in the pinned tools)
from markdown.preprocessors import Preprocessor  # type: ignore[import-untyped]

from calculators import PARAMETERS, InputError, Param, compute
from calculators.params import mechanic_name
from chq_site import scripting
from chq_site.answers import answers
from chq_site.search import search
from chq_site.widget import widgets
from chq_site.widget.calculator_pages import page
from chq_site.widget.presentation import find_preset

try:  # only the error type; importing the module keeps the helpers usable without MkDocs
    from mkdocs.exceptions import PluginError
except ImportError:  # pragma: no cover - MkDocs is always there when the plugin runs
    PluginError = ValueError  # type: ignore[misc,assignment]

MARKER = re.compile(
    r"^[ \t]{0,3}<!--\s*calculator(?P<table>-table)?:\s*(?P<body>[^>]*?)\s*-->[ \t]*$"
)


@dataclass
class Marker:
    """One parsed marker line."""

    mechanic: str
    table_only: bool = False
    compact: bool = False
    params: dict[str, Any] = field(default_factory=dict)


def parse_value(param: Param, text: str) -> Any:
    """A marker's or fragment's ``key=value`` text as the Param's kind wants it.

    >>> from calculators import PARAMETERS
    >>> p = {x.name: x for x in PARAMETERS["spotting"]}
    >>> parse_value(p["distance"], "18"), parse_value(p["distance"], "12.5"), parse_value(p["moving"], "true")
    (18, 12.5, True)
    """
    if param.kind == "bool":
        if text in ("true", "false"):
            return text == "true"
        raise InputError(param.name, param.refusal(text))
    if param.kind == "int":
        if re.fullmatch(r"[+-]?\d+", text):
            return param.check(int(text))
        raise InputError(param.name, param.refusal(text))
    if param.kind == "number":
        if re.fullmatch(r"[+-]?(\d+\.?\d*|\.\d+)", text):
            number = float(text)
            return param.check(int(number) if number.is_integer() else number)
        raise InputError(param.name, param.refusal(text))
    return param.check(text)


def parse_marker(body: str, table_only: bool) -> Marker:
    """``close_assault compact att_dice=6`` -> Marker.

    >>> parse_marker("close-assault compact att_dice=6 att_flank=true", False)
    Marker(mechanic='close_assault', table_only=False, compact=True, params={'att_dice': 6, 'att_flank': True})
    """
    words = body.split()
    if not words:
        raise InputError("marker", "names no calculator")
    mechanic = mechanic_name(words[0])
    marker = Marker(mechanic, table_only=table_only)
    table = {p.name: p for p in PARAMETERS[mechanic]}
    for word in words[1:]:
        if word == "compact":
            marker.compact = True
        elif word == "full":
            marker.compact = False
        elif "=" in word:
            key, _, text = word.partition("=")
            if key == "preset":
                marker.params.update(find_preset(mechanic, text).params)
            elif key in table:
                marker.params[key] = parse_value(table[key], text)
            else:
                raise InputError(key, f"unknown parameter for {mechanic}; allowed: {', '.join(table)}")
        else:
            raise InputError("marker", f"unknown word {word!r} (compact, full, key=value, preset=id)")
    # The whole set must be acceptable to compute(), or the build stops here.
    compute(mechanic, {**page(mechanic).starting, **marker.params})
    return marker


def render_marker(marker: Marker, *, page_url: str, use_dirs: bool = True,
                  counter: widgets.WidgetIds | None = None) -> str:
    """The HTML a marker becomes: a widget, or only its build-time table."""
    counter = counter or widgets.WidgetIds()
    if marker.table_only:
        return widgets.render_table_only(marker.mechanic)
    return widgets.render_widget(marker.mechanic, compact=marker.compact, start=marker.params,
                                 page_url=page_url, use_dirs=use_dirs, counter=counter)


# ------------------------------------------------------------------ the extension

#: After the fenced code blocks are stashed (``fenced_code_block``, 25, pymdownx.superfences
#: or Python-Markdown's fenced_code) and before raw HTML is (``html_block``, 20): a marker
#: is an HTML comment, which html_block would hide from us.
PRIORITY = 22


class MarkersExtension(Extension):  # type: ignore[misc]  # (untyped base)
    """Replaces the marker lines of each page (see the module's docstring).

    The plugin makes one in ``on_config``, adds it to ``markdown_extensions`` (as
    mkdocstrings adds its own) and tells it, in ``on_page_markdown``, which page MkDocs
    converts next: the widgets' links, the error messages and the page's engine
    settings need it.
    """

    def __init__(self, *, use_directory_urls: bool = True, docs_dir: str = "docs") -> None:
        super().__init__()
        self.use_directory_urls = use_directory_urls
        self.docs_dir = docs_dir
        self.page: Any = None
        self.starts: dict[str, str] = {}  # page src_uri -> when its engine starts

    def found(self, marker: Marker, page: Any) -> None:
        """Note a page's main calculator: its engine starts with the page (the search
        index waits for it). As the page loads when only the engine answers it; once
        the answer on screen is there when an answer table (in the page) gives it:
        Python starting beside the page held that answer back on a 2-core tablet."""
        if not (marker.table_only or marker.compact):
            self.starts[_src(page)] = "answer" if marker.mechanic in answers.TABLED else "load"

    def start_of(self, page: Any) -> str:
        """When ``page``'s engine starts (``engine.STARTS``): "" if no main calculator."""
        return self.starts.get(_src(page), "")

    def extendMarkdown(self, md: Markdown) -> None:  # Python-Markdown's name
        md.registerExtension(self)
        md.preprocessors.register(MarkerPreprocessor(md, self), "chq_markers", PRIORITY)


class MarkerPreprocessor(Preprocessor):  # type: ignore[misc]  # (the same)
    """One page's marker lines, expanded; every other line as it came."""

    def __init__(self, md: Markdown, extension: MarkersExtension) -> None:
        super().__init__(md)
        self.extension = extension

    def run(self, lines: list[str]) -> list[str]:
        page = self.extension.page
        self.extension.starts.pop(_src(page), None)
        self.counter = widgets.WidgetIds()
        out: list[str] = []
        for line in lines:
            inserted = self.expand(line, page)
            out.extend([line] if inserted is None else self.as_page_text(inserted))
        return out

    def expand(self, line: str, page: Any) -> list[str] | None:
        """What a marker line becomes, as lines of Markdown; None for any other line."""
        stripped = line.strip()
        if stripped == search.WORDS_MARKER:
            return [search.words_list_html()]
        src = _src(page)
        match = scripting.MARKER.match(stripped)
        if match:
            try:
                return [scripting.expand(match.group("word"), match.group("rest"), src, self.extension.docs_dir)]
            except (InputError, ValueError, KeyError) as exc:
                raise PluginError(f"{self.where(src, line, page)}: bad scripting marker {stripped!r}: {exc}") from exc
        match = MARKER.match(line)
        if not match:
            return None
        try:
            marker = parse_marker(match.group("body"), bool(match.group("table")))
            html_text = render_marker(marker, page_url=getattr(page, "url", "") or "",
                                      use_dirs=self.extension.use_directory_urls, counter=self.counter)
        except (InputError, ValueError) as exc:
            raise PluginError(f"{self.where(src, line, page)}: bad calculator marker {stripped!r}: {exc}") from exc
        self.extension.found(marker, page)
        return ["", html_text, ""]

    def as_page_text(self, inserted: list[str]) -> list[str]:
        """The inserted Markdown, put through the preprocessors the page's own text went
        through before this one (whitespace normalised, fenced code stashed: the
        scripting examples are code blocks), as it was when markers were expanded
        before Markdown ran."""
        lines = "\n".join(inserted).split("\n")
        for earlier in list(self.md.preprocessors)[: self.md.preprocessors.get_index_for_name("chq_markers")]:
            lines = earlier.run(lines)
        return lines

    def where(self, src: str, line: str, page: Any) -> str:
        """``page.md:LINE`` for a marker line. Markdown hands this preprocessor the page
        with each code block folded into one line, so the line is found in the page's
        source: a bad marker stops the build at its first real copy, taken to be its
        first copy there (a copy of it inside a code block above would be named instead)."""
        source = (getattr(page, "markdown", None) or "").split("\n")
        numbers = [number for number, text in enumerate(source, start=1) if text.rstrip() == line.rstrip()]
        if not numbers:
            return f"{src} (an included file)"
        return f"{src}:{numbers[0]}"


def _src(page: Any) -> str:
    """The page's source file (``rules/spotting.md``), as errors name it."""
    return getattr(getattr(page, "file", None), "src_uri", None) or getattr(page, "url", "") or "page"
