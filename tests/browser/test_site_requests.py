"""In a real browser, no page of the site makes a request off its own origin.

Built assets still *mention* outside URLs (source maps, polyfill fallbacks), so
grepping is not enough: this loads every built page in Chromium over HTTP, lets it
settle, and looks at the requests actually made. The ``new_context`` fixture routes,
records and blocks every request, including those of the calculators' web worker
and of the offline service worker.
"""

from __future__ import annotations

from pathlib import Path

from tests.browser.card_helpers import (
    calculator_states,
    wait_for_calculators,
)
from tests.browser.site_helpers import (
    built_pages,
    url,
)

ENGINE_WASM = "/assets/engine/pyodide/pyodide.asm.wasm"
SERVICE_WORKER = "sw.js"  # written at the site root by chq_site/offline/offline.py


def visit(page, address: str) -> tuple[int, list[str], list[str]]:
    """Load a page and let it settle; return the HTTP status, its widgets' states and
    their engine's states.

    Settled means loaded and (if the page has calculator widgets) none of them still
    loading, their engine ready or failed: by then the worker has made every request
    it makes (waiting on the page's own state, not on network idleness).
    """
    response = page.goto(address, wait_until="load")
    states = wait_for_calculators(page)  # the engine ready or failed: its worker's requests are made
    return (response.status if response else 0), states, calculator_states(page, "engine")


def test_no_page_requests_another_origin(built_site: Path, site_url: str, new_context) -> None:
    """Every built page, calculators included, with service workers blocked so that
    every request of every page reaches the network (and so the log)."""
    pages = built_pages(built_site)
    context = new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    page = context.new_page()
    log = context.requests
    per_page: dict[str, str] = {}
    problems: list[str] = []
    for path in pages:
        where = path or "/"
        before_local, before_off = len(log.local), len(log.off_origin)
        status, states, engines = visit(page, url(site_url, path))
        fetched = log.local[before_local:]
        offending = log.off_origin[before_off:]
        per_page[where] = f"{len(fetched)} requests, {len(offending)} off-origin" + (
            f", widgets {states}, engine {engines}" if states else "")
        if status != 200:
            problems.append(f"{where}: HTTP {status}")
        if offending:
            problems.append(f"{where}: off-origin {offending}")
        if "ready" in engines and not any(ENGINE_WASM in u for u in fetched):
            problems.append(f"{where}: engine ready but {ENGINE_WASM} not in the log: "
                            "the calculators' worker requests are not being recorded")
    print(f"\nrequests: {len(pages)} pages visited, {len(log.local)} same-origin requests, "
          f"{len(log.off_origin)} off-origin")
    for where, summary in per_page.items():
        print(f"  {where}: {summary}")
    assert log.local, "no request reached the site at all: the log is not recording"
    assert problems == [], "\n".join(problems)
    assert log.off_origin == []


def test_service_worker_stays_on_origin(built_site: Path, site_url: str, new_context) -> None:
    """The offline copy: the service worker precaches the whole site; none of its
    requests may leave the origin either."""
    if not (built_site / SERVICE_WORKER).is_file():
        print(f"\nservice worker: none in the build ({SERVICE_WORKER} missing)")
        return
    context = new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(url(site_url, ""))
    page.wait_for_function(
        "async () => !!(await navigator.serviceWorker.getRegistration())?.active",
        polling=250, timeout=60_000,
    )
    # The offline copy is complete (offline.js): every request the service worker makes is made.
    page.wait_for_function("document.documentElement.dataset.offline === 'ready'", timeout=120_000)
    log = context.requests
    print(f"\nservice worker: active; {len(log.service_worker)} requests made by it, "
          f"{len(log.local)} same-origin in all, {len(log.off_origin)} off-origin")
    assert log.service_worker, "the service worker is active but none of its requests was seen"
    assert log.off_origin == [], f"off-origin requests: {log.off_origin}"
