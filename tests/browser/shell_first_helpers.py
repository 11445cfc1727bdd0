"""Shared by test_shell_first.py and the tests that use its pages, fixtures and checks
(moved out of the test module, unchanged: a test module imports no other test module)."""

from __future__ import annotations

import json
from typing import Any

from chq_site.widget import permalinks, presentation

from calculators import compute
from calculators.printing import pct
from tests.browser.widgets_helpers import PAGES, READY_MS

MECHANIC = "shell_then_assault"


PAGE = PAGES[MECHANIC]


PHONE = {"width": 390, "height": 844}


TABLET = {"width": 820, "height": 1180}


# The rules' own figures: the 25-pounder's Hit on a Blind of three units, then a 6D assault.
WORKED = permalinks.preset_values(MECHANIC, presentation.PRESETS[MECHANIC][0])


# The headline, the line naming its ends and the line beside it, once the engine has
# answered for ``want``.
SHOWN = """want => {
  const r = document.querySelector('.chq-widget[data-mode=full]');
  if (!r || r.dataset.state !== 'ready' || r.dataset.source !== 'engine' || !r.dataset.result) return false;
  const result = JSON.parse(r.dataset.result);
  if (!Object.keys(want).every(k => JSON.stringify(result.inputs[k]) === JSON.stringify(want[k]))) return false;
  const h = r.querySelector('[data-headline]');
  const b = r.querySelector('[data-beside]');
  const e = r.querySelector('[data-ends]');
  return {result: r.dataset.result, text: h.textContent.trim(), value: h.dataset.value,
          high: h.dataset.high, beside: b.hidden ? null : b.textContent.trim(),
          ends: e.hidden ? null : e.textContent.trim(),
          inBar: Boolean(e.closest('.chq-output')) && Boolean(b.closest('.chq-output'))};
}"""

# The same words as a WebDriver script body (WebKit): headline, ends, beside.
WORDS = ("const r = document.querySelector('.chq-widget[data-mode=full]');"
         " const b = r.querySelector('[data-beside]'); const e = r.querySelector('[data-ends]');"
         " return [r.querySelector('[data-headline]').textContent.trim(),"
         " e.hidden ? null : e.textContent.trim(), b.hidden ? null : b.textContent.trim()];")

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
        assert ends.endswith(f"if the owner keeps one clean: {pct(r['p_win_worst'])}")
    return presentation.headline_text(MECHANIC, r), ends, beside


def hit_faces_seen(seen: dict[str, Any]) -> None:
    """The "Hit" faces field is in view of the form, not under More options."""
    assert seen["height"] > 0 and seen["width"] > 0 and not seen["folded"], seen
    assert "Hit" in seen["label"], seen


def shown_for(page: Any, params: dict[str, Any]) -> dict[str, Any]:
    want = json.loads(json.dumps(compute(MECHANIC, params)))
    return page.wait_for_function(SHOWN, arg=want["inputs"], timeout=READY_MS).json_value()
