"""The search in Chromium, as a player meets it: ``python -m tools.bench_search_browser
--site old=DIR --site new=DIR [--runs 5] [--cpu 1 --cpu 4]``.

Each visit opens a rules page of a built site (served over HTTP, no service worker)
in Debian's Chromium (the browser a player runs), its CPU slowed by CDP's
``Emulation.setCPUThrottlingRate`` (4: a tablet's), taps the search icon, and types
a question key by key, 150 ms apart. A probe counts the messages between Material's
search box and its worker: the index's bytes downloaded (gzipped on the wire),
``ready`` (from the box's setup message, the index in hand, to the worker's ready:
lunr builds its index there, ours loads MiniSearch's, made at build time), ``first``
(from the first key to the first answer shown, whatever the worker still had to do)
and ``keystroke`` (from each key's query to its answer, the median of the visit and
its slowest; the page's main thread included, as the box gets it), and ``worker``
(what our worker itself took on each key: the setup message asks it to say,
``chq_timing``; a site whose worker does not say shows nan).
Sites and slowdowns are interleaved, run by run; each figure is printed as the
median of the runs and their spread. Prints figures, asserts nothing.
"""

from __future__ import annotations

import argparse
import gzip
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tests.serving import StaticServer  # noqa: E402

QUESTION = "artilery on a blind at 18 inches"
PAGE = "rules/blinds/"
# Every message to and from the search worker, timed (performance.now()).
PROBE = """
(() => {
  const Native = window.Worker;
  window.__search = {sent: [], got: []};
  window.Worker = class extends Native {
    constructor(url, options) {
      super(url, options);
      if (!String(url).includes("search")) return;
      this.addEventListener("message", (e) => window.__search.got.push(
        [performance.now(), e.data.type, e.data.data && e.data.data.chq_ms]));
      const post = this.postMessage.bind(this);
      this.postMessage = (m, ...rest) => {
        window.__search.sent.push([performance.now(), m.type]);
        if (m.type === 0) m = {...m, data: {...m.data, options: {...m.data.options, chq_timing: true}}};
        return post(m, ...rest);
      };
    }
  };
})();
"""


def visit(browser: Any, base: str, cpu: float) -> dict[str, float]:
    context = browser.new_context(viewport={"width": 820, "height": 1180}, service_workers="block")
    context.add_init_script(PROBE)
    page = context.new_page()
    index_bytes: list[int] = []
    page.on("requestfinished", lambda r: index_bytes.append(r.sizes()["responseBodySize"])
            if r.url.endswith("search_index.json") else None)
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
    page.goto(base + PAGE)
    page.wait_for_load_state("load")
    page.locator('label.md-header__button[for="__search"]').click()
    field = page.locator("input.md-search__input")
    field.wait_for(state="visible")
    # A tablet's finger does not rest where it tapped: the pointer leaves the search icon,
    # under which the results would open (Material's hover handlers then took 9-23 ms of
    # the first key's main thread, a trace at CPU 4x).
    page.mouse.move(1, 1)
    start = page.evaluate("performance.now()")
    field.press_sequentially(QUESTION, delay=150)
    page.wait_for_function("(n) => window.__search.got.filter(m => m[1] === 3).length >= n && "
                           "window.__search.sent.filter(m => m[1] === 2).length <= "
                           "window.__search.got.filter(m => m[1] === 3).length", arg=1, timeout=60_000)
    page.wait_for_timeout(1000)
    sent, got = page.evaluate("[window.__search.sent, window.__search.got]")
    context.close()
    setup = next(t for t, kind in sent if kind == 0)
    ready = next(t for t, kind, *_ in got if kind == 1)
    queries = [t for t, kind in sent if kind == 2]
    answered = [(t, took) for t, kind, *took in got if kind == 3]
    answers = [t for t, _ in answered]
    # Answers come one per query, in order (Material asks once as the box opens);
    # a query sent before ready waits for it.
    each = [a - q for q, a in zip(queries, answers, strict=False) if q > ready and q > start]
    worker = [took[0] if took and took[0] is not None else float("nan")
              for q, (_, took) in zip(queries, answered, strict=False) if q > ready and q > start]
    return {
        "index bytes (as served, not gzipped)": float(sum(index_bytes)),
        "keystroke ms (slowest)": max(each) if each else float("nan"),
        "ready ms": ready - setup,
        "first answer ms after first key": next(a for q, a in zip(queries, answers, strict=False) if q > start) - start,
        "keystroke ms (median)": statistics.median(each) if each else float("nan"),
        "worker ms a key (slowest)": max(worker) if worker else float("nan"),
        "worker ms a key (median)": statistics.median(worker) if worker else float("nan"),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", action="append", required=True, help="NAME=DIR of a built site")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--cpu", type=float, action="append", help="CPU slowdown (default: 1 and 4)")
    args = parser.parse_args()
    sites = dict(s.split("=", 1) for s in args.site)
    cpus = args.cpu or [1.0, 4.0]
    figures: dict[tuple[str, float], dict[str, list[float]]] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        servers = {name: StaticServer(Path(folder)) for name, folder in sites.items()}
        for server in servers.values():
            server.__enter__()
        try:
            for _ in range(args.runs):
                for cpu in cpus:
                    for name, server in servers.items():
                        for key, value in visit(browser, server.origin + "/", cpu).items():
                            figures.setdefault((name, cpu), {}).setdefault(key, []).append(value)
        finally:
            for server in servers.values():
                server.__exit__(None, None, None)
            browser.close()
    for name, folder in sites.items():
        data = (Path(folder) / "search" / "search_index.json").read_bytes()
        print(f"{name}: search_index.json {len(data):,} bytes, {len(gzip.compress(data, 9)):,} gzipped")
    for (name, cpu), by in figures.items():
        print(f"{name}, CPU x{cpu:g} ({args.runs} runs, median and spread):")
        for key, values in by.items():
            print(f"  {key}: {statistics.median(values):,.1f} ({min(values):,.1f}-{max(values):,.1f})")


if __name__ == "__main__":
    main()
