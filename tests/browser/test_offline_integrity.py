"""The offline copy stores only the files of its build, and mends itself.

A captive portal (or a proxy, or a cut transfer) can answer 200 with something
else: 57 bytes of HTML for the 9.6 MB ``pyodide.asm.wasm``. The service worker
checks each file's size and SHA-256 against its list before storing it, fetches a
bad one again, and repairs a saved copy that went bad: missing or wrong-sized
files at the next page load, any file when a calculator's engine failed. Each
test ends with the calculators working with the network off.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from tests.browser.offline_helpers import (
    CALCULATOR,
    ENGINE_TIMEOUT,
    READY_TIMEOUT,
    wait_ready_offline,
)
from tests.browser.offline_integrity_helpers import (
    LOADER,
    WASM,
    Poison,
    assert_good_copy,
    context_with,
    corrupt,
    engine_answers_offline,
    saved_with_a_bad_loader,
)
from tests.browser.site_helpers import url


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
