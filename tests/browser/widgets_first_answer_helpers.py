"""What the first-answer stories share (test_first_answer.py): their cases, the
widget as they read it, and the check of an answer the page carries."""

from __future__ import annotations

from typing import Any

from chq_site.widget import permalinks, presentation

from tests.browser.page_api import ENGINE_S, SitePage

PANZER = next(p for p in presentation.PRESETS["close_assault"] if p.id == "panzer-iv-h")


# (mechanic, permalink fragment, the inputs it means): a worked example, and a page
# opened without a fragment (its starting inputs).
CASES = [
    ("close_assault", permalinks.preset_fragment("close_assault", PANZER.id), PANZER.params),
    ("spotting", "", presentation.STARTING["spotting"]),
]


IDS = ["close-assault-panzer-preset", "spotting-default"]


# The main widget as these stories read it: its state, source, engine, result and
# headline, with its status line and hint (a function body: page_scripts' convention).
SNAPSHOT = """
const r = document.querySelector('.chq-widget[data-mode=full]');
const h = r.querySelector('[data-headline]');
const hint = r.querySelector('.chq-output__hint');
return {state: r.dataset.state, source: r.dataset.source || null, engine: r.dataset.engine || null,
        result: r.getAttribute('data-result'), value: h.dataset.value, exact: h.dataset.exact,
        text: h.textContent.trim(), status: r.querySelector('.chq-status__text').textContent,
        hint: hint.hidden ? '' : hint.textContent, hintShown: hint.getBoundingClientRect().height > 0};
"""


def shown_when(page: SitePage, condition: str, *args: Any, what: str, timeout: float = ENGINE_S) -> dict[str, Any]:
    """Wait until ``condition`` (a JS expression over ``r``, the main widget's dataset,
    and ``arguments``) holds; the widget's :data:`SNAPSHOT` from the same read."""
    return page.widget_when(condition, *args, what=what, timeout=timeout, snapshot=SNAPSHOT)


# The main widget ready with the build's answer for exactly the inputs arguments[0].
BUILD_ANSWER_FOR = ("r.state === 'ready' && r.source === 'build' && JSON.stringify(JSON.parse(w.dataset.result)"
                    ".inputs) === JSON.stringify(arguments[0])")

# Where the page's resources came from: when the build's answer was shown, when the
# engine's worker was asked for, and any answer table fetched (a page carries its own).
ORDER = """
const answer = performance.getEntriesByName('chq-answer-build')[0];
const resources = performance.getEntriesByType('resource');
return {answer: answer ? answer.startTime : null,
        worker: resources.filter(e => e.name.includes('/assets/js/engine-worker.js')).map(e => e.startTime),
        tables: resources.filter(e => e.name.includes('/assets/answers/')).map(e => e.name)};
"""

# The figures under the main widget's headline, as printed.
FIGURES = ("return [...document.querySelectorAll('.chq-widget[data-mode=full] .chq-figures dd')]"
           ".map(d => d.textContent);")


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
