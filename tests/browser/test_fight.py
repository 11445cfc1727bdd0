"""Close Assault round by round ("Fight it out"): one story each, run in Chromium and
in WebKitGTK (the page API of tests/browser/page_api.py), the built site over HTTP,
the real Pyodide engine.

At every step the panel's dice, TN and odds must be what ``compute()`` gives for the
round-state the taps lead to (worked out in the test, tests/browser/fight_helpers.py),
and the outcome what the rules give. Waits are on the panel's own data-state and
data-round; the engine's files are held back (never a sleep) to see the panel
before the engine is ready. Screenshots of the panel, light and dark, at a tablet's
and a phone's width (WebKit's phone: its narrowest window), with axe-core's findings.

Without JavaScript there is no fight to offer: Chromium's alone (WebDriver cannot
turn JavaScript off).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.browser import fight_helpers as F
from tests.browser.axe_helpers import AXE
from tests.browser.fight_helpers import (
    open_fight,
    panel,
    panel_at,
    panel_closed,
    round_shown,
    shoot_panel,
    tap_panel,
)
from tests.browser.page_api import ENGINE_S, MAIN, SitePage
from tests.browser.site_helpers import url
from tests.browser.widgets_helpers import make_context


def test_a_tracked_fight_shows_what_compute_gives_at_each_step(
    site_page: Callable[..., SitePage], artifacts: Path
) -> None:
    assert AXE.exists(), "node_modules/axe-core is missing: run `npm ci`"
    page = site_page(engine_files="held", screenshots=True)
    open_fight(page, F.PARAMS)
    # Before the engine: the round is known and says so; no numbers yet.
    tap_panel(page, F.START)
    shown = panel_at(page, "waiting", 1)
    assert shown["sides"]["att"]["text"] == "–" and shown["odds"] == {}
    assert "engine is still loading" in shown["status"], shown["status"]
    tap_panel(page, *F.DRAW_ATTACKER_FEWER)
    shown = panel_at(page, "waiting", 2)
    assert shown["flags"] == ["Attacker suppressed"]
    assert shown["log"] == ["Round 1: draw, the attacker rolled fewer 6s and is suppressed."]
    assert page.widget()["engine"] == "loading"
    assert page.held_asked_within() > 0, "the engine's files were never asked for"
    page.release_engine_files()
    # The engine answers round 2: dice, TN and odds as compute() gives them from there.
    round_shown(page, F.PARAMS, F.ROUND_2, 2)
    tap_panel(page, F.UNDO)  # round 1 is asked for again
    shown = round_shown(page, F.PARAMS, F.ROUND_1, 1)
    assert shown["log"] == [] and shown["undo"] is False
    tap_panel(page, *F.DRAW_ATTACKER_FEWER)
    shown = round_shown(page, F.PARAMS, F.ROUND_2, 2)
    assert shown["log"] == ["Round 1: draw, the attacker rolled fewer 6s and is suppressed."]
    shoot_panel(page, artifacts / "screenshots", "after-draw")
    tap_panel(page, *F.DEFENDER_BY_2)
    shown = panel_at(page, "over", 2)
    assert F.outcome_problems(shown, F.PARAMS, F.ROUND_2, "def", 2) == []
    assert shown["log"][-1] == "Round 2: the defender won by 2."
    shoot_panel(page, artifacts / "screenshots", "outcome")
    page.answer_for({"att_dice": F.PARAMS["att_dice"]})  # the widget itself is unharmed
    assert page.errors() == []


def test_a_panel_button_keeps_its_focus_while_the_engine_loads(site_page: Callable[..., SitePage]) -> None:
    """While the engine loads, its state changes every second (the time it has taken)
    and at each part of a download. The panel was drawn anew at each change, its buttons
    replaced: a keyboard player's focus fell to the page's body every second, and a tap
    straddling a redraw was lost (WebKit's driver found the button gone between finding
    and clicking it). The panel shows the engine's phase alone, and is drawn anew when
    that changes."""
    page = site_page(engine_files="held")
    open_fight(page, F.PARAMS)
    tap_panel(page, F.START)
    panel_at(page, "waiting", 1)
    page.run("const b = document.querySelector(arguments[0]); b.focus(); window.chqFocused = b;"
             " window.chqFocusedAt = window.__chqEngine.state.elapsed;", f"{MAIN} {F.DRAW_ATTACKER_FEWER[0]}")
    page.wait("return window.__chqEngine.state.elapsed >= window.chqFocusedAt + 2"
              " && window.__chqEngine.state.phase === 'loading';", what="two more seconds of the engine loading")
    kept = page.run("const b = window.chqFocused;"
                    " return {connected: b.isConnected, focused: document.activeElement === b,"
                    " active: document.activeElement.outerHTML.slice(0, 80)};")
    assert kept["connected"] and kept["focused"], (page.engine, kept)
    assert page.errors() == []


def test_undo_and_new_fight(site_page: Callable[..., SitePage]) -> None:
    page = site_page()
    open_fight(page, F.PARAMS)
    tap_panel(page, F.START)
    round_shown(page, F.PARAMS, F.ROUND_1, 1)
    tap_panel(page, *F.DRAW_ATTACKER_FEWER)
    round_shown(page, F.PARAMS, F.ROUND_2, 2)
    tap_panel(page, *F.DEFENDER_BY_2)
    panel_at(page, "over", 2)
    tap_panel(page, F.UNDO)  # back to round 2, as it was
    shown = round_shown(page, F.PARAMS, F.ROUND_2, 2)
    assert shown["outcome"] is None and len(shown["log"]) == 1
    tap_panel(page, *F.ATTACKER_BY_1)  # now the attacker wins, suppressed since round 1's draw
    shown = panel_at(page, "over", 2)
    assert F.outcome_problems(shown, F.PARAMS, F.ROUND_2, "att", 1) == []
    tap_panel(page, F.UNDO)
    tap_panel(page, F.UNDO)
    shown = round_shown(page, F.PARAMS, F.ROUND_1, 1)
    assert shown["log"] == [] and shown["undo"] is False
    # A changed input does not change the fight under way; a new fight takes it.
    changed = {**F.PARAMS, "att_dice": 7}
    page.tap(f"{MAIN} input[name=att_dice]")
    page.press("Select all")
    page.type("7")
    page.answer_for({"att_dice": 7})
    assert F.round_problems(panel(page), F.PARAMS, F.ROUND_1, 1) == []
    tap_panel(page, F.NEW)
    round_shown(page, changed, F.ROUND_1, 1)
    tap_panel(page, F.END)
    assert panel_closed(page)
    assert page.errors() == []


def test_without_the_engine_the_rounds_still_follow_the_taps(site_page: Callable[..., SitePage]) -> None:
    """The engine cannot load: round 1 of the starting inputs has the page's own answer;
    after the draw the panel says the odds need the engine, and the outcome still comes."""
    start = {"att_dice": 6, "def_dice": 5}  # the starting inputs: their answer is in the page
    page = site_page(engine_files="missing")
    open_fight(page, start)
    page.widget_when("r.engine === 'error'", what="the engine failed", timeout=ENGINE_S)
    tap_panel(page, F.START)
    round_shown(page, start, F.ROUND_1, 1)
    tap_panel(page, *F.DRAW_ATTACKER_FEWER)
    shown = panel_at(page, "error", 2)
    assert "could not load" in shown["status"] and shown["flags"] == ["Attacker suppressed"]
    assert shown["odds"] == {}
    tap_panel(page, *F.DEFENDER_BY_2)
    shown = panel_at(page, "over", 2)
    assert F.outcome_problems(shown, start, F.ROUND_2, "def", 2) == []
    assert page.errors() == []


def test_no_fight_without_javascript(browser: Any, site_url: str) -> None:
    """Chromium's alone: WebDriver cannot turn JavaScript off."""
    context, _ = make_context(browser, site_url, java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(url(site_url, F.PAGE))
        assert page.locator("[data-fight]").count() == 0
        assert "Fight it out" not in page.locator("article").inner_text()
    finally:
        context.close()
