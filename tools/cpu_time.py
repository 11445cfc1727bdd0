"""CPU seconds used by this process's descendants (the browsers a benchmark starts),
by thread name, read from Linux's /proc.

On a busy 2-core machine a browser's wall-clock times swing with everyone else's
work; the CPU it used for one visit does not, and it says where the work went (which
threads). Used by tools/bench_browsers.py.

    >>> before = descendants_cpu()
    >>> all(seconds > 0 for seconds in spent(before, descendants_cpu()).values())
    True
"""

from __future__ import annotations

import os
from collections import defaultdict
from pathlib import Path

TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
# Not a browser's: the benchmark itself and Playwright's driver.
NOT_BROWSER = ("python", "node")
# Threads and processes that only draw: WebKitGTK under Xvfb composites with Mesa's
# software OpenGL (llvmpipe), which a tablet does on its GPU.
SOFTWARE_GL = ("llvmpipe", "SkiaGPUWorker", "Xvfb", "eadedCompositor", "CompositingRunL")


def _stat(path: Path) -> tuple[str, list[str]]:
    """A /proc stat file's name (comm) and the fields after it."""
    text = path.read_text()
    return text[text.index("(") + 1 : text.rindex(")")], text[text.rindex(")") + 2 :].split()


def descendants(root: int) -> list[int]:
    """``root``'s descendant processes (not ``root`` itself)."""
    children: defaultdict[int, list[int]] = defaultdict(list)
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                children[int(_stat(Path("/proc", entry, "stat"))[1][1])].append(int(entry))
            except (OSError, ValueError, IndexError):
                continue
    found, todo = [], list(children[root])
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(children[pid])
    return found


def descendants_cpu(root: int | None = None) -> dict[str, float]:
    """CPU seconds (user + system) so far of every thread of ``root``'s (this
    process's) descendants but the benchmark's own, summed by "process/thread" name."""
    total: defaultdict[str, float] = defaultdict(float)
    for pid in descendants(os.getpid() if root is None else root):
        try:
            process = _stat(Path("/proc", str(pid), "stat"))[0]
            if process.startswith(NOT_BROWSER):
                continue
            for tid in os.listdir(f"/proc/{pid}/task"):
                name, fields = _stat(Path("/proc", str(pid), "task", tid, "stat"))
                total[f"{process}/{name}"] += (int(fields[11]) + int(fields[12])) / TICKS
        except (OSError, ValueError, IndexError):
            continue  # a thread or process that ended meanwhile
    return dict(total)


def process_cpu(pid: int) -> tuple[str, float, str]:
    """One process's name, CPU seconds so far (user + system, its own threads), and
    start time (to tell a reused pid from the process it had before)."""
    name, fields = _stat(Path("/proc", str(pid), "stat"))
    return name, (int(fields[11]) + int(fields[12])) / TICKS, fields[19]


def spent(before: dict[str, float], after: dict[str, float]) -> dict[str, float]:
    """CPU seconds used between two readings, by name (only names that used some)."""
    return {
        name: after[name] - before.get(name, 0.0) for name in after if after[name] - before.get(name, 0.0) > 0
    }


def software_gl(used: dict[str, float]) -> float:
    """The part of ``used`` that went to drawing with software OpenGL."""
    return sum(seconds for name, seconds in used.items() if any(mark in name for mark in SOFTWARE_GL))
