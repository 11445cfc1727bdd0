"""``--table``'s readable text: a result in the page's words (``calculators.labels``),
printed as the page prints its figures (``calculators.printing``)."""

from __future__ import annotations

import re
from typing import Any

from .api import HEADLINES
from .labels import (
    AUTOMATIC,
    CHARTS,
    DETAILS,
    FIGURES,
    HEADLINE_LABELS,
    HEADLINE_RANGE,
    TITLES,
    beside_text,
    ends_text,
    headline_for,
    headline_text,
    is_automatic,
)
from .outputs import DEPRECATED
from .printing import exactly, fixed, pct


def _fill(template: str, entry: dict[str, Any], index: int) -> str:
    """A cell or a label from one entry of a result's list, as the page fills it
    (``fill`` in build/chq_site/widget/util.js): "#", "pct:key", "bool:key" or
    text with {key} slots."""
    if template == "#":
        return str(index + 1)
    if template.startswith("pct:"):
        prob = entry.get(template[4:])
        return pct(prob) if isinstance(prob, dict) else "–"
    if template.startswith("bool:"):
        return "yes" if entry.get(template[5:]) else "no"
    return re.sub(r"\{(\w+)\}", lambda m: "–" if entry.get(m.group(1)) is None else str(entry[m.group(1)]),
                  template)


def _columns(rows: list[list[str]]) -> list[str]:
    """Rows of cells as text columns, each as wide as its widest cell."""
    widths = [max(len(row[i]) for row in rows if i < len(row)) for i in range(max(map(len, rows)))]
    return ["  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)).rstrip() for row in rows]


def render_table(mechanic: str, result: dict[str, Any]) -> str:
    """The result as readable text, in the page's words (``calculators.labels``):
    the headline chance, the other figures, each chart and the detail table, then the
    working. Chances are printed as the page prints them (never 0.0% or 100.0% for an
    outcome that is possible but not certain), with the exact fraction beside them."""
    lines = [TITLES.get(mechanic, mechanic.replace("_", " ").title())]
    shown = {"mechanic", "inputs", "explain"}
    if mechanic in HEADLINE_LABELS:
        headline = headline_for(mechanic, result.get("inputs", {}))
    else:  # a mechanic the labels do not know yet: its key stands for its label
        headline = {"key": HEADLINES[mechanic], "label": HEADLINES[mechanic] or "summary"}
    key = headline["key"]
    if key and mechanic in HEADLINE_RANGE:  # a range, and the chance without the plan beside it
        ends = HEADLINE_RANGE[mechanic]
        names = [ends["low"], ends["high"], ends["beside"]["low"], ends["beside"]["high"]]
        exact = " to ".join(dict.fromkeys(exactly(result[name]) for name in names[:2]))
        lines.append(f"  {headline['label']}: {headline_text(mechanic, result)}  ({exact})")
        ends_line = ends_text(mechanic, result)
        if ends_line:
            lines.append(f"  {ends_line}")
        lines.append(f"  {beside_text(mechanic, result)}")
        shown.update(names)
    elif key and isinstance(result.get(key), dict) and is_automatic(mechanic, result):
        lines.append(f"  {headline['label']}: {AUTOMATIC} (no dice rolled)")
        shown.add(key)
    elif key and isinstance(result.get(key), dict):
        lines.append(f"  {headline['label']}: {pct(result[key])}  ({exactly(result[key])})")
        shown.add(key)
    elif "summary" in result:
        lines.append(f"  {headline['label']}: {result['summary']}")
        shown.add("summary")
    for name, label, kind in FIGURES.get(mechanic, ()):
        prob = result.get(name)
        if isinstance(prob, dict) and prob.get("value") is not None:
            value = pct(prob) if kind == "pct" else fixed(prob)
            lines.append(f"  {label}: {value}  ({exactly(prob)})")
            shown.add(name)
    for chart in CHARTS.get(mechanic, ()):
        entries = result.get(chart["key"])
        if not isinstance(entries, list):
            continue
        shown.add(chart["key"])
        lines += ["", f"  {chart['title']}:"]
        rows = [[_fill(chart["label"], entry, i) + ":", AUTOMATIC, ""]
                if is_automatic(mechanic, result, chart["key"], entry) else
                [_fill(chart["label"], entry, i) + ":", pct(entry.get(chart["value"])),
                 f"({exactly(entry[chart['value']])})" if isinstance(entry.get(chart["value"]), dict) else ""]
                for i, entry in enumerate(entries)]
        lines += ["    " + line for line in _columns(rows)] if rows else ["    (none)"]
    details = DETAILS.get(mechanic)
    if details and isinstance(result.get(details["key"]), list):
        entries = result[details["key"]]
        shown.add(details["key"])
        noted = any(entry.get("notes") for entry in entries)
        header = [title for title, _ in details["columns"]] + (["Rule applied"] if noted else [])
        rows = [[_fill(template, entry, i) for _, template in details["columns"]]
                + (["; ".join(entry.get("notes", ())) or "–"] if noted else [])
                for i, entry in enumerate(entries)]
        lines += ["", f"  {details['title']}:"] + ["    " + line for line in _columns([header, *rows])]
    # (an old name repeats its new one: not listed)
    rest = [name for name in result if name not in shown and name not in DEPRECATED.get(mechanic, {})]
    if rest:
        lines += ["", f"  Also in the JSON output (without --table): {', '.join(rest)}"]
    lines += ["", "  How:"]
    lines.extend(f"    - {step}" for step in result.get("explain", []))
    return "\n".join(lines)
