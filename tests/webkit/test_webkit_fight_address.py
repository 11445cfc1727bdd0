"""A fight kept in the address, in WebKit (Safari's engine), Pyodide and all: the
WebKit lane of tests/browser/test_fight_address.py (what a permalink says about
itself is one story for both engines: tests/browser/test_permalink_words.py).

* a fight of three draws survives a reload, and its address opened in a new
  browser shows the same fight (log, round, and compute()'s dice, TN and odds);
* a fight's address opened by the next build (another default, other rules) shows
  the same inputs and says the odds are the next build's rules'; an old fight link
  (inputs at their defaults left out, no rules) reads as before.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser import fight_helpers as F
from tests.browser.fight_address_helpers import ROUND_4, THREE_DRAWS
from tests.browser.next_build_helpers import (
    COHESION,
    FIGHT_NOTE,
    NEXT_COHESION,
    SAVED_ELSEWHERE,
    next_fight_build,
)
from tests.browser.site_helpers import url
from tests.browser.widgets_helpers import fragment
from tests.webkit.driver import STEP_TIMEOUT_S, page_errors, run_js, wait_js
from tests.webkit.probe import ProbeServer
from tests.webkit.webkit_fight_helpers import check_round, tap

TABLET = (820, 1180)


@pytest.fixture(scope="module")
def next_probe_site(built_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The next build (next_build_helpers.next_fight_build), with the probe."""
    site = next_fight_build(built_site, tmp_path_factory.mktemp("next") / "site")
    with ProbeServer(site) as server:
        yield server.origin + "/"


def start_fight(probe_site: str, new_webkit: Callable[..., Any]) -> Any:
    """A tablet-sized WebKit on the fight's page, its first round started."""
    driver = new_webkit(*TABLET)
    driver.get(url(probe_site, F.PAGE) + "#" + fragment(F.PARAMS))
    wait_js(driver, "return Boolean(document.querySelector('[data-fight][data-state=idle]'))",
            timeout=STEP_TIMEOUT_S, what="the fight panel mounted")
    tap(driver, F.START)
    check_round(driver, F.PARAMS, F.ROUND_1, 1)
    return driver


def test_a_fight_in_the_address_in_webkit(probe_site: str, new_webkit: Callable[..., Any]) -> None:
    driver = start_fight(probe_site, new_webkit)
    for round_, (draw, state) in enumerate(THREE_DRAWS, start=2):
        tap(driver, *draw)  # then wait for the round it leads to: the panel is drawn anew
        before = check_round(driver, F.PARAMS, state, round_)
    assert len(before["log"]) == 3
    link = driver.current_url
    assert "fight=" in link
    driver.refresh()
    after = check_round(driver, F.PARAMS, ROUND_4, 4)
    assert after["log"] == before["log"]
    assert page_errors(driver) == []

    other = new_webkit(*TABLET)  # another browser, another profile: the link alone
    other.get(link)
    shared = check_round(other, F.PARAMS, ROUND_4, 4)
    assert shared["log"] == before["log"]
    assert page_errors(other) == []


def test_a_fight_link_on_the_next_build_in_webkit(probe_site: str, next_probe_site: str,
                                                  new_webkit: Callable[..., Any]) -> None:
    driver = start_fight(probe_site, new_webkit)
    tap(driver, *F.DRAW_ATTACKER_FEWER)
    before = check_round(driver, F.PARAMS, F.ROUND_2, 2)
    assert run_js(driver, FIGHT_NOTE) == ""
    link = driver.current_url.split("#", 1)[1]
    assert page_errors(driver) == []

    driver.get(url(next_probe_site, F.PAGE) + "#" + link)  # the next build: the inputs as saved
    after = check_round(driver, F.PARAMS, F.ROUND_2, 2)
    assert after["log"] == before["log"]
    assert run_js(driver, "return document.querySelector("
                  "'.chq-widget[data-mode=full] input[name=att_cohesion]').value") == str(COHESION)
    assert run_js(driver, FIGHT_NOTE) == SAVED_ELSEWHERE
    assert page_errors(driver) == []

    driver.get("about:blank")  # an old fight link: read with this build's defaults, nothing said
    driver.get(url(next_probe_site, F.PAGE) + "#" + fragment(F.PARAMS) + "&fight=da")
    check_round(driver, {**F.PARAMS, "att_cohesion": NEXT_COHESION}, F.ROUND_2, 2)
    assert run_js(driver, FIGHT_NOTE) == ""
    assert page_errors(driver) == []
