"""The engine asks for its big files as soon as its worker starts, and compiles the
runtime once.

* The runtime (``pyodide.asm.wasm``, compiling as it streams in) and the memory
  snapshot are asked for before Pyodide's loader (``pyodide.mjs``) has arrived: in
  WebKit a worker's downloads wait for the page's own work, and the loader alone took
  up to 1.4 s there before either began. Here the loader is held back until both have
  been asked for; then the engine starts from the snapshot and answers as
  ``compute()`` does.
* A snapshot given up on (it came damaged twice) leaves the normal boot the runtime
  already compiled: the runtime is downloaded once, not once per boot.

Real Chromium and the real Pyodide, the built site over HTTP; requests held or
spoilt with Playwright's routing (which keeps the browser's HTTP cache out: a second
download would be seen). The WebKit lane: tests/webkit/test_webkit_engine_early.py.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from tests.browser.engine_start_helpers import (
    ENGINE_CASES,
    FULL_BOOT_MS,
    permalink,
    snapshot_file,
    truncated,
    wait_for,
)
from tests.browser.widgets_helpers import READY_MS, reference, watched_page

LOADER = "**/assets/engine/pyodide/pyodide.mjs"
WASM = "**/assets/engine/pyodide/pyodide.asm.wasm"
SNAPSHOT = "**/assets/engine/snapshot-*.bin"
# Asked for at once: seconds to wait for the requests on a loaded machine.
ASKED_S = 60.0


def file_name(address: str) -> str:
    return address.split("?")[0].split("/")[-1]


def test_runtime_and_snapshot_are_asked_for_before_the_loader_arrives(browser: Any, site_url: str) -> None:
    mechanic, params = ENGINE_CASES[0]
    held: list[Any] = []
    asked: list[str] = []

    def note(route: Any) -> None:
        asked.append(file_name(route.request.url))
        route.fallback()

    with watched_page(browser, site_url) as (context, page, log, errors):
        context.route(LOADER, lambda route: held.append(route))
        for pattern in (WASM, SNAPSHOT):
            context.route(pattern, note)
        page.goto(permalink(site_url, mechanic, params))
        deadline = time.monotonic() + ASKED_S
        while not (held and len(set(asked)) == 2) and time.monotonic() < deadline:
            # A poll, not a sleep: the routes are handled (and noted) while Playwright waits.
            page.wait_for_timeout(100)
        names = sorted(set(asked))
        assert held, "the page did not ask for Pyodide's loader"
        assert len(names) == 2 and "pyodide.asm.wasm" in names, (
            f"asked for while the loader was held: {names}"
        )
        assert wait_for(page, "r.engine === 'loading'")["engine"] == "loading"  # still waiting
        for route in held:
            route.fallback()
        context.unroute(LOADER)
        shown = wait_for(page, "r.source === 'engine' && r.engine === 'ready'", READY_MS)
        assert shown["boot"] == "snapshot", shown
        assert json.loads(shown["result"]) == reference(mechanic, params)
        assert asked.count("pyodide.asm.wasm") == 1, asked
        assert errors == []


def test_a_snapshot_given_up_on_leaves_the_runtime_compiled(
    browser: Any, site_url: str, built_site: Path
) -> None:
    mechanic, params = ENGINE_CASES[0]
    body = truncated(snapshot_file(built_site).read_bytes())
    runtime: list[str] = []

    def cut(route: Any) -> None:
        route.fulfill(status=200, body=body, content_type="application/octet-stream")

    def note(route: Any) -> None:
        runtime.append(route.request.url)
        route.fallback()

    with watched_page(browser, site_url) as (context, page, log, errors):
        context.route(SNAPSHOT, cut)
        context.route(WASM, note)
        page.goto(permalink(site_url, mechanic, params))
        shown = wait_for(page, "r.source === 'engine' && r.engine === 'ready'", FULL_BOOT_MS)
        assert shown["boot"] == "full" and "arrived damaged twice" in shown["note"], shown
        assert json.loads(shown["result"]) == reference(mechanic, params)
        assert len(runtime) == 1, f"the runtime was downloaded {len(runtime)} times"
        assert errors == []
