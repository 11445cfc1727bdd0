"""A broken engine file is found at once, fetched again past the browser's cache, and
said in the player's words; the answers the page carries stay on screen.

* A runtime (``pyodide.asm.wasm``) that is a web page, or cut short, or a wheel that
  is a web page: Pyodide only logged the failure and waited, its worker's heartbeat
  kept the page waiting ("Starting Python… 299 s so far"). Now the widget says so
  (``data-engine="error"``) within seconds, and keeps the build's answer
  (``data-source="build"``).
* No service worker (a club's server on plain http: no secure context): a file whose
  name never changes answered once by a Wi-Fi login page, with the year-long
  ``immutable`` header such names get, was kept by the browser's HTTP cache and broke
  every later visit. The worker checks each body against the size and hash the build
  wrote, fetches a wrong one again with ``cache: "reload"`` (the cache then keeps the
  right one), and starts in the same visit; a body that stays wrong is said.
* Where the browser has no SubtleCrypto (plain http on a LAN), the check is the size
  and a CRC-32: right bytes start, wrong bytes of the right size are refused.

Real Chromium and the real Pyodide. The HTTP-cache tests use this module's own server
(no Playwright routing: routing turns the browser's HTTP cache off).
"""

from __future__ import annotations

import functools
import io
import json
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from calculators import compute
from tests.browser.test_engine_start import FULL_BOOT_MS, headline_of, permalink, shown_headline, wait_for
from tests.browser.test_widgets import READY_MS, VIEWPORT, reference, watch, watched_page
from tests.conftest import CHROMIUM_ARGS, TEST_CHROMIUM, QuietHTTPServer, SiteHandler, StaticServer

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


def status_text(page: Any) -> str:
    text: str = page.locator(".chq-widget[data-mode=full] .chq-status__text").inner_text()
    return text


def failed_within(page: Any, address: str) -> tuple[dict[str, Any], float]:
    """Open ``address``; wait (at most FAIL_MS) for the engine to fail; the widget's
    state then, and the seconds it took."""
    start = time.monotonic()
    page.goto(address)
    shown = wait_for(page, "r.engine === 'error'", FAIL_MS)
    return shown, time.monotonic() - start


# --------------------------------------------------------------------------- #
# A broken runtime or wheel ends the wait at once                             #
# --------------------------------------------------------------------------- #


@pytest.mark.parametrize("spoil", ["html", "cut"])
def test_a_broken_runtime_ends_the_wait(browser: Any, site_url: str, built_site: Path, spoil: str) -> None:
    real = engine_file(built_site, "wasm").read_bytes()
    body, kind = (PORTAL, "text/html") if spoil == "html" else (real[: 4 * 2**20], "application/wasm")
    with watched_page(browser, site_url) as (context, page, log, errors):
        context.route(WASM, lambda route: route.fulfill(status=200, body=body, content_type=kind))
        shown, seconds = failed_within(page, permalink(site_url, MECHANIC, PARAMS))
        text = status_text(page)
        assert "could not load here" in text and DAMAGED in text and "Wi-Fi" in text, text
        assert "web page" in text if spoil == "html" else "4.2 MB came instead of 9.6 MB" in text, text
        keeps_the_build_answer(shown)
        assert log.off_origin == []
        print(f"\n{spoil} runtime: the engine failed {seconds:.1f} s after the page was opened")


def test_a_broken_wheel_ends_the_wait(browser: Any, site_url: str) -> None:
    """The wheel is used by the normal boot (the snapshot missing): a web page in its
    place fails the engine as soon as Python has started, in words."""
    with watched_page(browser, site_url) as (context, page, log, errors):
        context.route("**/assets/engine/snapshot-*.bin", lambda route: route.fulfill(status=404))
        context.route("**/assets/engine/*/*.whl",
                      lambda route: route.fulfill(status=200, body=PORTAL, content_type="text/html"))
        page.goto(permalink(site_url, MECHANIC, PARAMS))
        shown = wait_for(page, "r.engine === 'error'", FULL_BOOT_MS)
        text = status_text(page)
        assert DAMAGED in text and ".whl" in text and "web page" in text, text
        keeps_the_build_answer(shown)


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


class PortalHandler(SiteHandler):
    """The built site, engine files sent with the year-long header their names earn."""

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


class PortalServer(StaticServer):
    """The built site on 127.0.0.1 (a free port), served by :class:`PortalHandler`."""

    def __init__(self, directory: Path, portal: Portal) -> None:
        handler_class = type("Handler", (PortalHandler,), {"portal": portal})
        handler = functools.partial(handler_class, directory=str(directory))
        self.httpd = QuietHTTPServer(("127.0.0.1", 0), handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)


def no_service_worker(browser: Any, profile: Path) -> tuple[Any, Any, list[str]]:
    """A browser with a profile on disk (so a disk cache, as a player's browser has:
    a private context's cache in memory keeps no file as large as the runtime), no
    service worker (as over plain http), and no request routing (which would turn the
    HTTP cache off); its page, and the page's console errors."""
    context = browser.browser_type.launch_persistent_context(
        str(profile), executable_path=TEST_CHROMIUM, args=CHROMIUM_ARGS, viewport=VIEWPORT, service_workers="block"
    )
    page = context.pages[0] if context.pages else context.new_page()
    errors: list[str] = []
    watch(page, errors)
    return context, page, errors


@pytest.mark.parametrize("kind", ["wasm", "snapshot", "wheel"])
def test_a_bad_body_kept_by_the_http_cache_is_fetched_again(
    browser: Any, built_site: Path, tmp_path: Path, kind: str
) -> None:
    """The first answer for the file is the portal's page, to be kept a year; the
    worker finds it wrong, asks again past the cache, and the engine starts in the
    same visit. The next visit takes the right file from the cache, asking nothing."""
    # The wheel is used by the normal boot only: the snapshot is missing for that one.
    portal = Portal(kind, times=1, missing="snapshot" if kind == "wheel" else "")
    with PortalServer(built_site, portal) as server:
        base = server.origin + "/"
        context, page, errors = no_service_worker(browser, tmp_path)
        try:
            page.goto(permalink(base, MECHANIC, PARAMS))
            ready_ms = FULL_BOOT_MS if kind == "wheel" else READY_MS
            shown = wait_for(page, "r.engine === 'ready' || r.engine === 'error'", ready_ms)
            assert shown["engine"] == "ready", status_text(page)
            assert shown["boot"] == ("full" if kind == "wheel" else "snapshot"), shown
            asked = portal.requests_for(kind)
            assert portal.left == 0 and len(asked) == 2, asked
            assert "no-cache" in asked[1], asked  # cache: "reload"
            assert kind == "wheel" or shown["note"] == "", shown["note"]
            page.reload()
            again = wait_for(page, "r.engine === 'ready' || r.engine === 'error'", ready_ms)
            assert again["engine"] == "ready", status_text(page)
            assert portal.requests_for(kind) == asked, "the file was asked for again"
            assert errors == []
        finally:
            context.close()


@pytest.mark.parametrize("kind", ["wasm", "wheel"])
def test_a_body_that_stays_wrong_is_said(browser: Any, built_site: Path, tmp_path: Path, kind: str) -> None:
    """The portal answers every time: the engine fails in words, twice asked, and the
    page's own answer stays."""
    portal = Portal(kind, times=-1, missing="snapshot" if kind == "wheel" else "")
    with PortalServer(built_site, portal) as server:
        context, page, errors = no_service_worker(browser, tmp_path)
        try:
            page.goto(permalink(server.origin + "/", MECHANIC, PARAMS))
            shown = wait_for(page, "r.engine === 'error'", FULL_BOOT_MS if kind == "wheel" else FAIL_MS)
            text = status_text(page)
            assert DAMAGED in text and "web page" in text and "reload this page" in text, text
            keeps_the_build_answer(shown)
            asked = portal.requests_for(kind)
            assert len(asked) == 2 and "no-cache" in asked[1], asked
        finally:
            context.close()


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


@pytest.mark.parametrize("wasm", ["right", "garbled"])
def test_without_subtle_crypto_a_crc_checks_the_bytes(
    browser: Any, site_url: str, built_site: Path, wasm: str
) -> None:
    """The right runtime starts (the CRC-32 the worker computes is the build's); one of
    the right size and the wrong bytes is refused in words, at once."""
    real = engine_file(built_site, "wasm").read_bytes()
    with watched_page(browser, site_url) as (context, page, log, errors):
        context.route("**/assets/js/engine-worker.js", without_subtle_crypto)
        if wasm == "garbled":
            body = bytes(0xAA for _ in range(len(real)))
            context.route(WASM, lambda route: route.fulfill(status=200, body=body, content_type="application/wasm"))
            shown, seconds = failed_within(page, permalink(site_url, MECHANIC, PARAMS))
            text = status_text(page)
            assert DAMAGED in text and "not the ones the site was built with" in text, text
            keeps_the_build_answer(shown)
            print(f"\ngarbled runtime, CRC-32 check: the engine failed {seconds:.1f} s after the page was opened")
            return
        page.goto(permalink(site_url, "close_assault", {"att_dice": 7, "def_dice": 4}))
        shown = wait_for(page, "r.source === 'engine' && r.engine === 'ready'")
        assert json.loads(shown["result"]) == reference("close_assault", {"att_dice": 7, "def_dice": 4})
        checks = page.evaluate("window.__chqEngine.timings.worker.checks")
        assert checks["how"] == "crc32", checks
        assert errors == []
        print(f"\nCRC-32 check, ms per file (in the download loop): {checks['ms']}")


def test_sha256_check_costs(browser: Any, site_url: str) -> None:
    """Over http://127.0.0.1 (a secure context) the check is SHA-256: what it cost."""
    with watched_page(browser, site_url) as (context, page, log, errors):
        page.goto(permalink(site_url, "close_assault", {"att_dice": 7, "def_dice": 4}))
        shown = wait_for(page, "r.source === 'engine' && r.engine === 'ready'")
        checks = page.evaluate("window.__chqEngine.timings.worker.checks")
        assert checks["how"] == "sha256", checks
        assert shown["boot"] == "snapshot"
        assert errors == []
        total = page.evaluate("window.__chqEngine.timings.worker.total")
        print(f"\nSHA-256 check, ms per file: {checks['ms']}; the engine ready in {total:.0f} ms")
