"""When the site's server is gone, or a page or script is missing, the reader is told.

* A link with a ``#`` part (every "Try it in the calculator" link) tapped when the
  server has stopped: Material's instant navigation pushes the new address, its
  fetch fails, and its fallback (``location.href = url``) is only a jump within the
  page for an address it has already pushed: the old page stayed, silently, under the
  new address. Now the address is loaded for real and the browser
  shows its own error page. The same for a page the server no longer has (404).
* A page whose calculator script never ran (the site's script missing) said the calculator
  "needs JavaScript" although JavaScript was on; with JavaScript off it must still say
  that it does.

Each test has its own server (stopped inside the test, or serving a copy of the site
with a file removed) and no service worker (it would answer from its cache).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.site_helpers import url
from tests.browser.widgets_helpers import READY_MS
from tests.conftest import StaticServer

VIEWPORT = {"width": 820, "height": 1180}
RULES_PAGE = "rules/spotting/"
CALCULATOR_PAGE = "calculators/spotting/"
SCRIPTS = "assets/js/site"  # the widgets' script (chq_site/bundle.py), its folder
TRY_IT = f'article a[href*="{CALCULATOR_PAGE}#"]:not(.chq-widget a)'

SITEMAP_LOADED = """() => performance.getEntriesByType('resource')
  .some(e => e.name.endsWith('/sitemap.xml') && e.responseEnd > 0)"""

JS_OFF_WORDS = "needs JavaScript"
NOT_RUN_WORDS = "script has not run"


def site_copy(site: Path, into: Path, without: list[str]) -> Path:
    """A copy of the built site (hard links where possible) with ``without`` (files or
    folders) removed."""

    def link(src: str, dst: str) -> None:
        try:
            os.link(src, dst)
        except OSError:
            shutil.copy2(src, dst)

    shutil.copytree(site, into, copy_function=link)
    for rel in without:
        if (into / rel).is_dir():
            shutil.rmtree(into / rel)
        for path in (into / rel, into / f"{rel}.gz"):
            path.unlink(missing_ok=True)
        assert not (into / rel).exists()
    return into


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    """A tablet-sized context with no service worker and the engine's files blocked
    (nothing here needs Python; a failed engine is tested elsewhere)."""
    made = browser.new_context(viewport=VIEWPORT, service_workers="block")
    made.route("**/assets/engine/**", lambda route: route.abort())
    yield made
    made.close()


def open_rules_page(page: Any, base: str) -> str:
    """Open the rules page, wait until instant navigation is armed, mark the document;
    return the absolute address of its Try-it link."""
    page.goto(url(base, RULES_PAGE))
    page.wait_for_function(SITEMAP_LOADED, timeout=READY_MS)
    page.evaluate("() => { window.__chqOldPage = true; }")
    href = page.locator(TRY_IT).first.evaluate("a => a.href")
    assert "#" in href, href
    return href


def tap_and_wait_for_a_new_document(page: Any, href: str) -> list[str]:
    """Tap the Try-it link; wait until the old page has been replaced by a new document;
    return the page loads (document requests) that failed meanwhile."""
    failed: list[str] = []
    page.on("requestfailed", lambda r: failed.append(f"{r.url} {r.failure}")
            if r.resource_type == "document" else None)
    page.locator(TRY_IT).first.click()
    try:
        page.wait_for_function("() => window.__chqOldPage !== true", timeout=READY_MS)
    except Exception as exc:  # the old page stayed: say what the reader saw
        shown = page.evaluate("() => [location.href, document.title, window.__chqOldPage === true]")
        raise AssertionError(f"the tap on {href} left the old page on screen with no message: "
                             f"(address, title, old page) = {shown}") from exc
    return failed


def test_link_with_a_fragment_when_the_server_is_gone(built_site: Path, context: Any) -> None:
    page = context.new_page()
    server = StaticServer(built_site).__enter__()
    try:
        href = open_rules_page(page, server.origin + "/")
    finally:
        server.__exit__()  # the club laptop went to sleep
    failed = tap_and_wait_for_a_new_document(page, href)
    # The browser tried to load the link's page for real and shows its error page.
    assert any(f.startswith(href.split("#")[0]) for f in failed), failed
    assert page.url.startswith("chrome-error://"), page.url
    assert page.locator("article").count() == 0


def test_link_with_a_fragment_to_a_page_the_server_no_longer_has(
    built_site: Path, context: Any, tmp_path: Path
) -> None:
    copy = site_copy(built_site, tmp_path / "site", [CALCULATOR_PAGE])
    page = context.new_page()
    with StaticServer(copy) as server:
        href = open_rules_page(page, server.origin + "/")
        responses: list[int] = []
        page.on("response", lambda r: responses.append(r.status)
                if r.request.resource_type == "document" else None)
        tap_and_wait_for_a_new_document(page, href)
        page.wait_for_load_state("load")
        # The server's own answer for the missing page is on screen, at the link's address.
        assert responses and responses[-1] == 404, responses
        assert page.url == href
        assert "404" in page.locator("body").inner_text()


@pytest.mark.parametrize("javascript", [True, False], ids=["javascript-on", "javascript-off"])
def test_a_calculator_whose_script_never_ran_says_so(
    browser: Any, built_site: Path, tmp_path: Path, javascript: bool
) -> None:
    copy = site_copy(built_site, tmp_path / "site", [SCRIPTS])
    context = browser.new_context(viewport=VIEWPORT, service_workers="block",
                                  java_script_enabled=javascript)
    context.route("**/assets/engine/**", lambda route: route.abort())
    try:
        with StaticServer(copy) as server:
            page = context.new_page()
            missing: list[str] = []
            page.on("response", lambda r: missing.append(r.url) if r.status == 404 else None)
            for path in (CALCULATOR_PAGE, RULES_PAGE):  # a full widget, and the cards in the rules
                page.goto(url(server.origin + "/", path))  # waits for "load": every script tried
                if javascript:
                    assert any(f"/{SCRIPTS}/" in u for u in missing), missing
                statuses = page.locator("[data-calculator] .chq-status__text")
                assert statuses.count() > 0, f"{path}: no calculator"
                for text in statuses.all_inner_texts():
                    if javascript:
                        assert NOT_RUN_WORDS in text and JS_OFF_WORDS not in text, f"{path}: {text!r}"
                    else:
                        assert JS_OFF_WORDS in text and NOT_RUN_WORDS not in text, f"{path}: {text!r}"
                    assert "The table below was computed when the site was built." in text
                assert page.locator("[data-calculator] .chq-table table").first.is_visible()
    finally:
        context.close()
