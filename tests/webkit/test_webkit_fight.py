"""Close Assault round by round ("Fight it out") in WebKit (Safari's engine),
Pyodide and all: the same tracked fight as the Chromium lane (tests/browser/test_fight.py)
- round 1 a draw in which the attacker rolls fewer 6s, then the defender wins by 2 -
with each step's dice, TN and odds equal to compute()'s for that round-state, the
outcome the rules give, then undo and a new fight. Waits are on the panel's own
data-state and data-round.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.browser import fight_helpers as F
from tests.browser.site_helpers import url
from tests.browser.widgets_helpers import fragment
from tests.webkit.driver import STEP_TIMEOUT_S, page_errors, wait_js
from tests.webkit.webkit_fight_helpers import TABLET, check_round, fits, tap, wait_for


def test_a_tracked_fight_in_webkit(probe_site: str, new_webkit: Callable[..., Any], artifacts: Path) -> None:
    driver = new_webkit(*TABLET)
    driver.get(url(probe_site, F.PAGE) + "#" + fragment(F.PARAMS))
    wait_js(driver, "return Boolean(document.querySelector('[data-fight][data-state=idle]'))"
            " && Boolean(document.querySelector('.chq-fight__start'));",
            timeout=STEP_TIMEOUT_S, what="the fight panel mounted")
    folder = artifacts / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)

    tap(driver, F.START)
    check_round(driver, F.PARAMS, F.ROUND_1, 1)
    tap(driver, *F.DRAW_ATTACKER_FEWER)
    shown = check_round(driver, F.PARAMS, F.ROUND_2, 2)
    assert shown["log"] == ["Round 1: draw, the attacker rolled fewer 6s and is suppressed."]
    fits(driver, folder, "after-draw")

    tap(driver, *F.DEFENDER_BY_2)
    shown = wait_for(driver, "over", 2)
    assert F.outcome_problems(shown, F.PARAMS, F.ROUND_2, "def", 2) == []
    fits(driver, folder, "outcome")

    tap(driver, F.UNDO)  # back to round 2, as it was
    shown = check_round(driver, F.PARAMS, F.ROUND_2, 2)
    assert shown["outcome"] is None and len(shown["log"]) == 1
    tap(driver, F.NEW)
    shown = check_round(driver, F.PARAMS, F.ROUND_1, 1)
    assert shown["log"] == [] and shown["undo"] is False
    assert page_errors(driver) == []
