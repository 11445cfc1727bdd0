"""Shared by test_fight_address.py and the tests that use its pages, fixtures and checks
(moved out of the test module, unchanged: a test module imports no other test module)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.browser import fight_helpers as F
from tests.browser.fight_helpers import check_round, tap
from tests.browser.next_build_helpers import (
    FIGHT_NOTE,
)
from tests.browser.widgets_helpers import make_context, watch

DRAW_DEFENDER_FEWER = (F.DRAW_ATTACKER_FEWER[0], F._IN + "[data-fight-action=tap][data-fight-fewer=def]")


DRAW_SAME = (F.DRAW_ATTACKER_FEWER[0], F._IN + "[data-fight-action=tap][data-fight-fewer=same]")


# Three draws: the attacker rolled fewer 6s, then the defender, then the same number;
# each with the round-state it leads to.
ROUND_4 = {"start": "later", "att_suppressed": True, "def_suppressed": True}


THREE_DRAWS = ((F.DRAW_ATTACKER_FEWER, F.ROUND_2), (DRAW_DEFENDER_FEWER, ROUND_4), (DRAW_SAME, ROUND_4))


def note(page: Any) -> str:
    said: str = page.evaluate(f"() => {{ {FIGHT_NOTE} }}")
    return said


def new_page(browser: Any, site_url: str, address: str) -> tuple[Any, Any, list[str]]:
    context, _ = make_context(browser, site_url)
    page = context.new_page()
    errors: list[str] = []
    watch(page, errors)
    page.goto(address)
    return context, page, errors


def three_draws(page: Any, tap: Callable[..., None] = tap,
                check: Callable[..., dict[str, Any]] = check_round) -> dict[str, Any]:
    """A fight started and three draws tapped, each round checked against compute()
    (``tap`` and ``check``: fight_helpers' on a Playwright page, by default; its
    ``tap_panel`` and ``round_shown`` on the page API)."""
    tap(page, F.START)
    check(page, F.PARAMS, F.ROUND_1, 1)
    for round_, (draw, state) in enumerate(THREE_DRAWS, start=2):
        tap(page, *draw)
        shown = check(page, F.PARAMS, state, round_)
    assert len(shown["log"]) == 3, shown["log"]
    return shown
