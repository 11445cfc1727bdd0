#!/usr/bin/env python3
"""Serve the Combat HQ Rules Companion to the tablets on the club's wifi.

    python3 serve.py                 # every network address, port 8000
    python3 serve.py --port 8080
    python3 serve.py --bind 127.0.0.1   # this computer only

Needs only Python 3.8 or newer (Windows: ``py serve.py``). Serves the ``site``
folder beside this file with the types the calculators need (``.wasm`` as
application/wasm, ``.mjs`` as text/javascript, whatever the computer's own MIME
table says) and sends the ready-made ``.gz`` copies to browsers that accept
gzip, which makes the first visit about three times lighter on the wifi.
Stop it with Ctrl+C.
"""

from __future__ import annotations

import argparse
import contextlib
import email.utils
import functools
import http.server
import socket
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".xml": "application/xml",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".txt": "text/plain; charset=utf-8",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with fixed MIME types, precompressed copies and revalidation."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def end_headers(self) -> None:
        # Always revalidate (a cheap 304 on the club network): a new build shows up at once.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def send_head(self):  # type: ignore[no-untyped-def]
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            if not self.path.split("?", 1)[0].endswith("/"):
                return super().send_head()  # the redirect to ".../"
            path = path / "index.html"
        packed = path.with_name(path.name + ".gz")
        accepts = self.headers.get("Accept-Encoding", "")
        if not (path.is_file() and packed.is_file() and "gzip" in accepts.lower()):
            return super().send_head()
        stat = packed.stat()
        since = self.headers.get("If-Modified-Since")
        if since and not self.headers.get("If-None-Match"):
            try:
                if int(stat.st_mtime) <= email.utils.parsedate_to_datetime(since).timestamp():
                    self.send_response(304)
                    self.send_header("Vary", "Accept-Encoding")
                    self.end_headers()
                    return None
            except (TypeError, ValueError, IndexError, OverflowError):
                pass
        handle = packed.open("rb")
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(stat.st_size))
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.end_headers()
        return handle



class QuietHandler(Handler):
    def log_message(self, format: str, *args: object) -> None:
        pass


def make_server(
    directory: Path, bind: str = "0.0.0.0", port: int = 8000, quiet: bool = False
) -> http.server.ThreadingHTTPServer:
    """A threaded server for ``directory`` (port 0: any free port)."""
    handler = functools.partial(QuietHandler if quiet else Handler, directory=str(directory))
    http.server.ThreadingHTTPServer.allow_reuse_address = True
    return http.server.ThreadingHTTPServer((bind, port), handler)


def lan_addresses() -> list[str]:
    """This computer's IPv4 addresses as the tablets would see them (best effort)."""
    found = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # no packet is sent: this only picks a route
            found.append(probe.getsockname()[0])
        except OSError:
            pass
    with contextlib.suppress(OSError):
        found += socket.gethostbyname_ex(socket.gethostname())[2]
    return [a for i, a in enumerate(found) if a not in found[:i] and not a.startswith("127.")]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--bind", default="0.0.0.0", help="address to listen on (default: all)")
    parser.add_argument("--directory", type=Path, default=HERE / "site")
    args = parser.parse_args(argv)
    if not (args.directory / "index.html").is_file():
        print(f"no index.html in {args.directory}", file=sys.stderr)
        return 1
    try:
        server = make_server(args.directory, args.bind, args.port)
    except OSError as error:
        print(f"cannot listen on port {args.port}: {error} (try --port 8080)", file=sys.stderr)
        return 1
    port = server.server_address[1]
    print(f"Serving {args.directory} on port {port}. Open on this computer: http://localhost:{port}/")
    if args.bind in ("0.0.0.0", ""):
        for address in lan_addresses() or ["<this computer's address>"]:
            print(f"  on the tablets (same wifi): http://{address}:{port}/")
    print("Stop with Ctrl+C.")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
