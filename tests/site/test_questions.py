"""The two questions after the odds in the built pages (chq_site.questions): "What do
I need?" under every calculator with a whole-number input and a chance, its sweep at
the starting inputs written as a table a reader without JavaScript can use (compute()'s
chances, the value shown marked, the words calculators.sweep gives); "How lucky was
that?" under the opposed rolls only, with the pools of its roll at the starting inputs
and worked examples exactly as calculators.luck rolls them. The widget's spec says
which inputs can be swept and which sides roll (need.js and luck.js read it)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from chq_site.questions.questions import moving, questions_spec, span
from chq_site.widget.calculator_pages import page
from chq_site.widget.permalinks import PAGE_KEYS, answer_key, preset_values, read_fragment, start_values
from chq_site.widget.widgets import widget_spec

from calculators import InputError, compute, sweep
from calculators.printing import pct
from calculators.registry import BY_NAME
from tests.browser.site_helpers import page_file

PAGES = {m: page(m).folder for m in BY_NAME}


def _widget(site: Path, mechanic: str) -> str:
    text = page_file(site, f"calculators/{PAGES[mechanic]}/").read_text(encoding="utf-8")
    start = text.index(f'data-calculator="{mechanic}"')
    return text[start:]


@pytest.mark.parametrize("mechanic", list(BY_NAME))
def test_the_spec_says_what_can_be_swept_and_who_rolls(mechanic: str) -> None:
    found = BY_NAME[mechanic]
    spec = widget_spec(mechanic, compact=False, start=start_values(mechanic), canonical="./")["questions"]
    assert [c["name"] for c in spec["counts"]] == [p.name for p in found.counts]
    assert spec["sweep"] == (found.counts[0].name if found.counts and found.chances else None)
    assert (spec["opposed"] is not None) == (found.opposed is not None)
    assert spec == questions_spec(mechanic)


@pytest.mark.parametrize("mechanic", list(BY_NAME))
def test_each_input_reads_in_its_own_unit_and_only_moving_ones_are_offered(mechanic: str) -> None:
    """The spec's words for a value are the input's own (Param.reading: never dice for
    Disruption Points), and the panel's first input moves the chance at the starting
    inputs; ``moving`` is the inputs whose chance differs somewhere in the span, read
    from compute() value by value."""
    found = BY_NAME[mechanic]
    spec = questions_spec(mechanic)
    for count, param in zip(spec["counts"], found.counts, strict=True):
        assert (count["one"], count["many"]) == param.reading
        assert count["one"].replace("{}", "1") == param.amount(1)
        if "Disruption" in param.label or param.name == "units" or "Cohesion" in param.label:
            assert "dice" not in param.amount(3) and "die" not in param.amount(1), param.name
    if spec["sweep"] is None:
        return
    start = start_values(mechanic)
    offered = moving(mechanic, start)
    assert spec["sweep"] in offered, "the input swept first moves the chance at the starting inputs"
    key = sweep(mechanic, start, spec["sweep"])["figure"]
    for param in found.counts:
        first, last = span(mechanic, param.name, start.get(param.name))
        chances = set()
        for value in range(first, last + 1):
            try:
                result = compute(mechanic, {**start, param.name: value})
            except InputError:
                continue
            if key in result:
                chances.add(result[key]["exact"] or round(result[key]["value"], 12))
        assert (param.name in offered) == (len(chances) > 1), (mechanic, param.name, chances)


def test_close_assaults_cohesion_is_not_offered_where_it_changes_nothing() -> None:
    assert moving("close_assault", {"att_dice": 6, "def_dice": 5}) == ["att_dice", "def_dice"]
    later = moving("close_assault", {"att_dice": 6, "def_dice": 5, "start": "later", "att_cohesion": 4})
    assert "def_cohesion" not in later and "att_dice" in later


@pytest.mark.parametrize("mechanic", [m for m in BY_NAME if questions_spec(m)["sweep"]])
def test_what_do_i_need_is_on_the_page_without_javascript(built_site: Path, mechanic: str) -> None:
    widget = _widget(built_site, mechanic)
    panel = re.search(r'<details class="chq-need chq-question"[^>]*>(.*?)</details>', widget, re.S)
    assert panel, f"no What do I need? on {mechanic}'s page"
    start = start_values(mechanic)
    over = questions_spec(mechanic)["sweep"]
    rows = re.findall(r"<tr( class=\"is-current\")?><th scope=\"row\">(.*?)</th><td>(.*?)</td></tr>", panel.group(1))
    values = [int(re.match(r"\D*(\d+)", html.unescape(label)).group(1)) for _, label, _ in rows]
    assert [bool(mark) for mark, _, _ in rows] == [v == start[over] for v in values], "the value shown is marked"
    key = sweep(mechanic, start, over)["figure"]
    for value, (_, _, cell) in zip(values, rows, strict=True):
        assert html.unescape(cell) == pct(compute(mechanic, {**start, over: value})[key]), (mechanic, value)
    words = sweep(mechanic, start, over, f"{values[0]}..{values[-1]}", "0.8")["words"]
    assert html.escape(words, quote=True) in panel.group(1) or words in html.unescape(panel.group(1))


def test_spotting_page_names_both_readings_of_target(built_site: Path) -> None:
    panel = _widget(built_site, "spotting")
    assert "target=0.8 (a number) is this panel" in panel and "target=blind or target=hidden" in panel


@pytest.mark.parametrize("mechanic", list(BY_NAME))
def test_how_lucky_only_on_the_opposed_rolls_with_their_pools(built_site: Path, mechanic: str) -> None:
    widget = _widget(built_site, mechanic)
    found = re.search(r"<details class=\"chq-luck chq-question\"[^>]*data-pools='([^']*)'", widget)
    if BY_NAME[mechanic].opposed is None:
        assert found is None
        return
    assert found, f"no How lucky was that? on {mechanic}'s page"
    pools = json.loads(html.unescape(found.group(1)))
    examples = [start_values(mechanic), *(preset_values(mechanic, p) for p in page(mechanic).presets)]
    opposed = BY_NAME[mechanic].opposed
    assert opposed is not None
    for values in examples:
        mine, theirs = opposed.pools(BY_NAME[mechanic].check(values))
        assert pools[answer_key(mechanic, BY_NAME[mechanic].check(values))] == [mine.dice, mine.tn, theirs.dice, theirs.tn]


def test_no_card_in_the_rules_carries_the_panels(built_site: Path) -> None:
    text = page_file(built_site, "rules/spotting/").read_text(encoding="utf-8")
    assert "chq-widget--compact" in text
    assert "data-need" not in text and "data-luck" not in text


def test_spotting_says_how_its_address_reads_target() -> None:
    """The spotting page's "About this calculator" says in words that a numeric target=
    is What do I need?'s and a word the calculator's Target; its example reads so."""
    text = (Path(__file__).parents[2] / "docs/calculators/spotting/index.md").read_text(encoding="utf-8")
    example = re.search(r"`(#target=[^`]+)`", text)
    assert example and "`target=0.8`" in text and "`target=hidden`" in text
    read = read_fragment("spotting", example.group(1), (*PAGE_KEYS, "sweep", "target", "rolled"))
    assert read is not None and read["params"]["target"] == "hidden" and not read["errors"] and not read["unknown"]
    assert "target=0.9" in example.group(1) and "sweep=chain_dice" in example.group(1)
