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

Real Chromium and the real Pyodide. The HTTP-cache stories run in Chromium and in
WebKitGTK (the page API), on this module's own server, with the browser's HTTP cache
kept (``disk_cache``: no routing, which turns Chromium's cache off); the others route
Chromium's requests (WebDriver cannot).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.browser.engine_integrity_helpers import (
    DAMAGED,
    FAIL_MS,
    MECHANIC,
    PARAMS,
    PORTAL,
    STATUS,
    WASM,
    Portal,
    PortalServer,
    engine_file,
    engine_when,
    failed_within,
    keeps_the_build_answer,
    status_text,
    without_subtle_crypto,
)
from tests.browser.engine_start_helpers import FULL_BOOT_MS, permalink, permalink_path, wait_for
from tests.browser.page_api import SitePage
from tests.browser.widgets_helpers import READY_MS, reference, watched_page

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


@pytest.mark.parametrize("kind", ["wasm", "snapshot", "wheel"])
def test_a_bad_body_kept_by_the_http_cache_is_fetched_again(
        site_page: Callable[..., SitePage], built_site: Path, kind: str) -> None:
    """The first answer for the file is the portal's page, to be kept a year; the
    worker finds it wrong, asks again past the cache, and the engine starts in the
    same visit. The next visit takes the right file from the cache, asking nothing
    (where the browser keeps one: WebDriver's WebKit session keeps none)."""
    # The wheel is used by the normal boot only: the snapshot is missing for that one.
    portal = Portal(kind, times=1, missing="snapshot" if kind == "wheel" else "")
    page = site_page(server=PortalServer(built_site, portal), disk_cache=True)
    page.open(permalink_path(MECHANIC, PARAMS))
    ready_ms = FULL_BOOT_MS if kind == "wheel" else READY_MS
    shown = engine_when(page, "r.engine === 'ready' || r.engine === 'error'", ready_ms)
    assert shown["engine"] == "ready", page.text(STATUS)
    assert shown["boot"] == ("full" if kind == "wheel" else "snapshot"), shown
    asked = portal.requests_for(kind)
    assert portal.left == 0 and len(asked) == 2, asked
    assert "no-cache" in asked[1], asked  # cache: "reload"
    assert kind == "wheel" or shown["note"] == "", shown["note"]
    # The next visit. WebDriver's WebKit session is ephemeral: it keeps no engine file,
    # so there the next visit asks once more, as usual (no "no-cache"); the wheel is
    # asked for as the snapshot is (engine-worker/checks.js openChecked), so WebKit's
    # snapshot story checks that, and a second full boot of Python for the wheel
    # (about 15 CPU-s) would check nothing more.
    if page.engine == "chromium" or kind != "wheel":
        page.reload()
        again = engine_when(page, "r.engine === 'ready' || r.engine === 'error'", ready_ms)
        assert again["engine"] == "ready", page.text(STATUS)
        if page.engine == "chromium":  # its profile on disk keeps the file
            assert portal.requests_for(kind) == asked, "the file was asked for again"
        else:
            assert portal.requests_for(kind) == [*asked, ""], portal.requests_for(kind)
    assert page.errors() == []


@pytest.mark.parametrize("kind", ["wasm", "wheel"])
def test_a_body_that_stays_wrong_is_said(site_page: Callable[..., SitePage], built_site: Path, kind: str) -> None:
    """The portal answers every time: the engine fails in words, twice asked, and the
    page's own answer stays."""
    portal = Portal(kind, times=-1, missing="snapshot" if kind == "wheel" else "")
    page = site_page(server=PortalServer(built_site, portal), disk_cache=True)
    page.open(permalink_path(MECHANIC, PARAMS))
    shown = engine_when(page, "r.engine === 'error'", FULL_BOOT_MS if kind == "wheel" else FAIL_MS)
    text = page.text(STATUS)
    assert DAMAGED in text and "web page" in text and "reload this page" in text, text
    keeps_the_build_answer(shown)
    asked = portal.requests_for(kind)
    assert len(asked) == 2 and "no-cache" in asked[1], asked
    assert page.errors() == []


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
