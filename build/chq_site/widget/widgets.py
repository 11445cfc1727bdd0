"""Widget HTML: one calculator widget from a mechanic, its starting inputs and the page
it sits on, rendered from the Jinja templates in ``templates/`` (what a widget looks
like is there; this module only prepares what they show).

Its form is built from ``calculators.PARAMETERS``; what it shows comes from
its page's description (``calculator_pages``) and ``presentation``; the widget's browser code (``widget/``) brings it to life and asks the Pyodide worker
for answers. Every widget also carries its build-time table (``static_tables``) and,
for the bigger calculators, the answers for its starting inputs and worked examples
(``answers.build_answers``): the script shows one of them at once, without waiting
for the engine, when the inputs shown match.

The templates' environment escapes every value it prints as ``html.escape`` does
(``&#x27;`` for a quote, as the pages always had), and adds two filters:
``oneline`` (a part written over several lines comes out as one) and ``attr`` (an
attribute value in quotes, single ones around JSON).
"""

from __future__ import annotations

import hashlib
import html
import json
import re
from typing import Any

import jinja2
from markupsafe import Markup

from calculators import HEADLINES, PARAMETERS, READINGS, Param
from calculators.errors import PAGE_RULES
from calculators.labels import AUTOMATIC, HEADLINE_AUTOMATIC, beside_text, ends_text, headline_text
from calculators.printing import pct
from chq_site.answers import answers
from chq_site.paths import PACKAGE
from chq_site.questions.questions import luck_pools, questions_spec, starting_sweep
from chq_site.widget.calculator_pages import page
from chq_site.widget.permalinks import (
    answer_key,
    base_values,
    calculator_href,
    fragment_value,
    preset_fragment,
    preset_values,
    start_values,
)
from chq_site.widget.presentation import (
    CHARTS,
    CHOICE_LABELS,
    DETAILS,
    FIGURES,
    HEADLINE_LABELS,
    HEADLINE_RANGE,
    HEADLINE_WHEN,
    TITLES,
    headline_for,
)
from chq_site.widget.static_tables import static_table
from chq_site.widget.views import bar_questions

TEMPLATES = PACKAGE / "widget" / "templates"
LINE_BREAK = re.compile(r"\n[ \t]*")


class WidgetIds:
    """Numbers the widgets of one page, for unique element ids."""

    def __init__(self) -> None:
        self.n = 0

    def next(self) -> int:
        self.n += 1
        return self.n


# --------------------------------------------------------------------------- #
# The templates' environment                                                  #
# --------------------------------------------------------------------------- #

def escaped(value: Any) -> Any:
    """What a template prints for a value: markup as it is, anything else escaped.

    >>> print(escaped("it's <b>"), escaped(Markup("<b>")))
    it&#x27;s &lt;b&gt; <b>
    """
    if hasattr(value, "__html__"):
        return value
    return Markup(html.escape(str(value), quote=True))


def oneline(text: str) -> Markup:
    """The ``oneline`` filter: line breaks and the indentation after them dropped.

    >>> print(oneline("  <p>\\n    <b>a</b> b\\n  </p>\\n"))
    <p><b>a</b> b</p>
    """
    return Markup(LINE_BREAK.sub("", str(text).strip()))


def quoted(value: Any) -> Markup:
    """The ``attr`` filter: an attribute value in quotes, single quotes around text with
    double quotes in it (JSON), so its quotes need no escaping.

    >>> print(quoted('{"a": "<b> & c"}'), quoted("it's"), quoted("plain"))
    '{"a": "&lt;b> &amp; c"}' "it&#x27;s" "plain"
    """
    text = str(value)
    if '"' in text:
        return Markup("'" + text.replace("&", "&amp;").replace("'", "&#39;").replace("<", "&lt;") + "'")
    return Markup(f'"{html.escape(text, quote=True)}"')


ENV = jinja2.Environment(
    loader=jinja2.FileSystemLoader(TEMPLATES),
    autoescape=True,
    finalize=escaped,
    trim_blocks=True,
    lstrip_blocks=True,
    undefined=jinja2.StrictUndefined,
)
ENV.filters["oneline"] = oneline
ENV.filters["attr"] = quoted
ENV.filters["pct"] = pct


# --------------------------------------------------------------------------- #
# What the templates show                                                     #
# --------------------------------------------------------------------------- #

def rules_mark(mechanic: str, table: str | None) -> str:
    """A short name for the rules a calculator answers by, written into its widgets'
    specs (``rules``): a fight's link carries it (fight.js), and the build that opens
    the link says so when its own differs. Another build has another mark when an
    input's name, kind, default, range or choices differ, or an answer does: those of
    its answer table (``table``, named by its content: every class of input) or, for a
    calculator without one, compute()'s at its starting inputs and worked examples."""
    inputs = [[p.name, p.kind, p.default, p.minimum, p.maximum, list(p.choices), p.required]
              for p in PARAMETERS[mechanic]]
    examples = [preset_values(mechanic, p) for p in page(mechanic).presets]
    answered: list[str] = [table] if table else [
        answers.build_reply(json.dumps({"mechanic": mechanic, "params": values}, sort_keys=True))
        for values in (base_values(mechanic), *examples)
    ]
    text = json.dumps([inputs, base_values(mechanic), answered], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:8]


def widget_spec(mechanic: str, *, compact: bool, start: dict[str, Any], canonical: str) -> dict[str, Any]:
    """What the widget's script needs to know, as JSON in ``data-spec``."""
    table = answers.table_path(mechanic, answers.table_keys(mechanic)) if mechanic in answers.TABLED else None
    return {
        "mechanic": mechanic,
        "mode": "compact" if compact else "full",
        "canonical": canonical,
        "params": [
            {"name": p.name, "kind": p.kind, "label": p.label, "default": p.default,
             "required": p.required, "min": p.minimum, "max": p.maximum,
             "choices": list(p.choices), "ask": p.ask(), "typed": p.typed}
            for p in PARAMETERS[mechanic]
        ],
        "refusals": PAGE_RULES,  # how a refused value is shown, and a key given twice
        "start": start,
        "base": base_values(mechanic),
        "rules": rules_mark(mechanic, table),  # what a fight's link was made under (fight.js)
        "headline": {"key": HEADLINES[mechanic], "label": HEADLINE_LABELS[mechanic],
                     "when": list(HEADLINE_WHEN.get(mechanic, ())),
                     "range": HEADLINE_RANGE.get(mechanic),
                     # the result key true where the rules make it automatic (its words)
                     "automatic": HEADLINE_AUTOMATIC.get(mechanic), "automatic_words": AUTOMATIC},
        "figures": [list(f) for f in FIGURES[mechanic]],
        "table": table,
        "charts": list(CHARTS[mechanic]),
        "ignored": list(page(mechanic).ignored),
        "surfaced": list(page(mechanic).surfaced),
        "details": DETAILS.get(mechanic),
        "questions": questions_spec(mechanic),  # "What do I need?", "How lucky was that?"
        "presets": [
            {"id": p.id, "label": p.label, "params": preset_values(mechanic, p),
             "fragment": preset_fragment(mechanic, p.id), "note": p.note}
            for p in page(mechanic).presets
        ],
    }


def render_widget(mechanic: str, *, compact: bool, start: dict[str, Any], page_url: str,
                  use_dirs: bool, counter: WidgetIds) -> str:
    """A widget's HTML (``templates/widget.html``)."""
    uid = f"chq{counter.next()}-{mechanic.replace('_', '-')}"
    values = start_values(mechanic, start)
    spec = widget_spec(mechanic, compact=compact, start=values,
                       canonical=calculator_href(mechanic, page_url, use_dirs))
    built = answers.build_answers(mechanic, values, compact)
    examples = [values, *(preset_values(mechanic, p) for p in page(mechanic).presets)]
    opposed = not compact and spec["questions"]["opposed"] is not None
    need_view = None if compact else starting_sweep(mechanic, values)
    if not compact:  # the answer bar's questions (views.py), read by views.js and fight.js
        spec["views"] = bar_questions(mechanic, need=need_view is not None, luck=opposed)
    return ENV.get_template("widget.html").render(
        mechanic=mechanic,
        uid=uid,
        compact=compact,
        mode=spec["mode"],
        title=TITLES[mechanic],
        canonical=spec["canonical"],
        spec=spec,
        spec_json=json.dumps(spec, ensure_ascii=False, separators=(",", ":")),
        answers_json=answers.answers_json(built) if built else "",
        table_json=answers.inline_table(mechanic) if spec["table"] and not compact else "",
        headline={**headline_for(mechanic, values), "range": HEADLINE_RANGE.get(mechanic),
                  **starting_words(mechanic, built.get(answer_key(mechanic, values)))},
        inputs=form_view(mechanic, uid, values),
        reading_texts=READINGS[mechanic],
        table=static_table(mechanic),
        need_view=need_view,
        need_collision=any(p["name"] == "target" for p in spec["params"]),
        luck_pools=luck_pools(mechanic, examples) if opposed else None,
    )


def starting_words(mechanic: str, result: dict[str, Any] | None) -> dict[str, str | None]:
    """The answer bar's words for the starting inputs, as result.js writes them
    (calculators.labels' words: the headline, and for a range each end named and the
    line beside it), so that a page painted before its script has run shows the answer
    it will show, in its place (theme/script-on.js); "…" where the build has none.

    >>> starting_words("supply", None)
    {'text': '…', 'ends': None, 'beside': None}
    >>> starting_words("supply", {"inputs": {}, "p_continue": {"value": 0.5, "exact": "1/2"}})["text"]
    '50.0%'
    """
    if result is None:
        return {"text": "…", "ends": None, "beside": None}
    key = headline_for(mechanic, result.get("inputs", {}))["key"]
    return {"text": headline_text(mechanic, result) if key else result.get("summary") or "…",
            "ends": ends_text(mechanic, result), "beside": beside_text(mechanic, result)}


def render_table_only(mechanic: str) -> str:
    """A build-time table on its own (``templates/table.html``)."""
    return ENV.get_template("table.html").render(mechanic=mechanic, table=static_table(mechanic))


def form_view(mechanic: str, uid: str, values: dict[str, Any]) -> dict[str, Any]:
    """The form's sections: the inputs most players change, then "More options"
    (its page's ``advanced``); each a list of fields, grouped side by side when the
    page has groups (``groups``), or None when it has no such input."""
    described = page(mechanic)
    groups = described.groups

    def section(advanced: bool) -> dict[str, Any] | None:
        wanted = [field_view(p, uid, values[p.name], described.help.get(p.name))
                  for p in PARAMETERS[mechanic]
                  if (p.name in described.advanced) == advanced]
        if not wanted:
            return None
        if len(groups) < 2:
            return {"groups": None, "rest": wanted}
        grouped = [(legend, [f for f in wanted if f["name"].startswith(prefix)]) for legend, prefix in groups]
        in_group = {f["name"] for _, fields in grouped for f in fields}
        return {"groups": [{"legend": legend, "fields": fields} for legend, fields in grouped if fields],
                "rest": [f for f in wanted if f["name"] not in in_group]}

    return {"uid": uid, "title": TITLES[mechanic], "main": section(False), "more": section(True)}


def field_view(param: Param, uid: str, value: Any, help_line: str | None = None) -> dict[str, Any]:
    """One field: its ids, label, help line (``help_line``, or the parameter's own help),
    and its value as the form shows it."""
    fid = f"{uid}-{param.name}"
    help_text = describe(param, help_line)
    view: dict[str, Any] = {
        "name": param.name, "kind": param.kind, "label": param.label, "id": fid,
        "help": help_text, "help_id": f"{fid}-help", "msg_id": f"{fid}-msg",
        "described": f"{fid}-help {fid}-msg" if help_text else f"{fid}-msg",
    }
    if param.kind in ("int", "number"):
        view.update(value=fragment_value(param, value), inches=param.unit == "″",
                    inputmode="numeric" if param.kind == "int" else "decimal")
    elif param.kind == "bool":
        view["checked"] = bool(value)
    else:
        view["options"] = [
            {"id": f"{fid}-{i}", "value": choice, "checked": choice == value,
             "label": CHOICE_LABELS.get(choice, choice.replace("-", " ").capitalize())}
            for i, choice in enumerate(param.choices)
        ]
    return view


def describe(param: Param, help_line: str | None = None) -> str:
    """The help line under a field: the rule's effect and the allowed range."""
    bits = []
    if help_line or param.help:
        bits.append(help_line or param.help)
    if param.kind in ("int", "number"):
        lo, hi = _num(param.minimum), _num(param.maximum)
        bits.append(f"{lo} to {hi}{param.unit if param.unit == '″' else ''}")
    return "; ".join(bits)


def _num(x: float | None) -> str:
    if x is None:
        return "?"
    return str(int(x)) if float(x).is_integer() else str(x)
