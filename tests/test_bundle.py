"""The club bundle: build/bundle.py writes a zip a club unpacks and serves.

Builds the zip into a temporary folder, unpacks it, serves the folder with the
bundled serve.py on 127.0.0.1 and opens a calculator page in Chromium.
"""

from __future__ import annotations

import importlib.util
import json
import threading
import urllib.request
import zipfile
from pathlib import Path

import pytest

from tests.conftest import ROOT, RequestLog

spec = importlib.util.spec_from_file_location("bundle", ROOT / "build" / "bundle.py")
bundle = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bundle)  # type: ignore[union-attr]

CALCULATOR = "calculators/spotting/"


@pytest.fixture(scope="module")
def unpacked(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    target = bundle.make_bundle(out)
    version = bundle.project_version()
    assert target.name == f"combat-hq-rules-{version}.zip"
    size = target.stat().st_size
    print(f"\nbundle {target.name}: {size / 1e6:.1f} MB")
    with zipfile.ZipFile(target) as archive:
        names = archive.namelist()
        assert names == sorted(names)
        archive.extractall(out / "unzipped")
    folder = out / "unzipped" / f"combat-hq-rules-{version}"
    assert (folder / "README.txt").is_file() and (folder / "serve.py").is_file()
    assert (folder / "site" / "index.html").is_file() and (folder / "site" / "sw.js").is_file()
    assert size < 40e6, "the bundle should stay well under a USB stick's patience"
    return folder


@pytest.fixture(scope="module")
def served(unpacked: Path):
    spec = importlib.util.spec_from_file_location("club_serve", unpacked / "serve.py")
    serve = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(serve)  # type: ignore[union-attr]
    server = serve.make_server(unpacked / "site", "127.0.0.1", 0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    host, port = server.server_address[:2]
    yield f"http://{host}:{port}/"
    server.shutdown()
    server.server_close()


def fetch(url: str, gzip: bool) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"} if gzip else {})
    with urllib.request.urlopen(request) as response:
        return response.status, {k.lower(): v for k, v in response.headers.items()}, response.read()


def test_readme_says_how_to_serve(unpacked: Path) -> None:
    readme = (unpacked / "README.txt").read_text(encoding="utf-8")
    assert "python3 serve.py" in readme and "http.server" in readme


def test_serve_py_types_and_gzip(served: str, unpacked: Path) -> None:
    wasm = "assets/engine/pyodide/pyodide.asm.wasm"
    status, headers, body = fetch(served + wasm, gzip=True)
    assert status == 200
    assert headers["content-type"] == "application/wasm"
    assert headers.get("content-encoding") == "gzip"
    assert len(body) == (unpacked / "site" / (wasm + ".gz")).stat().st_size
    status, headers, body = fetch(served + wasm, gzip=False)
    assert "content-encoding" not in headers and body[:4] == b"\0asm"
    _, headers, _ = fetch(served + "assets/engine/pyodide/pyodide.mjs", gzip=True)
    assert headers["content-type"].startswith("text/javascript")
    _, headers, body = fetch(served + "rules/blinds/", gzip=True)
    assert headers["content-type"].startswith("text/html") and headers["content-encoding"] == "gzip"
    _, headers, _ = fetch(served + "manifest.webmanifest", gzip=False)
    assert headers["content-type"] == "application/manifest+json"


def test_calculator_computes_from_the_bundle(served: str, unpacked: Path, browser) -> None:
    page_file = unpacked / "site" / CALCULATOR / "index.html"
    if "data-calculator" not in page_file.read_text(encoding="utf-8"):
        pytest.skip("no calculator widget in the build yet")
    context = browser.new_context()
    try:
        log = RequestLog(served.rstrip("/"))
        context.route("**/*", log.route)
        page = context.new_page()
        page.goto(served + CALCULATOR)
        page.wait_for_function(
            "() => ['ready', 'error'].includes(document.querySelector('[data-calculator]').dataset.state)",
            timeout=90_000,
        )
        root = page.locator("[data-calculator]").first
        assert root.get_attribute("data-state") == "ready", root.inner_text()[:500]
        assert json.loads(root.get_attribute("data-result") or "null") is not None
        # That first answer may be the one the page carries: the engine must load too.
        page.wait_for_function(
            "() => ['ready', 'error'].includes(document.querySelector('[data-calculator]').dataset.engine)",
            timeout=90_000,
        )
        assert root.get_attribute("data-engine") == "ready", root.inner_text()[:500]
        assert log.off_origin == []
    finally:
        context.close()
