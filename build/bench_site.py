"""Site benchmark: how fast the rules and the calculators come up in a browser.

    python build/bench_site.py               # builds the site into a temp folder
    python build/bench_site.py --site DIR    # measure a built site (copied first)
    python build/bench_site.py --runs 5 --plain
    python build/bench_site.py --throttle 30     # club wifi: 30 Mbit/s, 20 ms

Headless Chromium (Debian's /usr/bin/chromium, the flags of tests/conftest.py)
against the built site served on 127.0.0.1 by the club bundle's server
(build/bundle_serve.py: gzip copies, no-cache revalidation; ``--plain`` serves
without the .gz copies, like ``python -m http.server``). Each figure is the median
of ``--runs`` fresh browser contexts:

1. bare Pyodide boot: a blank page (added to the temporary copy only, never to a
   published site) that imports the same vendored pyodide.mjs and runs 1+1;
2. calculator page cold: navigation start to the widget's data-state="ready"
   (calculators/spotting/): its first answer, which for the starting inputs is the
   one the page carries from the build;
   2b. the same visit, to the engine ready (the widget's data-engine="ready");
3. the same page again in the same context, once the service worker says "Ready
   offline" (a new tab: page, engine and all from its cache): to the first answer,
   and (3b) to the engine ready;
4. first contentful paint of a rules page (rules/spotting/) and of the calculator page;
5. warm recompute: from changing an input to data-result changing;
6. bytes transferred on a first visit (response bodies as sent; the .gz copies when
   served compressed), for the rules page and the calculator page.

Prints figures and ratios against their targets; asserts nothing; not a test.
The figures swing by +-40 % on a busy 2-core machine: compare medians of runs made
back to back, and use ``--runs 5`` or more. ``--throttle`` uses Chromium's network
emulation, which also slows the service worker's answers, so (3) is pessimistic there.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "build")]

import bundle_serve  # noqa: E402
from site_build import BuildFailed, strict_build  # noqa: E402

from tests.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

CALCULATOR = "calculators/spotting/"
RULES = "rules/spotting/"
BARE = "bench-pyodide.html"
PYODIDE = "assets/engine/pyodide/"
TIMEOUT_MS = 180_000

BARE_PAGE = """<!doctype html>
<html lang="en"><meta charset="utf-8"><title>Bare Pyodide boot</title>
<script type="module">
import { loadPyodide } from "./assets/engine/pyodide/pyodide.mjs";
const pyodide = await loadPyodide({ indexURL: new URL("./assets/engine/pyodide/", location).href });
window.__bare = { ms: performance.now(), result: pyodide.runPython("1+1") };
</script>
</html>
"""

# Runs before any page script: notes when the first widget reaches data-state="ready"
# (its first answer) and data-engine="ready" (the engine itself).
READY_PROBE = """
(() => {
  const seen = () => {
    const root = document.querySelector("[data-calculator]");
    if (!root) return;
    if (!window.__chqReadyAt && root.dataset.state === "ready") {
      window.__chqReadyAt = performance.now();
      window.__chqReadySource = root.dataset.source || "engine";  // older builds: no data-source
    }
    if (!window.__chqEngineAt && root.dataset.engine === "ready") {
      window.__chqEngineAt = performance.now();
    }
  };
  new MutationObserver(seen).observe(document, {
    subtree: true, childList: true, attributes: true, attributeFilter: ["data-state", "data-engine"],
  });
})();
"""

FCP = """() => new Promise((resolve) => {
  const found = () => performance.getEntriesByName("first-contentful-paint")[0];
  if (found()) return resolve(found().startTime);
  new PerformanceObserver(() => found() && resolve(found().startTime))
    .observe({ type: "paint", buffered: true });
})"""

# Change an input of the first widget; resolve with the ms until data-result changes.
RECOMPUTE = """async (value) => {
  const root = document.querySelector("[data-calculator]");
  const field = root.querySelector('input[name="distance"]')
    || root.querySelector('input[data-kind="int"], input[data-kind="number"]');
  const before = root.dataset.result;
  return await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no new result in 30 s")), 30000);
    const t0 = performance.now();
    const observer = new MutationObserver(() => {
      if (root.dataset.state === "ready" && root.dataset.result && root.dataset.result !== before) {
        observer.disconnect();
        clearTimeout(timer);
        resolve(performance.now() - t0);
      }
    });
    observer.observe(root, { attributes: true, attributeFilter: ["data-result", "data-state"] });
    field.value = String(value);
    field.dispatchEvent(new Event("input", { bubbles: true }));
    field.dispatchEvent(new Event("change", { bubbles: true }));
  });
}"""


class PlainHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **bundle_serve.TYPES}

    def log_message(self, format: str, *args: object) -> None:
        pass


def serve(directory: Path, plain: bool) -> tuple[http.server.ThreadingHTTPServer, str]:
    handler = functools.partial(PlainHandler if plain else bundle_serve.QuietHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, port = server.server_address[:2]
    return server, f"http://{host}:{port}/"


def build_site(out: Path) -> None:
    try:
        strict_build(out, ROOT)
    except BuildFailed as exc:
        raise SystemExit(str(exc)) from None


class Transfers:
    """Response body bytes of one context's requests, while ``recording``."""

    def __init__(self, site: Path, origin: str) -> None:
        self.site = site
        self.origin = origin
        self.recording = True
        self.requests: list[Any] = []

    def on_request_finished(self, request: Any) -> None:
        if self.recording and request.service_worker is None:
            self.requests.append(request)

    def totals(self) -> dict[str, int]:
        sent = decoded = engine_sent = engine_decoded = 0
        for request in self.requests:
            if not request.url.startswith(self.origin):
                continue
            body = max(request.sizes().get("responseBodySize", 0), 0)
            rel = urlsplit(request.url).path[len(urlsplit(self.origin).path):]
            path = self.site / rel
            if rel == "" or rel.endswith("/"):
                path = path / "index.html"
            size = path.stat().st_size if path.is_file() else body
            sent += body
            decoded += size
            if rel.startswith(PYODIDE):
                engine_sent += body
                engine_decoded += size
        return {
            "sent": sent, "decoded": decoded, "engine_sent": engine_sent,
            "engine_decoded": engine_decoded, "requests": len(self.requests),
        }


THROTTLE: dict[str, float] = {}  # set by --throttle: Network.emulateNetworkConditions


def throttle(context: Any, page: Any) -> None:
    """Slow this page's network (and its workers') down to club wifi, if asked."""
    if THROTTLE:
        session = context.new_cdp_session(page)
        session.send("Network.enable")
        session.send("Network.emulateNetworkConditions", {"offline": False, **THROTTLE})


def open_page(context: Any) -> Any:
    page = context.new_page()
    throttle(context, page)
    return page


def new_context(browser: Any, site: Path, origin: str, **options: Any) -> tuple[Any, Transfers]:
    context = browser.new_context(viewport={"width": 1366, "height": 1024}, **options)
    transfers = Transfers(site, origin)
    context.on("requestfinished", transfers.on_request_finished)

    def local_only(route: Any) -> None:
        if route.request.url.startswith((origin, "data:", "blob:")):
            route.continue_()
        else:
            route.abort()

    context.route("**/*", local_only)
    return context, transfers


def bare_boot(browser: Any, site: Path, origin: str) -> float:
    context, _ = new_context(browser, site, origin, service_workers="block")
    try:
        page = open_page(context)
        page.goto(origin + BARE)
        page.wait_for_function("window.__bare", timeout=TIMEOUT_MS)
        result = page.evaluate("window.__bare")
        if result["result"] != 2:
            raise RuntimeError(f"1+1 gave {result['result']!r}")
        return float(result["ms"]) / 1000
    finally:
        context.close()


def wait_ready(page: Any, mark: str = "__chqReadyAt") -> float:
    """Seconds from navigation start to the first answer (or, with ``__chqEngineAt``,
    to the engine ready)."""
    page.wait_for_function(f"window.{mark}", timeout=TIMEOUT_MS)
    return float(page.evaluate(f"window.{mark}")) / 1000


def wait_engine(page: Any) -> float:
    return wait_ready(page, "__chqEngineAt")


def calculator_runs(browser: Any, site: Path, origin: str) -> dict[str, Any]:
    """Cold visit, then (same context) a second visit from the service worker's cache."""
    context, transfers = new_context(browser, site, origin)
    context.add_init_script(READY_PROBE)
    try:
        page = open_page(context)
        page.goto(origin + CALCULATOR)
        cold = wait_ready(page)
        source = page.evaluate("window.__chqReadySource")
        cold_engine = wait_engine(page)
        transfers.recording = False
        fcp = float(page.evaluate(FCP)) / 1000
        bytes_ = transfers.totals()
        page.locator(".chq-offline").wait_for(state="visible", timeout=TIMEOUT_MS)
        page.close()
        second = open_page(context)
        second.goto(origin + CALCULATOR)
        warm = wait_ready(second)
        second_source = second.evaluate("window.__chqReadySource")
        warm_engine = wait_engine(second)  # (5) measures the engine, not the page's answers
        controlled = second.evaluate("Boolean(navigator.serviceWorker.controller)")
        recompute = [float(second.evaluate(RECOMPUTE, value)) / 1000 for value in (7, 30, 13, 25, 9)]
        return {
            "cold": cold, "cold_engine": cold_engine, "fcp": fcp, "bytes": bytes_,
            "second": warm, "second_engine": warm_engine, "sources": (source, second_source),
            "controlled": controlled, "recompute": statistics.median(recompute),
        }
    finally:
        context.close()


def rules_run(browser: Any, site: Path, origin: str) -> dict[str, Any]:
    context, transfers = new_context(browser, site, origin, service_workers="block")
    try:
        page = open_page(context)
        with page.expect_response(lambda r: r.url.endswith("search/search_index.json")):
            page.goto(origin + RULES, wait_until="load")
        fcp = float(page.evaluate(FCP)) / 1000
        page.wait_for_timeout(300)
        transfers.recording = False
        return {"fcp": fcp, "bytes": transfers.totals()}
    finally:
        context.close()


def precache_bytes(site: Path) -> tuple[int, int]:
    """What the service worker downloads in the background: (as sent with .gz, raw)."""
    text = (site / "sw.js").read_text(encoding="utf-8")
    start = text.index("const FILES = [") + len("const FILES = ")
    files = json.loads(text[start : text.index("];", start) + 1])
    sent = raw = 0
    for url, _hash, size in files:
        path = site / url
        if url.endswith("/"):
            path = path / "index.html"
        packed = path.with_name(path.name + ".gz")
        raw += size
        sent += packed.stat().st_size if packed.is_file() else size
    return sent, raw


def median(values: list[float]) -> float:
    return statistics.median(values)


def fmt_runs(values: list[float]) -> str:
    return ", ".join(f"{v:.2f}" for v in values)


def mb(n: float) -> str:
    return f"{n / 1e6:.2f} MB"


def verdict(ok: bool) -> str:
    return "ok" if ok else "over target"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Site benchmark (prints figures).")
    parser.add_argument("--site", type=Path, help="an already built site (default: build one)")
    parser.add_argument("--runs", type=int, default=3, help="fresh contexts per figure (>= 3)")
    parser.add_argument("--plain", action="store_true", help="serve without the .gz copies")
    parser.add_argument("--throttle", type=float, metavar="MBIT",
                        help="emulate a network of MBIT Mbit/s down (and 20 ms latency), e.g. club wifi")
    args = parser.parse_args(argv)
    runs = max(args.runs, 3)
    if args.throttle:
        THROTTLE.update(latency=20, downloadThroughput=args.throttle * 1e6 / 8,
                        uploadThroughput=args.throttle * 1e6 / 8)

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="chq-bench-") as tmp:
        site = Path(tmp) / "site"
        if args.site:
            shutil.copytree(args.site, site)
        else:
            start = time.perf_counter()
            build_site(site)
            print(f"built the site in {time.perf_counter() - start:.1f} s")
        (site / BARE).write_text(BARE_PAGE, encoding="utf-8")
        server, origin = serve(site, args.plain)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                try:
                    bare = [bare_boot(browser, site, origin) for _ in range(runs)]
                    calc = [calculator_runs(browser, site, origin) for _ in range(runs)]
                    rules = [rules_run(browser, site, origin) for _ in range(runs)]
                finally:
                    browser.close()
        finally:
            server.shutdown()
            server.server_close()

        cold = [c["cold"] for c in calc]
        cold_engine = [c["cold_engine"] for c in calc]
        second = [c["second"] for c in calc]
        second_engine = [c["second_engine"] for c in calc]
        fcp_calc = [c["fcp"] for c in calc]
        fcp_rules = [r["fcp"] for r in rules]
        recompute = [c["recompute"] for c in calc]
        calc_bytes = calc[0]["bytes"]
        rules_bytes = rules[0]["bytes"]
        pre_sent, pre_raw = precache_bytes(site)

    serving = "python -m http.server style (no .gz)" if args.plain else "build/bundle_serve.py (sends the .gz copies)"
    network = f"network throttled to {args.throttle:g} Mbit/s, 20 ms" if args.throttle else "loopback network"
    print(f"Site benchmark: headless Chromium {CHROMIUM}, {os.cpu_count()} cores; served by {serving} "
          f"on 127.0.0.1, {network}; median of {runs} fresh contexts (runs in brackets)")

    def row(label: str, values: list[float], note: str = "") -> None:
        print(f"{label:<63}{median(values):6.2f} s  [{fmt_runs(values)}]{note}")

    def answered_by(visit: int) -> str:
        """Who gave the first answer (data-source): the page's own, or the engine."""
        sources = sorted({c["sources"][visit] for c in calc})
        return f"  (first answer from the {' / '.join(sources)})"

    uncontrolled = "" if all(c["controlled"] for c in calc) else "  (NOT controlled by the service worker)"
    row("(1) bare Pyodide boot, import to 1+1:", bare)
    row("(2) calculator page cold, to data-state=ready:", cold, answered_by(0))
    row("(2b) calculator page cold, to engine ready (data-engine=ready):", cold_engine)
    row("(3) same page, second visit (SW cache), to data-state=ready:", second,
        answered_by(1) + uncontrolled)
    row("(3b) second visit, to engine ready (data-engine=ready):", second_engine)
    row("(4) first contentful paint, rules page:", fcp_rules)
    row("    first contentful paint, calculator page:", fcp_calc)
    print(f"{'(5) warm recompute after an input change:':<63}{median(recompute) * 1000:6.0f} ms "
          f"[{fmt_runs([r * 1000 for r in recompute])} ms]")
    print(f"(6) first visit, rules page:       {mb(rules_bytes['sent'])} sent ({mb(rules_bytes['decoded'])} decoded, {rules_bytes['requests']} requests)")
    print(f"    first visit, calculator page:  {mb(calc_bytes['sent'])} sent ({mb(calc_bytes['decoded'])} decoded, {calc_bytes['requests']} requests)")
    own_sent = calc_bytes["sent"] - calc_bytes["engine_sent"]
    own_decoded = calc_bytes["decoded"] - calc_bytes["engine_decoded"]
    print(f"      Pyodide core:                {mb(calc_bytes['engine_sent'])} sent ({mb(calc_bytes['engine_decoded'])} decoded)")
    print(f"      our own (all the rest):      {mb(own_sent)} sent ({mb(own_decoded)} decoded)")
    print(f"    then in the background, the service worker's precache of the whole site: "
          f"{mb(pre_sent)} as .gz where there is one ({mb(pre_raw)} raw)")

    r21 = median(cold) / median(bare)
    r2b1 = median(cold_engine) / median(bare)
    r32 = median(second) / median(cold)
    r3b2b = median(second_engine) / median(cold_engine)
    rfcp = median(fcp_calc) / median(fcp_rules)
    print("ratios:")
    print(f"  (2)/(1)   first answer / bare Pyodide                  = {r21:5.2f}  (target <= 1.15)  "
          f"{verdict(r21 <= 1.15)}{answered_by(0)}")
    print(f"  (2b)/(1)  engine ready, cold / bare Pyodide            = {r2b1:5.2f}  (target <= 1.15)  "
          f"{verdict(r2b1 <= 1.15)}")
    print(f"  (3)/(2)   second visit / cold, first answer            = {r32:5.2f}  (target <= 0.6)   "
          f"{verdict(r32 <= 0.6)}")
    print(f"  (3b)/(2b) second visit / cold, engine ready            = {r3b2b:5.2f}  (target <= 0.6)   "
          f"{verdict(r3b2b <= 0.6)}")
    print(f"  FCP calculator / rules                                 = {rfcp:5.2f}  (target <= 1.1)   {verdict(rfcp <= 1.1)}")
    print(f"  our own bytes (decoded)                                = {own_decoded / 1e6:5.2f} MB (target <= 1.5 MB) {verdict(own_decoded <= 1.5e6)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
