"""The page API's waits on what a story's server was asked (tests/browser/page_api.py):
a count read once raced the page's own engine, which asks for its files a moment after
the page has loaded. Shown without a browser, on a page whose first request comes late."""

from __future__ import annotations

import time

from tests.browser.page_api import SitePage


class LateAsker:
    """A page whose engine asks for its held files ``after`` s from now."""

    held_asked_within = SitePage.held_asked_within

    def __init__(self, after: float) -> None:
        self.at = time.monotonic() + after

    def held_asked(self) -> int:
        return 1 if time.monotonic() >= self.at else 0


def test_the_first_request_is_waited_for() -> None:
    assert LateAsker(0.3).held_asked_within(timeout=5.0) == 1


def test_a_request_that_never_comes_reads_zero_at_the_ceiling() -> None:
    start = time.monotonic()
    assert LateAsker(60.0).held_asked_within(timeout=0.3) == 0
    assert 0.3 <= time.monotonic() - start < 5.0
