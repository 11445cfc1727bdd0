"""Shared by test_shell_first.py and the offline story of test_offline.py (their stories
run in Chromium and in WebKitGTK): the page, its worked example, what the answer bar
shows and the words it must say."""

from __future__ import annotations

import json
from typing import Any

from chq_site.widget import permalinks, presentation

from calculators import compute
from calculators.printing import pct
from tests.browser.page_api import ENGINE_S, SitePage
from tests.browser.widgets_helpers import PAGES, check_answer, same

MECHANIC = "shell_then_assault"


PAGE = PAGES[MECHANIC]


PHONE = (390, 844)


TABLET = (820, 1180)


# The rules' own figures: the 25-pounder's Hit on a Blind of three units, then a 6D assault.
WORKED = permalinks.preset_values(MECHANIC, presentation.PRESETS[MECHANIC][0])


# The headline, the line naming its ends and the line beside it, once the engine has
# answered for the inputs arguments[0] (a function body, as the page API runs it).
SHOWN = """
const want = arguments[0];
const r = document.querySelector('.chq-widget[data-mode=full]');
if (!r || r.dataset.state !== 'ready' || r.dataset.source !== 'engine' || !r.dataset.result) return false;
const result = JSON.parse(r.dataset.result);
if (!Object.keys(want).every(k => JSON.stringify(result.inputs[k]) === JSON.stringify(want[k]))) return false;
const h = r.querySelector('[data-headline]');
const b = r.querySelector('[data-beside]');
const e = r.querySelector('[data-ends]');
return {result: r.dataset.result, text: h.textContent.trim(), value: h.dataset.value,
        exact: h.dataset.exact, high: h.dataset.high, beside: b.hidden ? null : b.textContent.trim(),
        ends: e.hidden ? null : e.textContent.trim(),
        inBar: Boolean(e.closest('.chq-output')) && Boolean(b.closest('.chq-output'))};
"""

# Where a player sees the "Hit" faces setting: its field's box, and whether it sits in a
# closed <details> (More options) or outside the viewport's width.
HIT_FACES = ("const f = document.querySelector('.chq-widget[data-mode=full] [data-param=hit_faces]');"
             " const box = f.getBoundingClientRect();"
             " return {height: box.height, width: box.width, folded: Boolean(f.closest('details:not([open])')),"
             " label: f.querySelector('label').textContent.trim()};")


def expected_words(r: dict[str, Any]) -> tuple[str, str | None, str]:
    """The headline, the line naming each end and the line beside it, from compute()'s
    answer (the command line's --table prints the same words). Which end is which is
    compute()'s: the attacker's best (p_win_best, a suppressed unit whenever the Blind
    has one) is never below the owner's choice (p_win_worst)."""
    beside = presentation.beside_text(MECHANIC, r)
    assert beside is not None and ("percentage points" in beside or "no difference" in beside), beside
    assert r["p_win_best"]["value"] >= r["p_win_worst"]["value"]
    ends = presentation.ends_text(MECHANIC, r)
    if ends is not None:
        assert ends.startswith(f"If you find a suppressed unit: {pct(r['p_win_best'])}; ")
        assert ends.endswith(f"if the owner keeps an unsuppressed unit to assault: {pct(r['p_win_worst'])}")
    return presentation.headline_text(MECHANIC, r), ends, beside


def hit_faces_seen(seen: dict[str, Any]) -> None:
    """The "Hit" faces field is in view of the form, not under More options."""
    assert seen["height"] > 0 and seen["width"] > 0 and not seen["folded"], seen
    assert "Hit" in seen["label"], seen



def shown_for(page: SitePage, params: dict[str, Any]) -> dict[str, Any]:
    """The engine's answer for ``params``: what :data:`SHOWN` reads of it."""
    want = json.loads(json.dumps(compute(MECHANIC, params)))
    shown: dict[str, Any] = page.wait(SHOWN, want["inputs"], what=f"the engine's answer for {params}",
                                      timeout=ENGINE_S)
    return shown


def check_range(shown: dict[str, Any], params: dict[str, Any], one_figure: bool) -> None:
    """The answer shown for ``params`` is compute()'s, its words the command line's,
    a range (with its ends named) unless it is one figure."""
    want = json.loads(json.dumps(compute(MECHANIC, params)))
    assert same(json.loads(shown["result"]), want, 1e-12) == []
    check_answer(shown, MECHANIC, params)
    assert (shown["text"], shown["ends"], shown["beside"]) == expected_words(want)
    assert shown["inBar"], "the ends and the chance without the fire are in the answer bar"
    assert ("–" not in shown["text"]) == one_figure, shown["text"]
    assert (shown["ends"] is None) == one_figure, shown["ends"]
    assert abs(float(shown["value"]) - want["p_win_worst"]["value"]) <= 1e-12
    assert abs(float(shown["high"]) - want["p_win_best"]["value"]) <= 1e-12
