"""The run's one site build (tests/site_build.py): the first test process builds, the
others wait for it and take its site, or its failure, as their own."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
from chq_site.runner import BuildFailed

from tests import site_build


def test_workers_share_one_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Three workers asking at once: one build, and every one gets its folder and time."""
    built = []

    def slow_build(out: Path) -> float:
        built.append(out)
        time.sleep(0.3)  # (long enough for the others to arrive while it builds)
        out.mkdir()
        (out / "index.html").write_text("<p>built</p>")
        return 12.5

    monkeypatch.setattr(site_build, "build_site", slow_build)
    results: list[site_build.SiteBuild] = []
    workers = [threading.Thread(target=lambda: results.append(site_build.shared_build(tmp_path)))
               for _ in range(3)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert built == [tmp_path / "made"]
    assert results == [site_build.SiteBuild(tmp_path / "made", 12.5)] * 3
    assert (tmp_path / "made" / "index.html").read_text() == "<p>built</p>"


def test_a_failed_build_fails_every_worker_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The build's message reaches each worker; none builds again over the failure."""
    tries = []

    def failing(out: Path) -> float:
        tries.append(out)
        raise BuildFailed("mkdocs build --strict failed:\nWARNING - a broken link")

    monkeypatch.setattr(site_build, "build_site", failing)
    for _ in range(2):
        with pytest.raises(pytest.fail.Exception, match="a broken link"):
            site_build.shared_build(tmp_path)
    assert len(tries) == 1


def test_a_session_without_workers_builds_its_own(tmp_path_factory: pytest.TempPathFactory,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Without pytest-xdist the build goes in the session's own folder, never in the
    parent every run of this user shares (an older run's build would be taken)."""
    monkeypatch.setattr(site_build, "shared_build", lambda folder: folder)  # where, not built
    base = tmp_path_factory.getbasetemp()
    monkeypatch.delenv("PYTEST_XDIST_WORKER", raising=False)
    alone = site_build.session_build(tmp_path_factory)
    assert alone.parent == base and alone.name.startswith("site-build")
    monkeypatch.setenv("PYTEST_XDIST_WORKER", "gw7")
    assert site_build.session_build(tmp_path_factory) == base.parent / "shared-site-build"
