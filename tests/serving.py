"""Serving a built site to a browser in the tests: a static server on 127.0.0.1 with
the MIME types Pyodide needs, and a log of the requests a browser context makes.

A helper module (test modules import it; they import no other test module)."""

from __future__ import annotations

import functools
import http.server
import sys
import threading
from pathlib import Path

from chq_site import policy

ROOT = Path(__file__).resolve().parent.parent


WORKER_POLICY = policy.policy()  # (no inline hashes: a file that is no page has no inline script)


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """A quiet static file handler with the MIME types Pyodide needs."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".webmanifest": "application/manifest+json",
    }

    def log_message(self, format: str, *args: object) -> None:
        pass

    def send_response(self, code: int, message: str | None = None) -> None:
        # A page: by its Content-Type, or (a 304 has none) by its address.
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        self.chq_page = path.endswith(("/", ".html"))
        super().send_response(code, message)

    def send_header(self, keyword: str, value: str) -> None:
        if keyword.lower() == "content-type":
            self.chq_page = value.startswith("text/html")
        super().send_header(keyword, value)

    def end_headers(self) -> None:
        # The site's policy for every answer but a page (which carries its own, with its
        # inline scripts' hashes, in its meta tag), as serve.py sends it: the engine's
        # worker, the search worker and the service worker run under it.
        if not getattr(self, "chq_page", False):
            self.send_header("Content-Security-Policy", WORKER_POLICY)
        super().end_headers()

    def handle_one_request(self) -> None:
        # A server whose line is cut (StaticServer.cut) closes each connection without
        # an answer: a fetch fails, as offline.
        if getattr(self.server, "cut", False):
            self.close_connection = True
            return
        super().handle_one_request()


class QuietHTTPServer(http.server.ThreadingHTTPServer):
    """Does not print a traceback when the browser drops a connection mid-file
    (it does whenever a test navigates away while Pyodide is still downloading)."""

    def handle_error(self, request: object, client_address: object) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)  # type: ignore[arg-type]


class StaticServer:
    """A threaded HTTP server for one folder on 127.0.0.1 (a free port). Setting
    ``httpd.cut`` makes it close every connection without an answer (the device
    offline, the way both browsers' drivers can show it) until it is unset."""

    def __init__(self, directory: Path) -> None:
        handler = functools.partial(SiteHandler, directory=str(directory))
        self.httpd = QuietHTTPServer(("127.0.0.1", 0), handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def origin(self) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host}:{port}"

    def __enter__(self) -> StaticServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()



class RequestLog:
    """Every request a browser context made, split into same-origin and off-origin,
    noted from the context's ``request`` event (:func:`log_requests`).

    Noted, not routed: a route in Playwright intercepts every request of the context
    and turns Chromium's HTTP cache off, so each page of a story fetched and compiled
    every script again, where a player's browser takes them from its cache (a 20-page
    walk cost a third more CPU). A request to another host is refused by the browser
    itself (``CHROMIUM_ARGS``: no other host name resolves) and noted here; a test
    asserts ``off_origin == []``. ``service_worker`` lists the requests the site's
    service worker made, so a test can tell that it saw them.
    """

    def __init__(self, origin: str) -> None:
        self.origin = origin
        self.local: list[str] = []
        self.off_origin: list[str] = []
        self.service_worker: list[str] = []

    def seen(self, request: object) -> bool:
        """Note one request (a context's ``request`` event); whether it is the site's."""
        url = request.url  # type: ignore[attr-defined]
        if request.service_worker is not None:  # type: ignore[attr-defined]
            self.service_worker.append(url)
        local = url.startswith(self.origin + "/") or url.startswith(("data:", "blob:"))
        (self.local if local else self.off_origin).append(url)
        return local

    def route(self, route: object) -> None:
        """For a story's own route handler that must also answer the request: note it,
        let a same-origin one through and stop any other."""
        if self.seen(route.request):  # type: ignore[attr-defined]
            route.continue_()  # type: ignore[attr-defined]
        else:
            route.abort()  # type: ignore[attr-defined]


def log_requests(context: object, origin: str) -> RequestLog:
    """Note every request of a Playwright ``context`` from now on (``context.requests``)."""
    log = RequestLog(origin.rstrip("/"))
    context.on("request", log.seen)  # type: ignore[attr-defined]
    context.requests = log  # type: ignore[attr-defined]
    return log
