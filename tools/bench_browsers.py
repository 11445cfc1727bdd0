"""Engine-ready time in WebKit (WebKitGTK) and in Chromium, side by side, in one run.

    python -m tools.bench_browsers                       # builds the site into a temp folder
    python -m tools.bench_browsers --site DIR --runs 7
    python -m tools.bench_browsers --permalink "calculators/spotting/#distance=30"
    python -m tools.bench_browsers --site before=DIR --site after=DIR   # two builds, one run

For one calculator permalink, each run opens it in a fresh browser profile (a new
WebKitGTK session through WebDriver under a private Xvfb; a new Chromium context
through Playwright) and reads, from inside the page, the milliseconds from navigation
start (``performance.now()``) to the widget's first answer (``data-state="ready"``:
for a permalink the page carries, the build's answer) and to its engine ready
(``data-engine="ready"``). Runs are interleaved (W C, C W, W C, ...) so that a busy
machine slows both browsers alike; with two or more sites, every run visits each in
each browser, in an order that changes from run to run. Both load the same files from the same server:
the WebKit lane's (tests/webkit/driver.py), whose probe notes the times, with the
service worker API hidden (a cold visit each time).

Then, step by step, where each browser's time goes: the steps the engine worker
reports with its "ready" (engine-worker/state.js ``mark``), as seconds from navigation start,
median and range per browser and the WebKit / Chromium ratio of the medians, and the
spans between them that are one piece of work each (the runtime's compile, the
snapshot's inflating, the restore, the first ``compute()``).

Prints figures; asserts nothing; not a test. Needs the browsers of ``make browser``.
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import tempfile
from pathlib import Path
from typing import Any

from chq_site.runner import strict_build

from tests.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.webkit.driver import ENGINE_TIMEOUT_S, start_webkit, start_xvfb, wait_js
from tests.webkit.probe import ProbeServer
from tools.cpu_time import descendants_cpu, software_gl, spent

PERMALINK = "calculators/close-assault/#att_dice=7&def_dice=3"
VIEWPORT = (820, 1180)
TIMES = (
    "return window.__chqTimes && window.__chqTimes.engine !== null && window.__chqTimes.answer !== null"
    " && {answer: window.__chqTimes.answer, engine: window.__chqTimes.engine,"
    " boot: (document.querySelector('[data-calculator]').dataset.engineBoot || ''),"
    " worker: (window.__chqEngine && window.__chqEngine.timings.worker) || {},"
    " origin: performance.timeOrigin}"
)

# The worker's steps (engine-worker.js), in the order they happen on a snapshot boot.
STEPS = (
    ("started", "worker started"),
    ("imported", "pyodide.mjs imported"),
    ("runtimeRequested", "Pyodide asks for the runtime"),
    ("compileCalled", "pyodide.asm.mjs run, instantiate called"),
    ("runtimeFetched", "runtime downloaded"),
    ("compiled", "runtime compiled"),
    ("runtimeInstantiated", "runtime instantiated"),
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
    ("Pyodide asks for the runtime -> instantiate called", ("runtimeRequested",), "compileCalled"),
    ("runtime: downloaded -> compiled", ("runtimeFetched",), "compiled"),
    ("runtime: compiled -> instantiated", ("compiled", "compileCalled"), "runtimeInstantiated"),
    ("runtime in -> preRun (fsInit)", ("compiled",), "instantiated"),
    ("snapshot: inflate", ("snapshotFetched",), "inflated"),
    ("restore (all inputs in -> loadPyodide)", ("instantiated", "inflated", "stdlibFetched"), "loadPyodide"),
    ("import calculators + first compute()", ("loadPyodide",), "total"),
    ("worker ready -> page ready", ("total",), "engine"),
)


# The browsers a run visits with: WebKitGTK as MiniBrowser starts under Xvfb
# (compositing with Mesa's software OpenGL, llvmpipe), WebKitGTK with that compositing
# off (WEBKIT_DISABLE_COMPOSITING_MODE: as Chromium here, which is headless with
# --disable-gpu; a tablet composites on its GPU), and Chromium.
LANES = {
    "gl": ("WebKit", {}),
    "nogl": ("WebKit-noGL", {"WEBKIT_DISABLE_COMPOSITING_MODE": "1"}),
}


def webkit_run(display: str, address: str, env: dict[str, str]) -> dict[str, Any]:
    """One cold visit in a new WebKitGTK session (and the CPU its processes used)."""
    before = descendants_cpu()
    driver = start_webkit(display, *VIEWPORT, env=env)
    try:
        driver.get(address)
        times: dict[str, Any] = wait_js(driver, TIMES, timeout=ENGINE_TIMEOUT_S, what="engine ready")
        times["cpu"] = spent(before, descendants_cpu())
        times["version"] = driver.capabilities.get("browserVersion", "")
        return times
    finally:
        driver.quit()


def chromium_run(browser: Any, address: str) -> dict[str, Any]:
    """One cold visit in a new Chromium context (and the CPU its processes used)."""
    before = descendants_cpu()
    context = browser.new_context(viewport={"width": VIEWPORT[0], "height": VIEWPORT[1]})
    try:
        page = context.new_page()
        page.goto(address)
        handle = page.wait_for_function(f"() => {{ {TIMES} }}", timeout=ENGINE_TIMEOUT_S * 1000)
        times: dict[str, Any] = handle.json_value()
        times["cpu"] = spent(before, descendants_cpu())
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


def ratio(w: list[float], c: list[float]) -> str:
    if not (w and c and statistics.median(c)):
        return f"{'':>6}"
    return f"{statistics.median(w) / statistics.median(c):5.2f}x"


def step_table(results: dict[str, list[dict[str, Any]]]) -> str:
    """Each step's seconds from navigation start and each span's seconds, per lane:
    median (min-max), and each WebKit lane's ratio of the medians to Chromium's."""
    lanes = list(results)
    others = [lane for lane in lanes if lane != "Chromium"]
    marks = {lane: [steps(r) for r in runs] for lane, runs in results.items()}
    head = (
        " ".join(f"{lane:>18}" for lane in lanes)
        + "  "
        + " ".join(f"{lane[:9] + '/C':>11}" for lane in others)
    )

    def row(label: str, cols: dict[str, list[float]]) -> str:
        return (
            f"{label:<48} "
            + " ".join(spread(cols[lane]) for lane in lanes)
            + "  "
            + " ".join(f"{ratio(cols[lane], cols['Chromium']):>11}" for lane in others)
        )

    lines = [f"{'step (s from navigation start)':<48} {head}"]
    for key, label in STEPS:
        lines.append(row(label, {lane: [m[key] for m in marks[lane] if key in m] for lane in lanes}))
    lines.append(f"{'span (s)':<48} {head}")
    for label, after, until in SPANS:
        cols = {
            lane: [
                m[until] - max(m[a] for a in after)
                for m in marks[lane]
                if until in m and all(a in m for a in after)
            ]
            for lane in lanes
        }
        lines.append(row(label, cols))
    lines.append(f"{'CPU (s of the browser processes, per visit)':<48} {head}")
    cpu = {lane: [sum(r["cpu"].values()) for r in runs] for lane, runs in results.items()}
    gl = {lane: [software_gl(r["cpu"]) for r in runs] for lane, runs in results.items()}
    lines.append(row("all threads", cpu))
    lines.append(row("of which drawing (software GL, Xvfb)", gl))
    lines.append(
        row(
            "all but drawing",
            {lane: [a - b for a, b in zip(cpu[lane], gl[lane], strict=True)] for lane in lanes},
        )
    )
    return "\n".join(lines)


def top_threads(runs: list[dict[str, Any]], count: int = 8) -> str:
    """The threads that used the most CPU in a lane's visits (median seconds)."""
    names = {name for r in runs for name in r["cpu"]}
    medians = {name: statistics.median(r["cpu"].get(name, 0.0) for r in runs) for name in names}
    top = sorted(medians.items(), key=lambda item: -item[1])[:count]
    return ", ".join(f"{name} {seconds:.2f}" for name, seconds in top)


def summary(name: str, runs: list[dict[str, Any]]) -> str:
    engine = [r["engine"] / 1000 for r in runs]
    answer = [r["answer"] / 1000 for r in runs]
    return (
        f"{name:<11} engine ready: median {statistics.median(engine):5.2f} s "
        f"(min {min(engine):.2f}, max {max(engine):.2f}); first answer: median "
        f"{statistics.median(answer):5.2f} s; boot {sorted({r['boot'] or '?' for r in runs})}"
    )


def ratios(results: dict[str, list[dict[str, Any]]], lane: str) -> str:
    """``lane`` / Chromium engine ready: of the medians, and the median of each run's
    own ratio (its visits ran back to back: the steadier figure on a busy machine)."""
    w = [r["engine"] for r in results[lane]]
    c = [r["engine"] for r in results["Chromium"]]
    per_run = [a / b for a, b in zip(w, c, strict=True)]
    return (
        f"{lane} / Chromium, engine ready: {statistics.median(w) / statistics.median(c):.2f}x of the medians, "
        f"{statistics.median(per_run):.2f}x median of the runs' own ({min(per_run):.2f}-{max(per_run):.2f})"
    )


def site_arg(text: str) -> tuple[str, Path]:
    """``LABEL=DIR`` or ``DIR`` (labelled by its folder's name)."""
    label, _, folder = text.rpartition("=")
    path = Path(folder)
    return (label or path.name), path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--site",
        type=site_arg,
        action="append",
        metavar="[LABEL=]DIR",
        help="a built site (default: build one into a temp folder); give two or more "
        "(e.g. before=DIR after=DIR) to compare them in the same interleaved run",
    )
    parser.add_argument("--runs", type=int, default=5, help="runs per browser and site (default 5)")
    parser.add_argument("--permalink", default=PERMALINK, help=f"page and fragment (default {PERMALINK})")
    parser.add_argument(
        "--webkit",
        choices=["gl", "nogl", "both"],
        default="both",
        help="WebKit compositing with software OpenGL as MiniBrowser does (gl), without "
        "(nogl), or each in turn (both, the default)",
    )
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    webkits = ["gl", "nogl"] if args.webkit == "both" else [args.webkit]
    lanes = [LANES[w][0] for w in webkits] + ["Chromium"]
    env = {LANES[w][0]: LANES[w][1] for w in webkits}
    with tempfile.TemporaryDirectory() as temp, contextlib.ExitStack() as stack:
        sites = args.site
        if not sites:
            sites = [("site", Path(temp) / "site")]
            print("building the site...", flush=True)
            strict_build(sites[0][1])
        results: dict[str, dict[str, list[dict[str, Any]]]] = {
            label: {lane: [] for lane in lanes} for label, _ in sites
        }
        display = stack.enter_context(start_xvfb())
        servers = {label: stack.enter_context(ProbeServer(folder)) for label, folder in sites}
        p = stack.enter_context(sync_playwright())
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        visits = [(label, lane) for label, _ in sites for lane in lanes]
        print(
            f"{args.runs} interleaved cold visits each to {args.permalink} ({VIEWPORT[0]}x{VIEWPORT[1]}), "
            f"sites: {', '.join(f'{label}={folder}' for label, folder in sites)}; load {load()}"
        )
        for run in range(args.runs):
            # Each run in another order (rotated, and reversed every other run): no
            # browser or site always goes first, on a machine whose load drifts.
            order = visits[run % len(visits) :] + visits[: run % len(visits)]
            for label, lane in order if run % 2 == 0 else order[::-1]:
                address = servers[label].origin + "/" + args.permalink
                if lane == "Chromium":
                    times = chromium_run(chromium, address)
                else:
                    times = webkit_run(display, address, env[lane])
                results[label][lane].append(times)
                print(
                    f"  run {run + 1} {label:<8} {lane:<11} {times['version']:<16} first answer "
                    f"{times['answer'] / 1000:6.2f} s, engine ready {times['engine'] / 1000:6.2f} s, "
                    f"CPU {sum(times['cpu'].values()):5.2f} s (boot: {times['boot'] or '?'})",
                    flush=True,
                )
        chromium.close()
        print(f"load at the end: {load()}")
        for label, _ in sites:
            print(f"\n== {label}")
            for lane in lanes:
                print(summary(lane, results[label][lane]))
            for lane in lanes[:-1]:
                print(ratios(results[label], lane))
            print()
            print(step_table(results[label]))
            print()
            for lane in lanes:
                print(f"{lane:<11} CPU by thread: {top_threads(results[label][lane])}")
        if len(sites) > 1:
            print()
            for label, _ in sites:
                for lane in lanes[:-1]:
                    print(f"{label:<8} {ratios(results[label], lane)}")


def load() -> str:
    """The machine's load averages (1, 5, 15 minutes)."""
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


if __name__ == "__main__":
    main()
