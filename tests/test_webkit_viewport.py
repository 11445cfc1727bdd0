"""The WebKit lane sizes its window so that the page's viewport is the tablet's or the
phone's (tests/webkit/driver.py set_viewport). WebDriver's set-window-rect can answer
before the page has seen the new size; once in a full run the toolbar was measured on
that stale viewport and a tablet story got a 616x1592 page. A window whose page lags
behind it shows the rule without a browser: the sizing waits on the page's own
viewport, never on when the command answered."""

from __future__ import annotations

from typing import Any

import pytest

from tests.webkit.driver import VIEWPORT, set_viewport

TOOLBAR = 38  # MiniBrowser's, in height
SMALLEST = (447, 200)  # MiniBrowser's smallest window


class LaggingWindow:
    """A window whose page sees each new size only ``lag`` reads of the viewport after
    the resize was answered, as a loaded WebKit does."""

    def __init__(self, lag: int) -> None:
        self.lag = lag
        self.window = [1024, 768]
        self.seen = self.inner()
        self.reads_to_go = 0

    def inner(self) -> list[int]:
        return [self.window[0], self.window[1] - TOOLBAR]

    def set_window_size(self, width: int, height: int) -> None:
        self.window = [max(width, SMALLEST[0]), max(height, SMALLEST[1])]
        self.reads_to_go = self.lag

    def get_window_size(self) -> dict[str, int]:
        return {"width": self.window[0], "height": self.window[1]}

    def execute_script(self, body: str, *args: Any) -> list[int]:
        assert body == VIEWPORT, body
        if self.reads_to_go:
            self.reads_to_go -= 1
        else:
            self.seen = self.inner()
        return list(self.seen)

    def execute_async_script(self, body: str) -> list[int]:  # two frames on: taken
        self.seen = self.inner()
        return list(self.seen)


@pytest.mark.parametrize("lag", [0, 1, 3])
@pytest.mark.parametrize("size", [(820, 1180), (1366, 1024)])
def test_the_viewport_is_the_size_asked_for_however_late_the_page_sees_it(
        lag: int, size: tuple[int, int]) -> None:
    window = LaggingWindow(lag)
    set_viewport(window, *size)
    assert window.execute_script(VIEWPORT) == list(size)
    assert window.window == [size[0], size[1] + TOOLBAR]


def test_a_viewport_narrower_than_the_window_allows_is_said_at_once() -> None:
    window = LaggingWindow(1)
    with pytest.raises(AssertionError, match="viewport is 447x844, wanted 390x844"):
        set_viewport(window, 390, 844)
