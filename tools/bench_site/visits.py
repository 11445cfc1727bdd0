"""The visits: one browser launch each (first visit, repeat visit, the bare boot,
a rules page), the page's own marks read back, and one run of them all."""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from tests.conftest import CHROMIUM, CHROMIUM_ARGS
from tools.bench_site.common import (
    BARE,
    CLOSE_ASSAULT,
    ENGINE_PREFIX,
    RULES,
    SMALL,
    SPOTTING,
    TIMEOUT_MS,
    VIEWPORT,
)
from tools.bench_site.server import Hit, Ledger

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
