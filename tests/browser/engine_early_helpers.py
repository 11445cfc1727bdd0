"""The engine's early requests, seen from the server (test_engine_early.py, run in
Chromium and in WebKitGTK): :class:`EngineServer` notes every engine file asked for,
holds Pyodide's loader until released, can answer the snapshot with spoilt bytes, and
tells the browser not to keep the runtime (``no-store``, so a second download would
reach it). A server, not Playwright's routing, so that both engines' requests are
held, spoilt and counted the same way (WebDriver cannot route requests)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from tests.browser.page_api import until
from tests.webkit.driver import ENGINE_TIMEOUT_S
from tests.webkit.probe import ProbeHandler, ProbeServer

ENGINE = "/assets/engine/"
LOADER = ENGINE + "pyodide/pyodide.mjs"
WASM = ENGINE + "pyodide/pyodide.asm.wasm"
BIG = ("pyodide.asm.wasm", "snapshot-")
ASKED_S = 60.0  # for the three requests, on a loaded machine
# How the engine booted (the widget's data-engine-boot) and the engine's own note.
BOOT = ("return [document.querySelector('.chq-widget[data-mode=full]').dataset.engineBoot || '', "
        "(window.__chqEngine && window.__chqEngine.timings.note) || '']")


class EngineHandler(ProbeHandler):
    """ProbeHandler that notes every engine file asked for, holds the loader until
    :attr:`released` is set, answers the snapshot with :attr:`snapshot` when given, and
    tells the browser not to keep the runtime."""

    snapshot: bytes | None

    def send_head(self) -> Any:
        path = urlsplit(self.path).path
        if path.startswith(ENGINE):
            self.asked.append(path.rsplit("/", 1)[-1])
        if path == LOADER:
            self.released.wait(ENGINE_TIMEOUT_S)
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
    """The probe server (tests/webkit/probe.py) with :class:`EngineHandler` in front:
    ``hold`` the loader until :meth:`let_loader_through`, ``snapshot`` the bytes the
    snapshot is answered with."""

    def __init__(self, directory: Path, *, hold: bool, snapshot: bytes | None = None) -> None:
        super().__init__(directory, handler=EngineHandler, attributes={"snapshot": snapshot})
        if not hold:
            self.released.set()

    def __exit__(self, *exc: object) -> None:
        self.released.set()  # a loader still held is answered before the server closes
        super().__exit__(*exc)

    def let_loader_through(self) -> None:
        self.release()

    def big_files_asked(self) -> list[str]:
        return sorted({name for name in self.asked for prefix in BIG if name.startswith(prefix)})

    def all_asked(self) -> bool:
        """The loader and both big files have been asked for."""
        return "pyodide.mjs" in self.asked and len(self.big_files_asked()) == 2


def until_asked(server: EngineServer) -> None:
    """Wait (at most ASKED_S) until the server has been asked for the loader and both
    big files, in any order (a poll of the server's own record). Nothing is routed, so
    the page's requests go on their way without the story's calls to the page."""
    until(server.all_asked, ASKED_S)
