"""Engine-ready time in WebKit (WebKitGTK) and in Chromium, side by side, in one run.

    python -m tools.bench_browsers                       # builds the site into a temp folder
    python -m tools.bench_browsers --site DIR --runs 5
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
         " boot: (document.querySelector('[data-calculator]').dataset.engineBoot || '')}")


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


def summary(name: str, runs: list[dict[str, Any]]) -> str:
    engine = [r["engine"] / 1000 for r in runs]
    answer = [r["answer"] / 1000 for r in runs]
    return (f"{name:<9} engine ready: median {statistics.median(engine):5.2f} s "
            f"(min {min(engine):.2f}, max {max(engine):.2f}); first answer: median "
            f"{statistics.median(answer):5.2f} s; boot {sorted({r['boot'] or '?' for r in runs})}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one into a temp folder)")
    parser.add_argument("--runs", type=int, default=3, help="runs per browser (default 3)")
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


if __name__ == "__main__":
    main()
