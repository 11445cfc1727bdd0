"""Put the calculation engine into the built site: the Pyodide core, our wheel and
a memory snapshot of the two started together.

None is committed. The Pyodide core comes from the pinned npm package
(``node_modules/pyodide``, installed by ``npm ci``); the wheel is built from
``calculators/`` with ``python -m build --wheel`` and cached by a hash of its
sources, so ``mkdocs serve`` rebuilds it only when the package changes.

The snapshot (``assets/engine/snapshot-<key>.bin``) is Pyodide's memory after the
wheel was unpacked and imported and each mechanic answered once, made under Node by
``engine_snapshot.mjs`` (beside this module), packed without its zero pages (about
half of it: see ``pack_snapshot``) and gzipped (the worker inflates it with the
browser's ``DecompressionStream``, whose gzip check also catches a truncated or
corrupt copy, and puts the runs back in place in a zeroed buffer). Starting from it
skips Python's own start-up: the slow part of every visit. Its name is a hash of
everything that goes into it (the Pyodide core, the wheel, the script, the packed
format), so a page never pairs it with another build; anything that goes wrong with
it makes the worker boot the normal way.
"""

from __future__ import annotations

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
from pathlib import Path
from typing import Any

from chq_site.paths import CACHE, PACKAGE, ROOT

PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
ENGINE_DIR = "assets/engine"
SNAPSHOT_SCRIPT = PACKAGE / "engine_snapshot.mjs"
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


# The packed snapshot: "CHQ1", the snapshot's size, the number of runs, each run's
# (offset, length), all uint32 little-endian; then the runs' bytes, in order. Runs
# are whole pages of the memory that are not all zeros (the last page may be short).
PACKED_MAGIC = b"CHQ1"
PACKED_PAGE = 4096


def pack_snapshot(raw: bytes) -> bytes:
    """The snapshot without its zero pages (engine-worker/snapshot.js unpackInto reverses it).

    >>> raw = bytes(8192) + b"x" * 10 + bytes(4096 - 10) + bytes(4096) + b"end"
    >>> packed = pack_snapshot(raw)
    >>> struct.unpack_from("<4sIIII", packed)
    (b'CHQ1', 16387, 2, 8192, 4096)
    >>> len(packed) - 12 - 2 * 8, unpack_snapshot(packed) == raw  # the two runs' bytes
    (4099, True)
    """
    runs: list[list[int]] = []
    for start in range(0, len(raw), PACKED_PAGE):
        page = raw[start : start + PACKED_PAGE]
        if page.count(0) == len(page):
            continue
        if runs and sum(runs[-1]) == start:
            runs[-1][1] += len(page)
        else:
            runs.append([start, len(page)])
    head = struct.pack("<4sII", PACKED_MAGIC, len(raw), len(runs))
    table = b"".join(struct.pack("<II", offset, length) for offset, length in runs)
    return head + table + b"".join(raw[offset : offset + length] for offset, length in runs)


def unpack_snapshot(packed: bytes) -> bytes:
    """The snapshot a packed one holds (for tests and tools; the browser does it in
    engine-worker.js)."""
    magic, total, count = struct.unpack_from("<4sII", packed)
    if magic != PACKED_MAGIC:
        raise ValueError("not a packed snapshot")
    raw = bytearray(total)
    at = 12 + 8 * count
    for i in range(count):
        offset, length = struct.unpack_from("<II", packed, 12 + 8 * i)
        raw[offset : offset + length] = packed[at : at + length]
        at += length
    if at != len(packed):
        raise ValueError(f"packed snapshot: {len(packed) - at} bytes left over")
    return bytes(raw)


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
    once inflated."""
    wheel = build_wheel()
    key = snapshot_key(wheel)
    out = CACHE / f"snapshot-{key}.bin"
    size_file = out.with_suffix(".size")
    if out.is_file() and size_file.is_file():
        return out, int(size_file.read_text())
    CACHE.mkdir(parents=True, exist_ok=True)
    raw = CACHE / f"snapshot-{key}.{os.getpid()}.raw"
    try:
        subprocess.run(
            ["node", str(SNAPSHOT_SCRIPT), str(PYODIDE_DIR), str(wheel), str(raw), json.dumps(WARMUP)],
            check=True,
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
        )
        data = raw.read_bytes()
    finally:
        raw.unlink(missing_ok=True)
    tmp = out.with_suffix(f".{os.getpid()}.tmp")
    tmp.write_bytes(gzip.compress(pack_snapshot(data), compresslevel=6, mtime=0))
    size_file.write_text(str(len(data)))
    tmp.replace(out)
    return out, len(data)


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
        sha256, crc32 = _file_check(str(path), stat.st_mtime_ns, stat.st_size)
        checks[path.name] = {"bytes": stat.st_size, "sha256": sha256, "crc32": crc32}
    return checks


@functools.lru_cache(maxsize=64)
def _file_check(path: str, mtime_ns: int, size: int) -> tuple[str, int]:
    """A file's SHA-256 (16 hex digits, as the offline copy lists it) and CRC-32."""
    data = Path(path).read_bytes()
    return hashlib.sha256(data).hexdigest()[:16], zlib.crc32(data)


def fetched_sizes() -> dict[str, int]:
    """Bytes of each file a worker downloads (by file name), for its progress bar:
    the boot from the snapshot (the full boot also fetches the small wheel)."""
    sizes = {name: (PYODIDE_DIR / name).stat().st_size for name in PYODIDE_FETCHED}
    snapshot, _ = build_snapshot()
    sizes[snapshot.name] = snapshot.stat().st_size
    return sizes


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


def _publish(source: Path, target: Path) -> Path:
    """Copy a file into the site readable by any web server's user (the wheel is
    built owner-only, and nginx or Apache would answer 403 for it)."""
    shutil.copyfile(source, target)
    target.chmod(0o644)
    return target
