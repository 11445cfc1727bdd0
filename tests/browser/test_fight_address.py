"""A fight in the address: one story each, run in Chromium and in WebKitGTK (the page
API of tests/browser/page_api.py), the built site over HTTP, the real engine.

"Fight it out" keeps its taps in the page's address beside the inputs (fight=), so
a reload (another tab's Reload of a new build reloads this one too: see
test_offline_update.py) brings back the same fight, and a shared link opens it
anywhere, in another browser. After the reload and in the new page, the log, the
round and its dice, TN and odds must be what they were: compute()'s for that
round-state (tests/browser/fight_helpers.py). The next build (another default, other
rules) shows a fight's link with the same inputs and says the odds are its own
rules'; an old fight link (inputs at their defaults left out, no rules) reads as
before. (What a permalink says about itself is test_permalink_words.py's.)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.browser import fight_helpers as F
from tests.browser.fight_address_helpers import ROUND_4, three_draws
from tests.browser.fight_helpers import open_fight, panel_at, round_shown, tap_panel
from tests.browser.next_build_helpers import (
    COHESION,
    FIGHT_NOTE,
    NEXT_COHESION,
    SAVED_ELSEWHERE,
    next_fight_build,
)
from tests.browser.page_api import MAIN, SitePage
from tests.browser.widgets_helpers import fragment
from tests.webkit.probe import ProbeServer

ATT_DICE = f"{MAIN} input[name=att_dice]"


@pytest.fixture(scope="module")
def next_site(built_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The next build (next_build_helpers.next_fight_build)."""
    yield next_fight_build(built_site, tmp_path_factory.mktemp("next") / "site")


def address(page: SitePage) -> str:
    """The page's address from the site's base on (the fragment with it)."""
    href = str(page.run("return location.href"))
    assert href.startswith(page.base), (href, page.base)
    return href[len(page.base):]


def note(page: SitePage) -> str:
    return str(page.run(FIGHT_NOTE))


def test_a_fight_survives_a_reload_and_a_shared_link(site_page: Callable[..., SitePage]) -> None:
    """A fight lives in the page's address: a reload shows it again, and the address
    opened in another browser shows the same fight, even when the inputs shown were
    changed after it started (the fight keeps the ones it started from, and so does
    its link). It goes on from there, ends as the rules say, survives a reload over,
    and closing it takes it out of the address."""
    page = site_page()
    open_fight(page, F.PARAMS)
    before = three_draws(page, tap_panel, round_shown)
    assert "fight=" in address(page)
    page.reload()
    after = round_shown(page, F.PARAMS, ROUND_4, 4)
    assert after["log"] == before["log"]
    page.answer_for({"att_dice": F.PARAMS["att_dice"]})  # the inputs are still the fight's

    # Other inputs shown; the link taken and opened in another browser.
    page.fill(ATT_DICE, "7")
    page.answer_for({"att_dice": 7})
    assert F.round_problems(page.run(F.SNAPSHOT), F.PARAMS, ROUND_4, 4) == []
    link = address(page)
    other = site_page()  # another browser, another profile: the link alone
    other.open(link)
    other.answer_for({"att_dice": 7})  # the inputs shown, as shared
    shared = round_shown(other, F.PARAMS, ROUND_4, 4)  # the fight, from its own inputs
    assert shared["log"] == before["log"]
    tap_panel(other, F.NEW)  # a new fight takes the inputs shown
    round_shown(other, {**F.PARAMS, "att_dice": 7}, F.ROUND_1, 1)
    assert other.errors() == []

    # It goes on from there, and ends as the rules say.
    tap_panel(page, *F.DEFENDER_BY_2)
    over = panel_at(page, "over", 4)
    assert F.outcome_problems(over, F.PARAMS, ROUND_4, "def", 2) == []
    page.reload()
    again = panel_at(page, "over", 4)
    assert again["log"] == over["log"] and again["outcome"] == over["outcome"]
    # Closing the fight takes it out of the address.
    tap_panel(page, F.END)
    page.wait("return document.querySelector('[data-fight]').dataset.state === 'idle';", what="the fight closed")
    assert "fight=" not in address(page)
    assert page.errors() == []


def test_a_fight_that_cannot_be_read_is_said(site_page: Callable[..., SitePage]) -> None:
    page = site_page()
    page.open(F.PAGE + "#" + fragment(F.PARAMS) + "&fight=a2.da")
    page.answer_for(F.PARAMS)
    said = page.wait("const n = document.querySelector('[data-fight]:not([hidden]) .chq-fight__note');"
                     " return n && n.textContent;", what="the fight's note")
    assert "cannot be read" in said and "fight=a2.da" in said, said
    assert page.run(F.SNAPSHOT)["state"] == "idle"
    assert page.errors() == []


def test_a_fight_link_means_the_same_on_the_next_build(site_page: Callable[..., SitePage],
                                                       next_site: Path) -> None:
    """Issue 34, item 4: a fight's link left out the inputs at their defaults, so the
    next build, with another default (the attacker's Cohesion), brought the fight
    back at the same round with other inputs and other odds, and said nothing. The
    link names every input of a fight, and the rules it was made under: the next
    build shows the same inputs, and says the odds are its own rules'."""
    page = site_page()
    open_fight(page, F.PARAMS)
    tap_panel(page, F.START)
    round_shown(page, F.PARAMS, F.ROUND_1, 1)
    tap_panel(page, *F.DRAW_ATTACKER_FEWER)
    before = round_shown(page, F.PARAMS, F.ROUND_2, 2)
    # Inputs shown other than the fight's: the link carries both sets, in full.
    page.fill(ATT_DICE, "7")
    page.answer_for({"att_dice": 7})
    page.reload()  # the same build: its own rules, nothing to say
    round_shown(page, F.PARAMS, F.ROUND_2, 2)
    assert note(page) == ""
    link = address(page)
    assert page.errors() == []

    following = site_page(server=ProbeServer(next_site))
    following.open(link)
    after = round_shown(following, F.PARAMS, F.ROUND_2, 2)  # compute()'s, for the inputs as saved
    following.answer_for({**F.PARAMS, "att_dice": 7, "att_cohesion": COHESION})  # not the new default
    assert following.value(f"{MAIN} input[name=att_cohesion]") == str(COHESION)
    assert after["log"] == before["log"]
    assert note(following) == SAVED_ELSEWHERE
    tap_panel(following, *F.DEFENDER_BY_2)  # it goes on, and ends as the rules say for the saved inputs
    assert F.outcome_problems(panel_at(following, "over", 2), F.PARAMS, F.ROUND_2, "def", 2) == []
    assert note(following) == SAVED_ELSEWHERE
    tap_panel(following, F.NEW)  # a new fight, from the inputs shown, is this build's own
    round_shown(following, {**F.PARAMS, "att_dice": 7}, F.ROUND_1, 1)
    assert note(following) == ""
    assert following.errors() == []


def test_an_old_fight_link_reads_as_before(site_page: Callable[..., SitePage], next_site: Path) -> None:
    """A fight link made before links named every input (and the rules) still opens:
    what it leaves out means this build's defaults, as it always did, and it has no
    rules to compare, so the page says nothing of them."""
    page = site_page(server=ProbeServer(next_site))
    page.open(F.PAGE + "#" + fragment(F.PARAMS) + "&fight=da")
    round_shown(page, {**F.PARAMS, "att_cohesion": NEXT_COHESION}, F.ROUND_2, 2)
    assert note(page) == ""
    assert page.errors() == []
