"""The order in which a run's test files start, so that pytest-xdist's last file is a
short one and the site's build overlaps tests that need none.

pytest-xdist (``--dist loadfile``) hands each worker the next file of the queue when
it runs low. By default it queues files by their number of tests, most first: the
few-test, long browser stories (a tap on every Try-it link: one test, a minute) came
last, and one worker ran them alone while the others idled (a run's last 90 s at
50 % idle CPU on 2 cores). With ``--no-loadscope-reorder`` the queue is the
collection's order, which :func:`ordered` sets:

1. the longest file that needs the built site (its worker builds the site, shared by
   the run: tests/site_build.py);
2. the files that need no built site, longest first (the other workers run them
   meanwhile);
3. every other file, longest first; a file not yet measured before the measured ones.

The seconds are a run's own per-file sums (``tests/file_seconds.json``), measured
with ``python -m tests.run_order JUNIT.xml`` from ``pytest --junitxml``. They steer
the order only: a file measured wrong or not at all runs all the same.
"""

from __future__ import annotations

import json
import math
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

SECONDS = Path(__file__).resolve().parent / "file_seconds.json"

T = TypeVar("T")


def ordered(items: Iterable[T], file_of: Callable[[T], str], needs_site: Callable[[T], bool],
            seconds: dict[str, float]) -> list[T]:
    """``items`` grouped by file, the files in the order above; each file's own items
    in their order.

    >>> tests = [("a", 0), ("b", 1), ("c", 1), ("d", 0), ("e", 1)]
    >>> seconds = {"a": 5, "b": 9, "c": 20, "d": 7}
    >>> [name for name, _ in ordered(tests, lambda t: t[0], lambda t: bool(t[1]), seconds)]
    ['e', 'd', 'a', 'c', 'b']
    >>> [name for name, _ in ordered(tests, lambda t: t[0], lambda t: bool(t[1]), {**seconds, "e": 1})]
    ['c', 'd', 'a', 'b', 'e']
    """
    files: dict[str, list[T]] = {}
    site: dict[str, bool] = {}
    for item in items:
        name = file_of(item)
        files.setdefault(name, []).append(item)
        site[name] = site.get(name, False) or needs_site(item)

    def longest_first(names: Iterable[str]) -> list[str]:
        return sorted(names, key=lambda name: -seconds.get(name, math.inf))

    with_site = longest_first(name for name in files if site[name])
    without = longest_first(name for name in files if not site[name])
    queue = with_site[:1] + without + with_site[1:]
    return [item for name in queue for item in files[name]]


def file_seconds(junit: Path, root: Path) -> dict[str, float]:
    """Seconds per test file (its tests' setup, call and teardown), from a JUnit XML
    report of a run from ``root``."""
    totals: Counter[str] = Counter()
    for case in ET.parse(junit).iter("testcase"):
        module = (case.get("classname") or "").split(".")
        # classname is the module's dotted path, then any class: find the file it names
        for end in range(len(module), 0, -1):
            path = root.joinpath(*module[:end]).with_suffix(".py")
            if path.is_file():
                totals[path.relative_to(root).as_posix()] += float(case.get("time") or 0)
                break
    return {name: round(total, 1) for name, total in totals.most_common()}


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m tests.run_order JUNIT.xml  (writes tests/file_seconds.json)", file=sys.stderr)
        return 2
    measured = file_seconds(Path(argv[0]), SECONDS.parent.parent)
    SECONDS.write_text(json.dumps(measured, indent=1) + "\n", encoding="utf-8")
    print(f"{len(measured)} files, {sum(measured.values()):.0f} s in all: {SECONDS}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
