#!/usr/bin/env python3
"""Serve the Combat HQ Rules Companion to the tablets on the club's wifi.

    python3 serve.py                 # every network address, port 8000
    python3 serve.py --port 8080
    python3 serve.py --bind 127.0.0.1   # this computer only
    python3 serve.py --directory web    # the site in web/rules/: http://<address>:8000/rules/

Needs only Python 3.8 or newer (Windows: ``py serve.py``). Serves the ``site`` folder
beside this file with the types the calculators need (``.wasm`` as application/wasm,
``.mjs`` as text/javascript, whatever the computer's own MIME table says) and sends
the ready-made ``.gz`` copies to browsers that accept gzip: a first visit about three
times lighter on the wifi.

So that a new version reaches the tablets as soon as it is unzipped over the old one,
every answer carries an ``ETag`` made from the file's bytes, browsers are told to check
pages, ``sw.js`` and everything else each time (``no-cache``: a short "not modified"
answer when nothing changed), and only files named by a hash of their content may be
kept for a year without asking. A missing page gets the site's own 404 page (the
nearest one above it: a site in a sub-folder answers for its own addresses); folders
are never listed, nor links followed out of the site. A room of tablets opening the
site at once is queued, not turned away; a connection that makes no progress for ten
seconds (a tablet gone to sleep), or has not sent its whole request in thirty, is
closed. Every answer carries the site's Content Security Policy (a page its own, from
its meta tag, every other file the site's without a page's hashes, so the engine's
worker and the service worker run under it) with ``frame-ancestors 'none'``, and
``X-Content-Type-Options: nosniff``, ``Referrer-Policy: no-referrer`` and
``Cross-Origin-Opener-Policy: same-origin``. Stop it with Ctrl+C.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import hashlib
import http.server
import io
import os
import posixpath
import re
import socket
import sys
import threading
import time
import urllib.parse
from pathlib import Path
from typing import Any, BinaryIO

HERE = Path(__file__).resolve().parent

TYPES = {".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
         ".js": "text/javascript; charset=utf-8", ".mjs": "text/javascript; charset=utf-8",
         ".json": "application/json", ".webmanifest": "application/manifest+json",
         ".wasm": "application/wasm", ".svg": "image/svg+xml", ".png": "image/png",
         ".xml": "application/xml", ".zip": "application/zip", ".whl": "application/zip",
         ".bin": "application/octet-stream", ".txt": "text/plain; charset=utf-8"}

# The site's Content Security Policy (chq_site/policy.py DIRECTIVES) without a page's inline
# hashes, with what only a header can say: no other site may frame a page. Sent with every
# file, so the engine's worker, the search worker and the service worker run under it; a
# page is sent with the policy it carries (its <meta http-equiv="Content-Security-Policy">,
# its inline scripts' hashes in it) and frame-ancestors.
POLICY = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; "
          "font-src 'self'; connect-src 'self'; worker-src 'self'; manifest-src 'self'; object-src 'none'; "
          "base-uri 'none'; form-action 'none'")
FRAME_ANCESTORS = "frame-ancestors 'none'"
META_POLICY = re.compile(rb'<meta http-equiv="Content-Security-Policy" content="([^"<>]*)">', re.I)
POLICY_WITHIN = 8192  # bytes: a page's policy comes right after its <meta charset>
# Sent with every answer (safe_headers): no guessing a file's type from its bytes, no
# address of the site sent to any other, no window of another site sharing a tab group.
SAFE_HEADERS = (("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"),
                ("Cross-Origin-Opener-Policy", "same-origin"))

REVALIDATE = "no-cache"
IMMUTABLE = "public, max-age=31536000, immutable"
# A hash of the content in a name: 8 or more hex digits between "." "/" or "-" and "." or "/"
# (the rule the hosting page gives for nginx, Apache and Caddy): Material's bundle.a5f9d56c.min.js,
# main.57a0d79d.min.css, assets/engine/8fd85a21d08f/, snapshot-<hash>.bin, the answer tables.
HASHED = re.compile(r"[./-][0-9a-f]{8,}[./]")
# Never kept without asking, whatever their name: they name everything else.
ALWAYS_REVALIDATE = (".html", ".webmanifest", "sw.js")
QVALUE = re.compile(r"^(?:0(?:\.[0-9]{0,3})?|1(?:\.0{0,3})?)$")
# Connections waiting to be accepted: a room of tablets opening the site at once. With
# the usual 5, the kernel drops the rest and each tablet retries after 1, 3, 7 s...
LISTEN_QUEUE = 1024
# Seconds a connection may make no progress (no byte of its request read, no byte of
# the answer taken) before it is closed, and a request (its line and headers, however
# steadily they trickle in) may take to arrive: a sleeping tablet, a half-open socket
# or a byte every 5 s must not hold a thread for ever. (The answer may take longer.)
IDLE_SECONDS = 10
REQUEST_SECONDS = 30
NOT_FOUND_PAGE = "404.html"


def cache_control(rel_path: str) -> str:
    """The ``Cache-Control`` for a file of the site, by its path from the site root.

    >>> cache_control("assets/javascripts/bundle.a5f9d56c.min.js")
    'public, max-age=31536000, immutable'
    >>> cache_control("assets/engine/8fd85a21d08f/combat_hq_calculators-0.1.0-py3-none-any.whl")
    'public, max-age=31536000, immutable'
    >>> cache_control("assets/engine/pyodide/pyodide.asm.wasm"), cache_control("sw.js")
    ('no-cache', 'no-cache')
    >>> cache_control("rules/blinds/index.html"), cache_control("manifest.webmanifest")
    ('no-cache', 'no-cache')
    """
    if rel_path.endswith(ALWAYS_REVALIDATE):
        return REVALIDATE
    return IMMUTABLE if HASHED.search("/" + rel_path) else REVALIDATE


def page_policy(head: bytes) -> str:
    """The policy a page carries in its first bytes ``head`` (its meta tag), or POLICY.

    >>> page_policy(b'<meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="a; b">')
    'a; b'
    >>> page_policy(b"<p>no policy</p>") == POLICY
    True
    """
    found = META_POLICY.search(head)
    return found.group(1).decode("utf-8") if found else POLICY


def policy_header(policy: str) -> str:
    """The ``Content-Security-Policy`` header for a file under ``policy``: with
    frame-ancestors, which a meta tag cannot carry.

    >>> policy_header("default-src 'self'")
    "default-src 'self'; frame-ancestors 'none'"
    """
    return f"{policy}; {FRAME_ANCESTORS}"


def accepts_gzip(header: str | None) -> bool:
    """Whether an ``Accept-Encoding`` header allows gzip (q-values read, RFC 9110 12.5.3).

    >>> accepts_gzip("gzip, deflate, br"), accepts_gzip("gzip;q=0"), accepts_gzip("br, *")
    (True, False, True)
    >>> accepts_gzip("gzip;q=0, *"), accepts_gzip("*;q=0"), accepts_gzip(None)
    (False, False, False)
    """
    explicit: float | None = None
    wildcard: float | None = None
    for item in (header or "").split(","):
        name, _, params = item.partition(";")
        name = name.strip().lower()
        quality = 1.0
        for param in params.split(";"):
            key, _, value = param.partition("=")
            if key.strip().lower() == "q":
                value = value.strip()
                quality = float(value) if QVALUE.match(value) else 0.0
        if name in ("gzip", "x-gzip"):
            explicit = max(explicit or 0.0, quality)
        elif name == "*":
            wildcard = quality
    return bool(explicit if explicit is not None else wildcard)


def etag_matches(header: str, etag: str) -> bool:
    """``If-None-Match`` against our tag, by the weak comparison RFC 9110 asks for.

    >>> etag_matches('"a", W/"b"', '"b"'), etag_matches("*", '"b"'), etag_matches('"bb"', '"b"')
    (True, True, False)
    """
    tags = [tag.strip() for tag in header.split(",")]
    return tags == ["*"] or etag in tags or "W/" + etag in tags


class ETags:
    """Strong ETags from the files' bytes (SHA-256), each computed once and reused
    while the file's date, size, inode and change time stay the same."""

    def __init__(self) -> None:
        self._known: dict[str, tuple[tuple[int, ...], str]] = {}
        self._lock = threading.Lock()

    def of(self, path: str, handle: BinaryIO) -> str:
        """The tag of the open file ``handle`` (read from the start; left at the start)."""
        stat = os.fstat(handle.fileno())
        stamp = (stat.st_mtime_ns, stat.st_size, stat.st_ino, stat.st_ctime_ns)
        with self._lock:
            known = self._known.get(path)
        if known is not None and known[0] == stamp:
            return known[1]
        digest = hashlib.sha256()
        for block in iter(functools.partial(handle.read, 1 << 20), b""):
            digest.update(block)
        handle.seek(0)
        etag = '"' + digest.hexdigest()[:32] + '"'
        with self._lock:
            self._known[path] = (stamp, etag)
        return etag


class RequestReader(socket.SocketIO):
    """A connection's incoming bytes: a read waits IDLE_SECONDS and not past ``deadline``."""

    deadline = float("inf")  # time.monotonic()

    def readinto(self, buffer: Any) -> int | None:
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise socket.timeout("the request took too long")  # noqa: UP041 (3.8 catches this one)
        self._sock.settimeout(min(left, IDLE_SECONDS))
        try:
            return super().readinto(buffer)
        finally:
            self._sock.settimeout(IDLE_SECONDS)


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with fixed MIME types, .gz copies, content ETags, caching headers and the
    site's 404 page; no folder listed, nothing outside the site, a time limit on each request."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}
    etags = ETags()
    cache_control = REVALIDATE
    policy = POLICY
    timeout = IDLE_SECONDS  # socketserver sets it on the connection: reads wait at most this
    request_seconds: float = REQUEST_SECONDS

    def setup(self) -> None:
        super().setup()
        self.rfile.close()  # socketserver's reader; this one keeps each request's deadline
        self.reader = RequestReader(self.connection, "rb")
        self.rfile = io.BufferedReader(self.reader)

    def handle_one_request(self) -> None:
        self.reader.deadline = time.monotonic() + self.request_seconds  # (GET and HEAD: no body)
        super().handle_one_request()

    def send_response(self, code: int, message: str | None = None) -> None:
        self.cache_control = REVALIDATE  # errors and redirects are checked every time too
        self.policy = POLICY  # a page's own, set by send_file
        super().send_response(code, message)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", self.cache_control)
        self.send_header("Content-Security-Policy", policy_header(self.policy))
        for name, value in SAFE_HEADERS:
            self.send_header(name, value)
        super().end_headers()

    def send_head(self):  # type: ignore[no-untyped-def]
        """Answer GET and HEAD: headers sent; the open file to copy, or None."""
        url_path = self.path.split("?", 1)[0].split("#", 1)[0]
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.in_site(path):
            index = os.path.join(path, "index.html")
            if not os.path.isfile(index):
                return self.send_not_found()
            if not url_path.endswith("/"):
                query = self.path[len(url_path) :]
                self.send_response(301)
                self.send_header("Location", "/" + url_path.lstrip("/") + "/" + query)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return None
            path = index
        elif url_path.endswith("/"):
            return self.send_not_found()
        try:
            return self.send_file(path, 200)
        except FileNotFoundError:
            return self.send_not_found()

    def send_not_found(self) -> BinaryIO | None:
        """The site's own 404 page, with status 404: the nearest ``404.html`` above the
        address (a site in a sub-folder answers for its own), else Python's bare page."""
        for page in not_found_pages(self.directory, self.path):
            try:
                return self.send_file(page, 404)
            except FileNotFoundError:
                continue
        self.send_error(404, "File not found")
        return None

    def send_file(self, path: str, status: int) -> BinaryIO | None:
        """Send the headers for ``path`` (its .gz copy when the browser takes gzip) and
        return it open, or None when the headers were the whole answer (a 304).
        Raises FileNotFoundError, with nothing sent, when there is no such file."""
        if not os.path.isfile(path) or not self.in_site(path):
            raise FileNotFoundError(path)
        packed = path + ".gz"
        has_packed = packed_copy_is_current(path, packed) and self.in_site(packed)
        gzipped = has_packed and accepts_gzip(self.headers.get("Accept-Encoding"))
        try:
            handle: BinaryIO = open(packed if gzipped else path, "rb")  # noqa: SIM115
        except (OSError, ValueError) as exc:  # vanished, unreadable, a NUL or a name too long
            raise FileNotFoundError(path) from exc
        try:
            stat = os.fstat(handle.fileno())
            etag = self.etags.of(packed if gzipped else path, handle)
            rel = os.path.relpath(path, self.directory).replace(os.sep, "/")
            fresh = status == 200 and self.not_modified(etag, int(stat.st_mtime))
            self.send_response(304 if fresh else status)
            self.cache_control = cache_control(rel) if status == 200 else REVALIDATE
            if path.endswith(".html"):
                self.policy = page_policy(read_head(path))
            if status == 200:
                self.send_header("ETag", etag)
                self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
            if has_packed:
                self.send_header("Vary", "Accept-Encoding")
            if not fresh:
                self.send_header("Content-Type", self.guess_type(path))
                if gzipped:
                    self.send_header("Content-Encoding", "gzip")
                self.send_header("Content-Length", str(stat.st_size))
            self.end_headers()
        except BaseException:
            handle.close()
            raise
        if fresh:
            handle.close()
            return None
        return handle

    def in_site(self, path: str) -> bool:
        """Whether ``path``, links followed, is in the site (a link may lead out of it)."""
        real = os.path.join(os.path.normcase(os.path.realpath(path)), "")
        return any(real.startswith(root) for root in real_roots(self.directory))

    def not_modified(self, etag: str, mtime: int) -> bool:
        """Whether the browser's copy is this one: by ETag when it sends one; else only
        for exactly this date (an older version unzipped over a newer one is older)."""
        tags = self.headers.get("If-None-Match")
        if tags is not None:
            return etag_matches(tags, etag)
        since = self.headers.get("If-Modified-Since")
        return since is not None and since.strip() == self.date_time_string(mtime)

    def list_directory(self, path):  # type: ignore[no-untyped-def]
        """Never list a folder (send_head does not call this; a safety net)."""
        return self.send_not_found()


def read_head(path: str) -> bytes:
    """The first POLICY_WITHIN bytes of the page at ``path`` (not its .gz copy)."""
    try:
        with open(path, "rb") as page:
            return page.read(POLICY_WITHIN)
    except (OSError, ValueError):
        return b""


def packed_copy_is_current(path: str, packed: str) -> bool:
    """Whether ``packed`` (``path``'s .gz copy) exists and is not older than ``path``: a
    page edited after the build keeps its older copy beside it, the page as it was."""
    try:
        return os.stat(packed).st_mtime_ns >= os.stat(path).st_mtime_ns
    except (OSError, ValueError):
        return False


def not_found_pages(directory: str, url: str) -> list[str]:
    """The 404 pages that may answer for a missing ``url``, nearest first: one in the
    address's own folder or any folder above it, up to ``directory``.

    >>> import tempfile; top = tempfile.mkdtemp(); os.makedirs(os.path.join(top, "rules"))
    >>> open(os.path.join(top, "rules", "404.html"), "w").close()
    >>> [os.path.relpath(p, top) for p in not_found_pages(top, "/rules/x/y/?q=1")]
    ['rules/404.html']
    >>> not_found_pages(top, "/other/x/"), not_found_pages(top, "/rules%00/")
    ([], [])
    """
    path = urllib.parse.unquote(url.split("?", 1)[0].split("#", 1)[0])  # undecodable bytes: U+FFFD
    parts = [part for part in posixpath.normpath(path).split("/") if part not in ("", ".", "..")]
    pages = (os.path.join(directory, *parts[:depth], NOT_FOUND_PAGE) for depth in range(len(parts), -1, -1))
    return [page for page in pages if os.path.isfile(page)]  # (False for a NUL, a name too long)


def sites_in(directory: Path) -> list[str]:
    """The addresses of the sites in ``directory``: ``/`` when it holds one (an
    ``index.html``), else each sub-folder that does (``/rules/``), sorted."""
    if (directory / "index.html").is_file():
        return ["/"]
    with contextlib.suppress(OSError):
        return sorted(f"/{sub.name}/" for sub in directory.iterdir() if (sub / "index.html").is_file())
    return []


@functools.lru_cache(maxsize=16)
def real_roots(directory: str) -> tuple[str, ...]:
    """The real folders served for ``directory``, links resolved once, each ending in a
    separator: itself and each site in it (``rules/`` may link to a site kept elsewhere)."""
    top = Path(directory)
    found = [top, *(top / site.strip("/") for site in sites_in(top))]
    return tuple(dict.fromkeys(os.path.join(os.path.normcase(os.path.realpath(p)), "") for p in found))


class QuietHandler(Handler):
    def log_message(self, format: str, *args: object) -> None:
        pass


class Server(http.server.ThreadingHTTPServer):
    """Threads per request; a browser that goes away mid-file is not an error."""

    allow_reuse_address = True
    daemon_threads = True
    request_queue_size = LISTEN_QUEUE  # the listen() backlog (the system may cap it)

    def handle_error(self, request: object, client_address: object) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)  # type: ignore[arg-type]


def make_server(directory: Path, bind: str = "0.0.0.0", port: int = 8000, quiet: bool = False) -> Server:
    """A threaded server for ``directory`` (port 0: any free port)."""
    handler = functools.partial(QuietHandler if quiet else Handler, directory=str(directory))
    return Server((bind, port), handler)


def lan_addresses() -> list[str]:
    """This computer's IPv4 addresses as the tablets would see them (best effort)."""
    found = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe, contextlib.suppress(OSError):
        probe.connect(("192.0.2.1", 9))  # no packet is sent: this only picks a route
        found.append(probe.getsockname()[0])
    with contextlib.suppress(OSError):
        found += socket.gethostbyname_ex(socket.gethostname())[2]
    return [a for i, a in enumerate(found) if a not in found[:i] and not a.startswith("127.")]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--bind", default="0.0.0.0", help="address to listen on (default: all)")
    parser.add_argument("--directory", type=Path, default=HERE / "site")
    args = parser.parse_args(argv)
    sites = sites_in(args.directory)
    if not sites:
        print(f"no index.html in {args.directory} or in a folder inside it", file=sys.stderr)
        return 1
    try:
        server = make_server(args.directory, args.bind, args.port)
    except OSError as error:
        print(f"cannot listen on port {args.port}: {error} (try --port 8080)", file=sys.stderr)
        return 1
    port = server.server_address[1]
    print(f"Serving {args.directory} on port {port}.")
    for site in sites:
        print(f"  Open on this computer: http://localhost:{port}{site}")
        if args.bind in ("0.0.0.0", ""):
            for address in lan_addresses() or ["<this computer's address>"]:
                print(f"  on the tablets (same wifi): http://{address}:{port}{site}")
    print("Stop with Ctrl+C.")
    with server, contextlib.suppress(KeyboardInterrupt):  # (leaving it closes the server)
        server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
