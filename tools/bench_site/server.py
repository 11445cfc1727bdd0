"""Serving the copy with the club bundle's request handler, counting every byte sent."""

from __future__ import annotations

import functools
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from tools import bundle_serve


@dataclass(frozen=True)
class Hit:
    """One request as the server saw it: when it started (time.monotonic()), what it
    asked for, the status, and the bytes sent (status line, headers and body)."""

    start: float
    path: str
    status: int
    sent: int
    gzip: bool
    dest: str  # the browser's Sec-Fetch-Dest ("document", "worker", "serviceworker", "empty", ...)


class Ledger:
    """Every request the server answered, in order of completion (thread-safe)."""

    def __init__(self) -> None:
        self._hits: list[Hit] = []
        self._lock = threading.Lock()

    def add(self, hit: Hit) -> None:
        with self._lock:
            self._hits.append(hit)

    def between(self, start: float, end: float) -> list[Hit]:
        """The requests that started in [start, end)."""
        with self._lock:
            return [h for h in self._hits if start <= h.start < end]


class _CountingWriter:
    """Wraps a handler's socket writer; counts the bytes written through it."""

    def __init__(self, raw: Any) -> None:
        self.raw = raw
        self.count = 0

    def write(self, data: bytes) -> int:
        written = self.raw.write(data)
        self.count += len(data)
        return int(written) if written is not None else len(data)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.raw, name)


def counting_handler(ledger: Ledger) -> type[bundle_serve.Handler]:
    """``bundle_serve.Handler`` (gzip negotiation, ETags, caching headers) unchanged,
    plus a log of every request and the bytes it was sent, into ``ledger``."""

    class CountingHandler(bundle_serve.Handler):
        status = 0
        gzipped = False

        def setup(self) -> None:
            super().setup()
            self.wfile = _CountingWriter(self.wfile)  # type: ignore[assignment]

        def log_message(self, format: str, *args: object) -> None:
            pass

        def send_response(self, code: int, message: str | None = None) -> None:
            self.status = code
            super().send_response(code, message)

        def send_not_found(self) -> Any:
            # bundle_serve.Handler.send_head (as of 7a3c511) calls this also after a
            # 304, as send_file returns None for "not modified" as for "no such file":
            # a 404 page would follow the 304 on the socket. Not sent (nor counted) here.
            if self.status == 304:
                return None
            return super().send_not_found()

        def send_header(self, keyword: str, value: str) -> None:
            if keyword.lower() == "content-encoding":
                self.gzipped = value.strip().lower() == "gzip"
            super().send_header(keyword, value)

        def handle_one_request(self) -> None:
            start = time.monotonic()
            before = self.wfile.count  # type: ignore[attr-defined]
            self.command = None  # type: ignore[assignment]
            self.status, self.gzipped = 0, False
            try:
                super().handle_one_request()
            finally:
                if self.command:
                    path = unquote(urlsplit(self.path).path)
                    sent = self.wfile.count - before  # type: ignore[attr-defined]
                    dest = getattr(self, "headers", None) and self.headers.get("Sec-Fetch-Dest", "") or ""
                    ledger.add(Hit(start, path, self.status, sent, self.gzipped, dest))

    return CountingHandler


@contextmanager
def serving(site: Path, ledger: Ledger) -> Iterator[str]:
    """Serve ``site`` on 127.0.0.1 (a free port) for the duration; yield its origin + "/"."""
    handler = functools.partial(counting_handler(ledger), directory=str(site))
    server = bundle_serve.Server(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        host, port = server.server_address[:2]
        yield f"http://{host!s}:{port}/"
    finally:
        server.shutdown()
        server.server_close()
