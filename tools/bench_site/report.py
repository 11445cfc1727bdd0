"""The figures: medians (min-max) of the runs, ratios against the bare boot, bytes,
printed beside their targets."""

from __future__ import annotations

import os
import statistics
from pathlib import Path
from typing import Any

from tests.conftest import CHROMIUM, CHROMIUM_ARGS
from tools.bench_site.common import (
    CALCULATORS,
    CLOSE_ASSAULT,
    ENGINE_PREFIX,
    RULES,
    SMALL,
    SPOTTING,
    TARGET_ANSWER_S,
    TARGET_FCP,
    TARGET_FIRST,
    TARGET_REPEAT,
)
from tools.bench_site.visits import Browser, Window


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
