"""A first answer before the engine is ready: the answers the build put in the page,
in Chromium and in WebKitGTK (each story once, on the page API).

Each widget carries the results of ``compute`` for its starting inputs and its worked
examples, and Close Assault and artillery the answer tables of typical permalinks
(chq_site/answers). When the inputs shown have one, the site's script shows it at once
(``data-state="ready"``, ``data-source="build"``); ``data-engine`` tells the engine's
own state apart. The engine's answer for the same inputs later replaces it
(``data-source="engine"``), equal, and the widget never steps back to loading.
Every answer is checked against the command line's.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from chq_site.widget import permalinks, presentation

from tests.browser.page_api import MAIN, SitePage
from tests.browser.widgets_first_answer_helpers import (
    BUILD_ANSWER_FOR,
    CASES,
    FIGURES,
    GROUPED_PERMALINKS,
    IDS,
    MATERIAL_WHEN_ANSWERED,
    ORDER,
    TABLE_PERMALINKS,
    shown_when,
)
from tests.browser.widgets_helpers import PAGES, check_answer, reference

COULD_NOT_LOAD = "The calculator engine could not load here"


def never_stepped_back(history: list[list[str]]) -> None:
    """The first answer came from the build while the engine was not ready, and from
    then on the widget stayed ready."""
    ready = [h for h in history if h[0] == "ready"]
    assert ready and ready[0][1] == "build", history
    assert ready[0][2] in ("idle", "loading"), f"the engine was ready before the page's answer: {history}"
    assert all(state == "ready" for state, _, _ in history[history.index(ready[0]):]), history


# --------------------------------------------------------------------------- #
# Without the engine (its files answered 404)                                 #
# --------------------------------------------------------------------------- #


def test_every_calculator_page_carries_its_starting_answer_and_worked_examples(
        site_page: Callable[..., SitePage]) -> None:
    """Each page's starting inputs and each worked example get their answer with no
    engine at all, so the page's keys (Python) and the widget's (JavaScript) agree."""
    page = site_page(engine_files="missing")
    for mechanic, path in PAGES.items():
        page.open(path)
        shown = shown_when(page, "r.state === 'ready' && r.engine === 'error'", what=f"{mechanic}'s own answer")
        assert shown["source"] == "build", (mechanic, shown)
        assert shown["status"].startswith(COULD_NOT_LOAD), shown["status"]
        check_answer(shown, mechanic, permalinks.start_values(mechanic))
        for preset in presentation.PRESETS[mechanic]:
            params = permalinks.preset_values(mechanic, preset)
            page.tap(f'{MAIN} .chq-preset[data-preset="{preset.id}"]')
            shown = shown_when(page, BUILD_ANSWER_FOR, reference(mechanic, params)["inputs"],
                               what=f"{mechanic}: {preset.id}'s answer from the page")
            check_answer(shown, mechanic, params)
    assert page.errors() == []


@pytest.mark.parametrize(("mechanic", "frag", "params"), CASES, ids=IDS)
def test_first_answer_without_the_engine(site_page: Callable[..., SitePage], mechanic: str, frag: str,
                                         params: dict[str, Any]) -> None:
    page = site_page(engine_files="missing")
    page.open(PAGES[mechanic] + (f"#{frag}" if frag else ""))
    shown = shown_when(page, "r.state === 'ready'", what="the page's own answer")
    assert shown["source"] == "build", shown
    check_answer(shown, mechanic, params)

    # The engine cannot load: the answer the page carries stays, and the page says
    # which file did not come, in both engines (WebKit's own words name none).
    shown = shown_when(page, "r.engine === 'error'", what="the engine to fail (its files are 404 here)")
    assert (shown["state"], shown["source"]) == ("ready", "build"), shown
    assert shown["status"].startswith(COULD_NOT_LOAD + ": a file it needs did not download ("), shown["status"]
    assert "/assets/engine/pyodide/pyodide.mjs)" in shown["status"], shown["status"]
    check_answer(shown, mechanic, params)

    # A changed input has no answer in the page: the engine's failure is said. (The
    # answer tables cover every input but other dice pools, Disruption Points, ...;
    # Close Assault's holds the starting Disruption Points only.)
    other = {"spotting": "spotter_dice", "close_assault": "att_disruption"}[mechanic]
    page.tap(f"{MAIN} .chq-more > summary")
    page.tap(f'{MAIN} .chq-field--stepper[data-param="{other}"] .chq-step[data-step="1"]')
    shown = shown_when(page, "r.state === 'error'", what="the widget to say it has no answer")
    assert shown["engine"] == "error" and shown["source"] is None and shown["result"] is None, shown
    assert shown["status"].startswith(COULD_NOT_LOAD + ":"), shown["status"]
    assert shown["hint"].startswith("Without the engine, only the answers computed when the site was built")
    assert shown["hintShown"], shown
    assert shown["text"] == "–" and shown["value"] == "", shown

    # Back to the starting inputs: the page's answer again.
    page.tap(f"{MAIN} button[type=reset]")
    shown = shown_when(page, "r.state === 'ready'", what="the starting inputs' answer again")
    assert shown["source"] == "build", shown
    check_answer(shown, mechanic, permalinks.start_values(mechanic))
    assert page.errors() == []


def test_grouped_table_answers_without_the_engine(site_page: Callable[..., SitePage]) -> None:
    """Close Assault and artillery answer a typical permalink from the answer table in
    their page with no engine at all, and keep it when the engine fails."""
    page = site_page(engine_files="missing")
    for mechanic, given in GROUPED_PERMALINKS:
        params = {**permalinks.start_values(mechanic), **given}
        page.load(PAGES[mechanic] + "#" + permalinks.fragment(mechanic, params))
        shown = shown_when(page, "r.state === 'ready'", what=f"{mechanic}: the table's answer for {given}")
        assert shown["source"] == "build" and json.loads(shown["result"]).get("partial"), shown
        check_answer(shown, mechanic, params)
        shown = shown_when(page, "r.engine === 'error'", what="the engine to fail (its files are 404 here)")
        assert (shown["state"], shown["source"]) == ("ready", "build"), shown
        check_answer(shown, mechanic, params)
    assert page.errors() == []


# --------------------------------------------------------------------------- #
# With the engine: its answer replaces the page's                             #
# --------------------------------------------------------------------------- #


@pytest.mark.parametrize(("mechanic", "frag", "params"), CASES, ids=IDS)
def test_engine_answer_replaces_the_first_answer(module_page: SitePage, mechanic: str, frag: str,
                                                 params: dict[str, Any]) -> None:
    page = module_page
    page.load(PAGES[mechanic] + (f"#{frag}" if frag else ""))
    first = shown_when(page, "r.state === 'ready'", what="the page's own answer")
    assert first["source"] == "build", first
    check_answer(first, mechanic, params)
    final = shown_when(page, "r.source === 'engine' && r.engine === 'ready'", what="the engine's answer")
    assert final["state"] == "ready", final
    if json.loads(first["result"]).get("partial"):
        assert json.loads(final["result"]) == reference(mechanic, params)
        assert (final["exact"], final["text"]) == (first["exact"], first["text"])
    else:
        assert final["result"] == first["result"], "the engine's answer differs from the build's"
    never_stepped_back(page.history())
    # The engine started from the build's packed snapshot (not Python from scratch).
    boot = page.run(f"return [document.querySelector('{MAIN}').dataset.engineBoot, window.__chqEngine.timings.note]")
    assert boot == ["snapshot", ""], boot
    assert page.errors() == []


@pytest.mark.parametrize("mechanic", list(TABLE_PERMALINKS))
def test_table_calculator_answers_from_its_page_before_the_engine_starts(
        site_page: Callable[..., SitePage], mechanic: str) -> None:
    """A calculator with an answer table carries it in its own page: a permalink is
    answered with no request for the table, and the engine's worker is asked for
    only once that answer is on screen (Python starting beside the page held it back).
    The answer comes before Material's bundle runs (0.2 s of script on a first visit:
    chq_site/bundle.material_last)."""
    page = site_page(init_script=MATERIAL_WHEN_ANSWERED)
    params = {**permalinks.start_values(mechanic), **TABLE_PERMALINKS[mechanic]}
    page.open(PAGES[mechanic] + "#" + permalinks.fragment(mechanic, params))
    shown = shown_when(page, "r.state === 'ready'", what="the page's own answer")
    assert shown["source"] == "build", shown
    check_answer(shown, mechanic, params)
    assert page.run("return window.__chqMaterialRanBefore") is False, "the answer waited for Material's script"
    shown_when(page, "r.source === 'engine' && r.engine === 'ready'", what="the engine's answer")
    order = page.run(ORDER)
    assert order["worker"], "the engine's worker was never fetched"
    assert min(order["worker"]) >= order["answer"], order
    assert order["tables"] == [], "the page fetched its own table"
    assert page.errors() == []


@pytest.mark.parametrize(("mechanic", "given"), GROUPED_PERMALINKS,
                         ids=[f"{m}-{i}" for i, (m, _) in enumerate(GROUPED_PERMALINKS)])
def test_grouped_table_answers_before_the_engine(module_page: SitePage, mechanic: str,
                                                 given: dict[str, Any]) -> None:
    """Close Assault and artillery answer a typical permalink from the answer table in
    their page before the engine's worker is even asked for, and the engine's answer
    that replaces it agrees (same headline, its exact fraction, the same figures as
    printed)."""
    page = module_page
    params = {**permalinks.start_values(mechanic), **given}
    page.load(PAGES[mechanic] + "#" + permalinks.fragment(mechanic, params))
    first = shown_when(page, "r.state === 'ready'", what="the table's answer")
    assert first["source"] == "build" and json.loads(first["result"]).get("partial"), first
    check_answer(first, mechanic, params)
    figures = page.run(FIGURES)
    final = shown_when(page, "r.source === 'engine' && r.engine === 'ready'", what="the engine's answer")
    assert json.loads(final["result"]) == reference(mechanic, params)
    assert (final["exact"], final["text"], final["value"]) == (first["exact"], first["text"], first["value"])
    assert page.run(FIGURES) == figures
    never_stepped_back(page.history())
    order = page.run(ORDER)
    assert order["worker"] and min(order["worker"]) >= order["answer"], order
    assert order["tables"] == [], "the page fetched its own table"
    assert page.errors() == []


def test_close_assault_outside_its_table_waits_for_the_engine(module_page: SitePage) -> None:
    """13 dice: no answer in the table; the page shows none as this one's (loading,
    no build answer) until the engine's, which equals compute()."""
    page = module_page
    params = {**permalinks.start_values("close_assault"), "att_dice": 13, "def_dice": 7}
    page.load(PAGES["close_assault"] + "#" + permalinks.fragment("close_assault", params))
    final = shown_when(page, "r.source === 'engine' && r.engine === 'ready'", what="the engine's answer")
    assert json.loads(final["result"]) == reference("close_assault", params)
    assert not [h for h in page.history() if h[1] == "build"], page.history()
    assert page.errors() == []
