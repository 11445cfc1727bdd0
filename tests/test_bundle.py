"""The club bundle: tools/bundle.py writes a zip a club unpacks and serves.

Builds the zip into a temporary folder, unpacks it, serves the folder with the
bundled serve.py on 127.0.0.1 and checks what a browser gets: types, the .gz copies,
validators and caching headers, the site's own 404, clean answers to bad paths,
a new version unzipped over an old one, and a calculator page in Chromium.
"""

from __future__ import annotations

import calendar
import contextlib
import doctest
import gzip
import http.client
import importlib.util
import itertools
import json
import os
import re
import shutil
import subprocess
import threading
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from urllib.parse import urlsplit

import pytest
from chq_site.offline import precompress, write_service_worker

from tests.conftest import ROOT, RequestLog, StaticServer


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


# ------------------------------------------------------------------ shared helpers


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


# ------------------------------------------------------------------------ fixtures


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, float, float]:
    """``make_bundle`` end to end (it builds the site); the zip and when it was made."""
    out = tmp_path_factory.mktemp("dist")
    started = time.time()
    target = bundle.make_bundle(out)
    finished = time.time()
    assert target.name == f"combat-hq-rules-{bundle.project_version()}.zip"
    print(f"\nbundle {target.name}: {target.stat().st_size / 1e6:.1f} MB")
    return target, started, finished


@pytest.fixture(scope="module")
def unpacked(made: tuple[Path, float, float], tmp_path_factory: pytest.TempPathFactory) -> Path:
    target = made[0]
    with zipfile.ZipFile(target) as archive:
        names = archive.namelist()
        assert names == sorted(names)
    folder = unzip_over(target, tmp_path_factory.mktemp("unzipped"))
    assert folder.name == f"combat-hq-rules-{bundle.project_version()}"
    assert (folder / "README.txt").is_file() and (folder / "serve.py").is_file()
    assert (folder / "site" / "index.html").is_file() and (folder / "site" / "sw.js").is_file()
    assert target.stat().st_size < 40e6, "the bundle should stay well under a USB stick's patience"
    return folder


@pytest.fixture(scope="module")
def served(unpacked: Path) -> Iterator[str]:
    with club_server(unpacked) as base:
        yield base


# --------------------------------------------------------------------- the zip


def test_readme_says_how_to_serve(unpacked: Path) -> None:
    readme = (unpacked / "README.txt").read_text(encoding="utf-8")
    assert "python3 serve.py" in readme and "http.server" in readme


def test_entries_carry_the_build_time(made: tuple[Path, float, float], unpacked: Path) -> None:
    """Every entry is dated when the bundle was made (a fixed old date made every
    version look the same to a web server: 304 for changed pages)."""
    target, started, finished = made
    with zipfile.ZipFile(target) as archive:
        infos = archive.infolist()
    dates = {info.date_time for info in infos}
    assert len(dates) == 1, f"one build, one date: {sorted(dates)[:3]}"
    # The DOS field holds UTC with 2-second steps; the extended field the exact second.
    dos = calendar.timegm((*dates.pop(), 0, 0, 0))
    assert started - 2 <= dos <= finished + 2, (time.gmtime(dos), time.gmtime(started))
    for info in infos:
        stamp = extended_time(info.extra)
        assert stamp is not None and int(started) <= stamp <= finished + 1, info.filename
    # unzip gives each file that date.
    page = unpacked / "site" / PAGE / "index.html"
    assert int(started) <= page.stat().st_mtime <= finished + 1


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


def test_source_date_epoch_makes_the_zip_reproducible(built_site: Path, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1764547200")  # 2025-12-01 00:00:00 UTC
    first = bundle.make_bundle(tmp_path / "a", site=built_site)
    second = bundle.make_bundle(tmp_path / "b", site=built_site)
    assert first.read_bytes() == second.read_bytes()
    with zipfile.ZipFile(first) as archive:
        info = archive.infolist()[0]
    assert info.date_time == (2025, 12, 1, 0, 0, 0) and extended_time(info.extra) == 1764547200


# ------------------------------------------------------------------- serve.py


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
    r"|^assets/css/companion\.[0-9a-f]{10}\.css(\.map)?$"  # chq_site/bundle, and its maps
    r"|^assets/js/companion/companion\.[0-9a-f]{10}\.js(\.map)?$"
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
        "assets/js/companion.js",
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


def test_new_bundle_unzipped_over_the_old_one_is_sent(
    made: tuple[Path, float, float], unpacked: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 9, case 2: after a club unzips a new version over the old one, a browser's
    conditional request for a changed page or sw.js gets the new bytes (not a 304);
    unchanged files still get a 304 from serve.py. Python's http.server, which knows
    only dates (like nginx's and Apache's default ETags), sends the new page too."""
    folder = unzip_over(made[0], tmp_path / "club")
    # The second version: one page edited; sw.js and the .gz copies rewritten by the
    # build's own functions.
    changed = tmp_path / "site2"
    shutil.copytree(unpacked / "site", changed)
    page = changed / PAGE / "index.html"
    page.write_bytes(page.read_bytes().replace(b"</article>", b"<p>Club errata 2.</p></article>", 1))
    write_service_worker(changed)
    precompress(changed)
    assert (changed / "sw.js").read_bytes() != (folder / "site" / "sw.js").read_bytes()
    # Made a minute after the first (no two club updates share a second).
    monkeypatch.setenv("SOURCE_DATE_EPOCH", str(int(made[2]) + 60))
    second = bundle.make_bundle(tmp_path / "dist2", site=changed)

    with club_server(folder) as base, StaticServer(folder / "site") as plain:
        status, headers, _ = request(f"{plain.origin}/{PAGE}")
        assert status == 200
        dated = {"If-Modified-Since": headers["last-modified"]}
        before = {}
        for rel, gz in ((PAGE, True), (PAGE, False), ("sw.js", False), (UNCHANGED, True)):
            status, headers, _ = request(base + rel, headers={"Accept-Encoding": "gzip"} if gz else {})
            assert status == 200
            before[rel, gz] = {
                "If-Modified-Since": headers["last-modified"],
                **({"If-None-Match": headers["etag"]} if "etag" in headers else {}),
                **({"Accept-Encoding": "gzip"} if gz else {}),
            }
        unzip_over(second, tmp_path / "club")  # while serve.py runs, as a club might
        for (rel, gz), conditional in before.items():
            status, headers, body = request(base + rel, headers=conditional)
            if rel == UNCHANGED:
                assert status == 304, f"{rel} did not change: a 304 saves the transfer"
                continue
            assert status == 200, f"{rel} (gzip {gz}) changed but the server said {status}"
            text = gzip.decompress(body) if headers.get("content-encoding") == "gzip" else body
            assert text == (changed / (rel + "index.html" if rel.endswith("/") else rel)).read_bytes()
        status, _, body = request(f"{plain.origin}/{PAGE}", headers=dated)
        assert status == 200 and b"Club errata 2." in body, f"http.server said {status}"


# ------------------------------------------------------------------ doors of serve.py


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


# ----------------------------------------------------------------------- browser


def test_calculator_computes_from_the_bundle(served: str, unpacked: Path, browser) -> None:
    page_file = unpacked / "site" / CALCULATOR / "index.html"
    assert "data-calculator" in page_file.read_text(encoding="utf-8"), "no calculator widget in the build"
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
