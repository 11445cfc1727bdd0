"""The way to the rules in WebKit (Safari's engine): a sample of the players'
questions in search, as tests/browser/test_player_questions.py asks them (a question
finds its answer first; asked for odds, the calculator), where WebKit could differ:
the search worker wrapping Material's. (The home page's first screen is one story
run in both engines: tests/browser/test_home.py.)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.home_helpers import IPAD
from tests.browser.player_questions_helpers import FIRST_HIT, questions, where
from tests.browser.site_helpers import url
from tests.webkit.driver import (
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
