"""The site works when a club serves it under a sub-path (here ``/rules/``), and asks
nothing of any other place.

Every link of the navigation is followed from the home page, and every other built
page loaded, and must answer 200 with a page that has an h1; a click in the navigation
and the search must work there too; and nothing may be fetched from outside ``/rules/``
on that server (nor off it: no page of the site asks another origin for anything, its
calculators' engine and its service worker included).
Served by the club bundle's serve.py for the folder that contains ``rules/``, a first
visit to a missing page there gets the site's own 404 page, whole (that story in WebKitGTK
too: the page API of tests/browser/page_api.py).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from urllib.parse import urldefrag, urlsplit

import pytest
from playwright.sync_api import expect

from tests.browser.card_helpers import calculator_states, wait_for_calculators
from tests.browser.page_api import SitePage
from tests.browser.page_engines import ChromiumPage
from tests.browser.site_helpers import (
    built_pages,
    nav_pages,
    open_search,
    track_search_worker,
    url,
    wait_for_search_settled,
)
from tests.club_bundle.club_server import ServedUnderSubpath, get

ENGINE_WASM = "/assets/engine/pyodide/pyodide.asm.wasm"

# The 404 page as a player sees it: its title, the header styled (unstyled, it is
# transparent), Home's address and the site root the page found.
NOT_FOUND_SHOWN = """
const h1 = document.querySelector('article h1');
const header = document.querySelector('.md-header');
const home = document.querySelector('a.md-header__button.md-logo');
if (!h1 || !header || !home || !window.__chqRoot) return null;
const colour = getComputedStyle(header).backgroundColor;
if (!colour.startsWith('rgb(')) return null;
return {title: h1.textContent.trim(), colour, home: home.href, root: window.__chqRoot,
        scripted: !document.documentElement.classList.contains('no-js')};
"""


class SubpathLog:
    """Notes the requests under the sub-path and the rest (which the server, holding
    only the sub-path, answers 404)."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self.inside: list[str] = []
        self.outside: list[str] = []
        self.service_worker: list[str] = []

    def seen(self, request) -> None:
        address = request.url
        if request.service_worker is not None:
            self.service_worker.append(address)
        inside = address.startswith(self.prefix) or address.startswith(("data:", "blob:"))
        (self.inside if inside else self.outside).append(address)


@pytest.fixture
def subpath_page(browser, subpath_site_url: str):
    """A page in a fresh context whose requests are noted, under the sub-path or not."""
    context = browser.new_context(viewport={"width": 1366, "height": 1024})
    log = SubpathLog(subpath_site_url)
    context.on("request", log.seen)
    track_search_worker(context)
    page = context.new_page()
    yield page, log
    context.close()


def nav_hrefs(page) -> list[str]:
    """Absolute URLs (without #fragment) of every ``a.md-nav__link`` on the page."""
    hrefs = page.eval_on_selector_all("a.md-nav__link[href]", "links => links.map(a => a.href)")
    return sorted({urldefrag(h).url for h in hrefs})


def test_every_page_works_under_subpath_and_asks_nothing_outside(subpath_page, subpath_site_url: str,
                                                                  built_site: Path) -> None:
    """Every link of the navigation, then every other built page (the 404 page), each
    loaded anew under the sub-path: it answers 200 with an h1, and once its calculators
    have settled (their engine ready or failed: its worker has asked for all it asks for)
    nothing was asked for outside ``/rules/`` on that server, nor off it. The log sees
    what the engine's worker and the service worker ask (a page whose engine is ready
    without the runtime in the log would say it does not). Then the offline copy is
    made from under the sub-path too, its requests seen and inside."""
    page, log = subpath_page
    response = page.goto(subpath_site_url)
    assert response and response.status == 200
    targets = nav_hrefs(page)
    expected = {url(subpath_site_url, p) for p in nav_pages()}
    assert expected <= set(targets), f"nav links missing pages: {sorted(expected - set(targets))}"
    built = [url(subpath_site_url, p) for p in built_pages(built_site)]
    failures: list[str] = []
    visits = [*targets, *(address for address in built if address not in targets)]
    for target in visits:
        if not target.startswith(subpath_site_url):
            failures.append(f"{target}: nav link leaves {subpath_site_url}")
            continue
        before = len(log.inside)
        response = page.goto(target)
        status = response.status if response else 0
        wait_for_calculators(page)  # the engine ready or failed: its worker's requests are made
        h1 = page.locator("article h1")
        if status != 200:
            failures.append(f"{target}: HTTP {status}")
        elif h1.count() == 0 or not h1.first.inner_text().strip():
            failures.append(f"{target}: no h1")
        if "ready" in calculator_states(page, "engine") and not any(ENGINE_WASM in u for u in log.inside[before:]):
            failures.append(f"{target}: engine ready but {ENGINE_WASM} not in the log: "
                            "the engine's requests are not being noted")
    assert (built_site / "sw.js").is_file(), "no service worker in the build"
    # The offline copy precaches from under the sub-path too: every request the
    # service worker makes is made once the page says so (offline.js).
    page.goto(subpath_site_url)
    page.wait_for_function("async () => !!(await navigator.serviceWorker.getRegistration())?.active",
                           polling=250, timeout=60_000)
    page.wait_for_function("document.documentElement.dataset.offline === 'ready'", timeout=120_000)
    print(f"\nsub-path: {len(visits)} pages loaded ({len(targets)} nav links) under "
          f"{urlsplit(subpath_site_url).path}, {len(log.inside)} requests inside "
          f"({len(log.service_worker)} by the service worker), {len(log.outside)} outside")
    assert failures == [], "\n".join(failures)
    assert log.service_worker, "the service worker is active but none of its requests was seen"
    assert log.outside == [], f"requests outside {subpath_site_url}: {log.outside}"


def test_click_navigation_and_search_under_subpath(subpath_page, subpath_site_url: str) -> None:
    page, log = subpath_page
    page.goto(subpath_site_url)
    # a reader's click on the navigation (Material's instant navigation, where it
    # is active, fetches the page with XHR instead of loading it)
    candidates = page.locator(".md-nav--primary a.md-nav__link[href]:not(.md-nav__link--active)")
    link = next(a for a in candidates.all() if a.is_visible() and a.evaluate("a => !a.hash"))
    title = link.inner_text().strip()
    target = link.evaluate("a => a.href")
    page.evaluate("() => { window.__sameDocument = true; }")
    before = page.locator("article h1").inner_text()
    link.click()
    page.wait_for_url(target)
    expect(page.locator("article h1")).not_to_have_text(before)
    instant = page.evaluate("() => window.__sameDocument === true")
    # Material closes the search and drawer 125 ms after a navigation (debounced);
    # opening the search inside that window would see it shut again.
    page.wait_for_timeout(400)
    assert target.startswith(subpath_site_url), f"nav link {title!r} leaves the sub-path: {target}"

    # search: the index and the worker come from under the sub-path
    field = open_search(page)
    field.press_sequentially("ambush", delay=20)
    wait_for_search_settled(page, "ambush")
    first = page.locator(".md-search-result__item .md-search-result__link").first
    expect(first).to_be_visible()
    href = first.evaluate("a => a.href")
    print(f"\nsub-path: clicked {title!r} -> {page.url} "
          f"({'instant navigation' if instant else 'full page load'}); search 'ambush' -> {href}")
    assert href.startswith(subpath_site_url), href
    assert any("search_index.json" in u for u in log.inside), "search index was not fetched"
    assert log.outside == [], f"requests outside {subpath_site_url}: {log.outside}"


# ------------------------------------------------------- the club bundle's server


def test_a_first_visit_to_a_missing_page_under_the_subpath(
    site_page: Callable[..., SitePage], built_site: Path, tmp_path: Path, artifacts: Path
) -> None:
    """A tablet that never opened the site follows a broken link to /rules/no-such-page/
    (served by serve.py): the site's 404 page, styled, with Home at /rules/, although
    "rules" is also a section of the site. The page finds the site root by asking the
    server (chq_site/theme/material/404.html). Run in Chromium and in WebKitGTK (the page
    API); the answer's status is read from the server itself. Chromium's lane alone
    records failed requests (Playwright's requestfailed) and, as site_page does there,
    blocks and fails on any request outside /rules/."""
    club = ServedUnderSubpath(built_site, tmp_path)
    page = site_page(820, 1180, server=club, screenshots=True)
    base = page.base
    failed: list[str] = []
    if isinstance(page, ChromiumPage):
        page.page.on("requestfailed", lambda request: failed.append(f"{request.url} {request.failure}"))
    page.open("no-such-page/")
    shown = page.wait(NOT_FOUND_SHOWN, what="the 404 page, styled")
    print(f"\n{page.engine}, first visit to {base}no-such-page/: {shown}")
    assert shown["title"] == "404 - Not found"
    assert shown["home"] == base
    assert shown["root"] == {"href": base, "from": "server"}
    assert shown["scripted"], "Material's script did not run"
    assert get(club.server_origin, "/rules/no-such-page/")[0] == 404
    page.screenshot(artifacts / f"not-found-subpath-820-{page.engine}.png")
    if page.engine == "chromium":  # (WebKit's narrowest window is about 450 px, not a 390 px phone)
        page.resize(390, 844)
        page.screenshot(artifacts / "not-found-subpath-390-chromium.png")
    # Home leads to the site's home page (Material shows the logo in the header only
    # on wide screens: clicked by script).
    page.run("document.querySelector('a.md-header__button.md-logo').click();")
    page.wait("return location.href === arguments[0] && !!document.querySelector('article h1');", base,
              what="the home page under the sub-path")
    assert failed == [], failed
