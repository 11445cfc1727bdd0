"""The bundle's serve.py, serving the unpacked bundle on 127.0.0.1: types, the .gz
copies, validators and caching headers, the site's own 404, clean answers to bad
paths, and a calculator page in Chromium."""

from __future__ import annotations

import doctest
import gzip
import json
import os
import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.club_bundle.bundle_helpers import CALCULATOR, PAGE, fetch, request, serve_source
from tests.serving import log_requests


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
    _, headers, body = fetch(served + PAGE, gzip=True)
    assert headers["content-type"].startswith("text/html") and headers["content-encoding"] == "gzip"
    _, headers, _ = fetch(served + "manifest.webmanifest", gzip=False)
    assert headers["content-type"] == "application/manifest+json"


IMMUTABLE = "public, max-age=31536000, immutable"
# What carries a hash of its content in its name or folder, written out independently
# of serve.py: Material's bundles and styles, the wheel's folder, the engine snapshot,
# the widgets' answer tables.
HASHED = re.compile(
    r"^assets/(javascripts|stylesheets)/(.+/)?[a-z]+\.[0-9a-f]{8}\.min\.(js|css)$"
    r"|^assets/engine/[0-9a-f]{12,}/"
    r"|^assets/engine/snapshot-[0-9a-f]{8,}\.bin$"
    r"|^assets/answers/[a-z-]+\.[0-9a-f]{8,}\.json$"
    r"|^assets/css/site\.[0-9a-f]{10}\.css(\.map)?$"  # chq_site/bundle, and its maps
    r"|^assets/js/site/site\.[0-9a-f]{10}\.js(\.map)?$"
)


def test_cache_control_revalidates_all_but_hashed_files(served: str, unpacked: Path) -> None:
    """``no-cache`` (ask every time; a 304 is cheap) for pages, sw.js, the manifest and
    anything not named by its content; a year, immutable, for files that are."""
    site = unpacked / "site"
    seen = {IMMUTABLE: [], "no-cache": []}
    for path in sorted(p for p in site.rglob("*") if p.is_file() and p.suffix != ".gz"):
        rel = path.relative_to(site).as_posix()
        for gz in (False, True):
            status, headers, body = request(served + rel, "HEAD", {"Accept-Encoding": "gzip"} if gz else {})
            assert status == 200 and body == b"", rel
            expected = IMMUTABLE if HASHED.search(rel) else "no-cache"
            assert headers.get("cache-control") == expected, (rel, gz, headers.get("cache-control"))
        seen[expected].append(rel)
    hashed = seen[IMMUTABLE]
    assert any(r.startswith("assets/javascripts/bundle.") for r in hashed), hashed
    assert any(r.startswith("assets/stylesheets/main.") for r in hashed), hashed
    assert any(r.endswith(".whl") for r in hashed), hashed
    for rel in (
        "index.html",
        PAGE + "index.html",
        "404.html",
        "sw.js",
        "manifest.webmanifest",
        "assets/engine/pyodide/pyodide.asm.wasm",
        "search/search_index.json",
    ):
        assert rel in seen["no-cache"], rel
    # Addresses of pages (a folder with index.html) too.
    for rel in ("", PAGE):
        _, headers, _ = request(served + rel)
        assert headers.get("cache-control") == "no-cache", rel


def test_cache_control_names() -> None:
    """The rule on names, including the engine snapshot the build is gaining."""
    rule = serve_source.cache_control
    assert rule("assets/engine/snapshot-3fa9c2d41b7e.bin") == IMMUTABLE
    assert rule("assets/engine/0123abcdef45/calculators.whl") == IMMUTABLE
    assert rule("assets/javascripts/bundle.a5f9d56c.min.js") == IMMUTABLE
    assert rule("assets/answers/spotting.ab2a1c220927.json") == IMMUTABLE
    for name in (
        "sw.js",
        "index.html",
        "rules/blinds/index.html",
        "manifest.webmanifest",
        "assets/engine/pyodide/pyodide.asm.wasm",
        "assets/js/site.js",
        "assets/icons/icon-192.png",
        "assets/engine/snapshot.bin",
        "deadbeef/page/index.html",
        "assets/engine/snapshot-3fa9c2.bin",
    ):
        assert rule(name) == "no-cache", name


def test_etag_from_content_and_conditional_requests(served: str, unpacked: Path) -> None:
    site = unpacked / "site"
    for gz in (False, True):
        accept = {"Accept-Encoding": "gzip"} if gz else {}
        status, headers, body = request(served + PAGE, headers=accept)
        assert status == 200
        etag = headers.get("etag", "")
        assert re.fullmatch(r'"[0-9a-f]{32,64}"', etag), f"a strong, quoted content hash: {etag!r}"
        assert headers.get("vary") == "Accept-Encoding"
        # 304 only for the same bytes: the tag itself, a list with it, its weak form, "*".
        for tag in (etag, f'"nope", {etag}', f"W/{etag}", "*"):
            status, headers304, body304 = request(served + PAGE, headers={**accept, "If-None-Match": tag})
            assert status == 304 and body304 == b"", tag
            assert headers304.get("etag") == etag and headers304.get("cache-control") == "no-cache"
            assert headers304.get("vary") == "Accept-Encoding"
        other = '"' + "0" * 32 + '"'
        status, _, again = request(served + PAGE, headers={**accept, "If-None-Match": other})
        assert status == 200 and again == body
        # If-None-Match wins over a matching date (RFC 9110 13.1.3).
        since = {"If-Modified-Since": headers["last-modified"]}
        assert request(served + PAGE, headers={**accept, **since})[0] == 304
        assert request(served + PAGE, headers={**accept, **since, "If-None-Match": other})[0] == 200
    plain = request(served + PAGE)[1]["etag"]
    packed = request(served + PAGE, headers={"Accept-Encoding": "gzip"})[1]["etag"]
    assert plain != packed, "the two encodings are two representations"
    # The tag follows the bytes, not the file's date and size.
    page = site / PAGE / "index.html"
    data = page.read_bytes()
    stat = page.stat()
    try:
        page.write_bytes(data.replace(b"<title>", b"<TITLE>", 1))
        os.utime(page, ns=(stat.st_atime_ns, stat.st_mtime_ns))
        assert page.stat().st_size == stat.st_size
        status, headers, body = request(served + PAGE, headers={"If-None-Match": plain})
        assert status == 200 and b"<TITLE>" in body and headers["etag"] != plain
    finally:  # the page as built, dated as built (an edited page's older .gz is not sent)
        page.write_bytes(data)
        os.utime(page, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert request(served + PAGE)[1]["etag"] == plain


def test_a_304_is_the_whole_answer(served: str) -> None:
    """After a 304 nothing else is written on the connection (no stray 404 page)."""
    import socket

    host, port = urlsplit(served).netloc.split(":")
    etag = request(served + "sw.js")[1]["etag"]
    with socket.create_connection((host, int(port)), timeout=10) as conn:
        conn.sendall(f"GET /sw.js HTTP/1.1\r\nHost: {host}\r\nIf-None-Match: {etag}\r\n"
                     "Connection: close\r\n\r\n".encode())
        reply = b""
        while chunk := conn.recv(65536):
            reply += chunk
    assert reply.split(b"\r\n", 1)[0].split()[1] == b"304", reply[:80]
    head, _, rest = reply.partition(b"\r\n\r\n")
    assert rest == b"", f"{len(rest)} bytes after the 304: {rest[:80]!r}"


def test_bad_paths_get_a_clean_answer(served: str, capfd: pytest.CaptureFixture[str]) -> None:
    """Issue 9, case 8: no traceback, no empty reply."""
    for path in (
        "/%00",
        "/rules/%00/",
        "/" + "a" * 5000,
        "/%ff",
        "/..%2f..%2fetc%2fpasswd",
        f"/{PAGE}index.html/",
        "/sw.js%00.html",
    ):
        status, headers, _ = request(served.rstrip("/") + path)
        assert status in (400, 404), (path[:40], status)
    err = capfd.readouterr().err
    assert "Traceback" not in err, err[-2000:]


def test_no_directory_listings(served: str, unpacked: Path) -> None:
    not_found = (unpacked / "site" / "404.html").read_bytes()
    for rel in ("assets/", "assets", "assets/engine/", "search/"):
        status, headers, body = request(served + rel)
        assert status == 404, (rel, status)
        assert body == not_found, rel


def test_the_sites_own_404(served: str, unpacked: Path) -> None:
    site = unpacked / "site"
    for rel in ("no-such-page/", "rules/no-such-rule/", "rules/blinds/nothing.png"):
        status, headers, body = request(served + rel)
        assert status == 404 and headers["content-type"].startswith("text/html"), rel
        assert body == (site / "404.html").read_bytes(), rel
        assert headers.get("cache-control") == "no-cache"
        status, headers, body = request(served + rel, headers={"Accept-Encoding": "gzip"})
        assert status == 404 and headers.get("content-encoding") == "gzip"
        assert gzip.decompress(body) == (site / "404.html").read_bytes()
        assert headers.get("vary") == "Accept-Encoding"
        status, _, body = request(served + rel, "HEAD")
        assert status == 404 and body == b""


@pytest.mark.parametrize(
    ("accept", "gets_gzip"),
    [
        ("gzip", True),
        ("gzip, deflate, br", True),
        ("GZIP;Q=0.5", True),
        ("x-gzip", True),
        ("*", True),
        ("deflate, *;q=0.1", True),
        ("gzip;q=0", False),
        ("gzip; q=0.000", False),
        ("br, gzip;q=0", False),
        ("gzip;q=0, *", False),
        ("*;q=0", False),
        ("identity", False),
        ("deflate", False),
        ("gzip;q=nan", False),
        ("", False),
    ],
)
def test_accept_encoding_q_values(served: str, accept: str, gets_gzip: bool) -> None:
    _, headers, _ = request(served + PAGE, headers={"Accept-Encoding": accept})
    assert (headers.get("content-encoding") == "gzip") is gets_gzip, accept
    assert headers.get("vary") == "Accept-Encoding"


def test_vary_on_both_variants(served: str, unpacked: Path) -> None:
    """A cache must not hand the gzip bytes to a browser that did not ask for them,
    nor the other way round: Vary on the plain response of a file with a .gz copy too."""
    site = unpacked / "site"
    with_gz = sorted(p.relative_to(site).as_posix()[:-3] for p in site.rglob("*.gz"))
    assert len(with_gz) > 10
    for rel in with_gz[:: max(1, len(with_gz) // 12)] + ["sw.js"]:
        if not (site / (rel + ".gz")).is_file():
            continue
        for accept in ({}, {"Accept-Encoding": "gzip"}):
            _, headers, _ = request(served + rel, "HEAD", accept)
            assert headers.get("vary") == "Accept-Encoding", (rel, accept)
    _, headers, _ = request(served + "assets/icons/icon-192.png", "HEAD")
    assert "vary" not in headers, "no .gz copy: one representation"


def test_serve_py_examples() -> None:
    """The examples in tools/bundle_serve.py's docstrings (tools/ is not collected)."""
    failed, tried = doctest.testmod(serve_source)
    assert tried > 0 and failed == 0


def test_calculator_computes_from_the_bundle(served: str, unpacked: Path, browser) -> None:
    page_file = unpacked / "site" / CALCULATOR / "index.html"
    assert "data-calculator" in page_file.read_text(encoding="utf-8"), "no calculator widget in the build"
    context = browser.new_context()
    try:
        log = log_requests(context, served)
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
