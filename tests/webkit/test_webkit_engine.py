"""A broken engine file in WebKit (Safari's engine): said at once, fetched again.

The Python runtime (``pyodide.asm.wasm``) answered by a Wi-Fi login page, with the
year-long header the engine's files get. Pyodide only logs a runtime that does not
compile, and the page used to wait for ever ("Starting Python… 299 s so far"). The
worker checks each file against the size and hash the build lists:

* answered wrong every time: the widget says so in the player's words
  (``data-engine="error"``) within seconds, and keeps the page's own answer;
* answered wrong once: the worker asks again past the browser's cache
  (``cache: "reload"``) and the engine answers in the same visit.

WebDriver cannot route requests: the wrong answers come from this module's server
(the lane's ProbeServer, with the portal in front of it).
"""

from __future__ import annotations

import functools
import io
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.browser.page_scripts import SHOWS
from tests.browser.site_helpers import url
from tests.browser.widgets_helpers import PAGES, check_answer, fragment, reference
from tests.conftest import QuietHTTPServer
from tests.webkit.driver import ENGINE_TIMEOUT_S, page_errors, widget_when
from tests.webkit.probe import NO_SERVICE_WORKER, PROBE, ProbeHandler, ProbeServer

TABLET = (820, 1180)
MECHANIC = "artillery"
PARAMS = {"variant": "armour-battles", "fire_dice": 5, "hit_faces": 6}  # the page carries its answer
WASM = "/assets/engine/pyodide/pyodide.asm.wasm"
PORTAL = b"<html><body>Please log in to the hotel WiFi</body></html>"
IMMUTABLE = "public, max-age=31536000, immutable"
# The page gave up on a silent start after 180 s, and the worker's heartbeat reset even
# that: a broken runtime must be said well before (WebKit under load included).
FAIL_S = 60.0


class PortalHandler(ProbeHandler):
    """ProbeHandler that answers the runtime with the portal's page while
    :attr:`left` is not 0 (-1: always), counting the requests for it."""

    left: list[int]  # one number, shared by the handler's instances
    asked: list[str]

    def send_head(self) -> Any:
        if urlsplit(self.path).path != WASM:
            return super().send_head()
        self.asked.append(self.headers.get("Cache-Control", ""))
        if self.left[0] == 0:
            return super().send_head()
        self.left[0] -= 1
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(PORTAL)))
        self.send_header("Cache-Control", IMMUTABLE)
        self.end_headers()
        return io.BytesIO(PORTAL)


class PortalServer(ProbeServer):
    """The lane's probe server with the portal in front of the runtime ``times`` times."""

    def __init__(self, directory: Path, times: int) -> None:
        self.unstall = threading.Event()
        self.asked: list[str] = []
        handler_class = type("Handler", (PortalHandler,), {
            "script": PROBE + NO_SERVICE_WORKER, "unstall": self.unstall,
            "left": [times], "asked": self.asked,
        })
        handler = functools.partial(handler_class, directory=str(directory))
        self.httpd = QuietHTTPServer(("127.0.0.1", 0), handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)


@pytest.fixture
def portal(built_site: Path, request: pytest.FixtureRequest) -> Iterator[PortalServer]:
    server = PortalServer(built_site, request.param)
    with server:
        yield server


@pytest.mark.parametrize("portal", [-1], indirect=True, ids=["always"])
def test_a_broken_runtime_is_said_at_once(portal: PortalServer, new_webkit: Any) -> None:
    driver = new_webkit(*TABLET)
    start = time.monotonic()
    driver.get(url(portal.origin + "/", PAGES[MECHANIC]) + "#" + fragment(PARAMS))
    shown = widget_when(driver, "r.engine === 'error'", timeout=FAIL_S,
                        what="the engine to fail (its runtime is a web page here)")
    seconds = time.monotonic() - start
    status = shown["status"]
    assert status.startswith("The calculator engine could not load here"), status
    assert "arrived damaged twice" in status and "web page" in status and "Wi-Fi" in status, status
    assert (shown["state"], shown["source"]) == ("ready", "build"), shown
    check_answer(shown, MECHANIC, PARAMS)
    assert len(portal.asked) == 2, portal.asked  # once more, past the cache
    assert page_errors(driver) == []
    print(f"\nWebKit, the runtime a web page: the engine failed {seconds:.1f} s after the page was opened")


@pytest.mark.parametrize("portal", [1], indirect=True, ids=["once"])
def test_a_runtime_answered_wrong_once_is_fetched_again(portal: PortalServer, new_webkit: Any) -> None:
    driver = new_webkit(*TABLET)
    driver.get(url(portal.origin + "/", PAGES[MECHANIC]) + "#" + fragment(PARAMS))
    shown = widget_when(driver, f"{SHOWS} && r.source === 'engine'", reference(MECHANIC, PARAMS)["inputs"],
                        MECHANIC, timeout=ENGINE_TIMEOUT_S, what="the engine's answer after the second request")
    check_answer(shown, MECHANIC, PARAMS)
    assert len(portal.asked) == 2, portal.asked
    assert page_errors(driver) == []
