"""The built site served with a probe in every page, for the WebKit lane.

WebDriver has no "init script" and no request routing (Playwright's
``add_init_script`` and ``route``). What the Chromium tests do with those, this lane
does from its own HTTP server (:class:`ProbeServer`): a small script put at the top of
every HTML page's ``<head>`` collects script errors (``window.__errors``), notes the
widget's states in order (tests/browser/page_scripts.py STATE_HISTORY), and hides
the service worker API; other paths can be answered 404 (the engine's files, to see
a page without its engine) or held until the test releases them.
"""

from __future__ import annotations

import functools
import io
import threading
from collections.abc import Iterable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from tests.browser.page_scripts import STATE_HISTORY
from tests.browser.policy_helpers import LISTENER
from tests.conftest import QuietHTTPServer, SiteHandler, StaticServer
from tests.webkit.driver import ENGINE_TIMEOUT_S

# Put at the top of <head> of every page the ProbeServer sends. Kept small and
# idempotent (Material's instant navigation may bring the <head> of the next page).
PROBE = """
(() => {
  if (window.__errors) return;
  window.__errors = [];
  const note = (text) => window.__errors.push(String(text).slice(0, 600));
  const reason = (r) => (r && (r.stack || r.message)) || String(r);
  window.addEventListener("error", (event) => {
    note(`error: ${event.message} (${event.filename}:${event.lineno}:${event.colno})`);
  });
  window.addEventListener("unhandledrejection", (event) => {
    note(`unhandledrejection: ${reason(event.reason)}`);
  });
  const consoleError = console.error;
  console.error = function (...args) {
    note(`console.error: ${args.map(reason).join(" ")}`);
    return consoleError.apply(this, args);
  };
  // What moved the address, and when (Date.now(), to line up with the driver's
  // commands): history writes with their caller, hashchange (from and to), popstate
  // with its state, a link's click() made by a script (Material's jump to an address),
  // the document's show and hide. Read by driver.timeline, when a wait fails.
  const moves = window.__chqAddress = [];
  const move = (...what) => { moves.push([Date.now(), ...what]); if (moves.length > 60) moves.shift(); };
  for (const name of ["pushState", "replaceState"]) {
    const original = history[name];
    history[name] = function (state, title, address) {
      move(name, String(address), new Error().stack.split("\\n").slice(1, 4).join(" | "));
      return original.apply(this, arguments);
    };
  }
  const hashOf = (address) => { const at = String(address).indexOf("#"); return at < 0 ? "" : String(address).slice(at); };
  addEventListener("hashchange", (e) => move("hashchange", hashOf(e.oldURL), hashOf(e.newURL), location.hash), true);
  addEventListener("popstate", (e) => move("popstate", location.hash, JSON.stringify(e.state)), true);
  const click = HTMLAnchorElement.prototype.click;
  HTMLAnchorElement.prototype.click = function () { move("link.click()", this.getAttribute("href")); return click.apply(this, arguments); };
  for (const type of ["pageshow", "pagehide"]) addEventListener(type, (e) => move(type, e.persisted, location.hash), true);
  move("document", location.href);
})();
""" + STATE_HISTORY + LISTENER  # (each violation of the site's policy an error: policy_helpers)

# Hides the service worker API, as a browser without one (and as the Chromium lane's
# contexts do): no offline copy precaching ~15 MB in the background of other tests.
NO_SERVICE_WORKER = "delete Navigator.prototype.serviceWorker;"


# --------------------------------------------------------------------------- #
# The site, served with a probe                                               #
# --------------------------------------------------------------------------- #


def inject(html: bytes, script: str) -> bytes:
    """``html`` with an inline ``<script>`` right after its ``<meta charset>`` (or its
    ``<head>``), so it runs before any of the page's own scripts.

    >>> inject(b'<html><head><meta charset="utf-8"><title>x</title>', "a()")
    b'<html><head><meta charset="utf-8"><script>a()</script><title>x</title>'
    >>> inject(b"<p>no head</p>", "a()")
    b'<script>a()</script><p>no head</p>'
    """
    tag = b"<script>" + script.encode("utf-8") + b"</script>"
    lower = html[:4096].lower()
    for marker in (b'<meta charset="utf-8">', b"<head>"):
        at = lower.find(marker)
        if at >= 0:
            end = at + len(marker)
            return html[:end] + tag + html[end:]
    return tag + html


class ProbeHandler(SiteHandler):
    """SiteHandler that adds :attr:`script` to every HTML page, answers 404 for
    paths under :attr:`blocked`, and does not answer paths under :attr:`stalled`
    until :attr:`unstall` is set (then 503, or the file once :attr:`released` is set)."""

    script = ""
    blocked: tuple[str, ...] = ()
    stalled: tuple[str, ...] = ()
    unstall: threading.Event  # set by the ProbeServer that made this handler class
    released: threading.Event  # set with unstall when the held files are to be served
    asked: list[str]  # the stalled paths asked for, in order (the ProbeServer's)

    def send_head(self) -> Any:
        path = urlsplit(self.path).path
        if any(path.startswith(prefix) for prefix in self.blocked):
            self.send_error(404, "Blocked by the test")
            return None
        if any(path.startswith(prefix) for prefix in self.stalled):
            self.asked.append(path)
            self.unstall.wait(ENGINE_TIMEOUT_S)
            if not self.released.is_set():
                self.send_error(503, "Stalled by the test")
                return None
        target = Path(self.translate_path(self.path))
        if target.is_dir() and path.endswith("/"):
            target = target / "index.html"
        if not self.script or target.suffix != ".html" or not target.is_file():
            return super().send_head()
        body = inject(target.read_bytes(), self.script)
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        return io.BytesIO(body)


class ProbeServer(StaticServer):
    """The built site on 127.0.0.1 (a free port), every page with the probe script.

    The service worker API is hidden in these pages: its offline copy checks every
    file's size and hash, which pages with a probe would fail (the offline test serves
    the build byte for byte from a plain StaticServer instead).

    Args:
        directory: the built site.
        extra: more JavaScript for the top of every page (after the probe).
        blocked: URL path prefixes answered 404 (e.g. ``/assets/engine/``).
        stalled: URL path prefixes not answered while the server runs, or until
            :meth:`release` (then served as any other file).
        handler: a ProbeHandler of the story's own (which answers some paths its way),
            with ``attributes`` set on its class.
    """

    def __init__(
        self, directory: Path, *, extra: str = "", blocked: Iterable[str] = (), stalled: Iterable[str] = (),
        handler: type[ProbeHandler] | None = None, attributes: dict[str, Any] | None = None,
    ) -> None:
        script = PROBE + NO_SERVICE_WORKER + extra
        self.unstall = threading.Event()
        self.released = threading.Event()
        self.asked: list[str] = []  # the stalled paths asked for
        handler_class = type(
            "Handler",
            (handler or ProbeHandler,),
            {"script": script, "blocked": tuple(blocked), "stalled": tuple(stalled),
             "unstall": self.unstall, "released": self.released, "asked": self.asked, **(attributes or {})},
        )
        handler = functools.partial(handler_class, directory=str(directory))
        self.httpd = QuietHTTPServer(("127.0.0.1", 0), handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def release(self) -> None:
        """Serve the stalled paths from now on, the requests held so far too."""
        self.released.set()
        self.unstall.set()

    def __exit__(self, *exc: object) -> None:
        self.unstall.set()  # the stalled requests end (503) before the server closes
        super().__exit__(*exc)
