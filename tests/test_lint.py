"""The packages' own checks: ruff and mypy (settings in pyproject.toml), on the
calculators, the site build (build/chq_site) and the tools."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("tool", [
    ["ruff", "check", "calculators"], ["mypy", "calculators"],
    ["ruff", "check", "build/chq_site", "tools"], ["mypy", "build/chq_site"],
])
def test_package_is_clean(tool: list[str]) -> None:
    if shutil.which(tool[0]) is None and not (Path(sys.executable).parent / tool[0]).exists():
        pytest.fail(f"{tool[0]} is missing: pip install -e '.[dev]' (make setup does)")
    exe = Path(sys.executable).parent / tool[0]
    cmd = [str(exe) if exe.exists() else tool[0], *tool[1:]]
    run = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
