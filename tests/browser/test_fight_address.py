"""A fight in the address, in Chromium: the built site over HTTP, the real engine.

"Fight it out" keeps its taps in the page's address beside the inputs (fight=), so
a reload (another tab's Reload of a new build reloads this one too: see
test_offline_update.py) brings back the same fight, and a shared link opens it
anywhere. After the reload and in the new page, the log, the round and its dice, TN
and odds must be what they were: compute()'s for that round-state
(tests/browser/fight_helpers.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser import fight_helpers as F
from tests.browser.fight_address_helpers import ROUND_4, new_page, note, three_draws
from tests.browser.fight_helpers import check_round, snap, tap, wait_for
from tests.browser.next_build_helpers import (
    COHESION,
    NEXT_COHESION,
    SAVED_ELSEWHERE,
    next_fight_build,
)
from tests.browser.site_helpers import url
from tests.browser.widgets_helpers import fragment, wait_for_inputs
from tests.conftest import StaticServer


@pytest.fixture(scope="module")
def next_site_url(built_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The next build, served (next_build_helpers.next_fight_build)."""
    site = next_fight_build(built_site, tmp_path_factory.mktemp("next") / "site")
    with StaticServer(site) as server:
        yield server.origin + "/"


def test_a_fight_survives_a_reload(browser: Any, site_url: str) -> None:
    context, page, errors = new_page(browser, site_url, url(site_url, F.PAGE) + "#" + fragment(F.PARAMS))
    try:
        before = three_draws(page)
        assert "fight=" in page.url
        page.reload()
        after = check_round(page, F.PARAMS, ROUND_4, 4)
        assert after["log"] == before["log"]
        wait_for_inputs(page, {"att_dice": F.PARAMS["att_dice"]})  # the inputs are still the fight's
        # It goes on from there, and ends as the rules say.
        tap(page, *F.DEFENDER_BY_2)
        over = wait_for(page, "over", 4)
        assert F.outcome_problems(over, F.PARAMS, ROUND_4, "def", 2) == []
        page.reload()
        again = wait_for(page, "over", 4)
        assert again["log"] == over["log"] and again["outcome"] == over["outcome"]
        # Closing the fight takes it out of the address.
        tap(page, F.END)
        page.wait_for_function("() => document.querySelector('[data-fight]').dataset.state === 'idle'")
        assert "fight=" not in page.url
        assert errors == []
    finally:
        context.close()


def test_a_shared_fight_opens_the_same_fight(browser: Any, site_url: str) -> None:
    """The address opened in another browser shows the same fight, even when the
    inputs shown were changed after it started (the fight keeps the ones it started
    from, and so does its link)."""
    context, page, errors = new_page(browser, site_url, url(site_url, F.PAGE) + "#" + fragment(F.PARAMS))
    try:
        before = three_draws(page)
        page.locator(".chq-widget[data-mode=full] input[name=att_dice]").fill("7")
        wait_for_inputs(page, {"att_dice": 7})
        assert F.round_problems(snap(page), F.PARAMS, ROUND_4, 4) == []
        link = page.url
        assert errors == []
    finally:
        context.close()
    context, page, errors = new_page(browser, site_url, link)
    try:
        wait_for_inputs(page, {"att_dice": 7})  # the inputs shown, as shared
        after = check_round(page, F.PARAMS, ROUND_4, 4)  # the fight, from its own inputs
        assert after["log"] == before["log"]
        tap(page, F.NEW)  # a new fight takes the inputs shown
        check_round(page, {**F.PARAMS, "att_dice": 7}, F.ROUND_1, 1)
        assert errors == []
    finally:
        context.close()


def test_a_fight_that_cannot_be_read_is_said(browser: Any, site_url: str) -> None:
    address = url(site_url, F.PAGE) + "#" + fragment(F.PARAMS) + "&fight=a2.da"
    context, page, errors = new_page(browser, site_url, address)
    try:
        wait_for_inputs(page, F.PARAMS)
        note = page.wait_for_function(
            "() => { const n = document.querySelector('[data-fight]:not([hidden]) .chq-fight__note');"
            " return n && n.textContent; }").json_value()
        assert "cannot be read" in note and "fight=a2.da" in note, note
        assert snap(page)["state"] == "idle"
        assert errors == []
    finally:
        context.close()


def test_a_fight_link_means_the_same_on_the_next_build(browser: Any, site_url: str,
                                                       next_site_url: str) -> None:
    """Issue 34, item 4: a fight's link left out the inputs at their defaults, so the
    next build, with another default (the attacker's Cohesion), brought the fight
    back at the same round with other inputs and other odds, and said nothing. The
    link names every input of a fight, and the rules it was made under: the next
    build shows the same inputs, and says the odds are its own rules'."""
    context, page, errors = new_page(browser, site_url, url(site_url, F.PAGE) + "#" + fragment(F.PARAMS))
    try:
        tap(page, F.START)
        check_round(page, F.PARAMS, F.ROUND_1, 1)
        tap(page, *F.DRAW_ATTACKER_FEWER)
        before = check_round(page, F.PARAMS, F.ROUND_2, 2)
        # Inputs shown other than the fight's: the link carries both sets, in full.
        page.locator(".chq-widget[data-mode=full] input[name=att_dice]").fill("7")
        wait_for_inputs(page, {"att_dice": 7})
        page.reload()  # the same build: its own rules, nothing to say
        check_round(page, F.PARAMS, F.ROUND_2, 2)
        assert note(page) == ""
        link = page.url.split("#", 1)[1]
        assert errors == []
    finally:
        context.close()
    context, page, errors = new_page(browser, next_site_url, url(next_site_url, F.PAGE) + "#" + link)
    try:
        after = check_round(page, F.PARAMS, F.ROUND_2, 2)  # compute()'s, for the inputs as saved
        wait_for_inputs(page, {**F.PARAMS, "att_dice": 7, "att_cohesion": COHESION})  # not the new default
        assert after["log"] == before["log"]
        assert note(page) == SAVED_ELSEWHERE
        tap(page, *F.DEFENDER_BY_2)  # it goes on, and ends as the rules say for the saved inputs
        assert F.outcome_problems(wait_for(page, "over", 2), F.PARAMS, F.ROUND_2, "def", 2) == []
        assert note(page) == SAVED_ELSEWHERE
        tap(page, F.NEW)  # a new fight, from the inputs shown, is this build's own
        check_round(page, {**F.PARAMS, "att_dice": 7}, F.ROUND_1, 1)
        assert note(page) == ""
        assert errors == []
    finally:
        context.close()


def test_an_old_fight_link_reads_as_before(browser: Any, next_site_url: str) -> None:
    """A fight link made before links named every input (and the rules) still opens:
    what it leaves out means this build's defaults, as it always did, and it has no
    rules to compare, so the page says nothing of them."""
    address = url(next_site_url, F.PAGE) + "#" + fragment(F.PARAMS) + "&fight=da"
    context, page, errors = new_page(browser, next_site_url, address)
    try:
        check_round(page, {**F.PARAMS, "att_cohesion": NEXT_COHESION}, F.ROUND_2, 2)
        assert note(page) == ""
        assert errors == []
    finally:
        context.close()
