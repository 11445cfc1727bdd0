"""How soon "What do I need?" answers a Close Assault permalink on a first visit:
``python -m tools.bench_questions [--site DIR] [--runs 5] [--cpu 1 --cpu 4]``.

Each visit opens ``LINK`` (a permalink with the panel open: ``sweep=`` and ``target=``)
on a built site served over HTTP, in Debian's Chromium at the tablet's size (820x1180),
a fresh profile with no service worker (a first visit), its CPU slowed by CDP's
``Emulation.setCPUThrottlingRate`` (4: a tablet's). A probe notes when (ms from the
page's start) the panel first answers from the build's tables (``data-source=build``),
when the engine is ready, and when the panel answers from the engine. Slowdowns are
interleaved run by run; each figure is printed as the median of the runs and their
spread. Prints figures, asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tests.serving import StaticServer  # noqa: E402

LINK = "calculators/close-assault/#att_dice=7&def_dice=3&sweep=att_dice&target=0.8"
# The first moment each state is seen (performance.now()), noted as it changes.
PROBE = """
(() => {
  const seen = window.__seen = {};
  const note = () => {
    const need = document.querySelector('.chq-widget[data-mode=full] [data-need]');
    const widget = document.querySelector('.chq-widget[data-mode=full]');
    const at = performance.now();
    if (need && need.dataset.state === 'ready' && need.dataset.source === 'build') seen.build ??= at;
    if (need && need.dataset.state === 'ready' && need.dataset.source === 'engine') seen.engine_answer ??= at;
    if (widget && widget.dataset.engine === 'ready') seen.engine_ready ??= at;
  };
  new MutationObserver(note).observe(document, {subtree: true, attributes: true,
    attributeFilter: ['data-state', 'data-source', 'data-engine']});
})();
"""
FIGURES = {"build": "first answer, from the build's tables", "engine_ready": "engine ready",
           "engine_answer": "answer from the engine"}


def visit(browser: Any, base: str, cpu: float) -> dict[str, float]:
    context = browser.new_context(viewport={"width": 820, "height": 1180}, service_workers="block")
    context.add_init_script(PROBE)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
    page.goto(base + LINK)
    page.wait_for_function("() => window.__seen && window.__seen.engine_answer !== undefined", timeout=600_000)
    seen = page.evaluate("window.__seen")
    context.close()
    return {key: float(seen.get(key, "nan")) for key in FIGURES}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site", help="a built site (default: site/)")
    parser.add_argument("--runs", type=int, default=5, help="interleaved runs (at least 5)")
    parser.add_argument("--cpu", type=float, action="append", help="CPU slowdown (default: 1 and 4)")
    args = parser.parse_args()
    cpus = args.cpu or [1.0, 4.0]
    figures: dict[float, dict[str, list[float]]] = {}
    with sync_playwright() as p, StaticServer(args.site) as server:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for _ in range(max(5, args.runs)):
                for cpu in cpus:
                    for key, value in visit(browser, server.origin + "/", cpu).items():
                        figures.setdefault(cpu, {}).setdefault(key, []).append(value)
        finally:
            browser.close()
    print(f"What do I need? on {LINK}, first visit, 820x1180 (ms from the page's start):")
    for cpu, by in figures.items():
        print(f"  CPU x{cpu:g} ({len(next(iter(by.values())))} runs, median and spread):")
        for key, values in by.items():
            print(f"    {FIGURES[key]}: {statistics.median(values):,.0f} ({min(values):,.0f}-{max(values):,.0f})")


if __name__ == "__main__":
    main()
