"""Engine-ready time in WebKit (WebKitGTK) and in Chromium, side by side, in one run.

    python -m tools.bench_browsers                       # builds the site into a temp folder
    python -m tools.bench_browsers --site DIR --runs 7
    python -m tools.bench_browsers --permalink "calculators/spotting/#distance=30"

For one calculator permalink, each run opens it in a fresh browser profile (a new
WebKitGTK session through WebDriver under a private Xvfb; a new Chromium context
through Playwright) and reads, from inside the page, the milliseconds from navigation
start (``performance.now()``) to the widget's first answer (``data-state="ready"``:
for a permalink the page carries, the build's answer) and to its engine ready
(``data-engine="ready"``). Runs are interleaved (W C, C W, W C, ...) so that a busy
machine slows both browsers alike. Both load the same files from the same server:
the WebKit lane's (tests/webkit/driver.py), whose probe notes the times, with the
service worker API hidden (a cold visit each time).

Then, step by step, where each browser's time goes: the steps the engine worker
reports with its "ready" (engine-worker.js ``mark``), as seconds from navigation start,
median and range per browser and the WebKit / Chromium ratio of the medians, and the
spans between them that are one piece of work each (the runtime's compile, the
snapshot's inflating, the restore, the first ``compute()``).

Prints figures; asserts nothing; not a test. Needs the browsers of ``make browser``.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from pathlib import Path
from typing import Any

from chq_site.runner import strict_build

from tests.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.webkit.driver import (
    ENGINE_TIMEOUT_S,
    ProbeServer,
    start_webkit,
    start_xvfb,
    wait_js,
)

PERMALINK = "calculators/close-assault/#att_dice=7&def_dice=3"
VIEWPORT = (820, 1180)
TIMES = ("return window.__chqTimes && window.__chqTimes.engine !== null && window.__chqTimes.answer !== null"
         " && {answer: window.__chqTimes.answer, engine: window.__chqTimes.engine,"
         " boot: (document.querySelector('[data-calculator]').dataset.engineBoot || ''),"
         " worker: (window.__chqEngine && window.__chqEngine.timings.worker) || {},"
         " origin: performance.timeOrigin}")

# The worker's steps (engine-worker.js), in the order they happen on a snapshot boot.
STEPS = (
    ("started", "worker started"),
    ("imported", "pyodide.mjs imported"),
    ("runtimeRequested", "runtime requested"),
    ("compileCalled", "pyodide.asm.mjs run, compile called"),
    ("runtimeFetched", "runtime downloaded"),
    ("compiled", "runtime compiled + instantiated"),
    ("instantiated", "Emscripten preRun (fsInit)"),
    ("snapshotFetched", "snapshot downloaded + checked"),
    ("inflated", "snapshot inflated"),
    ("stdlibFetched", "stdlib zip downloaded + checked"),
    ("loadPyodide", "snapshot restored (loadPyodide)"),
    ("pyimport", "calculators imported"),
    ("total", "first compute() answered"),
    ("engine", "page: data-engine=ready"),
)
# One piece of work each: (label, from these steps' latest, to this step).
SPANS = (
    ("import pyodide.mjs", ("started",), "imported"),
    ("runtime: request -> compile called", ("runtimeRequested",), "compileCalled"),
    ("runtime: compile called -> compiled", ("compileCalled",), "compiled"),
    ("snapshot: inflate", ("snapshotFetched",), "inflated"),
    ("restore (all inputs in -> loadPyodide)", ("instantiated", "inflated", "stdlibFetched"), "loadPyodide"),
    ("import calculators + first compute()", ("loadPyodide",), "total"),
    ("worker ready -> page ready", ("total",), "engine"),
)


def webkit_run(display: str, address: str) -> dict[str, Any]:
    """One cold visit in a new WebKitGTK session."""
    driver = start_webkit(display, *VIEWPORT)
    try:
        driver.get(address)
        times: dict[str, Any] = wait_js(driver, TIMES, timeout=ENGINE_TIMEOUT_S, what="engine ready")
        times["version"] = driver.capabilities.get("browserVersion", "")
        return times
    finally:
        driver.quit()


def chromium_run(browser: Any, address: str) -> dict[str, Any]:
    """One cold visit in a new Chromium context."""
    context = browser.new_context(viewport={"width": VIEWPORT[0], "height": VIEWPORT[1]})
    try:
        page = context.new_page()
        page.goto(address)
        handle = page.wait_for_function(f"() => {{ {TIMES} }}", timeout=ENGINE_TIMEOUT_S * 1000)
        times: dict[str, Any] = handle.json_value()
        times["version"] = browser.version
        return times
    finally:
        context.close()


def steps(run: dict[str, Any]) -> dict[str, float]:
    """Seconds from navigation start to each step of ``run`` it reported."""
    worker = run.get("worker") or {}
    out = {"engine": run["engine"] / 1000}
    if not worker.get("startedAt"):
        return out
    start = worker["startedAt"] - run["origin"]
    out["started"] = start / 1000
    for key, _ in STEPS:
        value = worker.get(key)
        if isinstance(value, (int, float)) and key != "startedAt":
            out[key] = (start + value) / 1000
    return out


def spread(values: list[float]) -> str:
    if not values:
        return f"{'-':>18}"
    return f"{statistics.median(values):6.2f} ({min(values):4.2f}-{max(values):4.2f})"


def step_table(results: dict[str, list[dict[str, Any]]]) -> str:
    """Each step's seconds from navigation start and each span's seconds, per browser:
    median (min-max), and the ratio of the medians."""
    marks = {name: [steps(r) for r in runs] for name, runs in results.items()}

    def ratio(w: list[float], c: list[float]) -> str:
        return f"{statistics.median(w) / statistics.median(c):5.2f}x" if w and c and statistics.median(c) else ""

    lines = [f"{'step (s from navigation start)':<40} {'WebKit':>18} {'Chromium':>18}  W/C"]
    for key, label in STEPS:
        w = [m[key] for m in marks["WebKit"] if key in m]
        c = [m[key] for m in marks["Chromium"] if key in m]
        lines.append(f"{label:<40} {spread(w)} {spread(c)}  {ratio(w, c)}")
    lines.append(f"{'span (s)':<40} {'WebKit':>18} {'Chromium':>18}  W/C")
    for label, after, until in SPANS:
        cols = []
        for name in ("WebKit", "Chromium"):
            cols.append([m[until] - max(m[a] for a in after) for m in marks[name]
                         if until in m and all(a in m for a in after)])
        lines.append(f"{label:<40} {spread(cols[0])} {spread(cols[1])}  {ratio(cols[0], cols[1])}")
    return "\n".join(lines)


def summary(name: str, runs: list[dict[str, Any]]) -> str:
    engine = [r["engine"] / 1000 for r in runs]
    answer = [r["answer"] / 1000 for r in runs]
    return (f"{name:<9} engine ready: median {statistics.median(engine):5.2f} s "
            f"(min {min(engine):.2f}, max {max(engine):.2f}); first answer: median "
            f"{statistics.median(answer):5.2f} s; boot {sorted({r['boot'] or '?' for r in runs})}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one into a temp folder)")
    parser.add_argument("--runs", type=int, default=5, help="runs per browser (default 5)")
    parser.add_argument("--permalink", default=PERMALINK, help=f"page and fragment (default {PERMALINK})")
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as temp:
        site = args.site
        if site is None:
            site = Path(temp) / "site"
            print("building the site...", flush=True)
            strict_build(site)
        results: dict[str, list[dict[str, Any]]] = {"WebKit": [], "Chromium": []}
        with start_xvfb() as display, ProbeServer(site) as server, sync_playwright() as p:
            address = server.origin + "/" + args.permalink
            chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            print(f"{args.runs} interleaved cold visits each to {args.permalink} ({VIEWPORT[0]}x{VIEWPORT[1]})")
            for run in range(args.runs):
                order = ("WebKit", "Chromium") if run % 2 == 0 else ("Chromium", "WebKit")
                for name in order:
                    times = webkit_run(display, address) if name == "WebKit" else chromium_run(chromium, address)
                    results[name].append(times)
                    print(f"  run {run + 1} {name:<9} {times['version']:<16} first answer "
                          f"{times['answer'] / 1000:6.2f} s, engine ready {times['engine'] / 1000:6.2f} s "
                          f"(boot: {times['boot'] or '?'})", flush=True)
            chromium.close()
        print(summary("WebKit", results["WebKit"]))
        print(summary("Chromium", results["Chromium"]))
        ratio = statistics.median(r["engine"] for r in results["WebKit"]) / statistics.median(
            r["engine"] for r in results["Chromium"])
        print(f"WebKit / Chromium, median engine ready: {ratio:.2f}x")
        print()
        print(step_table(results))


if __name__ == "__main__":
    main()
