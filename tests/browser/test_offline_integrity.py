"""The offline copy stores only the files of its build, and mends itself.

A captive portal (or a proxy, or a cut transfer) can answer 200 with something
else: 57 bytes of HTML for the 9.6 MB ``pyodide.asm.wasm``. The service worker
checks each file's size and SHA-256 against its list before storing it, fetches a
bad one again, and repairs a saved copy that went bad: missing or wrong-sized
files at the next page load, any file when a calculator's engine failed. Each
test ends with the calculators working with the network off.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from tests.browser.site_helpers import url
from tests.browser.test_offline import (
    CALCULATOR,
    DESKTOP,
    ENGINE_TIMEOUT,
    PYODIDE,
    READY_TIMEOUT,
    new_fragment,
    precache_list,
    wait_ready_offline,
)
from tests.conftest import RequestLog

WASM = PYODIDE + "pyodide.asm.wasm"
LOADER = PYODIDE + "pyodide.asm.mjs"  # wrong bytes here fail the engine at once
# What a captive portal answers instead of the file (57 bytes).
PORTAL = b"<html><body>Please log in to the hotel WiFi</body></html>"


class Poison:
    """Routes every request of a context, answering the service worker's first
    ``times`` requests for ``target`` with ``body`` (200, text/html)."""

    def __init__(self, origin: str, target: str, body: bytes = PORTAL, times: int = 1) -> None:
        self.log = RequestLog(origin.rstrip("/"))
        self.target = target
        self.body = body
        self.left = times
        self.poisoned = 0  # requests answered with the body
        self.genuine = 0  # the service worker's other requests for the target

    def route(self, route: Any) -> None:
        request = route.request
        if request.service_worker is not None and request.url.split("?")[0] == self.target:
            if self.left > 0:
                self.left -= 1
                self.poisoned += 1
                route.fulfill(status=200, content_type="text/html", body=self.body)
                return
            self.genuine += 1
        self.log.route(route)


def context_with(browser: Any, poison: Poison) -> Any:
    context = browser.new_context(viewport=DESKTOP)
    context.route("**/*", poison.route)
    return context


def cached_file(page: Any, address: str) -> dict[str, Any]:
    """What the offline copy holds for ``address``: byte count and SHA-256 (hex)."""
    seen: dict[str, Any] = page.evaluate(
        """async (address) => {
          const names = (await caches.keys()).filter((n) => n.startsWith("chq-rules "));
          const response = await (await caches.open(names[0])).match(address);
          if (!response) return { bytes: -1, sha256: "" };
          const data = await response.arrayBuffer();
          const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", data));
          return { bytes: data.byteLength,
                   sha256: Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("") };
        }""",
        address,
    )
    return seen


def corrupt(page: Any, address: str, same_size: int | None = None) -> None:
    """Overwrite ``address`` in the offline copy: the portal's page, or (``same_size``)
    that many bytes of 0xAA (a file of the right size and the wrong content)."""
    page.evaluate(
        """async ([address, portal, size]) => {
          const names = (await caches.keys()).filter((n) => n.startsWith("chq-rules "));
          const body = size ? new Uint8Array(size).fill(0xaa) : portal;
          const type = size ? "text/javascript" : "text/html";
          for (const name of names) {
            await (await caches.open(name)).put(address, new Response(body, { headers: { "content-type": type } }));
          }
        }""",
        [address, PORTAL.decode(), same_size],
    )


def listed(site: Path, address: str) -> tuple[str, int]:
    """The hash prefix and size sw.js lists for ``address``."""
    for entry, digest, size in precache_list(site):
        if entry == address:
            return digest, size
    raise AssertionError(f"{address} is not in sw.js")


def engine_answers_offline(context: Any, page: Any, base: str) -> dict[str, Any]:
    """With the network off, a calculator permalink never opened before gets the
    engine's own answer. Returns it."""
    page.goto(url(base, CALCULATOR))
    fragment = new_fragment(page)
    context.set_offline(True)
    page.goto(url(base, "rules/units/"))  # leave, so the next open is a real load
    page.goto(url(base, CALCULATOR) + fragment)
    root = page.locator("[data-calculator]").first
    page.wait_for_function(
        "() => ['ready', 'error'].includes(document.querySelector('[data-calculator]').dataset.engine)",
        timeout=ENGINE_TIMEOUT,
    )
    assert root.get_attribute("data-engine") == "ready", root.inner_text()[:400]
    expect(root).to_have_attribute("data-source", "engine", timeout=ENGINE_TIMEOUT)
    result: dict[str, Any] = json.loads(root.get_attribute("data-result") or "null")
    assert result, "no answer"
    return result


def assert_good_copy(page: Any, site: Path, base: str, address: str) -> None:
    digest, size = listed(site, address)
    held = cached_file(page, url(base, address))
    assert held["bytes"] == size and held["sha256"].startswith(digest), (
        f"the offline copy of {address} is {held['bytes']} bytes, {held['sha256'][:16]}; "
        f"the build's is {size} bytes, {digest}"
    )


def saved_with_a_bad_loader(context: Any, site: Path, base: str) -> Any:
    """A page of ``context`` once the site is saved offline and the saved Pyodide
    loader then overwritten with bytes of the right size and the wrong content."""
    page = context.new_page()
    page.goto(url(base, "rules/blinds/"))
    wait_ready_offline(page)
    _digest, size = listed(site, LOADER)
    corrupt(page, url(base, LOADER), same_size=size)
    return page


def test_bad_download_is_fetched_again(browser: Any, built_site: Path, site_url: str) -> None:
    """The portal answers the worker's first request for the wasm: that copy is
    thrown away, the file fetched again, and the calculators work offline."""
    poison = Poison(site_url, url(site_url, WASM))
    context = context_with(browser, poison)
    try:
        page = context.new_page()
        page.goto(url(site_url, "rules/blinds/"))
        wait_ready_offline(page)
        assert poison.poisoned == 1, "the test's portal answer was never asked for"
        assert_good_copy(page, built_site, site_url, WASM)
        assert poison.genuine == 1, f"the wasm was fetched {poison.genuine} more times"
        engine_answers_offline(context, page, site_url)
        assert poison.log.off_origin == []
    finally:
        context.close()


def test_bad_saved_copy_is_repaired_at_the_next_visit(browser: Any, built_site: Path, site_url: str) -> None:
    """A copy already saved wrong (as a worker that checked nothing stored it): the
    next page load finds the wrong size, fetches the file again, and from then on
    the calculators work offline."""
    poison = Poison(site_url, "", times=0)
    context = context_with(browser, poison)
    try:
        page = context.new_page()
        page.goto(url(site_url, "rules/blinds/"))
        wait_ready_offline(page)
        corrupt(page, url(site_url, WASM))
        page.goto(url(site_url, "rules/hidden-units/"))
        wait_ready_offline(page)  # the worker checked (and repaired) before it answered
        assert_good_copy(page, built_site, site_url, WASM)
        assert page.evaluate("document.documentElement.dataset.offlineCheck") == "quick"
        engine_answers_offline(context, page, site_url)
    finally:
        context.close()


def test_engine_failure_asks_for_a_full_check(browser: Any, built_site: Path, site_url: str) -> None:
    """A saved engine file of the right size and the wrong bytes: the engine fails
    once, the page asks the worker for a full check, which replaces the file; the
    next visit computes offline."""
    poison = Poison(site_url, "", times=0)
    context = context_with(browser, poison)
    try:
        page = saved_with_a_bad_loader(context, built_site, site_url)
        page.goto(url(site_url, CALCULATOR))
        root = page.locator("[data-calculator]").first
        expect(root).to_have_attribute("data-engine", "error", timeout=ENGINE_TIMEOUT)
        page.wait_for_function(
            "() => document.documentElement.dataset.offlineCheck === 'deep'", timeout=READY_TIMEOUT
        )
        assert_good_copy(page, built_site, site_url, LOADER)
        engine_answers_offline(context, page, site_url)
    finally:
        context.close()


def test_full_check_asked_during_a_quick_one_still_reads_every_byte(
    browser: Any, built_site: Path, site_url: str
) -> None:
    """A page load's quick check (sizes only) is still running when an engine failure
    asks for the full check: the full check must not be answered by the quick one (a
    loaded machine in CI did exactly that, and the bad file stayed)."""
    poison = Poison(site_url, "", times=0)
    context = context_with(browser, poison)
    try:
        page = saved_with_a_bad_loader(context, built_site, site_url)
        answers = page.evaluate(
            """async () => {
              const worker = navigator.serviceWorker.controller;
              const ask = (type) => new Promise((resolve) => {
                const channel = new MessageChannel();
                channel.port1.onmessage = (event) => resolve(event.data);
                worker.postMessage({ type }, [channel.port2]);
              });
              return Promise.all([ask("status"), ask("repair")]);
            }"""
        )
        assert [answer["checked"] for answer in answers] == ["quick", "deep"], answers
        assert_good_copy(page, built_site, site_url, LOADER)
    finally:
        context.close()
