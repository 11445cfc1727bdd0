"""One strict build of the site for a whole test run, however many test processes.

``make test`` runs pytest-xdist workers; each used to build the site for itself (three
builds of a minute or two each, on two cores). Now the first worker to ask builds it
into the run's shared temporary folder (``tmp_path_factory.getbasetemp().parent``,
the folder pytest-xdist gives its workers' own folders in) while holding a lock
there; the others wait on the lock and take that build, or its failure, as their
own. A run without workers builds into its own folder, as before: the parent of its
folder is shared by every run of this user, and a build there could be an older
run's.

A helper module (conftest.py's ``site_build`` fixture uses it).
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from chq_site.runner import BuildFailed, strict_build

try:
    import fcntl
except ImportError:  # (not on Windows: there every worker builds its own)
    fcntl = None  # type: ignore[assignment]


class SiteBuild(NamedTuple):
    """Where the site was built, and how long ``mkdocs build --strict`` took."""

    path: Path
    seconds: float


def build_site(out: Path) -> float:
    """Build the site into ``out`` with --strict; return the seconds it took."""
    start = time.perf_counter()
    strict_build(out)
    return time.perf_counter() - start


@contextlib.contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``path`` for the block (the system lets it go if the
    process dies, so a killed worker never leaves the others waiting)."""
    with path.open("a") as handle:
        if fcntl is not None:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        yield


def shared_made(folder: Path, make: Callable[[Path], Any]) -> tuple[Path, Any]:
    """``folder / "made"``, made by ``make`` (given that path) for the first caller and
    read by the others; with what ``make`` returned (JSON).

    ``outcome.json`` says what the first caller got: ``make``'s value, or the build's
    failure, which every caller then fails with (never a second build over a
    half-written or failed one).
    """
    folder.mkdir(parents=True, exist_ok=True)
    out, outcome = folder / "made", folder / "outcome.json"
    with locked(folder / "build.lock"):
        if not outcome.is_file():
            try:
                result = {"value": make(out)}
            except BuildFailed as exc:
                result = {"failed": str(exc)}
            outcome.write_text(json.dumps(result), encoding="utf-8")
        result = json.loads(outcome.read_text(encoding="utf-8"))
    if "failed" in result:
        pytest.fail(result["failed"])
    return out, result["value"]


def shared_build(folder: Path) -> SiteBuild:
    """The site built in ``folder`` (shared_made): by the first caller, read by the others."""
    out, seconds = shared_made(folder, lambda out: build_site(out))
    return SiteBuild(out, seconds)


def run_folder(tmp_path_factory: pytest.TempPathFactory, name: str) -> Path:
    """A folder for what the whole run shares: under pytest-xdist the one its workers
    share (``shared-<name>`` beside their own folders), else the session's own (the
    parent of its folder is shared by every run of this user, and what is there could
    be an older run's)."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        return tmp_path_factory.getbasetemp().parent / f"shared-{name}"
    return tmp_path_factory.mktemp(name)


def session_build(tmp_path_factory: pytest.TempPathFactory) -> SiteBuild:
    """The session's build: shared by the run's workers under pytest-xdist, else the
    session's own."""
    return shared_build(run_folder(tmp_path_factory, "site-build"))
