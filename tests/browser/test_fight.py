"""Close Assault round by round ("Fight it out") in Chromium: the built site
over HTTP, the real Pyodide engine.

At every step the panel's dice, TN and odds must be what ``compute()`` gives for the
round-state the taps lead to (worked out in the test, tests/browser/fight_helpers.py),
and the outcome what the rules give. Waits are on the panel's own data-state and
data-round; the engine's files are held back (never a sleep) to see the panel
before the engine is ready.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.browser import fight_helpers as F
from tests.browser.axe_helpers import AXE
from tests.browser.fight_helpers import (
    check_round,
    open_fight_page,
    shoot,
    snap,
    tap,
    wait_for,
    wait_for_idle,
)
from tests.browser.site_helpers import url
from tests.browser.widgets_helpers import (
    READY_MS,
    make_context,
    wait_for_inputs,
)


def test_a_tracked_fight_shows_what_compute_gives_at_each_step(
    browser: Any, site_url: str, artifacts: Path
) -> None:
    assert AXE.exists(), "node_modules/axe-core is missing: run `npm ci`"
    held: list[Any] = []
    released = False

    def hold(route: Any) -> None:  # the engine's files wait until the test lets them go
        if released:
            route.continue_()
        else:
            held.append(route)

    context, page, errors = open_fight_page(browser, site_url, F.PARAMS,
                                            routes=[("**/assets/engine/**", hold)])
    try:
        # Before the engine: the round is known and says so; no numbers yet.
        tap(page, F.START)
        shown = wait_for(page, "waiting", 1)
        assert shown["sides"]["att"]["text"] == "–" and shown["odds"] == {}
        assert "engine is still loading" in shown["status"], shown["status"]
        tap(page, *F.DRAW_ATTACKER_FEWER)
        shown = wait_for(page, "waiting", 2)
        assert shown["flags"] == ["Attacker suppressed"]
        assert shown["log"] == ["Round 1: draw, the attacker rolled fewer 6s and is suppressed."]
        assert held, "the engine's files were never asked for"
        released = True
        for route in held:
            route.continue_()
        # The engine answers round 2: dice, TN and odds as compute() gives them from there.
        check_round(page, F.PARAMS, F.ROUND_2, 2)
        tap(page, F.UNDO)  # round 1 is asked for again
        shown = check_round(page, F.PARAMS, F.ROUND_1, 1)
        assert shown["log"] == [] and shown["undo"] is False
        tap(page, *F.DRAW_ATTACKER_FEWER)
        check_round(page, F.PARAMS, F.ROUND_2, 2)
        shoot(page, artifacts / "screenshots", "after-draw")
        tap(page, *F.DEFENDER_BY_2)
        shown = wait_for(page, "over", 2)
        assert F.outcome_problems(shown, F.PARAMS, F.ROUND_2, "def", 2) == []
        assert shown["log"][-1] == "Round 2: the defender won by 2."
        shoot(page, artifacts / "screenshots", "outcome")
        wait_for_inputs(page, {"att_dice": F.PARAMS["att_dice"]})  # the widget itself is unharmed
        assert context.requests.off_origin == []
        assert errors == []
    finally:
        context.close()


def test_undo_and_new_fight(browser: Any, site_url: str) -> None:
    context, page, errors = open_fight_page(browser, site_url, F.PARAMS)
    try:
        tap(page, F.START)
        check_round(page, F.PARAMS, F.ROUND_1, 1)
        tap(page, *F.DRAW_ATTACKER_FEWER)
        check_round(page, F.PARAMS, F.ROUND_2, 2)
        tap(page, *F.DEFENDER_BY_2)
        wait_for(page, "over", 2)
        tap(page, F.UNDO)  # back to round 2, as it was
        shown = check_round(page, F.PARAMS, F.ROUND_2, 2)
        assert shown["outcome"] is None and len(shown["log"]) == 1
        tap(page, *F.ATTACKER_BY_1)  # now the attacker wins, suppressed since round 1's draw
        shown = wait_for(page, "over", 2)
        assert F.outcome_problems(shown, F.PARAMS, F.ROUND_2, "att", 1) == []
        tap(page, F.UNDO)
        tap(page, F.UNDO)
        shown = check_round(page, F.PARAMS, F.ROUND_1, 1)
        assert shown["log"] == [] and shown["undo"] is False
        # A changed input does not change the fight under way; a new fight takes it.
        changed = {**F.PARAMS, "att_dice": 7}
        page.locator(".chq-widget[data-mode=full] input[name=att_dice]").fill("7")
        wait_for_inputs(page, {"att_dice": 7})
        assert F.round_problems(snap(page), F.PARAMS, F.ROUND_1, 1) == []
        tap(page, F.NEW)
        check_round(page, changed, F.ROUND_1, 1)
        tap(page, F.END)
        assert wait_for_idle(page)
        assert errors == []
    finally:
        context.close()


def test_without_the_engine_the_rounds_still_follow_the_taps(browser: Any, site_url: str) -> None:
    """The engine cannot load: round 1 of the starting inputs has the page's own answer;
    after the draw the panel says the odds need the engine, and the outcome still comes."""
    start = {"att_dice": 6, "def_dice": 5}  # the starting inputs: their answer is in the page
    context, page, errors = open_fight_page(
        browser, site_url, start, routes=[("**/assets/engine/**", lambda route: route.abort())])
    try:
        page.wait_for_function("() => document.querySelector('.chq-widget[data-mode=full]')"
                               ".dataset.engine === 'error'", timeout=READY_MS)
        tap(page, F.START)
        check_round(page, start, F.ROUND_1, 1)
        tap(page, *F.DRAW_ATTACKER_FEWER)
        shown = wait_for(page, "error", 2)
        assert "could not load" in shown["status"] and shown["flags"] == ["Attacker suppressed"]
        assert shown["odds"] == {}
        tap(page, *F.DEFENDER_BY_2)
        shown = wait_for(page, "over", 2)
        assert F.outcome_problems(shown, start, F.ROUND_2, "def", 2) == []
        assert errors == []
    finally:
        context.close()


def test_no_fight_without_javascript(browser: Any, site_url: str) -> None:
    context, _ = make_context(browser, site_url, java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(url(site_url, F.PAGE))
        assert page.locator("[data-fight]").count() == 0
        assert "Fight it out" not in page.locator("article").inner_text()
    finally:
        context.close()
