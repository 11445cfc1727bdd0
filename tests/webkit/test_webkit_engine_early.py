"""In WebKit (Safari's engine), the engine asks for its big files as soon as its
worker starts, and compiles the runtime once.

* WebKit hands a worker's downloads through the page's own thread: Pyodide's loader
  (``pyodide.mjs``) took 0.1-1.4 s to arrive there, and the runtime and the snapshot
  used to be asked for only after it. Here the loader is held back by the server
  until both have been asked for; then the engine starts from the snapshot and
  answers as ``compute()`` does.
* A snapshot given up on (it came damaged twice) leaves the normal boot the runtime
  already compiled: it is downloaded once (the server says ``no-store``, so a second
  download would reach it).

WebDriver cannot route requests: this module's server holds, spoils and counts them.
The Chromium lane: tests/browser/test_engine_early.py.
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

from tests.browser.engine_start_helpers import ENGINE_CASES, snapshot_file, truncated
from tests.browser.site_helpers import url
from tests.browser.widgets_helpers import PAGES, fragment
from tests.conftest import QuietHTTPServer
from tests.webkit.driver import ENGINE_TIMEOUT_S, page_errors, widget_when
from tests.webkit.probe import NO_SERVICE_WORKER, PROBE, ProbeHandler, ProbeServer
from tests.webkit.webkit_calculators_helpers import SHOWS, check_answer, expected

TABLET = (820, 1180)
ENGINE = "/assets/engine/"
LOADER = ENGINE + "pyodide/pyodide.mjs"
WASM = ENGINE + "pyodide/pyodide.asm.wasm"
BIG = ("pyodide.asm.wasm", "snapshot-")
ASKED_S = 60.0  # for the two requests, on a loaded machine
BOOT = "return [document.querySelector('.chq-widget[data-mode=full]').dataset.engineBoot || '', " \
       "(window.__chqEngine && window.__chqEngine.timings.note) || '']"


class EngineHandler(ProbeHandler):
    """ProbeHandler that notes every engine file asked for, holds the loader until
    :attr:`release` is set, answers the snapshot with :attr:`snapshot` when given, and
    tells the browser not to keep the runtime."""

    asked: list[str]
    release: threading.Event
    snapshot: bytes | None

    def send_head(self) -> Any:
        path = urlsplit(self.path).path
        if path.startswith(ENGINE):
            self.asked.append(path.rsplit("/", 1)[-1])
        if path == LOADER:
            self.release.wait(ENGINE_TIMEOUT_S)
        if self.snapshot is not None and path.startswith(ENGINE + "snapshot-"):
            self.send_response(200)
            self.send_header("Content-Type", "application/octet-stream")
            self.send_header("Content-Length", str(len(self.snapshot)))
            self.end_headers()
            return io.BytesIO(self.snapshot)
        return super().send_head()

    def end_headers(self) -> None:
        if urlsplit(self.path).path == WASM:
            self.send_header("Cache-Control", "no-store")
        super().end_headers()


class EngineServer(ProbeServer):
    """The lane's probe server with :class:`EngineHandler` in front."""

    def __init__(self, directory: Path, *, hold: bool, snapshot: bytes | None = None) -> None:
        self.unstall = threading.Event()
        self.release = threading.Event()
        if not hold:
            self.release.set()
        self.asked: list[str] = []
        handler_class = type("Handler", (EngineHandler,), {
            "script": PROBE + NO_SERVICE_WORKER, "unstall": self.unstall,
            "asked": self.asked, "release": self.release, "snapshot": snapshot,
        })
        handler = functools.partial(handler_class, directory=str(directory))
        self.httpd = QuietHTTPServer(("127.0.0.1", 0), handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __exit__(self, *exc: object) -> None:
        self.release.set()
        super().__exit__(*exc)

    def big_files_asked(self) -> list[str]:
        return sorted({name for name in self.asked for prefix in BIG if name.startswith(prefix)})

    def all_asked(self) -> bool:
        """The loader and both big files have been asked for."""
        return "pyodide.mjs" in self.asked and len(self.big_files_asked()) == 2


@pytest.fixture
def held(built_site: Path) -> Iterator[EngineServer]:
    server = EngineServer(built_site, hold=True)
    with server:
        yield server


@pytest.fixture
def cut_snapshot(built_site: Path) -> Iterator[EngineServer]:
    body = truncated(snapshot_file(built_site).read_bytes())
    server = EngineServer(built_site, hold=False, snapshot=body)
    with server:
        yield server


def test_runtime_and_snapshot_are_asked_for_before_the_loader_arrives(held: EngineServer, new_webkit: Any) -> None:
    mechanic, params = ENGINE_CASES[0]
    driver = new_webkit(*TABLET)
    driver.get(url(held.origin + "/", PAGES[mechanic]) + "#" + fragment(params))
    # The three requests leave the worker together and reach this server in any
    # order: wait for all of them (the loader is held whenever it comes).
    deadline = time.monotonic() + ASKED_S
    while not held.all_asked() and time.monotonic() < deadline:
        time.sleep(0.1)  # a poll of this server's own record, with a deadline
    assert "pyodide.mjs" in held.asked, f"the loader was never asked for: {held.asked}"
    assert len(held.big_files_asked()) == 2, f"asked for while the loader was held: {held.asked}"
    held.release.set()
    shown = widget_when(driver, f"{SHOWS} && r.source === 'engine'", expected(mechanic, params)["inputs"],
                        mechanic, timeout=ENGINE_TIMEOUT_S, what="the engine's answer")
    check_answer(shown, mechanic, params)
    assert driver.execute_script(BOOT)[0] == "snapshot"
    assert held.asked.count("pyodide.asm.wasm") == 1, held.asked
    assert page_errors(driver) == []


def test_a_snapshot_given_up_on_leaves_the_runtime_compiled(cut_snapshot: EngineServer, new_webkit: Any) -> None:
    mechanic, params = ENGINE_CASES[0]
    driver = new_webkit(*TABLET)
    driver.get(url(cut_snapshot.origin + "/", PAGES[mechanic]) + "#" + fragment(params))
    shown = widget_when(driver, f"{SHOWS} && r.source === 'engine'", expected(mechanic, params)["inputs"],
                        mechanic, timeout=ENGINE_TIMEOUT_S, what="the engine's answer (full boot)")
    check_answer(shown, mechanic, params)
    boot, note = driver.execute_script(BOOT)
    assert boot == "full" and "arrived damaged twice" in note, (boot, note)
    assert cut_snapshot.asked.count("pyodide.asm.wasm") == 1, cut_snapshot.asked
    assert page_errors(driver) == []
