"""A new club bundle unzipped over the old one reaches a browser that had the old one.

Two bundles whose rules page differs: the run's own bundle of the project as it is,
and one of a strict build of a copy of the project with one page edited (the run's
second test build). The first is unzipped and served with its own serve.py on a free
loopback port; Chromium opens pages in one browser context, which keeps its HTTP
cache and its service worker while it is open. Then the server stops, the second
bundle is unzipped over the same folder (``unzip -o``, as a club would: each file
dated as in the zip) and serve.py starts again on the same port. The new text must
reach the browser without a service worker (the HTTP cache asks, and gets the new
page) and with one (it finds the new sw.js, saves the new build, offers Reload).

Issue 9, case 2: with every zip entry dated 2024-01-01 and no ETag, the browser's
"changed since?" got "304 Not Modified" for the changed page and the changed sw.js.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from tests.browser.offline_helpers import MARKER, wait_ready_offline
from tests.browser.offline_update_helpers import Builds
from tests.club_bundle.bundle_helpers import bundle, club_server, unzip_over

DESKTOP = {"width": 1366, "height": 1024}
READY_TIMEOUT = 120_000  # precaching the whole build on a busy 2-core machine
PAGE = "rules/spotting/"
OTHER = "rules/blinds/"


@pytest.fixture(scope="module")
def bundles(made: tuple[Path, float, float], builds: Builds,
            tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The old and the new bundle (same version number: one folder name): the run's
    own bundle of the project as it is (tests/club_bundle/bundle_fixtures.py), and one
    of the run's second test build (offline_update_helpers.builds: MARKER on the
    spotting page)."""
    old, new = made[0], bundle.make_bundle(tmp_path_factory.mktemp("update"), site=builds.second)
    assert old.name == new.name
    return old, new


@pytest.fixture
def folder(bundles: tuple[Path, Path], tmp_path: Path) -> Path:
    """The old bundle, unzipped where the club keeps it."""
    return unzip_over(bundles[0], tmp_path / "club")


def off_origin(requested: list[str], base: str) -> list[str]:
    """Requests that left the site's origin (none may)."""
    return [u for u in requested if not u.startswith((base, "data:", "blob:"))]


def article(page) -> str:
    return page.locator("article").first.inner_text()


def test_update_reaches_a_browser_without_service_worker(
    browser, bundles, folder: Path, tmp_path: Path
) -> None:
    """The HTTP cache alone: a new tab, and an open tab's next page, get the new text.

    No routes on this context: Playwright turns the HTTP cache off when a context
    routes requests, and the cache is what is under test. Requests are watched.
    """
    context = browser.new_context(viewport=DESKTOP, service_workers="block")
    requested: list[str] = []
    context.on("request", lambda request: requested.append(request.url))
    try:
        with club_server(folder) as base:
            tab = context.new_page()
            tab.goto(base + PAGE)
            expect(tab.locator("article h1")).to_be_visible()
            assert MARKER not in article(tab)
            tab.goto(base + OTHER)  # the open tab now shows another page
            expect(tab.locator("article h1")).to_be_visible()
        port = urlsplit(base).port

        unzip_over(bundles[1], tmp_path / "club")
        with club_server(folder, port) as again:
            assert again == base
            # A new tab: the browser holds the old page; it must ask, and get the new one.
            fresh = context.new_page()
            fresh.goto(base + PAGE)
            expect(fresh.locator("article")).to_contain_text(MARKER)
            # The tab left open: a tap on the navigation (Material fetches the page).
            # (Material makes the links absolute once the page runs.)
            link = '.md-sidebar--primary a.md-nav__link[href$="spotting/"]:not([href*="calculators/"])'
            tab.locator(link).first.click()
            tab.wait_for_url(base + PAGE)
            expect(tab.locator("article")).to_contain_text(MARKER)
        assert off_origin(requested, base) == []
    finally:
        context.close()


def test_update_reaches_a_browser_through_its_service_worker(
    browser, bundles, folder: Path, tmp_path: Path
) -> None:
    """The offline copy: the page announces the new version; after Reload it shows it."""
    context = browser.new_context(viewport=DESKTOP)
    requested: list[str] = []
    context.on("request", lambda request: requested.append(request.url))
    try:
        with club_server(folder) as base:
            page = context.new_page()
            page.goto(base + PAGE)
            old_build = wait_ready_offline(page)
            assert page.evaluate("Boolean(navigator.serviceWorker.controller)"), "page not controlled"
            assert MARKER not in article(page)
        port = urlsplit(base).port

        unzip_over(bundles[1], tmp_path / "club")
        with club_server(folder, port) as again:
            assert again == base
            page.reload()  # the worker answers from the old build, and checks sw.js
            notice = page.locator(".chq-update")
            expect(notice).to_be_visible(timeout=READY_TIMEOUT)
            expect(notice).to_contain_text("A new version of the rules is available")
            assert MARKER not in article(page), "the old build stays whole until Reload"
            with page.expect_navigation(timeout=60_000):
                notice.get_by_role("button", name="Reload").click()
            expect(page.locator("article")).to_contain_text(MARKER, timeout=30_000)
            new_build = wait_ready_offline(page)
            assert new_build != old_build
            # A new tab of the same browser: the new build too.
            other = context.new_page()
            other.goto(base + PAGE)
            expect(other.locator("article")).to_contain_text(MARKER)
        assert off_origin(requested, base) == []
    finally:
        context.close()
