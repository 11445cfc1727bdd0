"""Put the calculation engine into the built site: the Pyodide core, our wheel and
a memory snapshot of the two started together.

None is committed. The Pyodide core comes from the pinned npm package
(``node_modules/pyodide``, installed by ``npm ci``); the wheel is built from
``calculators/`` with ``python -m build --wheel`` and cached by a hash of its
sources, so ``mkdocs serve`` rebuilds it only when the package changes.

The snapshot (``assets/engine/snapshot-<key>.bin``) is Pyodide's memory after the
wheel was unpacked and imported and each mechanic answered once, made under Node by
``engine_snapshot.mjs`` (beside this module), packed without its zero pages (about
half of it: see :mod:`chq_site.engine.snapshot`) and gzipped (the worker inflates it with the
browser's ``DecompressionStream``, whose gzip check also catches a truncated or
corrupt copy, and puts the runs back in place in a zeroed buffer). Starting from it
skips Python's own start-up: the slow part of every visit. Its name is a hash of
everything that goes into it (the Pyodide core, the wheel, the script, the packed
format), so a page never pairs it with another build; anything that goes wrong with
it makes the worker boot the normal way.

Node makes different bytes each time from the same inputs, so a snapshot is made once
for its name and never replaced (two builds at once: one makes it, the other waits and
takes it), and a build ends by reading its engine files back from the site and
comparing them with what its pages say of them (``check_engine``).
"""

from __future__ import annotations

import contextlib
import functools
import gzip
import hashlib
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

# The packed format lives in chq_site.engine.snapshot; its names stay importable from here, where
# tests and tools have always found them.
from chq_site.engine.snapshot import PACKED_MAGIC as PACKED_MAGIC
from chq_site.engine.snapshot import PACKED_PAGE as PACKED_PAGE
from chq_site.engine.snapshot import inflated_size as inflated_size
from chq_site.engine.snapshot import pack_snapshot as pack_snapshot
from chq_site.engine.snapshot import unpack_snapshot as unpack_snapshot
from chq_site.offline.offline import sent_size
from chq_site.paths import CACHE, PACKAGE, ROOT

try:
    import fcntl
except ImportError:  # Windows: no lock; the first snapshot written still stays (_keep_first)
    fcntl = None  # type: ignore[assignment]

PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
ENGINE_DIR = "assets/engine"
SNAPSHOT_SCRIPT = PACKAGE / "engine" / "engine_snapshot.mjs"
# One answer per mechanic before the snapshot is taken: every module the answers
# need is imported (and its tables warm) in the memory a visitor starts from.
WARMUP = (
    {"mechanic": "spotting", "params": {"distance": 18, "target": "hidden"}},
    {"mechanic": "artillery", "params": {"variant": "combat-hq"}},
    {"mechanic": "artillery", "params": {"variant": "armour-battles"}},
    {"mechanic": "close_assault", "params": {"att_dice": 6, "def_dice": 5}},
    {"mechanic": "supply", "params": {"supply_dice": 3}},
    {"mechanic": "rally", "params": {"disruption": 3}},
    {"mechanic": "blind_move", "params": {"target": 9}},
    {"mechanic": "deploy", "params": {"units": 3}},
)

# The files loadPyodide() fetches for a stdlib-only package; nothing else ships.
PYODIDE_CORE = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# What the worker downloads itself (the two .mjs files are imported as modules).
PYODIDE_FETCHED = ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")


class EngineMissing(RuntimeError):
    """The Pyodide runtime is not installed; ``npm ci`` installs it."""


class EngineMismatch(PluginError):
    """The engine files in the built site are not the ones its pages describe."""


def source_hash() -> str:
    """Hash of everything that goes into the wheel, to name the cached build."""
    digest = hashlib.sha256()
    paths = sorted((ROOT / "calculators").rglob("*.py")) + [ROOT / "pyproject.toml"]
    for path in paths:
        digest.update(path.relative_to(ROOT).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def build_wheel() -> Path:
    """Build (or reuse) the calculators wheel; return its path."""
    out = CACHE / f"wheel-{source_hash()}"
    wheels = sorted(out.glob("*.whl"))
    if wheels:
        return wheels[0]
    CACHE.mkdir(parents=True, exist_ok=True)
    # Built in a folder of its own, then renamed into place: two builds at once (tests
    # running side by side) never see a half-written wheel.
    with tempfile.TemporaryDirectory(dir=CACHE) as tmp:
        subprocess.run(
            [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", tmp, str(ROOT)],
            check=True,
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
        )
        built = sorted(Path(tmp).glob("*.whl"))
        if len(built) != 1:
            raise RuntimeError(f"expected one wheel from the build, found {len(built)}")
        try:
            Path(tmp).rename(out)
        except OSError:
            if not out.is_dir():  # another build put the same wheel there first
                raise
    wheels = sorted(out.glob("*.whl"))
    return wheels[0]


def snapshot_key(wheel: Path) -> str:
    """Hash of everything a snapshot is made from: the Pyodide core, the wheel, the
    script and its warm-up requests."""
    digest = hashlib.sha256()
    for path in [*(PYODIDE_DIR / name for name in PYODIDE_CORE), wheel, SNAPSHOT_SCRIPT]:
        stat = path.stat()
        digest.update(path.name.encode() + b"\0")
        digest.update(_file_digest(str(path), stat.st_mtime_ns, stat.st_size))
    digest.update(json.dumps(WARMUP, sort_keys=True).encode())
    digest.update(PACKED_MAGIC)  # the format the snapshot is stored in
    return digest.hexdigest()[:16]


@functools.lru_cache(maxsize=64)
def _file_digest(path: str, mtime_ns: int, size: int) -> bytes:
    """SHA-256 of a file, remembered while its time and size stay the same."""
    return hashlib.sha256(Path(path).read_bytes()).digest()


def build_snapshot() -> tuple[Path, int]:
    """Make (or reuse) the gzipped memory snapshot; return its path and its size
    once inflated.

    Made once for its name, then never replaced: a build may already have described
    it to its pages. Two builds at once take turns (a lock in the cache), and where
    there is no lock the first one written stays.
    """
    wheel = build_wheel()
    key = snapshot_key(wheel)
    out = CACHE / f"snapshot-{key}.bin"
    if not out.is_file():
        CACHE.mkdir(parents=True, exist_ok=True)
        with _cache_lock(CACHE / f"snapshot-{key}.lock"):
            if not out.is_file():
                _keep_first(make_snapshot(wheel), out)
    return out, inflated_size(out)


def make_snapshot(wheel: Path) -> bytes:
    """A new snapshot, packed and gzipped: Pyodide's memory as Node leaves it after
    the warm-up (different bytes each time, for the same inputs)."""
    handle, raw = tempfile.mkstemp(dir=CACHE, prefix="snapshot-", suffix=".raw")
    os.close(handle)
    try:
        subprocess.run(
            ["node", str(SNAPSHOT_SCRIPT), str(PYODIDE_DIR), str(wheel), raw, json.dumps(WARMUP)],
            check=True,
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
        )
        data = Path(raw).read_bytes()
    finally:
        Path(raw).unlink(missing_ok=True)
    return gzip.compress(pack_snapshot(data), compresslevel=6, mtime=0)


@contextlib.contextmanager
def _cache_lock(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``path`` (created if need be) for the block; the
    system lets it go if the process dies. No lock where there is no ``fcntl``."""
    with path.open("a") as handle:
        if fcntl is not None:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        yield


def _keep_first(data: bytes, out: Path) -> None:
    """Write ``out`` whole (never seen half-written), unless it is there already: then
    it stays, as another build made it and may have described it to its pages."""
    handle, tmp = tempfile.mkstemp(dir=out.parent, prefix=out.name + ".", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        try:
            os.link(tmp, out)  # FileExistsError if it is there: never replaced
        except FileExistsError:
            pass
        except OSError:  # no hard links on this file system: a rename, if none is there yet
            if not out.exists():
                os.replace(tmp, out)
    finally:
        Path(tmp).unlink(missing_ok=True)


def pyodide_version() -> str:
    """The pinned Pyodide version, read from the installed npm package."""
    package = PYODIDE_DIR / "package.json"
    if not package.exists():
        raise EngineMissing("node_modules/pyodide is missing: run `npm ci` (or `make setup`)")
    return str(json.loads(package.read_text())["version"])


def engine_info() -> dict[str, Any]:
    """What the pages need to know to start the engine (paths relative to the site root)."""
    wheel = build_wheel()
    snapshot, inflated = build_snapshot()
    return {
        "pyodide_version": pyodide_version(),
        "index": f"{ENGINE_DIR}/pyodide/",
        "wheel": f"{ENGINE_DIR}/{source_hash()}/{wheel.name}",
        "snapshot": f"{ENGINE_DIR}/{snapshot.name}",
        "snapshot_bytes": inflated,
        "files": file_checks(),
    }


def file_checks() -> dict[str, dict[str, int | str]]:
    """What each file the worker downloads must be, by file name: its bytes, the
    first 16 hex digits of its SHA-256 and its CRC-32 (engine-worker/checks.js checks each
    body before using it: a Wi-Fi login page or a cut transfer kept in the browser's
    cache would otherwise stay for as long as the file's name does).

    >>> checks = file_checks()
    >>> sorted(checks) == sorted([*PYODIDE_FETCHED, build_wheel().name, build_snapshot()[0].name])
    True
    >>> sorted(checks["pyodide.asm.wasm"])
    ['bytes', 'crc32', 'sha256']
    """
    snapshot, _ = build_snapshot()
    paths = [*(PYODIDE_DIR / name for name in PYODIDE_FETCHED), build_wheel(), snapshot]
    checks: dict[str, dict[str, int | str]] = {}
    for path in paths:
        stat = path.stat()
        checks[path.name] = dict(_file_check(str(path), stat.st_mtime_ns, stat.st_size))
    return checks


@functools.lru_cache(maxsize=64)
def _file_check(path: str, mtime_ns: int, size: int) -> tuple[tuple[str, int | str], ...]:
    """:func:`check_of` a file's bytes, remembered while its time and size stay the same
    (a snapshot in the cache is never replaced: ``build_snapshot``)."""
    return tuple(check_of(Path(path).read_bytes()).items())


def check_of(data: bytes) -> dict[str, int | str]:
    """What the pages say of a file: its bytes, the first 16 hex digits of its SHA-256
    (as the offline copy lists it) and its CRC-32."""
    return {"bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()[:16], "crc32": zlib.crc32(data)}


def fetched_sizes() -> dict[str, int]:
    """Bytes of each file a worker downloads (by file name), for its progress bar:
    the boot from the snapshot (the full boot also fetches the small wheel)."""
    sizes = {name: (PYODIDE_DIR / name).stat().st_size for name in PYODIDE_FETCHED}
    snapshot, _ = build_snapshot()
    sizes[snapshot.name] = snapshot.stat().st_size
    return sizes


def download_sizes() -> dict[str, Any]:
    """The bytes the worker downloads, file by file (its progress bar meters them),
    in all, and in all as a server that sends the build's ``.gz`` copies sends them
    ("sent": the figure a widget says it will download, "about 13 MB").

    >>> sizes = download_sizes()
    >>> sizes["sent"] < sizes["total"] == sum(sizes["fetched"].values()) + sizes["modules"]
    True
    """
    fetched = fetched_sizes()
    snapshot, _ = build_snapshot()
    paths = [*(PYODIDE_DIR / name for name in PYODIDE_CORE), snapshot]
    modules = sum(path.stat().st_size for path in paths if path.name not in fetched)
    sent = sum(_sent_size(str(path), path.stat().st_mtime_ns, path.stat().st_size) for path in paths)
    return {"fetched": fetched, "modules": modules, "total": sum(fetched.values()) + modules, "sent": sent}


@functools.lru_cache(maxsize=64)
def _sent_size(path: str, mtime_ns: int, size: int) -> int:
    """:func:`chq_site.offline.offline.sent_size` of a file, remembered while its time and size stay the same."""
    return sent_size(Path(path).name, Path(path).read_bytes())


#: When a page's engine starts: "load", as the page loads (its main calculator answers
#: only from the engine); "answer", once its answer table's answer is on screen (the
#: search index waits for it on both); "" when a widget first needs it (or never).
STARTS = ("load", "answer", "")


def page_settings(info: dict[str, Any], start: str) -> dict[str, Any]:
    """Everything a page's script knows of the engine, in one place: the page's
    ``chq-engine`` meta (the plugin writes it, theme/material/main.html shows it): where
    the files are and what each must be (:func:`engine_info`) and what a start downloads
    (:func:`download_sizes`), both in ``info``, made once a build, and when this page
    starts it (:data:`STARTS`)."""
    if start not in STARTS:
        raise ValueError(f"start must be one of {STARTS}, got {start!r}")
    return {**info, "start": start}


def copy_engine(site_dir: Path) -> list[Path]:
    """Copy the Pyodide core and the wheel into the built site; return what was written."""
    pyodide_version()  # fails with a clear message when npm ci has not run
    written = []
    target = site_dir / ENGINE_DIR / "pyodide"
    target.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_CORE:
        written.append(_publish(PYODIDE_DIR / name, target / name))
    wheel = build_wheel()
    wheel_dir = site_dir / ENGINE_DIR / source_hash()
    wheel_dir.mkdir(parents=True, exist_ok=True)
    written.append(_publish(wheel, wheel_dir / wheel.name))
    snapshot, _ = build_snapshot()
    written.append(_publish(snapshot, site_dir / ENGINE_DIR / snapshot.name))
    return written


def check_engine(site_dir: Path, info: dict[str, Any]) -> None:
    """Read the engine files back from the built site and compare each with what the
    pages say of it (``info``: :func:`engine_info` as the pages carry it); raise
    EngineMismatch, naming every difference, unless all agree. (A file that is not
    what its page says is refused by the engine as damaged: the slow boot, or none.)"""
    where = {Path(info["wheel"]).name: info["wheel"], Path(info["snapshot"]).name: info["snapshot"]}
    wrong = []
    for name, said in info["files"].items():
        rel = where.get(name, info["index"] + name)
        path = site_dir / rel
        if not path.is_file():
            wrong.append(f"{rel}: missing (the pages describe {said})")
            continue
        found = check_of(path.read_bytes())
        if found != said:
            wrong.append(f"{rel}: the pages say {said}, the site holds {found}")
    with contextlib.suppress(OSError, EOFError, ValueError, struct.error):  # missing or damaged: said
        if (inflated := inflated_size(site_dir / info["snapshot"])) != info["snapshot_bytes"]:
            said = info["snapshot_bytes"]
            wrong.append(f"{info['snapshot']}: the pages say {said} bytes inflated, it holds {inflated}")
    if wrong:
        raise EngineMismatch(
            "the site's engine files are not the ones its pages describe (the engine would refuse "
            "them as damaged; was build/.cache changed during the build?):\n  " + "\n  ".join(wrong)
        )


def _publish(source: Path, target: Path) -> Path:
    """Copy a file into the site readable by any web server's user (the wheel is
    built owner-only, and nginx or Apache would answer 403 for it)."""
    shutil.copyfile(source, target)
    target.chmod(0o644)
    return target
