"""One strict build of the site, shared by the tests, the bundle and the benchmark."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from chq_site.paths import ROOT


class BuildFailed(RuntimeError):
    """``mkdocs build --strict`` failed; the message holds its output."""


def strict_build(out: Path, root: Path = ROOT) -> None:
    """``mkdocs build --strict`` of the project at ``root`` into ``out``."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
    )
    if result.returncode != 0:
        raise BuildFailed(f"mkdocs build --strict failed:\n{result.stdout}\n{result.stderr}")
