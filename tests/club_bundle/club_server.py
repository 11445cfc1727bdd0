"""serve.py (tools/bundle_serve.py, the club bundle's server) run as a club runs it:
its own process on 127.0.0.1, a free port, stopped when the test is done."""

from __future__ import annotations

import contextlib
import http.client
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.serving import ROOT

SERVE = ROOT / "tools" / "bundle_serve.py"


@contextlib.contextmanager
def serve_py(directory: Path, *options: str) -> Iterator[tuple[str, str]]:
    """Run serve.py for ``directory`` on 127.0.0.1 (a free port); yield its origin
    and what it printed on starting. The process is stopped on the way out."""
    process = subprocess.Popen(
        [sys.executable, "-u", str(SERVE), "--directory", str(directory), "--bind", "127.0.0.1",
         "--port", "0", *options],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        banner = ""
        while process.stdout and (line := process.stdout.readline()):
            banner += line
            if line.startswith("Stop with"):
                break
        found = re.search(r"on port (\d+)", banner)
        if found is None:
            process.kill()
            _, err = process.communicate(timeout=10)
            pytest.fail(f"serve.py did not start (exit {process.returncode}): {banner}{err}")
        yield f"http://127.0.0.1:{found.group(1)}", banner
    finally:
        process.terminate()
        try:
            process.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.communicate()


def get(origin: str, path: str, headers: dict[str, str] | None = None,
        timeout: float = 30) -> tuple[int, dict[str, str], bytes]:
    """One GET on a connection of its own (nothing decompressed, no redirect followed)."""
    host, port = origin.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=timeout)
    try:
        connection.request("GET", path, headers=headers or {})
        response = connection.getresponse()
        body = response.read()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, body
    finally:
        connection.close()


class ServedUnderSubpath:
    """serve.py for a folder that holds the site as ``rules/`` (what the hosting page
    says for a sub-path), as a story's own server for the ``site_page`` fixture
    (``server=``): entered, it starts; its ``origin`` is the sub-path's, so the page's
    base is ``.../rules/``. Leaves its folder in ``host`` (a test's tmp_path)."""

    def __init__(self, site: Path, host: Path) -> None:
        (host / "rules").symlink_to(site, target_is_directory=True)
        self.host = host
        self._serving = serve_py(host)
        self.server_origin = ""
        self.origin = ""

    def __enter__(self) -> ServedUnderSubpath:
        self.server_origin, _ = self._serving.__enter__()
        self.origin = self.server_origin + "/rules"
        return self

    def __exit__(self, *exc: object) -> None:
        self._serving.__exit__(*exc)
