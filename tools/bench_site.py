"""Site benchmark: how fast the calculators answer in Chromium, against a bare Pyodide boot.

    python -m tools.bench_site                  # build the site into a temp folder, 5 runs
    python -m tools.bench_site --runs 7
    python -m tools.bench_site --site DIR       # measure an already built site (copied first)

Prints figures and ratios beside their targets (issue 8); asserts nothing; not a test.

Serving. A copy of the built site is served on 127.0.0.1 (loopback, no throttling)
by a threaded server whose request handler IS the club bundle's
(``bundle_serve.Handler``: the ``.gz`` copies to browsers that accept gzip, content
ETags, ``no-cache`` except for names carrying a content hash). The only additions:
a byte counter on the socket: every request is logged with its start time, path,
status and the bytes sent (headers + body, as on the wire). (And no 404 page after a
304: bundle_serve.Handler as of 7a3c511 writes one after every 304, as send_file
returns None for "not modified" as for "no such file"; the browser ignores it.) Bytes are counted there,
not from Resource Timing, because the engine's requests come from its worker (not in
the page's performance buffer) and the service worker's own requests (its install,
its update checks) are in no page's buffer at all.

The bare boot. Two files are added to the temporary copy only (never to a published
site): ``bench-bare.html``, whose ``<head>`` starts a module worker
(``bench-bare-worker.js``) that imports the site's own
``assets/engine/pyodide/pyodide.mjs`` and calls ``loadPyodide({indexURL})`` with the
site's indexURL: no snapshot, no wheel. The page notes ``performance.now()`` when
the worker says loadPyodide resolved. A calculator page starts its engine worker the
same way (an inline script in ``<head>``). Both files are also added to the copy's
``sw.js`` precache list (``FILES``, with their size and SHA-256, and ``sw.js.gz``
rewritten), so that on a repeat visit the bare page, its worker and the Pyodide
files are all answered by the service worker from its cache, exactly as for a
calculator page: the same service-worker policy on both sides.

Visits. Chromium is Debian's (tests/conftest.py CHROMIUM, CHROMIUM_ARGS), headless,
through Playwright's ``launch_persistent_context``; every visit is its own browser
launch, and the browser is closed after it. No request is intercepted (routing
would pause every request in Playwright), off-origin requests are only counted.
CHROMIUM_ARGS keep Chromium from rendering its address bar's popup (a WebUI page in
a renderer of its own, never shown headless) at every start: on 2 cores that took
1-2 s of CPU from the first 2 s of every visit, bare or not. ``--browser-ui``
measures with it, for comparison.

* first visit: a new, empty profile (user-data-dir) per visit: no HTTP cache, no
  V8 code cache, no service worker, for the bare page as for each calculator page.
  (One shared profile would make the second "first" visit of a run a warm one: its
  Pyodide files revalidated from the HTTP cache and its wasm compiled from the code
  cache, and the bare page controlled by the calculator's service worker.)
* the first visit of the spotting permalink goes on until the offline copy is
  complete (offline.js: ``<html data-offline="ready">``) and the service worker
  controls the page; its browser is then closed. That profile, P, is "a browser that
  has visited the site once and saved it offline".
* repeat visit: a byte-for-byte copy of P, made while no browser runs, per repeat
  visit, and the browser started on it: restarted, with the service worker in
  control and the same HTTP and code caches, for the bare page as for each
  calculator page. (Copies rather than P itself, so that no repeat visit warms the
  caches of the next one.) The bare page was never opened in P: its files and all
  the Pyodide files come from the service worker's cache, as the calculator's do.
* each run k = 1..N makes every visit once; the order alternates between runs
  (odd: bare first visit, calculator first visit, rules page; even: rules page,
  calculator, bare; the same for the repeat visits; the other calculators, and on
  first visits a second rules page, rotate).

Figures, each the median (min-max) of the N runs, times from navigation start
(``performance.now()`` origin of the page), read from the page's own marks:
``chq-answer-build`` / ``chq-answer-engine`` (the first answer; docs/assets/js/
companion.js), ``chq-engine-ready`` (``data-engine="ready"``), the widget's
``data-engine-boot``, and the paint timing's first-contentful-paint. Ratios are taken
run by run against the bare boot of the same run (first visit against the bare first
visit, repeat against the bare repeat), then their median. First paint: per run, the
median over every calculator's first visit against the median over the rules pages'
(a single pair of first visits swung 0.8-1.5 on 2 cores).

Bytes: the server's log for the visit, from navigation to the engine ready (first
visit: page and engine worker; the offline copy the service worker then saves is
reported apart), and on a repeat visit to the engine ready and offline.js's status
answer. On a repeat visit Chromium may still ask the server for the page itself (a
304, sent while the service worker starts; the page shown is the worker's: its
navigation entry says deliveryType "cache-storage", which the report tallies) and for
``sw.js`` (its update check): those are counted; the server's request list of the
last run's repeat visits is printed.

On a busy machine the figures swing a lot: compare medians of runs made back to
back, on a quiet machine (the load average is printed).
"""

from __future__ import annotations

import argparse
import functools
import gzip
import hashlib
import json
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, unquote, urlsplit

from chq_site.runner import BuildFailed, strict_build

from tests.conftest import CHROMIUM, CHROMIUM_ARGS
from tools import bundle_serve

ROOT = Path(__file__).resolve().parent.parent

# Non-default inputs (not a worked example): every first answer here comes from the
# build's answer tables (Close Assault's and artillery's: chq_site/answer_groups.py).
SPOTTING = "calculators/spotting/#distance=17&cover=light&moving=true"
CLOSE_ASSAULT = "calculators/close-assault/#att_dice=9&att_flank=true&att_move=double&def_dice=7&def_cover=medium"
SMALL = {
    "artillery": "calculators/artillery/#variant=combat-hq&fire_dice=8&cover=heavy",
    "supply": "calculators/supply/#supply_dice=7&staff_order=true",
    "rally": "calculators/rally/#disruption=11",
    "blind_move": "calculators/blind-move/#target=13.5&suppressed=true",
    "deploy": "calculators/deploy/#suppressions=3&disruption=7&units=4",
}
# First paint is compared over every calculator's first visit and two rules pages'
# (one sample each per run: a single pair swung 0.8-1.5 on this machine).
RULES = {"rules": "rules/blinds/", "rules_close_assault": "rules/close-assault/"}
CALCULATORS = ("spotting", "close_assault", *SMALL)
BARE = "bench-bare.html"
BARE_WORKER = "bench-bare-worker.js"
ENGINE_PREFIX = "/assets/engine/"
TIMEOUT_MS = 180_000
VIEWPORT = {"width": 1366, "height": 1024}

TARGET_REPEAT = 0.35  # repeat engine ready / bare boot
TARGET_FIRST = 1.0  # first-visit engine ready / bare boot
TARGET_ANSWER_S = 0.5  # first answer of the table calculators, every visit
TARGET_FCP = 1.05  # FCP calculator page / rules page

BARE_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Bare Pyodide boot (benchmark)</title>
<link rel="icon" href="data:,">
<script>
// Started from <head>, as calculator pages start their engine worker.
window.__bare = null;
(function () {
  var worker = new Worker(new URL("bench-bare-worker.js", location.href).href, { type: "module" });
  worker.onmessage = function (event) {
    var at = performance.now();
    if (performance.mark) performance.mark("bench-bare-ready");
    window.__bare = Object.assign({ at: at }, event.data);
  };
  worker.onerror = function (event) { window.__bare = { error: String(event.message || "worker error") }; };
})();
</script></head>
<body><p>Bare Pyodide boot: loadPyodide() in a module worker, no snapshot, no wheel.</p></body></html>
"""

BARE_WORKER_JS = """// Bare Pyodide boot (benchmark): the site's own pyodide.mjs, loadPyodide, nothing else.
import { loadPyodide } from "./assets/engine/pyodide/pyodide.mjs";

const indexURL = new URL("./assets/engine/pyodide/", self.location.href).href;
try {
  const pyodide = await loadPyodide({ indexURL, stdout: () => {}, stderr: () => {} });
  self.postMessage({ ok: pyodide.runPython("1+1") === 2 });
} catch (error) {
  self.postMessage({ error: String((error && error.message) || error) });
}
"""

# The first answer any widget showed: the earliest chq-answer-* mark (null until then).
FIRST_ANSWER = """() => {
  const marks = performance.getEntriesByType("mark").filter((m) => m.name.startsWith("chq-answer-"));
  if (!marks.length) {
    const root = document.querySelector("[data-calculator]");
    return root && root.dataset.engine === "error" ? { error: "engine error, no answer" } : null;
  }
  const first = marks.reduce((a, b) => (a.startTime <= b.startTime ? a : b));
  return { at: first.startTime, source: first.name.slice("chq-answer-".length) };
}"""

# Installed before the page's scripts: the first frame after the first answer (the
# answer is in the page then; on screen with that frame): requestAnimationFrame runs
# just before the browser renders a frame.
ANSWER_PAINTED_WATCH = """(() => {
  new PerformanceObserver((list, observer) => {
    if (!list.getEntries().some((m) => m.name.startsWith("chq-answer-"))) return;
    observer.disconnect();
    requestAnimationFrame(() => { window.__benchAnswerFrame = performance.now(); });
  }).observe({ type: "mark" });
})();"""

# The engine ready (or failed) and the page loaded: the mark, the boot, the controller.
ENGINE_READY = """() => {
  const root = document.querySelector("[data-calculator]");
  if (!root || !["ready", "error"].includes(root.dataset.engine) || document.readyState !== "complete") return null;
  const mark = performance.getEntriesByName("chq-engine-ready")[0];
  return {
    engine: root.dataset.engine, at: mark ? mark.startTime : null, boot: root.dataset.engineBoot || "",
    controlled: Boolean(navigator.serviceWorker && navigator.serviceWorker.controller),
  };
}"""

# How the browser got the page itself: "cache-storage" when the service worker answered it.
DELIVERY = """() => {
  const nav = performance.getEntriesByType("navigation")[0];
  return nav ? nav.deliveryType || "network" : "?";
}"""

OFFLINE_READY = """() => document.documentElement.dataset.offline === "ready"
  && Boolean(navigator.serviceWorker && navigator.serviceWorker.controller)"""

FCP = """() => new Promise((resolve) => {
  const found = () => performance.getEntriesByName("first-contentful-paint")[0];
  if (found()) return resolve(found().startTime);
  new PerformanceObserver(() => found() && resolve(found().startTime)).observe({ type: "paint", buffered: true });
})"""

# Which of the permalink's inputs the widget does NOT show (the permalink was ignored?).
INPUTS_DIFFER = """(pairs) => {
  const root = document.querySelector("[data-calculator]");
  const wrong = [];
  for (const [name, want] of pairs) {
    const inputs = [...root.querySelectorAll(`[name="${name}"]`)];
    if (!inputs.length) { wrong.push(name + " (no input)"); continue; }
    const input = inputs[0];
    let shown;
    if (input.type === "checkbox") shown = String(input.checked);
    else if (input.type === "radio") shown = (inputs.find((i) => i.checked) || {}).value;
    else shown = input.value;
    const same = shown === want || (shown !== "" && !isNaN(shown) && Number(shown) === Number(want));
    if (!same) wrong.push(`${name}=${shown} (permalink: ${want})`);
  }
  return wrong;
}"""


# ---------------------------------------------------------------------- server


@dataclass(frozen=True)
class Hit:
    """One request as the server saw it: when it started (time.monotonic()), what it
    asked for, the status, and the bytes sent (status line, headers and body)."""

    start: float
    path: str
    status: int
    sent: int
    gzip: bool
    dest: str  # the browser's Sec-Fetch-Dest ("document", "worker", "serviceworker", "empty", ...)


class Ledger:
    """Every request the server answered, in order of completion (thread-safe)."""

    def __init__(self) -> None:
        self._hits: list[Hit] = []
        self._lock = threading.Lock()

    def add(self, hit: Hit) -> None:
        with self._lock:
            self._hits.append(hit)

    def between(self, start: float, end: float) -> list[Hit]:
        """The requests that started in [start, end)."""
        with self._lock:
            return [h for h in self._hits if start <= h.start < end]


class _CountingWriter:
    """Wraps a handler's socket writer; counts the bytes written through it."""

    def __init__(self, raw: Any) -> None:
        self.raw = raw
        self.count = 0

    def write(self, data: bytes) -> int:
        written = self.raw.write(data)
        self.count += len(data)
        return int(written) if written is not None else len(data)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.raw, name)


def counting_handler(ledger: Ledger) -> type[bundle_serve.Handler]:
    """``bundle_serve.Handler`` (gzip negotiation, ETags, caching headers) unchanged,
    plus a log of every request and the bytes it was sent, into ``ledger``."""

    class CountingHandler(bundle_serve.Handler):
        status = 0
        gzipped = False

        def setup(self) -> None:
            super().setup()
            self.wfile = _CountingWriter(self.wfile)  # type: ignore[assignment]

        def log_message(self, format: str, *args: object) -> None:
            pass

        def send_response(self, code: int, message: str | None = None) -> None:
            self.status = code
            super().send_response(code, message)

        def send_not_found(self) -> Any:
            # bundle_serve.Handler.send_head (as of 7a3c511) calls this also after a
            # 304, as send_file returns None for "not modified" as for "no such file":
            # a 404 page would follow the 304 on the socket. Not sent (nor counted) here.
            if self.status == 304:
                return None
            return super().send_not_found()

        def send_header(self, keyword: str, value: str) -> None:
            if keyword.lower() == "content-encoding":
                self.gzipped = value.strip().lower() == "gzip"
            super().send_header(keyword, value)

        def handle_one_request(self) -> None:
            start = time.monotonic()
            before = self.wfile.count  # type: ignore[attr-defined]
            self.command = None  # type: ignore[assignment]
            self.status, self.gzipped = 0, False
            try:
                super().handle_one_request()
            finally:
                if self.command:
                    path = unquote(urlsplit(self.path).path)
                    sent = self.wfile.count - before  # type: ignore[attr-defined]
                    dest = getattr(self, "headers", None) and self.headers.get("Sec-Fetch-Dest", "") or ""
                    ledger.add(Hit(start, path, self.status, sent, self.gzipped, dest))

    return CountingHandler


@contextmanager
def serving(site: Path, ledger: Ledger) -> Iterator[str]:
    """Serve ``site`` on 127.0.0.1 (a free port) for the duration; yield its origin + "/"."""
    handler = functools.partial(counting_handler(ledger), directory=str(site))
    server = bundle_serve.Server(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        host, port = server.server_address[:2]
        yield f"http://{host!s}:{port}/"
    finally:
        server.shutdown()
        server.server_close()


# ---------------------------------------------------------------------- the site


def build_site(out: Path) -> None:
    try:
        strict_build(out, ROOT)
    except BuildFailed as exc:
        raise SystemExit(str(exc)) from None


def sw_files(site: Path) -> list[list[Any]]:
    """The precache list ``[url, sha256 start, bytes]`` of the site's ``sw.js``."""
    text = (site / "sw.js").read_text(encoding="utf-8")
    start = text.index("const FILES = ") + len("const FILES = ")
    files: list[list[Any]] = json.loads(text[start : text.index("];", start) + 1])
    return files


def add_bare_page(site: Path) -> None:
    """Add the bare boot page and its worker to the temporary copy, and to its
    service worker's precache list (so both sides are answered from the same cache)."""
    entries = []
    for name, text in ((BARE, BARE_PAGE), (BARE_WORKER, BARE_WORKER_JS)):
        data = text.encode("utf-8")
        (site / name).write_bytes(data)
        entries.append([name, hashlib.sha256(data).hexdigest()[:16], len(data)])
    sw = site / "sw.js"
    text = sw.read_text(encoding="utf-8")
    head = "const FILES = ["
    if text.count(head) != 1:
        raise SystemExit(
            "sw.js: cannot find its precache list (const FILES = [...]); bench_site.py needs updating"
        )
    added = "".join(json.dumps(entry) + "," for entry in entries)
    sw.write_text(text.replace(head, head + added), encoding="utf-8")
    packed = site / "sw.js.gz"
    if packed.exists():
        packed.write_bytes(gzip.compress(sw.read_bytes(), mtime=0))
    if not {BARE, BARE_WORKER} <= {f[0] for f in sw_files(site)}:
        raise SystemExit("sw.js: the bare page did not make it into the precache list")


# ---------------------------------------------------------------------- visits


class Browser:
    """Launches Debian's Chromium on a profile folder; tracks off-origin requests."""

    def __init__(self, playwright: Any, origin: str, args: list[str] = CHROMIUM_ARGS) -> None:
        self.playwright = playwright
        self.origin = origin
        self.args = args
        self.off_origin: list[str] = []
        self.restored_tabs = 0

    @contextmanager
    def open(self, profile: Path) -> Iterator[Any]:
        """A browser on ``profile`` (created if missing), closed afterwards; yields its page.

        The writes of the visits before (a saved offline copy, copied and deleted
        profiles: tens of MB) are flushed first, so that this visit does not pay for them.
        """
        os.sync()
        context = self.playwright.chromium.launch_persistent_context(
            str(profile),
            executable_path=CHROMIUM,
            args=self.args,
            headless=True,
            viewport=VIEWPORT,
        )
        context.on("request", self._watch)
        try:
            if len(context.pages) > 1:
                self.restored_tabs += len(context.pages) - 1
            yield context.pages[0] if context.pages else context.new_page()
        finally:
            context.close()

    def _watch(self, request: Any) -> None:
        if not request.url.startswith((self.origin, "data:", "blob:", "about:")):
            self.off_origin.append(request.url)


def copy_profile(source: Path, target: Path) -> Path:
    """A byte-for-byte copy of a closed browser's profile (no lock files)."""
    shutil.copytree(source, target, symlinks=True, ignore=shutil.ignore_patterns("Singleton*"))
    return target


@dataclass
class Window:
    """The server's requests for one visit (or one part of it)."""

    requests: int
    sent: int
    engine: int  # of which: assets/engine/** (Pyodide, the snapshot, the wheel)
    paths: list[str]

    @classmethod
    def of(cls, hits: list[Hit]) -> Window:
        return cls(
            requests=len(hits),
            sent=sum(h.sent for h in hits),
            engine=sum(h.sent for h in hits if h.path.startswith(ENGINE_PREFIX)),
            paths=[f"{h.path} {h.status}{' gz' if h.gzip else ''} {h.sent} B ({h.dest})" for h in hits],
        )


def first_answer(page: Any) -> tuple[float, str]:
    """Seconds from navigation start to the first answer shown, and its source."""
    found = page.wait_for_function(FIRST_ANSWER, polling=20, timeout=TIMEOUT_MS).json_value()
    if "error" in found:
        raise RuntimeError(f"{page.url}: {found['error']}")
    return float(found["at"]) / 1000, str(found["source"])


def check_inputs(page: Any, rel: str) -> list[str]:
    pairs = parse_qsl(urlsplit(rel).fragment, keep_blank_values=True)
    return [str(w) for w in page.evaluate(INPUTS_DIFFER, pairs)]


def calculator_visit(
    browser: Browser, profile: Path, rel: str, ledger: Ledger, *, until: str, fcp: bool = False
) -> dict[str, Any]:
    """One visit of a calculator permalink: first answer; with ``until`` "engine" also
    the engine ready; with "offline" also the offline copy complete and in control."""
    with browser.open(profile) as page:
        page.add_init_script(ANSWER_PAINTED_WATCH)
        t0 = time.monotonic()
        page.goto(browser.origin + rel, wait_until="commit", timeout=TIMEOUT_MS)
        answer, source = first_answer(page)
        frame = page.wait_for_function("() => window.__benchAnswerFrame", polling=20, timeout=TIMEOUT_MS)
        out: dict[str, Any] = {
            "answer": answer,
            "answer_frame": float(frame.json_value()) / 1000,
            "source": source,
            "wrong_inputs": check_inputs(page, rel),
            "delivery": page.evaluate(DELIVERY),
        }
        if fcp:
            out["fcp"] = float(page.evaluate(FCP)) / 1000
        if until == "answer":
            return out
        ready = page.wait_for_function(ENGINE_READY, polling=20, timeout=TIMEOUT_MS).json_value()
        if ready["engine"] != "ready" or ready["at"] is None:
            raise RuntimeError(f"{rel}: the engine did not start (data-engine={ready['engine']})")
        out.update(engine=float(ready["at"]) / 1000, boot=ready["boot"], controlled=ready["controlled"],
                   **worker_marks(page))
        if until == "repeat":  # the offline.js status round trip too: what a repeat visit costs
            page.wait_for_function(OFFLINE_READY, polling=50, timeout=TIMEOUT_MS)
        t1 = time.monotonic()
        out["bytes"] = Window.of(ledger.between(t0, t1))
        if until == "offline":
            page.wait_for_function(OFFLINE_READY, polling=100, timeout=TIMEOUT_MS)
            out["offline_bytes"] = Window.of(ledger.between(t1, time.monotonic()))
        return out


# The engine's own steps (engine-worker.js "ready" timings: ms from the worker's
# start, and that start as a wall-clock time), from the page's navigation start:
# every step it reported, in its order ("loadPyodide" is Python ready, "total" the
# engine's check answered).
WORKER_MARKS = """() => {
  const w = (window.__chqEngine && window.__chqEngine.timings.worker) || {};
  if (!w.startedAt) return [];
  const start = w.startedAt - performance.timeOrigin;
  const steps = Object.entries(w).filter(([k, v]) => k !== "startedAt" && typeof v === "number");
  return [["started", start], ...steps.map(([k, ms]) => [k, start + ms])];
}"""
WORKER_NAMES = {"loadPyodide": "python", "total": "ready"}


def worker_marks(page: Any) -> dict[str, float]:
    """Seconds from navigation start to each step the engine worker reported
    (``worker_started``, ``worker_imported``, ..., ``worker_ready``)."""
    return {f"worker_{WORKER_NAMES.get(k, k)}": float(v) / 1000 for k, v in page.evaluate(WORKER_MARKS)}


def bare_visit(browser: Browser, profile: Path, ledger: Ledger) -> dict[str, Any]:
    """One visit of the bare boot page: navigation start to loadPyodide resolved."""
    with browser.open(profile) as page:
        t0 = time.monotonic()
        page.goto(browser.origin + BARE, wait_until="commit", timeout=TIMEOUT_MS)
        found = page.wait_for_function("() => window.__bare", polling=20, timeout=TIMEOUT_MS).json_value()
        if not found.get("ok"):
            raise RuntimeError(f"bare Pyodide boot failed: {found}")
        controlled = page.evaluate(
            "() => Boolean(navigator.serviceWorker && navigator.serviceWorker.controller)"
        )
        return {
            "boot": float(found["at"]) / 1000,
            "delivery": page.evaluate(DELIVERY),
            "controlled": controlled,
            "bytes": Window.of(ledger.between(t0, time.monotonic())),
        }


def rules_visit(browser: Browser, profile: Path, rel: str) -> dict[str, Any]:
    with browser.open(profile) as page:
        page.goto(browser.origin + rel, wait_until="commit", timeout=TIMEOUT_MS)
        return {"fcp": float(page.evaluate(FCP)) / 1000}


def rotate(items: list[str], k: int) -> list[str]:
    k %= len(items)
    return items[k:] + items[:k]


def one_run(k: int, browser: Browser, ledger: Ledger, tmp: Path) -> dict[str, Any]:
    """Run k: every first visit (each in a new profile), then every repeat visit
    (each in a copy of the profile the spotting first visit left, restarted)."""
    run: dict[str, Any] = {"first": {}, "repeat": {}, "order": [], "wall": {}}
    fresh = iter(range(1000))

    def new_profile() -> Path:
        return tmp / f"run{k}-profile{next(fresh)}"

    main = new_profile()  # the spotting first visit's; copied for every repeat visit

    def copy_of_main() -> Path:
        return copy_profile(main, new_profile())

    def calculator(rel: str, until: str, profile: Callable[[], Path] = new_profile) -> Callable[[], Any]:
        fcp = profile is new_profile  # first paint: first visits only
        return lambda: calculator_visit(browser, profile(), rel, ledger, until=until, fcp=fcp)

    def rules(rel: str) -> Callable[[], Any]:
        return lambda: rules_visit(browser, new_profile(), rel)

    first: dict[str, Callable[[], Any]] = {
        "bare": lambda: bare_visit(browser, new_profile(), ledger),
        "spotting": lambda: calculator_visit(browser, main, SPOTTING, ledger, until="offline", fcp=True),
        **{name: rules(rel) for name, rel in RULES.items()},
        "close_assault": calculator(CLOSE_ASSAULT, "engine"),
        **{name: calculator(rel, "answer") for name, rel in SMALL.items()},
    }
    repeat: dict[str, Callable[[], Any]] = {
        "bare": lambda: bare_visit(browser, copy_of_main(), ledger),
        "spotting": calculator(SPOTTING, "repeat", copy_of_main),
        "close_assault": calculator(CLOSE_ASSAULT, "engine", copy_of_main),
        **{name: calculator(rel, "answer", copy_of_main) for name, rel in SMALL.items()},
    }

    others = ["close_assault", *SMALL]
    more_rules = [name for name in RULES if name != "rules"]  # among the calculators, rotating
    first_order = (["bare", "spotting", "rules"] if k % 2 else ["rules", "spotting", "bare"]) + rotate(
        [*others, *more_rules], k
    )
    repeat_order = (["bare", "spotting"] if k % 2 else ["spotting", "bare"]) + rotate(others, k)
    for name in first_order:
        t = time.monotonic()
        run["first"][name] = first[name]()
        run["order"].append(name)
        run["wall"][name] = time.monotonic() - t
    for name in repeat_order:
        t = time.monotonic()
        run["repeat"][name] = repeat[name]()
        run["order"].append(f"{name}(repeat)")
        run["wall"][f"{name}(repeat)"] = time.monotonic() - t
    for profile in tmp.glob(f"run{k}-profile*"):
        shutil.rmtree(profile, ignore_errors=True)
    return run


# ---------------------------------------------------------------------- report


def spread(values: list[float], unit: str = "s", digits: int = 2) -> str:
    """ "median (min–max) unit"."""
    med = statistics.median(values)
    return f"{med:.{digits}f} ({min(values):.{digits}f}–{max(values):.{digits}f}){' ' + unit if unit else ''}"


def mb(n: float) -> str:
    return f"{n / 1e6:.2f} MB"


def verdict(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def report(
    runs: list[dict[str, Any]],
    site: Path,
    origin: str,
    elapsed: float,
    loads: tuple[tuple[float, ...], tuple[float, ...]],
    browser: Browser,
) -> None:
    n = len(runs)

    def col(visit: str, name: str, key: str) -> list[float]:
        return [float(r[visit][name][key]) for r in runs]

    def tally(visit: str, name: str, key: str) -> str:
        values = [str(r[visit][name].get(key)) for r in runs]
        return ", ".join(f"{v} {values.count(v)}/{n}" for v in sorted(set(values)))

    print(
        f"\nSite benchmark: {n} interleaved runs in {elapsed / 60:.1f} min; Chromium {CHROMIUM} headless, "
        f"{os.cpu_count()} cores; load average before {loads[0][0]:.1f} / after {loads[1][0]:.1f} "
        f"(1 min)"
    )
    print(
        "browser switches: "
        + ("as tests/conftest.py CHROMIUM_ARGS, but Playwright's --disable-features (--browser-ui: "
           "Chromium renders its address bar's popup at every start)"
           if browser.args != CHROMIUM_ARGS
           else "tests/conftest.py CHROMIUM_ARGS (Chromium's unshown address-bar popup not rendered)")
    )
    print(
        f"served by bundle_serve.Handler on {origin} (loopback, no throttling; .gz copies to "
        f"Accept-Encoding: gzip), bytes counted by the server (headers + bodies)"
    )
    print(
        "first visit: a new profile per visit (no cache, no service worker), for every page;\n"
        "repeat visit: per visit a copy of the profile the spotting first visit left (site saved offline),\n"
        "  browser restarted; the service worker answers the page, its scripts and every Pyodide file from\n"
        "  its cache on both sides (the bare page and its worker are in the copy's precache list too)"
    )
    print(f"order of run 1: {', '.join(runs[0]['order'])}")
    if n > 1:
        print(f"order of run 2: {', '.join(runs[1]['order'])}")
    print("\nSeconds from navigation start, median (min–max) of the runs:")
    w = 64
    print(f"{'':<{w}}{'first visit':<24}repeat visit")

    def row(label: str, first: list[float] | None, repeat: list[float] | None, note: str = "") -> None:
        a = spread(first) if first else "–"
        b = spread(repeat) if repeat else "–"
        print(f"  {label:<{w - 3}} {a:<24}{b}{note}")  # a long label never runs into its figure

    row(
        "bare Pyodide boot (loadPyodide resolved)",
        col("first", "bare", "boot"),
        col("repeat", "bare", "boot"),
    )
    for name, rel in (("spotting", SPOTTING), ("close_assault", CLOSE_ASSAULT)):
        print(f"  {rel}")
        row(
            "  first answer",
            col("first", name, "answer"),
            col("repeat", name, "answer"),
            f"   from: first {tally('first', name, 'source')}; repeat {tally('repeat', name, 'source')}",
        )
        row(
            "  engine ready (data-engine=ready)",
            col("first", name, "engine"),
            col("repeat", name, "engine"),
            f"   boot: first {tally('first', name, 'boot')}; repeat {tally('repeat', name, 'boot')}",
        )
    for name in ("spotting", "close_assault"):
        have = [k for k in runs[0]["repeat"][name]
                if k.startswith("worker_") and all(k in r["repeat"][name] and k in r["first"][name] for r in runs)]
        if have:
            print(f"  {name}: the engine's steps (worker_* from engine-worker.js timings, approximate)")
            for key in have:
                row(f"    {key}", col("first", name, key), col("repeat", name, key))
    print("  the first frame after the first answer (requestAnimationFrame: the answer on screen):")
    for name, rel in (("spotting", SPOTTING), ("close_assault", CLOSE_ASSAULT), *SMALL.items()):
        row(f"  {rel}", col("first", name, "answer_frame"), col("repeat", name, "answer_frame"))
    print("  first answer, small calculators:")
    for name, rel in SMALL.items():
        row(
            f"  {rel}",
            col("first", name, "answer"),
            col("repeat", name, "answer"),
            f"   from: first {tally('first', name, 'source')}; repeat {tally('repeat', name, 'source')}",
        )
    # Per run: the median first paint of the calculator pages, and of the rules pages.
    fcp_calc = [statistics.median(float(r["first"][name]["fcp"]) for name in CALCULATORS) for r in runs]
    fcp_rules = [statistics.median(float(r["first"][name]["fcp"]) for name in RULES) for r in runs]
    print("  first contentful paint, first visit:")
    for name in CALCULATORS:
        row(f"  {name.replace('_', ' ')} permalink", col("first", name, "fcp"), None)
    for name, rel in RULES.items():
        row(f"  {rel}", col("first", name, "fcp"), None)
    row(f"  the {len(CALCULATORS)} calculator permalinks' median, run by run", fcp_calc, None)
    row(f"  the {len(RULES)} rules pages' median, run by run", fcp_rules, None)

    controlled = [
        r["repeat"][name]["controlled"] for r in runs for name in ("bare", "spotting", "close_assault")
    ]
    uncontrolled_first = [r["first"][name]["controlled"] for r in runs for name in ("bare", "spotting")]
    delivered = [
        f"{p} {v}: {tally(v, p, 'delivery')}" for p in ("spotting", "bare") for v in ("first", "repeat")
    ]
    print(f"  the page itself came from (its navigation entry's deliveryType): {'; '.join(delivered)}")
    print(
        f"  service worker in control: repeat visits {sum(controlled)}/{len(controlled)}, "
        f"first visits {sum(uncontrolled_first)}/{len(uncontrolled_first)} (should be none)"
    )
    wrong = {
        f"{v}/{name}": r[v][name]["wrong_inputs"]
        for r in runs
        for v in ("first", "repeat")
        for name in ("spotting", "close_assault", *SMALL)
        if r[v][name]["wrong_inputs"]
    }
    if wrong:
        print(f"  WARNING: permalink inputs not shown by the widget: {wrong}")

    print("\nBytes sent by the server (headers + bodies), median (min–max) of the runs:")

    def bytes_row(label: str, windows: list[Window]) -> None:
        sent = [float(x.sent) / 1e6 for x in windows]
        engine = [float(x.engine) / 1e6 for x in windows]
        reqs = [float(x.requests) for x in windows]
        print(
            f"  {label:<60}{spread(sent, 'MB')}, {spread(reqs, '', 0)} requests; "
            f"assets/engine/: {spread(engine, 'MB')}"
        )

    bytes_row(
        "spotting permalink, first visit, to engine ready", [r["first"]["spotting"]["bytes"] for r in runs]
    )
    bytes_row(
        "  then the offline copy (service worker install)",
        [r["first"]["spotting"]["offline_bytes"] for r in runs],
    )
    bytes_row(
        "spotting permalink, repeat visit, to engine ready", [r["repeat"]["spotting"]["bytes"] for r in runs]
    )
    bytes_row("bare boot page, first visit", [r["first"]["bare"]["bytes"] for r in runs])
    bytes_row("bare boot page, repeat visit", [r["repeat"]["bare"]["bytes"] for r in runs])
    last = runs[-1]
    for label, window in (
        ("spotting repeat visit", last["repeat"]["spotting"]["bytes"]),
        ("bare repeat visit", last["repeat"]["bare"]["bytes"]),
    ):
        print(f"  the server's requests on the last run's {label}: {'; '.join(window.paths) or 'none'}")
    own = own_bytes(site, last["first"]["spotting"]["bytes"])
    print(
        f"  our own bytes of the spotting first visit (all but Pyodide and the snapshot), decoded: "
        f"{mb(own)} (target <= 1.5 MB) {verdict(own <= 1.5e6)}"
    )

    print(
        "\nRatios, run by run against the bare boot of the same run, median (min–max); verdict on the median:"
    )

    def ratio(label: str, values: list[float], target: float | None) -> None:
        judged = (
            f"target <= {target:<5} {verdict(statistics.median(values) <= target)}"
            if target
            else "(reference)"
        )
        print(f"  {label:<64}{spread(values, ''):<24}{judged}")

    bare_first = col("first", "bare", "boot")
    bare_repeat = col("repeat", "bare", "boot")
    for name in ("spotting", "close_assault"):
        rep = col("repeat", name, "engine")
        fst = col("first", name, "engine")
        ratio(
            f"{name}: repeat engine ready / bare repeat boot",
            [a / b for a, b in zip(rep, bare_repeat, strict=True)],
            TARGET_REPEAT,
        )
        ratio(
            f"{name}: repeat engine ready / bare first boot",
            [a / b for a, b in zip(rep, bare_first, strict=True)],
            None,
        )
        ratio(
            f"{name}: first engine ready / bare first boot",
            [a / b for a, b in zip(fst, bare_first, strict=True)],
            TARGET_FIRST,
        )
    ratio(
        "FCP calculator pages / rules pages (medians of each run)",
        [a / b for a, b in zip(fcp_calc, fcp_rules, strict=True)],
        TARGET_FCP,
    )
    print(f"  first answer <= {TARGET_ANSWER_S} s on every visit (every run, first and repeat):")
    for name in ("spotting", "close_assault", *SMALL):
        values = col("first", name, "answer") + col("repeat", name, "answer")
        over = sum(v > TARGET_ANSWER_S for v in values)
        print(
            f"    {name:<14}worst {max(values):.2f} s   {verdict(not over)}"
            f"{f' ({over} of {len(values)} visits over)' if over else ''}"
        )
    if browser.off_origin or browser.restored_tabs:
        print(
            f"  NOTE: off-origin requests: {sorted(set(browser.off_origin))}; "
            f"tabs restored at start-up: {browser.restored_tabs}"
        )
    else:
        print("  no off-origin request; no tab restored at any browser start")


def own_bytes(site: Path, window: Window) -> int:
    """Decoded size of the site files a visit fetched, but Pyodide's core and the snapshot."""
    total = 0
    for entry in window.paths:
        path = entry.split(" ", 1)[0]
        if path.startswith(ENGINE_PREFIX + "pyodide/") or path.startswith(ENGINE_PREFIX + "snapshot-"):
            continue
        file = site / path.lstrip("/")
        if path.endswith("/"):
            file = file / "index.html"
        if file.is_file():
            total += file.stat().st_size
    return total


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


if __name__ == "__main__":
    sys.exit(main())
