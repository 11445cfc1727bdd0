"""A first answer before the engine is ready: the answers the build put in the page.

Each widget carries the results of ``compute`` for its starting inputs and its worked
examples (chq_site/answers/answers.py, ``build_answers``). When the inputs shown have one,
the site's script shows it at once (``data-state="ready"``, ``data-source="build"``);
``data-engine`` tells the engine's own state apart. The engine's answer for the same
inputs later replaces it (``data-source="engine"``) with the same ``data-result``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from chq_site.widget import permalinks, presentation

from tests.browser.site_helpers import url
from tests.browser.widgets_first_answer_helpers import (
    CASES,
    GROUPED_PERMALINKS,
    HISTORY,
    IDS,
    MATERIAL_WHEN_ANSWERED,
    SNAPSHOT,
    TABLE_PERMALINKS,
    check_first_answer,
    wait_for,
)
from tests.browser.widgets_helpers import PAGES, READY_MS, reference, watched_page, widget


@pytest.mark.parametrize(("mechanic", "frag", "params"), CASES, ids=IDS)
def test_first_answer_without_the_engine(
    browser: Any, site_url: str, mechanic: str, frag: str, params: dict[str, Any]
) -> None:
    with watched_page(browser, site_url, block_engine=True) as (context, page, log, errors):
        page.goto(url(site_url, PAGES[mechanic]) + (f"#{frag}" if frag else ""))
        shown = wait_for(page, "r.state === 'ready'")
        assert shown["source"] == "build"
        check_first_answer(shown, mechanic, params)

        # The engine cannot load: the answer the page carries stays.
        shown = wait_for(page, "r.engine === 'error'")
        assert (shown["state"], shown["source"]) == ("ready", "build")
        assert shown["status"].startswith("The calculator engine could not load here:")
        check_first_answer(shown, mechanic, params)

        # A changed input has no answer in the page: the engine's failure is said. (The
        # answer tables cover every input but other dice pools, Disruption Points, ...)
        root = widget(page)
        root.locator(".chq-more > summary").click()
        # (Close Assault's table holds the starting Disruption Points only.)
        other = {"spotting": "spotter_dice", "close_assault": "att_disruption"}[mechanic]
        field = root.locator(f'.chq-field--stepper[data-param="{other}"]')
        field.locator('.chq-step[data-step="1"]').click()
        shown = wait_for(page, "r.state === 'error'")
        assert shown["engine"] == "error" and shown["source"] is None and shown["result"] is None
        assert shown["status"].startswith("The calculator engine could not load here:")
        assert shown["hint"].startswith("Without the engine, only the answers computed when the site was built")
        assert shown["text"] == "–" and shown["value"] == ""
        assert root.locator(".chq-output__hint").is_visible()

        # Back to the starting inputs: the page's answer again.
        root.locator("button[type=reset]").click()
        shown = wait_for(page, "r.state === 'ready'")
        assert shown["source"] == "build"
        check_first_answer(shown, mechanic, permalinks.start_values(mechanic))
        assert log.off_origin == []
        assert errors == []


@pytest.mark.parametrize(("mechanic", "frag", "params"), CASES, ids=IDS)
def test_engine_answer_replaces_the_first_answer(
    browser: Any, site_url: str, mechanic: str, frag: str, params: dict[str, Any]
) -> None:
    with watched_page(browser, site_url, init_script=HISTORY) as (context, page, log, errors):
        page.goto(url(site_url, PAGES[mechanic]) + (f"#{frag}" if frag else ""))
        first = wait_for(page, "r.state === 'ready'")
        assert first["source"] == "build"
        check_first_answer(first, mechanic, params)
        final = wait_for(page, "r.source === 'engine' && r.engine === 'ready'")
        assert final["state"] == "ready"
        if json.loads(first["result"]).get("partial"):
            assert json.loads(final["result"]) == reference(mechanic, params)
            assert (final["exact"], final["text"]) == (first["exact"], first["text"])
        else:
            assert final["result"] == first["result"], "the engine's answer differs from the build's"
        history = page.evaluate("window.__chqHistory")
        ready = [h for h in history if h[0] == "ready"]
        assert ready[0][1] == "build", history
        # From the first answer on, the widget never went back to loading or error.
        after = history[history.index(ready[0]):]
        assert all(state == "ready" for state, _, _ in after), history
        assert ready[0][2] in ("loading", "idle"), f"the engine was already ready: {history}"
        assert log.off_origin == []
        assert errors == []


def test_every_calculator_page_carries_its_starting_answer_and_worked_examples(
    browser: Any, site_url: str
) -> None:
    """Engine blocked: each page's starting inputs and each "Try it" example still get
    their answer, so the page's keys (Python) and the widget's (JavaScript) agree."""
    with watched_page(browser, site_url, block_engine=True) as (context, page, log, errors):
        for mechanic, path in PAGES.items():
            page.goto(url(site_url, path))
            shown = wait_for(page, "r.state === 'ready' && r.engine === 'error'")
            assert shown["source"] == "build", mechanic
            check_first_answer(shown, mechanic, permalinks.start_values(mechanic))
            for preset in presentation.PRESETS[mechanic]:
                widget(page).locator(f'.chq-preset[data-preset="{preset.id}"]').click()
                want = reference(mechanic, permalinks.preset_values(mechanic, preset))["inputs"]
                page.wait_for_function(
                    "want => { const r = document.querySelector('.chq-widget[data-mode=full]');"
                    " return r.dataset.state === 'ready' && r.dataset.source === 'build'"
                    " && JSON.stringify(JSON.parse(r.dataset.result).inputs) === JSON.stringify(want); }",
                    arg=want, timeout=READY_MS,
                )
                shown = page.evaluate(SNAPSHOT)
                check_first_answer(shown, mechanic, permalinks.preset_values(mechanic, preset))
        assert log.off_origin == []
        assert errors == []


@pytest.mark.parametrize("mechanic", list(TABLE_PERMALINKS))
def test_table_calculator_answers_from_its_page_before_the_engine_starts(
    browser: Any, site_url: str, mechanic: str
) -> None:
    """A calculator with an answer table carries it in its own page: a permalink is
    answered with no request for the table, and the engine's worker is asked for
    only once that answer is on screen (Python starting beside the page held it back).
    The answer comes before Material's bundle runs (0.2 s of script on a first visit:
    chq_site/bundle.material_last)."""
    with watched_page(browser, site_url) as (context, page, log, errors):
        page.add_init_script(MATERIAL_WHEN_ANSWERED)
        params = {**permalinks.start_values(mechanic), **TABLE_PERMALINKS[mechanic]}
        page.goto(url(site_url, PAGES[mechanic]) + "#" + permalinks.fragment(mechanic, params))
        shown = wait_for(page, "r.state === 'ready'")
        assert shown["source"] == "build", shown
        check_first_answer(shown, mechanic, params)
        assert page.evaluate("window.__chqMaterialRanBefore") is False, "the answer waited for Material's script"
        wait_for(page, "r.source === 'engine' && r.engine === 'ready'")
        order = page.evaluate(
            """() => ({answer: performance.getEntriesByName('chq-answer-build')[0].startTime,
                      worker: performance.getEntriesByType('resource')
                        .filter(e => e.name.includes('/assets/js/engine-worker.js'))
                        .map(e => e.startTime)})"""
        )
        assert order["worker"], "the engine's worker was never fetched"
        assert min(order["worker"]) >= order["answer"], order
        assert not [u for u in log.local if "/assets/answers/" in u], "the page fetched its own table"
        assert errors == []


@pytest.mark.parametrize(("mechanic", "params"), GROUPED_PERMALINKS,
                         ids=[f"{m}-{i}" for i, (m, _) in enumerate(GROUPED_PERMALINKS)])
def test_grouped_table_answers_before_the_engine(
    browser: Any, site_url: str, mechanic: str, params: dict[str, Any]
) -> None:
    """Close Assault and artillery answer a typical permalink from the answer table in
    their page (data-source="build") before the engine's worker is even asked for, and the
    engine's answer that replaces it agrees (same headline, its exact fraction, the
    same figures as printed)."""
    with watched_page(browser, site_url, init_script=HISTORY) as (context, page, log, errors):
        params = {**permalinks.start_values(mechanic), **params}
        page.goto(url(site_url, PAGES[mechanic]) + "#" + permalinks.fragment(mechanic, params))
        first = wait_for(page, "r.state === 'ready'")
        assert first["source"] == "build", first
        assert json.loads(first["result"]).get("partial"), "not the table's answer"
        check_first_answer(first, mechanic, params)
        figures = widget(page).locator(".chq-figures dd").all_inner_texts()
        final = wait_for(page, "r.source === 'engine' && r.engine === 'ready'")
        assert json.loads(final["result"]) == reference(mechanic, params)
        assert (final["exact"], final["text"], final["value"]) == (first["exact"], first["text"], first["value"])
        assert widget(page).locator(".chq-figures dd").all_inner_texts() == figures
        history = page.evaluate("window.__chqHistory")
        ready = [h for h in history if h[0] == "ready"]
        assert ready[0][1] == "build" and ready[0][2] in ("loading", "idle"), history
        after = history[history.index(ready[0]):]
        assert all(state == "ready" for state, _, _ in after), history
        order = page.evaluate(
            """() => ({answer: performance.getEntriesByName('chq-answer-build')[0].startTime,
                      worker: performance.getEntriesByType('resource')
                        .filter(e => e.name.includes('/assets/js/engine-worker.js'))
                        .map(e => e.startTime)})"""
        )
        assert order["worker"] and min(order["worker"]) >= order["answer"], order
        assert not [u for u in log.local if "/assets/answers/" in u], "the page fetched its own table"
        assert log.off_origin == []
        assert errors == []


def test_close_assault_outside_its_table_waits_for_the_engine(browser: Any, site_url: str) -> None:
    """13 dice: no answer in the table; the page shows none as this one's (loading,
    no build answer) until the engine's, which equals compute()."""
    params = {**permalinks.start_values("close_assault"), "att_dice": 13, "def_dice": 7}
    with watched_page(browser, site_url, init_script=HISTORY) as (context, page, log, errors):
        page.goto(url(site_url, PAGES["close_assault"]) + "#" + permalinks.fragment("close_assault", params))
        final = wait_for(page, "r.source === 'engine' && r.engine === 'ready'")
        assert json.loads(final["result"]) == reference("close_assault", params)
        history = page.evaluate("window.__chqHistory")
        assert not [h for h in history if h[1] == "build"], history
        assert errors == []
