"""A first answer before the engine is ready: the answers the build put in the page.

Each widget carries the results of ``compute`` for its starting inputs and its worked
examples (chq_site/answers.py, ``build_answers``). When the inputs shown have one,
the site's script shows it at once (``data-state="ready"``, ``data-source="build"``);
``data-engine`` tells the engine's own state apart. The engine's answer for the same
inputs later replaces it (``data-source="engine"``) with the same ``data-result``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from chq_site import answer_groups, answers, permalinks, presentation

from tests.browser.site_helpers import url
from tests.browser.test_widgets import PAGES, READY_MS, reference, watched_page, widget

PANZER = next(p for p in presentation.PRESETS["close_assault"] if p.id == "panzer-iv-h")
# (mechanic, permalink fragment, the inputs it means): a worked example, and a page
# opened without a fragment (its starting inputs).
CASES = [
    ("close_assault", permalinks.preset_fragment("close_assault", PANZER.id), PANZER.params),
    ("spotting", "", presentation.STARTING["spotting"]),
]
IDS = ["close-assault-panzer-preset", "spotting-default"]

# Runs before any page script: the widget's (data-state, data-source, data-engine), in order.
HISTORY = """
(() => {
  window.__chqHistory = [];
  const note = () => {
    const r = document.querySelector(".chq-widget[data-mode=full]");
    if (!r) return;
    const now = [r.dataset.state || "", r.dataset.source || "", r.dataset.engine || ""];
    const last = window.__chqHistory[window.__chqHistory.length - 1];
    if (!last || last.join() !== now.join()) window.__chqHistory.push(now);
  };
  new MutationObserver(note).observe(document, {
    subtree: true, childList: true, attributes: true,
    attributeFilter: ["data-state", "data-source", "data-engine"],
  });
})();
"""

SNAPSHOT = """() => {
  const r = document.querySelector('.chq-widget[data-mode=full]');
  const h = r.querySelector('[data-headline]');
  return {state: r.dataset.state, source: r.dataset.source || null, engine: r.dataset.engine || null,
          result: r.getAttribute('data-result'), value: h.dataset.value, exact: h.dataset.exact,
          text: h.textContent.trim(), status: r.querySelector('.chq-status__text').textContent,
          hint: r.querySelector('.chq-output__hint').hidden ? '' : r.querySelector('.chq-output__hint').textContent};
}"""


def wait_for(page: Any, condition: str, timeout: float = READY_MS) -> dict[str, Any]:
    """Wait until ``condition`` (a JS expression over ``r``, the main widget's dataset) holds."""
    page.wait_for_function(
        f"() => {{ const w = document.querySelector('.chq-widget[data-mode=full]');"
        f" const r = w && w.dataset; return Boolean(r && ({condition})); }}",
        timeout=timeout,
    )
    return page.evaluate(SNAPSHOT)


def check_first_answer(shown: dict[str, Any], mechanic: str, params: dict[str, Any]) -> None:
    """The answer shown equals the command line's, exactly (it is the same compute())."""
    expected = reference(mechanic, params)
    got = json.loads(shown["result"])
    if got.get("partial"):
        # An answer table (chq_site/answers.py, answer_groups.py): headline and figures,
        # a figure carried as printed text as the page prints the engine's.
        assert mechanic in answers.TABLED
        assert got["inputs"] == expected["inputs"]
        carried = [k for k in got if k not in ("partial", "inputs")]
        assert carried, got
        styles = {key: style for key, _, style in presentation.FIGURES[mechanic]}
        for key in carried:
            if isinstance(got[key], dict) and "text" in got[key]:
                assert got[key]["text"] == answer_groups.printed(expected[key], styles[key]), key
            elif isinstance(got[key], dict):
                assert got[key] == expected[key], key  # the exact fraction, its nearest double
            else:
                assert got[key] == expected[key], key
    else:
        assert got == expected
    key = presentation.headline_for(mechanic, expected["inputs"])["key"]  # Hidden Units: p_found
    if key is None:  # deploy: a sentence
        assert shown["text"] == expected["summary"]
        return
    headline = expected[key]
    assert float(shown["value"]) == headline["value"]
    assert shown["exact"] == (headline["exact"] or "")
    assert shown["text"] == presentation.headline_text(mechanic, expected)


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



# Other than the starting inputs, for each calculator with an answer table.
TABLE_PERMALINKS: dict[str, dict[str, Any]] = {
    "spotting": {"distance": 17, "cover": "light", "moving": True},
    "supply": {"supply_dice": 7, "staff_order": True},
    "rally": {"disruption": 5},
    "blind_move": {"target": 13.5, "suppressed": True},
    "deploy": {"suppressions": 3, "disruption": 7, "units": 4},
}


# Runs before any page script: whether Material's bundle had run (its document$) when
# the main widget first showed an answer.
MATERIAL_WHEN_ANSWERED = """
(() => {
  new MutationObserver((_, observer) => {
    const r = document.querySelector(".chq-widget[data-mode=full][data-source]");
    if (!r) return;
    window.__chqMaterialRanBefore = typeof window.document$ !== "undefined";
    observer.disconnect();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-source"] });
})();
"""


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


# Permalinks a player types at the table, in Close Assault's and artillery's tables
# (answer_groups.py); and one outside, which only the engine answers.
GROUPED_PERMALINKS: list[tuple[str, dict[str, Any]]] = [
    ("close_assault", {"att_dice": 9, "def_dice": 7, "att_flank": True, "att_move": "double",
                       "def_cover": "medium"}),
    ("close_assault", {"att_dice": 12, "def_dice": 1, "att_class_penalty": True, "def_no_at": True,
                       "def_suppressed": True, "start": "later", "att_suppressed": True}),
    ("artillery", {"variant": "combat-hq", "fire_dice": 8, "cover": "heavy"}),
    ("artillery", {"variant": "armour-battles", "fire_dice": 3, "hit_faces": 1, "blind_width": 3.5,
                   "blind_depth": 2.5, "dummy": True}),
]


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
