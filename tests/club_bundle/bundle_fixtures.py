"""The club bundle, made once for the tests of tests/club_bundle/ (loaded through
tests/conftest.py's pytest_plugins): ``make_bundle`` end to end (its site is the run's one
build, tests/site_build.py), unpacked as a club does, and served with the bundle's own
serve.py."""

from __future__ import annotations

import shutil
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.club_bundle.bundle_helpers import bundle, club_server, unzip_over


@pytest.fixture(scope="session")
def made(tmp_path_factory: pytest.TempPathFactory, built_site: Path) -> tuple[Path, float, float]:
    """``make_bundle`` end to end; the zip and when it was made.

    It builds the site with ``bundle.build_site`` (``strict_build`` of this repository,
    as the run's build: tests/club_bundle/test_zip.py checks that it calls it so);
    here that build is the run's, copied where make_bundle asked for it, instead of
    a second build of the same sources."""
    out = tmp_path_factory.mktemp("dist")
    asked: list[Path] = []

    def the_runs_build(into: Path) -> None:
        asked.append(into)
        shutil.copytree(built_site, into)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(bundle, "build_site", the_runs_build)
        started = time.time()
        target = bundle.make_bundle(out)
        finished = time.time()
    stem = f"combat-hq-rules-{bundle.project_version()}"
    assert [(p.parent.name, p.name) for p in asked] == [(stem, "site")]  # built once, for the zip
    assert target.name == f"{stem}.zip"
    print(f"\nbundle {target.name}: {target.stat().st_size / 1e6:.1f} MB")
    return target, started, finished


@pytest.fixture(scope="session")
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


@pytest.fixture(scope="session")
def served(unpacked: Path) -> Iterator[str]:
    with club_server(unpacked) as base:
        yield base
