"""Widget HTML: one calculator widget from a mechanic, its starting inputs and the page
it sits on.

Its form is built from ``calculators.PARAMETERS``; what it shows comes from
``presentation``; ``docs/assets/js/companion.js`` brings it to life and asks the
Pyodide worker for answers. Every widget also carries its build-time table
(``static_tables``) and, for the bigger calculators, the answers for its starting
inputs and worked examples (``answers.build_answers``): the script shows one of them
at once, without waiting for the engine, when the inputs shown match.
"""

from __future__ import annotations

import html
import json
from typing import Any

from calculators import HEADLINES, PARAMETERS, READINGS, Param
from chq_site import answers, engine
from chq_site.permalinks import (
    base_values,
    calculator_href,
    fragment_value,
    preset_fragment,
    preset_values,
    start_values,
)
from chq_site.presentation import (
    ADVANCED,
    CHARTS,
    CHOICE_LABELS,
    DETAILS,
    FIGURES,
    GROUPS,
    HEADLINE_LABELS,
    PRESETS,
    TITLES,
)
from chq_site.static_tables import Table, static_table


class WidgetIds:
    """Numbers the widgets of one page, for unique element ids."""

    def __init__(self) -> None:
        self.n = 0

    def next(self) -> int:
        self.n += 1
        return self.n



def esc(text: Any) -> str:
    return html.escape(str(text), quote=True)


def attrs(**values: Any) -> str:
    """HTML attributes; ``data_x`` -> ``data-x``; None/False dropped, True bare."""
    out = []
    for key, value in values.items():
        name = key.rstrip("_").replace("_", "-")
        if value is None or value is False:
            continue
        out.append(name if value is True else f"{name}={quoted(value)}")
    return (" " + " ".join(out)) if out else ""


def quoted(value: Any) -> str:
    """An attribute value in quotes: single quotes around text with double quotes in
    it (JSON), so its quotes need no escaping.

    >>> print(quoted('{"a": "<b> & c"}'), quoted("it's"), quoted("plain"))
    '{"a": "&lt;b> &amp; c"}' "it&#x27;s" "plain"
    """
    text = str(value)
    if '"' in text:
        return "'" + text.replace("&", "&amp;").replace("'", "&#39;").replace("<", "&lt;") + "'"
    return f'"{esc(text)}"'



def engine_sizes() -> dict[str, Any]:
    """The bytes the worker downloads, file by file (its progress bar meters them),
    and in all (what the widget says it will download)."""
    fetched = engine.fetched_sizes()
    modules = sum((engine.PYODIDE_DIR / name).stat().st_size for name in engine.PYODIDE_CORE
                  if name not in fetched)
    return {"fetched": fetched, "total": sum(fetched.values()) + modules}



def widget_spec(mechanic: str, *, compact: bool, start: dict[str, Any], canonical: str) -> dict[str, Any]:
    """What the widget's script needs to know, as JSON in ``data-spec``."""
    return {
        "mechanic": mechanic,
        "mode": "compact" if compact else "full",
        "canonical": canonical,
        "params": [
            {"name": p.name, "kind": p.kind, "label": p.label, "default": p.default,
             "required": p.required, "min": p.minimum, "max": p.maximum,
             "choices": list(p.choices)}
            for p in PARAMETERS[mechanic]
        ],
        "start": start,
        "base": base_values(mechanic),
        "headline": {"key": HEADLINES[mechanic], "label": HEADLINE_LABELS[mechanic]},
        "figures": [list(f) for f in FIGURES[mechanic]],
        "table": (answers.table_path(mechanic, answers.table_keys(mechanic))
                  if mechanic in answers.SMALL else None),
        "charts": list(CHARTS[mechanic]),
        "details": DETAILS.get(mechanic),
        "presets": [
            {"id": p.id, "label": p.label, "params": preset_values(mechanic, p),
             "fragment": preset_fragment(mechanic, p.id), "note": p.note}
            for p in PRESETS.get(mechanic, ())
        ],
        "engine": engine_sizes(),
    }


def render_widget(mechanic: str, *, compact: bool, start: dict[str, Any], page_url: str,
                  use_dirs: bool, counter: WidgetIds) -> str:
    n = counter.next()
    uid = f"chq{n}-{mechanic.replace('_', '-')}"
    values = start_values(mechanic, start)
    canonical = calculator_href(mechanic, page_url, use_dirs)
    spec = widget_spec(mechanic, compact=compact, start=values, canonical=canonical)
    heading = "h3" if compact else "h2"
    title = TITLES[mechanic]
    parts: list[str] = []
    parts.append(
        "<div" + attrs(class_=f"chq-widget chq-widget--{'compact' if compact else 'full'}",
                       id=uid, role="region", data_calculator=mechanic, data_state="loading",
                       data_search_exclude=True,
                       data_mode="compact" if compact else "full",
                       data_spec=json.dumps(spec, ensure_ascii=False, separators=(",", ":")),
                       aria_label=f"{title} calculator")
        + ">"
    )
    built = answers.build_answers(mechanic, values)
    if built:
        parts.append(f'<template class="chq-answers">{answers.answers_json(built)}</template>')
    if compact:
        parts.append(f'<p class="chq-widget__title"><strong>Calculator: {esc(title)}</strong> '
                     f'<a class="chq-open" href="{esc(canonical)}">Open in calculator</a></p>')
    parts.append(
        f'<div class="chq-status" id="{uid}-status" role="status">'
        # companion.js replaces this text as it mounts. Until then it must be honest:
        # with JavaScript off only the <noscript> sentence shows (its style hides the
        # other); with JavaScript on, the script has not run (yet, or it never loaded).
        '<p class="chq-status__text"><noscript><style>.chq-status__script{display:none}</style>'
        "This calculator runs in your browser and needs JavaScript, which is off here. </noscript>"
        '<span class="chq-status__script">The calculator&#8217;s script has not run: if this '
        "message stays, it could not be loaded, and reloading the page may help. </span>"
        "The table below was computed when the site was built.</p>"
        '<progress class="chq-status__bar" max="100" value="0" hidden '
        'aria-label="Loading the calculator engine"></progress>'
        "</div>"
    )
    if compact:
        # A card in the rules text: the answer and how it was reached first; the
        # inputs one tap away.
        parts.append(render_output(mechanic, uid))
        parts.append(render_result(mechanic, heading, compact))
        parts.append('<details class="chq-edit"><summary>Change the inputs</summary>')
        parts.append(render_form(mechanic, uid, values))
        parts.append("</details>")
    else:
        if PRESETS.get(mechanic):
            parts.append(render_presets(mechanic, uid))
        parts.append(render_form(mechanic, uid, values))
        parts.append(render_output(mechanic, uid))
        parts.append(render_result(mechanic, heading, compact))
    parts.append(render_readings(mechanic, compact))
    parts.append(render_static(mechanic, standalone=False))
    parts.append("</div>")
    return "\n".join(parts)


def render_presets(mechanic: str, uid: str) -> str:
    items = []
    for preset in PRESETS[mechanic]:
        frag = preset_fragment(mechanic, preset.id)
        # The chip's id is its own fragment, so a "Try it in the calculator" link from a
        # rule page lands on an element that exists (and on the widget).
        items.append(
            "<li>" + f'<a class="chq-preset" id="{esc(frag)}" href="#{esc(frag)}"'
            + attrs(data_preset=preset.id) + f">{esc(preset.label)}</a></li>"
        )
    return (f'<div class="chq-presets" role="group" aria-labelledby="{uid}-presets">'
            f'<span class="chq-presets__label" id="{uid}-presets">Try it:</span>'
            f'<ul>{"".join(items)}</ul>'
            '<p class="chq-presets__note" aria-live="polite"></p></div>')


def render_form(mechanic: str, uid: str, values: dict[str, Any]) -> str:
    groups = GROUPS.get(mechanic, (("", ""),))

    def section(advanced: bool) -> list[str]:
        wanted = [p for p in PARAMETERS[mechanic]
                  if (p.name in ADVANCED.get(mechanic, ())) == advanced]
        if not wanted:
            return []
        if len(groups) == 1:
            return ['<div class="chq-fields">',
                    *(render_field(p, uid, values[p.name]) for p in wanted), "</div>"]
        out = ['<div class="chq-groups">']
        for legend, prefix in groups:
            members = [p for p in wanted if p.name.startswith(prefix)]
            if members:
                out += [f'<fieldset class="chq-group"><legend>{esc(legend)}</legend><div class="chq-fields">',
                        *(render_field(p, uid, values[p.name]) for p in members), "</div></fieldset>"]
        out.append("</div>")
        grouped = {p.name for p in wanted for _, prefix in groups if p.name.startswith(prefix)}
        rest = [p for p in wanted if p.name not in grouped]
        if rest:
            out += ['<div class="chq-fields">',
                    *(render_field(p, uid, values[p.name]) for p in rest), "</div>"]
        return out

    out = [f'<form class="chq-form" id="{uid}-form" novalidate aria-label="{esc(TITLES[mechanic])} inputs">',
           *section(False)]
    more = section(True)
    if more:
        out += ['<details class="chq-more"><summary>More options</summary>', *more, "</details>"]
    out += ['<p class="chq-form__message" role="alert" hidden></p>',
            '<div class="chq-actions"><button type="reset" class="chq-button chq-reset">Reset</button></div>',
            "</form>"]
    return "\n".join(out)


def describe(param: Param) -> str:
    """The help line under a field: the rule's effect and the allowed range."""
    bits = []
    if param.help:
        bits.append(param.help)
    if param.kind in ("int", "number"):
        lo, hi = _num(param.minimum), _num(param.maximum)
        bits.append(f"{lo} to {hi}{param.unit if param.unit == '″' else ''}")
    return "; ".join(bits)


def _num(x: float | None) -> str:
    if x is None:
        return "?"
    return str(int(x)) if float(x).is_integer() else str(x)


def render_field(param: Param, uid: str, value: Any) -> str:
    fid = f"{uid}-{param.name}"
    help_id, msg_id = f"{fid}-help", f"{fid}-msg"
    help_text = describe(param)
    help_html = f'<p class="chq-help" id="{help_id}">{esc(help_text)}</p>' if help_text else ""
    described = " ".join(x for x in (help_id if help_text else "", msg_id) if x)
    msg_html = f'<p class="chq-msg" id="{msg_id}"></p>'
    if param.kind in ("int", "number"):
        unit = ' <span class="chq-unit">(inches)</span>' if param.unit == "″" else ""
        shown = fragment_value(param, value)
        return (
            f'<div class="chq-field chq-field--stepper" data-param="{param.name}">'
            f'<label class="chq-label" for="{fid}">{esc(param.label)}{unit}</label>'
            '<div class="chq-stepper">'
            f'<button type="button" class="chq-step" data-step="-1" aria-controls="{fid}" '
            f'aria-label="Decrease {esc(param.label)}">−</button>'
            "<input" + attrs(id=fid, name=param.name, type="text",
                             inputmode="numeric" if param.kind == "int" else "decimal",
                             autocomplete="off", spellcheck="false", value=shown,
                             data_kind=param.kind, aria_describedby=described) + ">"
            f'<button type="button" class="chq-step" data-step="1" aria-controls="{fid}" '
            f'aria-label="Increase {esc(param.label)}">+</button>'
            "</div>" + help_html + msg_html + "</div>"
        )
    if param.kind == "bool":
        return (
            f'<div class="chq-field chq-field--switch" data-param="{param.name}">'
            f'<label class="chq-switch" for="{fid}">'
            "<input" + attrs(id=fid, name=param.name, type="checkbox", role="switch", value="true",
                             checked=bool(value), data_kind="bool", aria_describedby=described) + ">"
            '<span class="chq-switch__track" aria-hidden="true"></span>'
            f'<span class="chq-switch__label">{esc(param.label)}</span></label>'
            + help_html + msg_html + "</div>"
        )
    options = []
    for i, choice in enumerate(param.choices):
        oid = f"{fid}-{i}"
        label = CHOICE_LABELS.get(choice, choice.replace("-", " ").capitalize())
        options.append(
            "<input" + attrs(type="radio", id=oid, name=param.name, value=choice,
                             checked=(choice == value), data_kind="choice") + ">"
            f'<label for="{oid}">{esc(label)}</label>'
        )
    return (
        f'<fieldset class="chq-field chq-field--choice" data-param="{param.name}" '
        f'aria-describedby="{described}">'
        f'<legend class="chq-label">{esc(param.label)}</legend>'
        f'<div class="chq-segmented">{"".join(options)}</div>' + help_html + msg_html + "</fieldset>"
    )


def render_output(mechanic: str, uid: str) -> str:
    """The headline bar. A direct child of the widget, so it can stay in view (sticky)
    while the reader works the form above it."""
    label = HEADLINE_LABELS[mechanic]
    if HEADLINES[mechanic] is not None:
        value = (f'<button type="button" class="chq-headline" data-headline data-value="" data-exact="" '
                 f'aria-pressed="false" aria-describedby="{uid}-headline-label" '
                 f'title="Show the exact fraction">…</button>')
    else:
        value = ('<span class="chq-headline chq-headline--text" data-headline data-value="" '
                 'data-exact="">…</span>')
    return (f'<div class="chq-output" aria-live="polite">'
            f'<span class="chq-output__label" id="{uid}-headline-label">{esc(label)}</span>{value}'
            '<p class="chq-output__hint" hidden>Fix the input marked above to see the answer.</p></div>')


def render_result(mechanic: str, heading: str, compact: bool) -> str:
    explain = '<ol class="chq-explain"></ol>'
    body = ['<div class="chq-result" hidden>', '<dl class="chq-figures" hidden></dl>']
    if compact:
        body.append(explain)
    else:
        body += ['<div class="chq-charts"></div>', '<div class="chq-details"></div>',
                 f'<{heading} class="chq-subtitle">How it was worked out</{heading}>{explain}']
    body.append("</div>")
    return "\n".join(body)


def render_readings(mechanic: str, compact: bool) -> str:
    items = "".join(f"<li>{esc(text)}</li>" for text in READINGS[mechanic])
    title = "How this calculator reads the rules"
    return (f'<details class="chq-readings"{"" if compact else " open"}><summary>{title}</summary>'
            f"<ul>{items}</ul></details>")

def render_table(table: Table) -> str:
    head = "".join(f'<th scope="col">{esc(h)}</th>' for h in table.head)
    body = "".join(
        f'<tr><th scope="row">{esc(row[0])}</th>'
        + "".join(f"<td>{esc(c)}</td>" for c in row[1:]) + "</tr>"
        for row in table.rows
    )
    note = f'<p class="chq-table__note">{esc(table.note)}</p>' if table.note else ""
    return ('<div class="chq-table__scroll"><table class="chq-table__grid">'
            f"<caption>{esc(table.caption)}</caption>"
            f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>{note}")


def render_static(mechanic: str, *, standalone: bool) -> str:
    table = static_table(mechanic)
    if standalone:
        return (f'<div class="chq-static" data-calculator-table="{mechanic}" data-search-exclude>'
                f"{render_table(table)}<p class=\"chq-table__note\">Computed exactly when the site was "
                f"built, by the same code as the calculator.</p></div>")
    return (f'<details class="chq-table" open><summary>Table computed when the site was built</summary>'
            f"{render_table(table)}</details>")
