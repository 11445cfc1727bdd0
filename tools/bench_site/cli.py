"""The command line: ``python -m tools.bench_site [--runs N] [--site DIR] [--browser-ui]``."""

from __future__ import annotations

import argparse
import os
import shutil
import tempfile
import time
from pathlib import Path

from tests.conftest import CHROMIUM_ARGS
from tools.bench_site.prepare import add_bare_page, build_site
from tools.bench_site.report import report
from tools.bench_site.server import Ledger, serving
from tools.bench_site.visits import Browser, one_run


def browser_args(browser_ui: bool) -> list[str]:
    """CHROMIUM_ARGS; with ``browser_ui``, without its --disable-features (Playwright's own
    list applies then, and Chromium renders its address bar's popup at every start).

    >>> any(a.startswith("--disable-features=") for a in browser_args(True))
    False
    >>> browser_args(False) == CHROMIUM_ARGS
    True
    """
    if not browser_ui:
        return list(CHROMIUM_ARGS)
    return [a for a in CHROMIUM_ARGS if not a.startswith("--disable-features=")]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Site benchmark (prints figures, asserts nothing).")
    parser.add_argument("--site", type=Path, help="an already built site (default: build one)")
    parser.add_argument("--runs", type=int, default=5, help="interleaved runs (default 5; use 5 or more)")
    parser.add_argument(
        "--browser-ui",
        action="store_true",
        help="let Chromium render its own (unshown) address-bar popup at every start, as it does "
        "without tests/conftest.py's --disable-features: for comparison with earlier figures",
    )
    args = parser.parse_args(argv)
    runs = max(args.runs, 1)
    if runs < 5:
        print(f"--runs {runs}: fewer than 5 runs, for trying the harness only (not a fair figure)")

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="chq-bench-") as tmp_name:
        tmp = Path(tmp_name)
        site = tmp / "site"
        if args.site:
            shutil.copytree(args.site, site)
        else:
            start = time.perf_counter()
            build_site(site)
            print(f"built the site in {time.perf_counter() - start:.1f} s", flush=True)
        add_bare_page(site)
        ledger = Ledger()
        before = os.getloadavg()
        start = time.perf_counter()
        results = []
        with serving(site, ledger) as origin, sync_playwright() as playwright:
            browser = Browser(playwright, origin, browser_args(args.browser_ui))
            for k in range(1, runs + 1):
                t = time.perf_counter()
                results.append(one_run(k, browser, ledger, tmp))
                r = results[-1]
                print(
                    f"run {k}/{runs} in {time.perf_counter() - t:.0f} s: bare {r['first']['bare']['boot']:.2f} / "
                    f"{r['repeat']['bare']['boot']:.2f} s, spotting engine {r['first']['spotting']['engine']:.2f} / "
                    f"{r['repeat']['spotting']['engine']:.2f} s (first / repeat)",
                    flush=True,
                )
                print(
                    "  wall s per visit: " + ", ".join(f"{n} {v:.0f}" for n, v in r["wall"].items()),
                    flush=True,
                )
        report(results, site, origin, time.perf_counter() - start, (before, os.getloadavg()), browser)
    return 0
