"""Shared by test_shell_first.py and the tests that use its pages, fixtures and checks
(moved out of the test module, unchanged: a test module imports no other test module)."""

from __future__ import annotations

import json
from typing import Any

from chq_site.widget import permalinks, presentation

from calculators import compute
from tests.browser.widgets_helpers import PAGES, READY_MS

MECHANIC = "shell_then_assault"


PAGE = PAGES[MECHANIC]


PHONE = {"width": 390, "height": 844}


TABLET = {"width": 820, "height": 1180}


# The rules' own figures: the 25-pounder's Hit on a Blind of three units, then a 6D assault.
WORKED = permalinks.preset_values(MECHANIC, presentation.PRESETS[MECHANIC][0])


# The headline and the line beside it, once the engine has answered for ``want``.
SHOWN = """want => {
  const r = document.querySelector('.chq-widget[data-mode=full]');
  if (!r || r.dataset.state !== 'ready' || r.dataset.source !== 'engine' || !r.dataset.result) return false;
  const result = JSON.parse(r.dataset.result);
  if (!Object.keys(want).every(k => JSON.stringify(result.inputs[k]) === JSON.stringify(want[k]))) return false;
  const h = r.querySelector('[data-headline]');
  const b = r.querySelector('[data-beside]');
  return {result: r.dataset.result, text: h.textContent.trim(), value: h.dataset.value,
          high: h.dataset.high, beside: b.hidden ? null : b.textContent.trim()};
}"""


def expected_words(r: dict[str, Any]) -> tuple[str, str]:
    """The headline and the line beside it, from compute()'s answer (the command line's
    --table prints the same words)."""
    beside = presentation.beside_text(MECHANIC, r)
    assert beside is not None
    return presentation.headline_text(MECHANIC, r), beside


def shown_for(page: Any, params: dict[str, Any]) -> dict[str, Any]:
    want = json.loads(json.dumps(compute(MECHANIC, params)))
    return page.wait_for_function(SHOWN, arg=want["inputs"], timeout=READY_MS).json_value()
