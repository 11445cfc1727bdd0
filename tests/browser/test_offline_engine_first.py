"""The offline copy waits for the engine.

On a first visit to a calculator page, the page's own answers are there at once
(``data-state="ready"``) while the engine (~13 MB) still downloads and starts. The
service worker saves the whole site (~15 MB): if it started then, the two would
share the club's Wi-Fi. offline.js registers it only once every widget's engine
is ready (or failed, or idle: a card that starts only when scrolled to).
"""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import expect

from tests.browser.offline_helpers import DESKTOP, ENGINE_TIMEOUT, wait_ready_offline
from tests.browser.site_helpers import url
from tests.conftest import RequestLog

# Records, in page time (Date.now(), the same clock as the test's time.time()),
# when the first widget showed an answer and when every engine was ready.
ENGINE_CLOCK = """
(() => {
  const roots = () => [...document.querySelectorAll("[data-calculator]")];
  const note = () => {
    const all = roots();
    if (!all.length) return;
    if (!window.__answerAt && all.some((r) => r.dataset.state === "ready")) window.__answerAt = Date.now();
    if (!window.__engineAt && all.every((r) => r.dataset.engine === "ready")) window.__engineAt = Date.now();
  };
  new MutationObserver(note).observe(document, {
    subtree: true, attributes: true, attributeFilter: ["data-state", "data-engine"],
  });
})();
"""


class Clock:
    """Routes a context's requests, noting when the service worker script and the
    service worker's own requests were first asked for (ms since the epoch)."""

    def __init__(self, origin: str) -> None:
        self.log = RequestLog(origin.rstrip("/"))
        self.script_at = 0.0
        self.worker_at = 0.0

    def route(self, route: Any) -> None:
        now = time.time() * 1000
        request = route.request
        if request.url.split("?")[0].endswith("/sw.js") and not self.script_at:
            self.script_at = now
        if request.service_worker is not None and not self.worker_at:
            self.worker_at = now
        self.log.route(route)


def test_offline_copy_starts_after_the_engine(browser: Any, site_url: str) -> None:
    clock = Clock(site_url)
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script(ENGINE_CLOCK)
    context.route("**/*", clock.route)
    try:
        page = context.new_page()
        # The starting inputs, whose answer the page carries: data-state is "ready" at once.
        page.goto(url(site_url, "calculators/spotting/"))
        root = page.locator("[data-calculator]").first
        expect(root).to_have_attribute("data-engine", "ready", timeout=ENGINE_TIMEOUT)
        wait_ready_offline(page)
        answer_at, engine_at = page.evaluate("[window.__answerAt || 0, window.__engineAt || 0]")
        assert answer_at and engine_at and clock.script_at and clock.worker_at
        print(
            f"\nafter the first answer: engine ready {(engine_at - answer_at) / 1000:.2f} s, "
            f"sw.js asked for {(clock.script_at - answer_at) / 1000:.2f} s, "
            f"its first download {(clock.worker_at - answer_at) / 1000:.2f} s"
        )
        assert clock.script_at > engine_at, "the service worker was registered before the engine was ready"
        assert clock.worker_at > engine_at, "the offline copy started before the engine was ready"
        assert clock.log.off_origin == []
    finally:
        context.close()


def test_an_idle_card_does_not_hold_the_offline_copy(browser: Any, site_url: str) -> None:
    """A rules page whose calculator card waits to be scrolled to (data-engine
    "idle"): the site is saved without the engine ever starting."""
    context = browser.new_context(viewport={"width": 1366, "height": 500})
    log = RequestLog(site_url.rstrip("/"))
    context.route("**/*", log.route)
    try:
        page = context.new_page()
        page.goto(url(site_url, "rules/blinds/"))
        card = page.locator('[data-calculator][data-mode="compact"]').first
        expect(card).to_have_attribute("data-engine", "idle")
        wait_ready_offline(page)
        assert card.get_attribute("data-engine") == "idle"
    finally:
        context.close()
