"""The way to the calculators in WebKit (Safari's engine): the home page's first
screen and a sample of the players' questions in search.

The same checks as tests/browser/test_home.py (the Close Assault, Spotting and
Blind-move tiles whole on an iPad's first screen, asked as a player asks, before
the rules tiles; the first on a phone's first screen; the two Close Assault tiles
told apart) and tests/browser/test_player_questions.py (a question finds its
answer first; asked for odds, the calculator), where WebKit could differ: the grid
and mask icons, and the search worker wrapping Material's.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.home_helpers import HOME_TILES, IPAD, PHONE, VIEW, check_close_assault_tiles, check_ipad
from tests.browser.player_questions_helpers import FIRST_HIT, questions, where
from tests.browser.site_helpers import url
from tests.webkit.driver import (
    PHONE_AT_MOST,
    narrowest_viewport,
    page_errors,
    run_js,
    set_viewport,
    start_webkit,
)
from tests.webkit.webkit_pages_helpers import type_search

# A sample of the questions: asking for odds (the calculator first), and rules.
WEBKIT_QUESTIONS = [
    "spotting odds",
    "chance to win a close assault",
    "blind move calculator",
    "odds of running out of ammo",
    "can I shoot at a blind",
    "how far does a blind move",
    "what happens on a tie in close assault",
    "how do I stop a fire mission",
]


@pytest.fixture(scope="module")
def home_driver(xvfb_display: str) -> Iterator[Any]:
    """One WebKitGTK session for this module."""
    driver = start_webkit(xvfb_display, *IPAD)
    yield driver
    driver.quit()


def open_home(driver: Any, site: str, size: tuple[int, int]) -> tuple[list[dict], dict]:
    if size[0] < PHONE_AT_MOST:
        narrowest_viewport(driver, *size)
    else:
        set_viewport(driver, *size)
    driver.get(url(site, ""))
    run_js(driver, "return document.readyState")
    return run_js(driver, HOME_TILES), run_js(driver, VIEW)


def test_table_calculators_whole_on_an_ipads_first_screen(probe_site: str, home_driver: Any) -> None:
    tiles, view = open_home(home_driver, probe_site, IPAD)
    problems = check_ipad(tiles, view, probe_site) + check_close_assault_tiles(tiles, probe_site)
    assert problems == [], "\n".join(problems)
    assert page_errors(home_driver) == []


def test_first_calculator_on_a_phones_first_screen(probe_site: str, home_driver: Any) -> None:
    tiles, view = open_home(home_driver, probe_site, PHONE)
    first = next(t for t in tiles if t["calculator"])
    assert first["href"] == url(probe_site, "calculators/close-assault/"), first
    assert first["top"] >= 0 and first["bottom"] <= view["height"], (first, view)


@pytest.mark.parametrize("question", WEBKIT_QUESTIONS)
def test_player_question_finds_its_answer_first(question: str, search_site: str, home_driver: Any) -> None:
    expected = next(q["first"] for q in questions() if q["q"] == question)
    driver = home_driver
    set_viewport(driver, 1366, 1024)
    driver.get(url(search_site, "rules/blinds/"))
    type_search(driver, question)
    found = where(run_js(driver, f"return ({FIRST_HIT})();"), search_site)
    print(f"\nWebKit search {question!r}: {found}")
    assert found in expected, f"{question!r}: first {found}, expected {' or '.join(expected)}"
    assert page_errors(driver) == []
