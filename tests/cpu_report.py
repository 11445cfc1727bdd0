"""What each test costs in CPU, browsers included: opt-in, for finding where a run's
time goes (the suite is bound by CPU on a 2-core machine, not by its waits).

With ``CHQ_CPU_REPORT=PATH`` set, every test process appends one JSON line per test
to ``PATH.<worker>``: its file, id, wall seconds, and the CPU seconds used from the
start of its setup to the start of its teardown by the test process, its reaped
children, and every live descendant (Chromium's and WebKit's processes, Playwright's
driver, a command line), each process counted from its own start when it began
during the test. (A descendant that ended within the test and was reaped by another
process is missed: little, as the browsers close in teardown.)

    python -m tests.cpu_report PATH     # CPU seconds per test file, most first
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections import Counter
from pathlib import Path

from tools.cpu_time import TICKS, descendants, process_cpu

ENV = "CHQ_CPU_REPORT"


def reading() -> tuple[float, dict[tuple[int, str], float]]:
    """This process's CPU with its reaped children's, and each live descendant's."""
    own = os.times()
    live: dict[tuple[int, str], float] = {}
    for pid in descendants(os.getpid()):
        try:
            _, cpu, started = process_cpu(pid)
        except (OSError, ValueError, IndexError):
            continue  # ended meanwhile
        live[(pid, started)] = cpu
    return own.user + own.system + own.children_user + own.children_system, live


def used(before: tuple[float, dict[tuple[int, str], float]],
         after: tuple[float, dict[tuple[int, str], float]]) -> float:
    """CPU seconds between two readings: a descendant new since the first counts whole."""
    return after[0] - before[0] + sum(cpu - before[1].get(key, 0.0) for key, cpu in after[1].items())


class Recorder:
    """The pytest hooks' state: one test's first reading, and the file written to."""

    def __init__(self, path: str) -> None:
        self.out = Path(f"{path}.{os.environ.get('PYTEST_XDIST_WORKER', 'main')}")
        self.started: dict[str, tuple[float, tuple[float, dict[tuple[int, str], float]]]] = {}

    def start(self, nodeid: str) -> None:
        self.started[nodeid] = (time.monotonic(), reading())

    def stop(self, nodeid: str) -> None:
        if nodeid not in self.started:
            return
        wall, first = self.started.pop(nodeid)
        line = {"file": nodeid.split("::")[0], "test": nodeid, "wall": round(time.monotonic() - wall, 2),
                "cpu": round(used(first, reading()), 2)}
        with self.out.open("a", encoding="utf-8") as handle:
            handle.write(json.dumps(line) + "\n")


def per_file(path: str) -> Counter[str]:
    """CPU seconds per test file, from every worker's lines."""
    totals: Counter[str] = Counter()
    for part in Path(path).parent.glob(Path(path).name + ".*"):
        for line in part.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            totals[record["file"]] += record["cpu"]
    return totals


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m tests.cpu_report PATH  (the CHQ_CPU_REPORT of a run)", file=sys.stderr)
        return 2
    totals = per_file(argv[0])
    print(f"{sum(totals.values()):.0f} CPU-s in {len(totals)} files (clock ticks of {1 / TICKS:.2f} s)")
    for name, cpu in totals.most_common():
        print(f"{cpu:8.1f}  {name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
