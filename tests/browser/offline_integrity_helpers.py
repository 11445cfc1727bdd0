"""Shared by test_offline_integrity.py and the tests that use its pages, fixtures and checks
(moved out of the test module, unchanged: a test module imports no other test module)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from tests.browser.offline_helpers import (
    CALCULATOR,
    DESKTOP,
    ENGINE_TIMEOUT,
    PYODIDE,
    new_fragment,
    precache_list,
    wait_ready_offline,
)
from tests.browser.site_helpers import url
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
