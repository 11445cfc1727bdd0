"""The two questions after the odds from the keyboard alone, in Chromium and in
WebKitGTK (one story, run in both): Tab reaches "Skip to the calculator", Enter takes
it, Tab reaches "What do I need?", Enter opens it, a
target typed in its field is answered as calculators.sweep answers it; then Tab reaches
"How lucky was that?", Enter opens it, the two counts typed are judged as
calculators.luck judges them."""

from __future__ import annotations

from collections.abc import Callable

from chq_site.widget import permalinks

from tests.browser.page_api import ENGINE_S, MAIN, STEP_S, SitePage
from tests.browser.questions_helpers import (
    agrees,
    expected_luck,
    expected_sweep,
    luck_when,
    need_when,
    tab_to,
)

ASSAULT = permalinks.page_path("close_assault")
START = {"att_dice": 6, "def_dice": 5}


def test_both_panels_open_take_input_and_answer_from_the_keyboard(site_page: Callable[..., SitePage]) -> None:
    page = site_page(820, 1180)
    page.open(ASSAULT)
    page.wait(f"return document.querySelector('{MAIN}[data-state=ready]')", what="the calculator's answer")
    tab_to(page, "#chq-skip-calculator")  # the page's own way past the header to the calculator
    page.press("Enter")
    tab_to(page, f"{MAIN} [data-need] > summary")
    page.press("Enter")
    need_when(page, "s.open", "What do I need? opened by Enter", STEP_S)
    tab_to(page, f"{MAIN} [data-need] input[name=target]", most=5)
    page.press("Select all")
    page.type("90%")
    shown = need_when(page, "s.state === 'ready' && s.hash.includes('target=0.9')", "the sweep for 90%", ENGINE_S)
    agrees(shown, expected_sweep("close_assault", START, "att_dice", "0.9"))

    tab_to(page, f"{MAIN} [data-luck] > summary")
    page.press("Enter")
    luck_when(page, "s.open", "How lucky was that? opened by Enter", STEP_S)
    tab_to(page, f"{MAIN} [data-luck] input[name=rolled_mine]", most=5)
    page.type("4")
    page.press("Tab")
    page.type("2")
    judged = luck_when(page, "s.state === 'ready'", "the roll judged", ENGINE_S)
    want = expected_luck("close_assault", START, 4, 2)
    assert {key: judged[key] for key in want} == want
    assert page.errors() == []
