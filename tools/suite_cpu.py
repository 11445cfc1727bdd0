"""Where a test run's CPU goes: runs a command (by default ``make test``, the whole
suite) and prints the CPU seconds its processes used, by kind (Chromium's
renderers, its browser process, WebKit's web process, the Python test workers...),
against the CPU the machine had over the run's wall time.

On a 2-core machine ``make test`` keeps both cores busy: its time is the CPU its
processes need, divided by two. This says which of them needs it.

    .venv/bin/python -m tools.suite_cpu                 # the whole suite
    .venv/bin/python -m tools.suite_cpu -- .venv/bin/python -m pytest tests/site

Every process under the command is read from /proc every half second; a process
that starts and ends between two readings is missed (short ones only: the figures
are a lower bound, and the total says how much of the machine they account for).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

from tools.cpu_time import descendants, process_cpu

ROOT = Path(__file__).resolve().parent.parent
SUITE = ["make", "test"]  # the README's command, with its workers and options (Makefile)
CHROMIUM_TYPES = ("renderer", "gpu-process", "utility", "zygote")


def kind(pid: int, name: str) -> str:
    """What a process is, for the table: its name, and for Chromium its --type."""
    try:
        argv = Path("/proc", str(pid), "cmdline").read_bytes().split(b"\0")
    except OSError:
        return name
    line = b" ".join(argv)  # (Chromium's children rewrite theirs as one string)
    if name.startswith(("chrom", "headless_shell")) or b"chrom" in argv[0]:
        found = next((t for t in CHROMIUM_TYPES if f"--type={t}".encode() in line), "browser")
        return f"chromium {found}"
    if name.startswith("python"):
        words = b" ".join(argv[1:4]).decode(errors="replace")
        # pytest-xdist's workers are started by execnet as `python -u -c <bootstrap>`
        return "python test worker" if b"-c" in argv[1:3] else f"python {words[:40]}"
    return name


def sample(command: list[str], every: float = 0.5) -> tuple[dict[str, float], float, int]:
    """Run ``command`` and add up its processes' CPU by kind; the wall time and exit code."""
    used: defaultdict[str, float] = defaultdict(float)
    last: dict[int, tuple[str, float, str]] = {}  # pid -> (kind, CPU seen, start time)
    start = time.monotonic()
    child = subprocess.Popen(command, cwd=ROOT)
    while True:
        done = child.poll() is not None
        for pid in [child.pid, *descendants(child.pid)]:
            try:
                name, seconds, started = process_cpu(pid)
            except (OSError, ValueError, IndexError):
                continue  # ended meanwhile
            seen = last.get(pid)
            if seen is None or seen[2] != started:
                seen = (kind(pid, name), 0.0, started)
            used[seen[0]] += seconds - seen[1]
            last[pid] = (seen[0], seconds, started)
        if done:
            return dict(used), time.monotonic() - start, child.returncode
        time.sleep(every)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", nargs="*", help="the command to run (default: the whole suite)")
    args = parser.parse_args()
    used, wall, code = sample(args.command or SUITE)
    cores = os.cpu_count() or 1
    total = sum(used.values())
    print(f"\nwall {wall:.0f} s on {cores} cores ({wall * cores:.0f} CPU-s to use); "
          f"its processes used {total:.0f} CPU-s ({total / (wall * cores):.0%}); exit code {code}")
    for name, seconds in sorted(used.items(), key=lambda item: -item[1]):
        if seconds >= 0.5:
            print(f"{seconds:8.1f} CPU-s {seconds / total:6.1%}  {name}")
    return code


if __name__ == "__main__":
    sys.exit(main())
