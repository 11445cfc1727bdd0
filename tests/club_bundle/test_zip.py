"""The club bundle's zip: tools/bundle.py builds the site (the strict build), writes a
zip a club unpacks (README, serve.py, the site), dated when it was made or at
SOURCE_DATE_EPOCH, and a new version unzipped over the old one is what a browser
then gets."""

from __future__ import annotations

import calendar
import gzip
import shutil
import time
import zipfile
from pathlib import Path

import pytest
from chq_site.offline.offline import precompress, write_service_worker
from chq_site.runner import BuildFailed

from tests.club_bundle.bundle_helpers import (
    PAGE,
    UNCHANGED,
    bundle,
    club_server,
    extended_time,
    request,
    unzip_over,
)
from tests.serving import ROOT, StaticServer


def test_the_bundle_builds_the_site_strictly(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """make_bundle's site is ``mkdocs build --strict`` of this repository (the build the
    tests' conftest.py makes once a run, and the fixture ``made`` hands make_bundle);
    a failed build stops the bundle with the build's message."""
    calls = []
    monkeypatch.setattr(bundle, "strict_build", lambda out, root: calls.append((out, root)))
    bundle.build_site(tmp_path / "site")
    assert calls == [(tmp_path / "site", ROOT)]

    def failing(out: Path, root: Path) -> None:
        raise BuildFailed("mkdocs build --strict failed:\nWARNING - a broken link")

    monkeypatch.setattr(bundle, "strict_build", failing)
    with pytest.raises(SystemExit, match="a broken link"):
        bundle.build_site(tmp_path / "site")


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


def test_source_date_epoch_makes_the_zip_reproducible(built_site: Path, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1764547200")  # 2025-12-01 00:00:00 UTC
    first = bundle.make_bundle(tmp_path / "a", site=built_site)
    second = bundle.make_bundle(tmp_path / "b", site=built_site)
    assert first.read_bytes() == second.read_bytes()
    with zipfile.ZipFile(first) as archive:
        info = archive.infolist()[0]
    assert info.date_time == (2025, 12, 1, 0, 0, 0) and extended_time(info.extra) == 1764547200



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

