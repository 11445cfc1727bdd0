"""Put the calculation engine into the built site: the Pyodide core and our wheel.

Neither is committed. The Pyodide core comes from the pinned npm package
(``node_modules/pyodide``, installed by ``npm ci``); the wheel is built from
``calculators/`` with ``python -m build --wheel`` and cached by a hash of its
sources, so ``mkdocs serve`` rebuilds it only when the package changes.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
CACHE = ROOT / "build" / ".cache"
ENGINE_DIR = "assets/engine"

# The files loadPyodide() fetches for a stdlib-only package; nothing else ships.
PYODIDE_CORE = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)


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


def pyodide_version() -> str:
    """The pinned Pyodide version, read from the installed npm package."""
    package = PYODIDE_DIR / "package.json"
    if not package.exists():
        raise EngineMissing("node_modules/pyodide is missing: run `npm ci` (or `make setup`)")
    return str(json.loads(package.read_text())["version"])


def engine_info() -> dict[str, str]:
    """What the pages need to know to start the engine (paths relative to the site root)."""
    wheel = build_wheel()
    return {
        "pyodide_version": pyodide_version(),
        "index": f"{ENGINE_DIR}/pyodide/",
        "wheel": f"{ENGINE_DIR}/{source_hash()}/{wheel.name}",
    }


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
    return written


def _publish(source: Path, target: Path) -> Path:
    """Copy a file into the site readable by any web server's user (the wheel is
    built owner-only, and nginx or Apache would answer 403 for it)."""
    shutil.copyfile(source, target)
    target.chmod(0o644)
    return target
