"""Shared by test_widgets_first_answer.py and the tests that use its pages, fixtures and checks
(moved out of the test module, unchanged: a test module imports no other test module)."""

from __future__ import annotations

import json
from typing import Any

from chq_site.answers import answer_groups, answers
from chq_site.widget import permalinks, presentation

from tests.browser.widgets_helpers import READY_MS, reference

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
        # An answer table (chq_site/answers/answers.py, answer_groups.py): headline and figures,
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
