"""The calculator widgets when things go wrong around them: the engine blocked or
failing, JavaScript off, the site served under a sub-path, and instant navigation
reusing the engine. The built site over HTTP, in Chromium.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from tests.browser.site_helpers import (
    url,
)
from tests.browser.widgets_helpers import (
    ENGINE_WASM,
    ENGINE_WORKER,
    PAGES,
    check_against_cli,
    click_through,
    make_context,
    wait_for_engine,
    watched_page,
    widget,
)

# --------------------------------------------------------------------------- #
# Fallbacks: engine blocked, JavaScript off, served under a sub-path          #
# --------------------------------------------------------------------------- #

def test_engine_blocked_shows_message_and_build_time_table(
    browser: Any, site_url: str, artifacts: Path
) -> None:
    context, log = make_context(browser, site_url)
    context.route("**/assets/engine/**", lambda route: route.abort())
    page = context.new_page()
    try:
        page.goto(url(site_url, PAGES["close_assault"]))
        wait_for_engine(page, "error")
        root = widget(page)
        status = root.locator(".chq-status__text").inner_text()
        assert status.startswith("The calculator engine could not load here:")
        assert "The table below was computed when the site was built." in status
        table = root.locator(".chq-table table")
        assert table.is_visible()
        assert "vs 5D" in table.inner_text()
        # The answer for the starting inputs came with the page and stays (a changed
        # input: tests/browser/test_widgets_first_answer.py).
        assert root.get_attribute("data-state") == "ready"
        assert root.get_attribute("data-source") == "build"
        page.screenshot(path=str(artifacts / "screenshots" / "calc-close-assault-no-engine.png"),
                        full_page=True)
        # The rules pages are plain reading, engine or not.
        page.goto(url(site_url, "rules/close-assault/"))
        article = page.locator("article")
        assert article.locator("h1").inner_text().startswith("Close Assault")
        assert len(article.inner_text()) > 2000
        assert log.off_origin == []
    finally:
        context.close()


def test_javascript_off_shows_the_build_time_table(
    browser: Any, site_url: str, artifacts: Path
) -> None:
    context, log = make_context(browser, site_url, java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(url(site_url, PAGES["spotting"]))
        root = widget(page)
        assert root.get_attribute("data-state") == "loading"
        status = root.locator(".chq-status__text").inner_text()
        assert "needs JavaScript" in status
        assert "script has not run" not in status  # that is for a script that failed to load
        assert root.locator(".chq-table table").is_visible()
        assert "Medium cover" in root.locator(".chq-table table").inner_text()
        assert not root.locator(".chq-form").is_visible()
        assert root.locator(".chq-readings").is_visible()
        page.screenshot(path=str(artifacts / "screenshots" / "calc-spotting-no-javascript.png"),
                        full_page=True)
        assert log.off_origin == []
    finally:
        context.close()


def test_works_under_a_sub_path(browser: Any, subpath_site_url: str) -> None:
    with watched_page(browser, subpath_site_url) as (context, page, log, errors):
        page.goto(url(subpath_site_url, PAGES["rally"]) + "#disruption=3")
        check_against_cli(page, "rally", {"disruption": 3})
        wait_for_engine(page, "ready")  # the answer above may be the page's own
        assert any("/rules/assets/engine/pyodide/pyodide.asm.wasm" in u for u in log.local)
        assert log.off_origin == []
        assert errors == []


def test_instant_navigation_reuses_the_engine(browser: Any, site_url: str) -> None:
    with watched_page(browser, site_url) as (context, page, log, errors):
        page.goto(url(site_url, "rules/spotting/"))
        page.evaluate("() => { window.__sameDocument = true; }")
        click_through(page, "calculators/spotting/")
        page.wait_for_url("**/calculators/spotting/**")
        check_against_cli(page, "spotting", {"distance": 18})
        wait_for_engine(page, "ready")  # the answer above came with the page; now the engine
        instant = page.evaluate("() => window.__sameDocument === true")
        assert instant, (
            "clicking a link reloaded the page: Material's instant navigation did not take it. "
            "Material 9.8 follows only links listed in sitemap.xml, keeping the port and path "
            "of site_url; served anywhere else it needs the shim inline in <head> (chq_site/theme/sitemap.js)"
        )
        page.go_back()
        page.wait_for_url("**/rules/spotting/**")
        page.locator("article h1").wait_for()
        started = time.perf_counter()
        click_through(page, "calculators/spotting/")
        page.wait_for_url("**/calculators/spotting/**")
        check_against_cli(page, "spotting", {"distance": 18})
        wait_for_engine(page, "ready")
        warm = time.perf_counter() - started
        print(f"\nwarm instant navigation to a result: {warm:.2f} s")
        assert page.evaluate("() => window.__sameDocument === true")
        wasm = [u for u in log.local if u.endswith(ENGINE_WASM)]
        workers = [u for u in log.local if u.endswith(ENGINE_WORKER)]
        assert len(wasm) == 1 and len(workers) == 1, (wasm, workers)
        assert log.off_origin == []
        assert errors == []
