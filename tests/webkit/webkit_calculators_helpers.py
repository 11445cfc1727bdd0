"""Shared by test_webkit_calculators.py and the tests that use its pages, fixtures and checks
(moved out of the test module, unchanged: a test module imports no other test module)."""

from __future__ import annotations

import json
import math
from typing import Any

from chq_site.answers import answer_groups
from chq_site.widget import permalinks, presentation

from calculators import compute, printing
from tests.browser.site_helpers import (
    url,
)
from tests.browser.widgets_helpers import (
    PAGES,
    TOLERANCE,
    TYPED_CASES,
    same,
)
from tests.webkit.driver import (
    STEP_TIMEOUT_S,
    run_js,
    wait_js,
)

TABLET = (820, 1180)


PERMALINKS_PER_MECHANIC = 3


MECHANICS = list(PAGES)


# The main widget shows a result for exactly these inputs (arguments[0]) and mechanic (arguments[1]).
SHOWS = ("r.calculator === arguments[1] && r.state === 'ready' && inputs !== null"
         " && Object.keys(arguments[0]).every(k => JSON.stringify(inputs[k]) === JSON.stringify(arguments[0][k]))")


def expected(mechanic: str, params: dict[str, Any]) -> dict[str, Any]:
    """``compute()``'s answer for these inputs, as JSON (what data-result holds)."""
    result: dict[str, Any] = json.loads(json.dumps(compute(mechanic, params)))
    return result


def check_answer(shown: dict[str, Any], mechanic: str, params: dict[str, Any]) -> None:
    """The widget's data-result and headline equal compute()'s for ``params``.

    A whole result (the engine's, or one the page carries) must equal compute()'s; a
    ``partial`` one (a small calculator's answer table, read before the engine: the
    headline and a few figures, its floats computed in JavaScript from the exact
    fractions) must have the same inputs and headline.
    """
    want = expected(mechanic, params)
    tol = TOLERANCE.get(mechanic, 0.0)
    got = json.loads(shown["result"])
    partial = bool(got.get("partial"))
    if partial:
        assert got["inputs"] == want["inputs"], (got["inputs"], want["inputs"])
    else:
        differences = same(got, want, tol)
        assert differences == [], f"{mechanic} {params}: data-result differs from compute(): {differences[:5]}"
    key = presentation.headline_for(mechanic, want["inputs"])["key"]  # Hidden Units: p_found
    if key is None:  # deploy: the headline is a sentence
        assert shown["text"] == want["summary"], shown["text"]
        return
    headline = want[key]
    assert shown["exact"] == (headline["exact"] or ""), (shown["exact"], headline)
    if tol or partial or headline["exact"] is None:
        assert math.isclose(float(shown["value"]), headline["value"], rel_tol=0, abs_tol=1e-12)
    else:
        assert float(shown["value"]) == headline["value"]


def page_answer_case(mechanic: str) -> tuple[str, dict[str, Any]]:
    """A permalink whose answer the page carries: its first worked example (preset),
    or the page's starting inputs (no fragment) if it has none."""
    presets = presentation.PRESETS.get(mechanic, ())
    if presets:
        preset = presets[0]
        return (permalinks.preset_fragment(mechanic, preset.id),
                permalinks.preset_values(mechanic, preset))
    return "", permalinks.start_values(mechanic)


def check_table_answer(shown: dict[str, Any], mechanic: str, params: dict[str, Any]) -> None:
    """An answer from Close Assault's or artillery's table: the headline's value is
    the nearest double to its exact fraction (as compute()'s), and each figure is
    what compute()'s prints as on the page."""
    want = expected(mechanic, params)
    got = json.loads(shown["result"])
    assert got.get("partial") and got["inputs"] == want["inputs"], got
    key = presentation.headline_for(mechanic, want["inputs"])["key"]
    assert (float(shown["value"]), shown["exact"]) == (want[key]["value"], want[key]["exact"] or "")
    assert shown["text"] == printing.pct(want[key])
    styles = {k: style for k, _, style in presentation.FIGURES[mechanic]}
    for k in styles:
        if k not in want:
            assert k not in got, k
        elif "text" in got[k]:
            assert got[k]["text"] == answer_groups.printed(want[k], styles[k]), k
        else:
            assert got[k] == want[k], k


def show_calculator(driver: Any, base: str, mechanic: str) -> None:
    """Bring up the calculator page of ``mechanic``: by a click on the site's navigation
    when a page of the site is shown (instant navigation keeps the engine), else by
    loading it."""
    target = url(base, PAGES[mechanic])
    here = run_js(driver, "return location.href.split('#')[0]")
    if here == target:
        return
    clicked = here.startswith(base) and run_js(
        driver,
        "const a = [...document.querySelectorAll('a.md-nav__link')]"
        ".find(a => a.href.split('#')[0] === arguments[0]);"
        " if (!a) return false; a.click(); return true;",
        target,
    )
    if not clicked:
        driver.get(target)
    wait_js(
        driver,
        "const w = document.querySelector('.chq-widget[data-mode=full]');"
        " return location.href.split('#')[0] === arguments[0] && w"
        " && w.dataset.calculator === arguments[1] && Boolean(w.dataset.engine);",
        target, mechanic, timeout=STEP_TIMEOUT_S, what=f"the {mechanic} calculator page",
    )


# The main widget's refusal of the field arguments[0]: its message, and how it is shown.
REFUSAL = (
    "const root = document.querySelector('.chq-widget[data-mode=full]');"
    " const box = root && root.querySelector(`[data-param=${arguments[0]}]`);"
    " const msg = box && box.querySelector('.chq-msg');"
    " if (!msg || root.dataset.state !== 'error' || !msg.textContent) return null;"
    " const described = [...box.querySelectorAll('[aria-describedby]')]"
    "   .some(el => el.getAttribute('aria-describedby').split(/\\s+/).includes(msg.id));"
    " return {message: msg.textContent, described, visible: msg.getBoundingClientRect().height > 0,"
    "   result: root.getAttribute('data-result'),"
    "   invalid: box.querySelector('[aria-invalid=true]') !== null};"
)


# A few of the Chromium lane's texts (test_widgets.py TYPED_CASES): typed forms JSON
# lacks, and text that is no number.
WEBKIT_TYPED = [case for case in TYPED_CASES if case[3] in (".5", "+18", "0x12", "02")]
