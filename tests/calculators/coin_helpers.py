"""The made-up ``coin`` mechanic the tests of a new calculator add, and how they add
it: a copy of the package (``with_coin``) or of the whole project (``project_with_coin``)
with the one new file, and Python run on the copy (``run``).
"""

from __future__ import annotations

import itertools
import os
import shutil
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

COIN = '''"""Flipping coins: a made-up mechanic, the one file added to the package."""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Any

from .inputs import _count
from .mechanic import Chart, Figure, Headline, Mechanic
from .probability import prob

HEADS_IN = 2  # a coin is heads 1 time in 2


def coin(**p: Any) -> dict[str, Any]:
    n, k = p["n"], p["k"]
    ways = [comb(n, heads) for heads in range(n + 1)]
    total = HEADS_IN**n
    return {
        "mechanic": "coin",
        "p_at_least": prob(Fraction(sum(ways[k:]), total)),
        "distribution": [{"heads": h, "p": prob(Fraction(w, total))} for h, w in enumerate(ways)],
        "expected_heads": prob(Fraction(n, HEADS_IN), bounded=False),
        "explain": [f"{n} coins, each heads 1 time in {HEADS_IN}: {k} heads or more"],
    }


MECHANIC = Mechanic(
    name="coin",
    order=90,
    title="Flipping coins",
    compute=coin,
    params=(
        _count("n", "Coins flipped", 1, 20, None, help="how many coins"),
        _count("k", "Heads wanted", 0, 20, 1),
    ),
    outputs={
        "p_at_least": "chance of k heads or more",
        "distribution": "how many heads: entries of heads, p",
        "expected_heads": "heads, on average",
    },
    headline=Headline("p_at_least", "Chance of {k} heads or more"),
    figures=(Figure("expected_heads", "Heads, on average", "num"),),
    charts=(Chart("distribution", "How many heads come up", label="{heads} heads", value="p",
                  cumulative=True, view="at-least", mark={"entry": "heads", "atLeastInput": "k"}),),
    readings=("Each coin is heads or tails, as likely either way, whatever the others show.",),
)
'''


def with_coin(folder: Path, *extra: tuple[str, str]) -> Path:
    """A copy of the package in ``folder`` with coin.py added (and any ``extra`` files)."""
    package = folder / "calculators"
    shutil.copytree(ROOT / "calculators", package, ignore=shutil.ignore_patterns("__pycache__"))
    for name, text in (("coin.py", COIN), *extra):
        (package / name).write_text(text, encoding="utf-8")
    return package


def run(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Python on the copy: ``folder`` first on sys.path (and the current folder)."""
    return subprocess.run([sys.executable, *args], cwd=folder, env=copy_env(folder), capture_output=True,
                          text=True, encoding="utf-8", timeout=120)


def brute_force(n: int, k: int) -> Fraction:
    """Every sequence of n coins counted: the share with k heads or more."""
    flips = list(itertools.product((0, 1), repeat=n))
    return Fraction(sum(sum(f) >= k for f in flips), len(flips))


def project_with_coin(folder: Path, *extra: tuple[str, str]) -> Path:
    """A copy of the project in ``folder`` (every file git tracks or would track;
    ``node_modules`` linked), ``calculators/coin.py`` added, and any ``extra`` files
    (a path in the project, its text). Its ``build/`` is its own, so the site build
    run on it (``PYTHONPATH``: its ``build/`` and the copy) reads its calculators."""
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
                            cwd=ROOT, capture_output=True, check=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file():
            target = folder / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    (folder / "node_modules").symlink_to(ROOT / "node_modules", target_is_directory=True)
    if (ROOT / "build" / ".cache").is_dir():  # reused by content: what coin.py changes is made anew
        shutil.copytree(ROOT / "build" / ".cache", folder / "build" / ".cache",
                        ignore=shutil.ignore_patterns("*.part", "*.lock"))
    for name, text in (("calculators/coin.py", COIN), *extra):
        target = folder / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    return folder


def copy_env(folder: Path) -> dict[str, str]:
    """The environment that runs Python on a copy: its packages first on sys.path."""
    first = [str(folder / "build"), str(folder)] if (folder / "build").is_dir() else [str(folder)]
    return {**os.environ, "PYTHONPATH": os.pathsep.join([*first, os.environ.get("PYTHONPATH", "")])}
