"""Helpers of the club bundle's tests: tools/bundle.py and the bundle's serve.py
loaded as modules, unpacking a zip the way a club does, serving the unpacked folder
with its own serve.py, and raw HTTP requests to it. A helper module."""

from __future__ import annotations

import contextlib
import http.client
import importlib.util
import itertools
import os
import shutil
import subprocess
import threading
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from urllib.parse import urlsplit

from tests.serving import ROOT


def load_module(path: Path, name: str) -> ModuleType:
    """Import a Python file that is not on sys.path (tools/ scripts, a bundle's serve.py)."""
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


bundle = load_module(ROOT / "tools" / "bundle.py", "bundle")
serve_source = load_module(ROOT / "tools" / "bundle_serve.py", "bundle_serve_source")

CALCULATOR = "calculators/spotting/"
PAGE = "rules/blinds/"
UNCHANGED = "assets/js/engine-worker.js"
_servers = itertools.count()


def unzip_over(archive: Path, dest: Path) -> Path:
    """Unpack ``archive`` into ``dest`` over whatever is there, the way a club does
    (``unzip -o``: each file gets the date its zip entry carries); return the folder."""
    dest.mkdir(parents=True, exist_ok=True)
    if shutil.which("unzip"):
        subprocess.run(["unzip", "-o", "-q", str(archive), "-d", str(dest)], check=True)
    else:  # the same in Python (zipfile alone dates every file "now")
        with zipfile.ZipFile(archive) as zf:
            for info in zf.infolist():
                target = Path(zf.extract(info, dest))
                stamp = extended_time(info.extra)
                if stamp is None:  # like unzip: the DOS field is local time
                    stamp = int(time.mktime((*info.date_time, 0, 0, -1)))
                os.utime(target, (stamp, stamp))
    with zipfile.ZipFile(archive) as zf:
        top = zf.namelist()[0].split("/", 1)[0]
    return dest / top


@contextlib.contextmanager
def club_server(folder: Path, port: int = 0) -> Iterator[str]:
    """Serve an unpacked bundle with its own serve.py on 127.0.0.1; yield the base URL."""
    serve = load_module(folder / "serve.py", f"club_serve_{next(_servers)}")
    server = serve.make_server(folder / "site", "127.0.0.1", port, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        host, bound = server.server_address[:2]
        yield f"http://{host}:{bound}/"
    finally:
        server.shutdown()
        server.server_close()


def request(
    url: str, method: str = "GET", headers: dict[str, str] | None = None
) -> tuple[int, dict[str, str], bytes]:
    """One raw HTTP request (no redirects followed, nothing decompressed)."""
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    try:
        target = parts.path + (f"?{parts.query}" if parts.query else "")
        connection.request(method, target, headers=headers or {})
        response = connection.getresponse()
        body = response.read()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, body
    finally:
        connection.close()


def fetch(url: str, gzip: bool) -> tuple[int, dict[str, str], bytes]:
    return request(url, headers={"Accept-Encoding": "gzip"} if gzip else {})



def extended_time(extra: bytes) -> int | None:
    """The modification time in a zip entry's extended-timestamp field (0x5455), if any."""
    offset = 0
    while offset + 4 <= len(extra):
        kind, size = (
            int.from_bytes(extra[offset : offset + 2], "little"),
            int.from_bytes(extra[offset + 2 : offset + 4], "little"),
        )
        if kind == 0x5455 and size >= 5 and extra[offset + 4] & 1:
            return int.from_bytes(extra[offset + 5 : offset + 9], "little", signed=True)
        offset += 4 + size
    return None


