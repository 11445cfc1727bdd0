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
    start_webkit,
    start_xvfb,
)
from tests.webkit.probe import ProbeServer

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


@pytest.fixture
def new_webkit(xvfb_display: str) -> Iterator[Callable[..., Any]]:
    """Factory: ``new_webkit(width, height, page_load="normal", composite=True)`` gives a
    new WebKitGTK session (fresh profile) with that viewport (``page_load``:
    start_webkit's; ``composite=False``: without compositing, for a session that takes
    no screenshot: tests/webkit/driver.py NO_COMPOSITING); every session is closed
    after the test."""
    drivers: list[Any] = []

    def make(width: int = 1366, height: int = 1024, page_load: str = "normal", composite: bool = True) -> Any:
        driver = start_webkit(xvfb_display, width, height, page_load=page_load,
                              env=None if composite else NO_COMPOSITING)
        driver.chq_composited = composite
        drivers.append(driver)
        return driver

    yield make
    for driver in drivers:
        driver.quit()


@pytest.fixture(scope="session")
def probe_site(built_site: Path) -> Iterator[str]:
    """The built site with the probe in every page, no service worker: its base URL."""
    with ProbeServer(built_site) as server:
        yield server.origin + "/"
