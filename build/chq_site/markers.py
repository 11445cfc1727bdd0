"""Markers: the lines in a page's Markdown that become calculator widgets
(the plugin's ``on_page_markdown``).

A line on its own in any page,

    <!-- calculator: spotting -->                       the full widget
    <!-- calculator: spotting compact -->               a compact one, for rule pages
    <!-- calculator: close_assault compact att_dice=6 att_flank=true -->
    <!-- calculator: close_assault compact preset=panzer-iv-h -->
    <!-- calculator-table: spotting -->                 only the build-time table

becomes a widget (``widgets``). Markers inside fenced code blocks are left alone, so
the documentation can show them. A bad marker stops the build, naming the page and
the line.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from calculators import PARAMETERS, InputError, Param, compute
from calculators.params import mechanic_name
from chq_site import answers, engine, widgets
from chq_site.presentation import STARTING, find_preset

try:  # only the error type; importing the module keeps the helpers usable without MkDocs
    from mkdocs.exceptions import PluginError
except ImportError:  # pragma: no cover - MkDocs is always there when the plugin runs
    PluginError = ValueError  # type: ignore[misc,assignment]

MARKER = re.compile(
    r"^[ \t]{0,3}<!--\s*calculator(?P<table>-table)?:\s*(?P<body>[^>]*?)\s*-->[ \t]*$"
)
FENCE = re.compile(r"^[ \t]*(?P<fence>`{3,}|~{3,})")


def numbered_lines(markdown: str) -> Iterator[tuple[int, str, bool]]:
    r"""Each line of a page's Markdown, its number (from 1), and whether it is inside a
    fenced code block, where a marker is only text to show.

    >>> [(n, code) for n, _, code in numbered_lines("a\n```\n<!-- x -->\n```\nb")]
    [(1, False), (2, True), (3, True), (4, True), (5, False)]
    """
    fence: str | None = None
    for number, line in enumerate(markdown.split("\n"), start=1):
        opening = FENCE.match(line)
        if fence is not None:
            closing = opening.group("fence") if opening else ""
            if closing[:1] == fence[0] and len(closing) >= len(fence):
                fence = None
            yield number, line, True
        elif opening:
            fence = opening.group("fence")
            yield number, line, True
        else:
            yield number, line, False


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
    compute(mechanic, {**STARTING[mechanic], **marker.params})
    return marker


def expand_page(markdown: str, *, page: Any, config: Any) -> str:
    """Expand every marker line in a page's Markdown (``on_page_markdown``)."""
    if "<!--" not in markdown or "calculator" not in markdown:
        return markdown
    page_url = getattr(page, "url", "") or ""
    use_dirs = bool(_config_get(config, "use_directory_urls", True))
    src = getattr(getattr(page, "file", None), "src_uri", page_url)
    counter = widgets.WidgetIds()
    out: list[str] = []
    for number, line, in_code in numbered_lines(markdown):
        match = None if in_code else MARKER.match(line)
        if not match:
            out.append(line)
            continue
        try:
            marker = parse_marker(match.group("body"), bool(match.group("table")))
            html_text = render_marker(marker, page_url=page_url, use_dirs=use_dirs, counter=counter)
        except (InputError, ValueError) as exc:
            where = f"{src}:{number}"
            raise PluginError(f"{where}: bad calculator marker {line.strip()!r}: {exc}") from exc
        out.extend(["", html_text, ""])
        # A page whose main widget needs the engine for any input but its own: the
        # template starts the worker from <head> (overrides/main.html). One that
        # answers from its answer table (in the page, widget.html) starts it once
        # that answer is on screen (widget.js): Python starting beside the page held
        # the answer back on a 2-core tablet.
        main = not (marker.table_only or marker.compact)
        if main and getattr(page, "meta", None) is not None:
            # Its engine starts as the page loads: the search index waits for it
            # (overrides/main.html "#hold:", assets/js/search-worker.js).
            page.meta["chq_engine_main"] = True
            if marker.mechanic not in answers.TABLED:
                page.meta["chq_engine_boot"] = engine.fetched_sizes()
    return "\n".join(out)



def _config_get(config: Any, key: str, default: Any) -> Any:
    try:
        return config[key]
    except (KeyError, TypeError):
        return getattr(config, key, default)



def render_marker(marker: Marker, *, page_url: str, use_dirs: bool = True,
                  counter: widgets.WidgetIds | None = None) -> str:
    """The HTML a marker becomes: a widget, or only its build-time table."""
    counter = counter or widgets.WidgetIds()
    if marker.table_only:
        return widgets.render_table_only(marker.mechanic)
    return widgets.render_widget(marker.mechanic, compact=marker.compact, start=marker.params,
                                 page_url=page_url, use_dirs=use_dirs, counter=counter)
