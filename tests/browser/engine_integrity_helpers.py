"""What the engine-integrity stories share (test_engine_integrity.py): the case, the
portal's server (the same for both engines), and the checks."""

from __future__ import annotations

import io
import json
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from calculators import compute
from tests.browser.engine_start_helpers import STATE, headline_of, shown_headline, wait_for
from tests.browser.page_api import SitePage
from tests.browser.widgets_helpers import reference
from tests.webkit.probe import ProbeHandler, ProbeServer

# A permalink the page answers itself (one of its worked examples): the build's answer.
MECHANIC = "artillery"


PARAMS = {"variant": "armour-battles", "fire_dice": 5, "hit_faces": 6}


# What a captive portal answers instead of the file.
PORTAL = b"<html><body>Please log in to the hotel WiFi</body></html>"


IMMUTABLE = "public, max-age=31536000, immutable"


ENGINE = "/assets/engine/"


WASM = "**/assets/engine/pyodide/pyodide.asm.wasm"


# The engine gave up on a silent start after 180 s (and the worker's heartbeat reset
# even that): a broken file must be said well before.
FAIL_MS = 30_000


DAMAGED = "arrived damaged twice"


# Which file a name is, by kind.
KINDS = {
    "wasm": lambda name: name == "pyodide.asm.wasm",
    "snapshot": lambda name: name.startswith("snapshot-") and name.endswith(".bin"),
    "wheel": lambda name: name.endswith(".whl"),
}


def engine_file(site: Path, kind: str) -> Path:
    (found,) = [p for p in (site / "assets" / "engine").rglob("*") if KINDS[kind](p.name)]
    return found


def keeps_the_build_answer(shown: dict[str, Any]) -> None:
    """The page's own answer for the permalink is still on screen, marked as the build's."""
    assert (shown["state"], shown["source"]) == ("ready", "build"), shown
    assert shown_headline(MECHANIC, shown) == headline_of(MECHANIC, compute(MECHANIC, PARAMS))
    assert json.loads(shown["result"]) == reference(MECHANIC, PARAMS)


def engine_when(page: SitePage, condition: str, timeout_ms: float) -> dict[str, Any]:
    """Wait until ``condition`` (a JS expression over ``r``, the main widget's dataset)
    holds; the widget's state then (engine_start_helpers.STATE), in the same read."""
    return page.widget_when(condition, what=f"the engine: {condition}", timeout=timeout_ms / 1000,
                            snapshot=f"return ({STATE})();")


# The main widget's status line.
STATUS = ".chq-widget[data-mode=full] .chq-status__text"


def status_text(page: Any) -> str:
    text: str = page.locator(STATUS).inner_text()
    return text


def failed_within(page: Any, address: str) -> tuple[dict[str, Any], float]:
    """Open ``address``; wait (at most FAIL_MS) for the engine to fail; the widget's
    state then, and the seconds it took."""
    start = time.monotonic()
    page.goto(address)
    shown = wait_for(page, "r.engine === 'error'", FAIL_MS)
    return shown, time.monotonic() - start


# --------------------------------------------------------------------------- #
# Without a service worker: the browser's HTTP cache                          #
# --------------------------------------------------------------------------- #


class Portal:
    """What this module's server does: which file it answers with the portal's page,
    how many more times (-1: always), which it answers 404, and every request for an
    engine file with its Cache-Control header."""

    def __init__(self, kind: str, times: int, missing: str = "") -> None:
        self.kind = kind
        self.left = times
        self.missing = missing
        self.asked: list[tuple[str, str]] = []

    def requests_for(self, kind: str) -> list[str]:
        return [cache for path, cache in self.asked if KINDS[kind](path.rsplit("/", 1)[-1])]


class PortalHandler(ProbeHandler):
    """The built site with the probe in its pages (tests/webkit/probe.py), engine
    files sent with the year-long header their names earn; the portal's page in place
    of one, or a 404, as its :class:`Portal` says."""

    portal: Portal

    def send_head(self) -> Any:
        path = urlsplit(self.path).path
        if not path.startswith(ENGINE):
            return super().send_head()
        name = path.rsplit("/", 1)[-1]
        self.portal.asked.append((path, self.headers.get("Cache-Control", "")))
        if self.portal.missing and KINDS[self.portal.missing](name):
            self.send_error(404, "Not here")
            return None
        if KINDS[self.portal.kind](name) and self.portal.left != 0:
            self.portal.left -= 1
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(PORTAL)))
            self.end_headers()
            return io.BytesIO(PORTAL)
        return super().send_head()

    def end_headers(self) -> None:
        if urlsplit(self.path).path.startswith(ENGINE):
            self.send_header("Cache-Control", IMMUTABLE)
        super().end_headers()


class PortalServer(ProbeServer):
    """The built site on 127.0.0.1 (a free port), served by :class:`PortalHandler`:
    a story's own server (``site_page(server=...)``), the same for both engines."""

    def __init__(self, directory: Path, portal: Portal) -> None:
        super().__init__(directory, handler=PortalHandler, attributes={"portal": portal})


# --------------------------------------------------------------------------- #
# No SubtleCrypto: size and CRC-32                                            #
# --------------------------------------------------------------------------- #

# What an insecure context (plain http on a LAN) lacks: SubtleCrypto is
# [SecureContext], so crypto.subtle is undefined there.
INSECURE = "delete Crypto.prototype.subtle;\n"


def without_subtle_crypto(route: Any) -> None:
    """The engine worker's script, run as it would be on a plain-http LAN address."""
    response = route.fetch()
    route.fulfill(response=response, body=INSECURE + response.text())
