"""Fixtures of WebKitGTK through WebDriver: the built site in the tablet's own engine
(loaded for every test folder by tests/conftest.py's pytest_plugins, so that a story
written once in tests/browser/ runs in WebKit too).

The site is the one strict build of the session (``built_site`` from
tests/conftest.py), served over HTTP by this lane's own servers (tests/webkit/driver.py:
every page carries a small probe script, since WebDriver cannot inject one:
tests/webkit/probe.py). A missing
WebKitWebDriver, Xvfb or selenium fails these tests: it never skips them.
"""

from __future__ import annotations

import contextlib
import importlib.util
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.webkit.driver import (
    INSTALL_HINT,
    NO_COMPOSITING,
    WEBKIT_DRIVER,
    MissingWebKit,
    set_viewport,
    start_webkit,
    start_xvfb,
)

ENGINE_PATH = "/assets/engine/"
# The site's own script, the one that mounts the widgets (chq_site/bundle.py JS_NAME).
SITE_SCRIPT_PATH = "/assets/js/site/"


@pytest.fixture(scope="session")
def xvfb_display() -> Iterator[str]:
    """A private X display (Xvfb) for WebKitGTK's window, for the whole session.

    Fails (never skips) when selenium, WebKitWebDriver or Xvfb is missing.
    """
    if importlib.util.find_spec("selenium") is None:
        pytest.fail("the selenium package is missing: run `make setup` (pip install -e '.[dev]')")
    if not Path(WEBKIT_DRIVER).exists():
        pytest.fail(f"{WEBKIT_DRIVER} is missing: {INSTALL_HINT}")
    with contextlib.ExitStack() as stack:
        try:
            display = stack.enter_context(start_xvfb())
        except MissingWebKit as exc:
            pytest.fail(str(exc))
        yield display


class WebKitSessions:
    """This test process's WebKitGTK sessions: a story takes one and gives it back,
    and the next story that asks for one started the same way has it.

    A session costs 0.56 CPU-s to start and stop (5 runs, on a quiet machine) and
    once in a while a minute (tests/webkit/driver.py start_webkit); a full run asked
    for about 140. Given back, a session keeps one window, on ``about:blank``, and
    each story has a server of its own (page_fixtures.site_page): a new port is a new
    origin, so nothing a page stored (its storage, its service worker, its HTTP
    cache's files, all kept by origin or address) is seen by the next story's pages.
    A session that cannot be brought back to that is stopped."""

    def __init__(self, display: str) -> None:
        self.display = display
        self.idle: dict[tuple[str, bool], list[Any]] = {}

    def take(self, width: int, height: int, page_load: str, composite: bool) -> Any:
        key = (page_load, composite)
        idle = self.idle.setdefault(key, [])
        while idle:
            driver = idle.pop()
            try:
                set_viewport(driver, width, height)
                return driver
            except Exception:  # (that session is gone: start another)
                self._stop(driver)
        driver = start_webkit(self.display, width, height, page_load=page_load,
                              env=None if composite else NO_COMPOSITING)
        driver.chq_started_as = key  # (page_load, composite): the pool it goes back to
        return driver

    def give_back(self, driver: Any) -> None:
        try:
            first, *others = driver.window_handles
            for handle in others:
                driver.switch_to.window(handle)
                driver.close()
            driver.switch_to.window(first)
            driver.get("about:blank")
        except Exception:  # (a page that will not let go: that session stops)
            self._stop(driver)
            return
        self.idle[driver.chq_started_as].append(driver)

    @staticmethod
    def _stop(driver: Any) -> None:
        with contextlib.suppress(Exception):
            driver.quit()

    def close(self) -> None:
        for idle in self.idle.values():
            while idle:
                self._stop(idle.pop())


@pytest.fixture(scope="session")
def webkit_sessions(xvfb_display: str) -> Iterator[WebKitSessions]:
    """This test process's WebKitGTK sessions (:class:`WebKitSessions`)."""
    sessions = WebKitSessions(xvfb_display)
    yield sessions
    sessions.close()


@pytest.fixture
def new_webkit(webkit_sessions: WebKitSessions) -> Iterator[Callable[..., Any]]:
    """Factory: ``new_webkit(width, height, page_load="normal", composite=True)`` gives a
    WebKitGTK session on ``about:blank`` with that viewport (``page_load``:
    start_webkit's; ``composite=False``: without compositing, for a session that takes
    no screenshot: tests/webkit/driver.py NO_COMPOSITING); each is given back after the
    test (:class:`WebKitSessions`)."""
    drivers: list[Any] = []

    def make(width: int = 1366, height: int = 1024, page_load: str = "normal", composite: bool = True) -> Any:
        driver = webkit_sessions.take(width, height, page_load, composite)
        drivers.append(driver)
        return driver

    yield make
    for driver in drivers:
        webkit_sessions.give_back(driver)
