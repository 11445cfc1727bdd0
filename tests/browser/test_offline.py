"""Offline at the club: the service worker, the web app manifest and the lean build.

The build writes ``sw.js`` at the site root (chq_site/offline/offline.py) and
``build/chq_site/offline/offline.js`` registers it. After one visit the whole site (pages,
search, calculators' engine) must work with the network off; a new build must be
announced and served after Reload; all of it under a sub-path too.

The first tests read the built folder only; the browser tests serve it over HTTP.
"""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urljoin

from chq_site import bundle
from playwright.sync_api import expect

from tests.browser.offline_helpers import (
    BADGE_SHOWN,
    CALCULATOR,
    DESKTOP_SIZE,
    H1_SHOWN,
    MARKER,
    NARROW,
    OFFLINE_CASE,
    OFFLINE_MECHANIC,
    PYODIDE,
    READY_OFFLINE,
    READY_TIMEOUT,
    file_for,
    has_calculators,
    make_context,
    png_size,
    precache_list,
    wait_ready_offline,
)
from tests.browser.offline_update_helpers import Builds
from tests.browser.page_api import ENGINE_S, SitePage
from tests.browser.page_engines import ChromiumPage
from tests.browser.page_scripts import SHOWS
from tests.browser.share_compare_helpers import BY_NAME, at, check_panel, sides_shown, vs_of
from tests.browser.shell_first_helpers import PAGE as SHELL_PAGE
from tests.browser.shell_first_helpers import check_range, shown_for
from tests.browser.site_helpers import built_pages, url
from tests.browser.widgets_helpers import PAGES, check_answer, fragment, reference
from tests.conftest import StaticServer

# Shell it first? offline: two setups whose headline is a range.
SHELL_CASES = [{"variant": "combat-hq", "fire_dice": 6, "units": 2, "att_dice": 5, "def_dice": 5,
                "def_cover": "light", "att_move": "double"},
               {"variant": "combat-hq", "fire_dice": 7, "units": 4, "att_dice": 5, "def_dice": 4,
                "def_cover": "medium", "att_flank": True}]


def test_service_worker_precaches_the_whole_build(built_site: Path) -> None:
    files = precache_list(built_site)
    urls = [entry[0] for entry in files]
    pages = ["./" if p == "" else p for p in built_pages(built_site)]
    missing_pages = sorted(set(pages) - set(urls))
    assert not missing_pages, f"pages not precached: {missing_pages}"
    for needed in ("search/search_index.json", "manifest.webmanifest", "assets/js/offline.js",
                   *(PYODIDE + name for name in ("pyodide.mjs", "pyodide.asm.mjs",
                                                 "pyodide.asm.wasm", "python_stdlib.zip",
                                                 "pyodide-lock.json"))):
        assert needed in urls, f"{needed} is not precached"
    assert any(u.startswith("assets/engine/") and u.endswith(".whl") for u in urls), "no wheel"
    assert not [u for u in urls if u.endswith((".map", ".gz")) or u == "sw.js"]
    on_disk = sorted(
        p.relative_to(built_site).as_posix() for p in built_site.rglob("*")
        if p.is_file() and not p.name.endswith((".gz", ".map")) and p.name != "sw.js"
    )
    listed = sorted(file_for(built_site, u).relative_to(built_site).as_posix() for u in urls)
    assert listed == on_disk, "sw.js must list exactly the files of the build"
    for address, _hash, size in files:
        assert file_for(built_site, address).stat().st_size == size, address
    total = sum(entry[2] for entry in files)
    print(f"\nsw.js precaches {len(files)} files, {total / 1e6:.1f} MB")


def test_lean_build(built_site: Path) -> None:
    """No source maps but our bundles' own, no Material search worker or lunr (our
    worker answers the search box), and precompressed copies of the big text files and the wasm."""
    maps = [p.relative_to(built_site).as_posix() for p in built_site.rglob("*.map")]
    # the stylesheet, the page script, the engine worker, the search worker and offline.js
    assert len(maps) == 5 and all(bundle.OUR_MAP.match(m) for m in maps), maps
    assert not (built_site / "assets/javascripts/lunr").exists()
    assert not (built_site / "assets/javascripts/workers").exists()
    for js in built_site.rglob("*.js"):
        tail = js.read_bytes()[-300:]
        assert b"sourceMappingURL=" not in tail or (js.parent / f"{js.name}.map").is_file(), js
    for name in ("pyodide.asm.wasm", "pyodide.asm.mjs"):
        packed = built_site / PYODIDE / (name + ".gz")
        assert packed.is_file() and packed.stat().st_size < (built_site / PYODIDE / name).stat().st_size
    assert (built_site / "search/search_index.json.gz").is_file()
    assert sorted(p.name for p in (built_site / PYODIDE).iterdir() if p.suffix != ".gz") == [
        "pyodide-lock.json", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide.mjs", "python_stdlib.zip"]


def test_manifest_linked_from_every_page(built_site: Path) -> None:
    manifest_file = built_site / "manifest.webmanifest"
    manifest = json.loads(manifest_file.read_text(encoding="utf-8"))
    assert manifest["start_url"] == "." and manifest["scope"] == "."
    assert manifest["display"] == "standalone" and manifest["name"] and manifest["short_name"]
    sizes = set()
    for icon in manifest["icons"]:
        path = built_site / icon["src"]
        assert path.is_file(), icon["src"]
        if icon["type"] == "image/png":
            width, height = png_size(path)
            assert icon["sizes"] == f"{width}x{height}"
            sizes.add(width)
    assert {192, 512} <= sizes
    for html_file in built_site.rglob("*.html"):
        rel = html_file.relative_to(built_site)
        if rel.parts[0] == "assets" or rel.as_posix() == "404.html":
            continue  # 404.html is a theme template, not a page, and is served at any depth
        html = html_file.read_text(encoding="utf-8")
        links = re.findall(r'<link rel="manifest" href="([^"]+)">', html)
        assert len(links) == 1, f"{rel}: {len(links)} manifest links"
        assert (html_file.parent / links[0]).resolve() == manifest_file.resolve(), rel
        assert '<meta name="theme-color"' in html, rel


def test_site_offline_examples() -> None:
    """The examples in chq_site/offline/offline.py's docstrings."""
    import doctest

    from chq_site.offline import offline

    failed, tried = doctest.testmod(offline)
    assert tried > 0 and failed == 0


def test_mkdocs_serve_keeps_no_offline_copy(tmp_path: Path) -> None:
    """Under `mkdocs serve` (pages rebuilt on every edit) sw.js removes itself and
    any earlier offline copy, and pages tell offline.js not to register it."""
    from chq_site.offline import offline

    offline.startup("serve")
    try:
        (tmp_path / "a.js.map").write_text("{}")
        offline.post_build(tmp_path, config=None)
        worker = (tmp_path / "sw.js").read_text(encoding="utf-8")
        assert "unregister()" in worker and "caches.delete" in worker and "FILES" not in worker
        assert (tmp_path / "a.js.map").exists(), "source maps stay for debugging under serve"
        assert '<meta name="chq-offline" content="off">' in offline.head_tags("rules/x/")
    finally:
        offline.startup("build")
    assert "chq-offline" not in offline.head_tags("rules/x/")


def test_works_offline_after_one_visit(site_page: Callable[..., SitePage], built_site: Path) -> None:
    """One story, run in Chromium and in WebKitGTK: after one visit the service worker
    has saved the whole site ("Ready offline"; on a phone a tick of that name) and controls
    the page; with the page's own server stopped, pages never opened, the search, the
    navigation and calculator permalinks never opened (answered by the engine from the
    cache, as compute() answers them: Close Assault; Shell it first?, its range and its
    words; a compared pair, both sides and B - A) all work. Chromium also sees every
    request, those the service worker answers too (Playwright's request events): the
    engine fetched exactly the Pyodide files the build ships."""
    page = site_page(*DESKTOP_SIZE, own_server=True)
    requested: list[str] = []  # Chromium: every request, also those the service worker answers
    if isinstance(page, ChromiumPage):
        page.context.on("request", lambda request: requested.append(request.url))
    page.open("rules/blinds/")
    build = page.wait(READY_OFFLINE, what='the header\'s "Ready offline"', timeout=ENGINE_S)
    assert page.run("return Boolean(navigator.serviceWorker.controller)"), "page not controlled"
    tablet = page.run(BADGE_SHOWN)
    assert tablet["words"] == ["Ready offline"] and tablet["inside"], tablet
    page.resize(390, 844)  # a phone: the tick in the header's still place, named "Ready offline"
    page.frames()
    phone = page.run(BADGE_SHOWN)
    assert phone["words"] == [] and phone["name"] == "Ready offline" and phone["inside"], phone
    page.resize(*DESKTOP_SIZE)
    page.run("window.chqBeforeReload = true; location.reload();")
    page.wait("return !window.chqBeforeReload && Boolean(navigator.serviceWorker.controller);",
              what="the service worker to control the page after a reload")
    assert page.run("return navigator.serviceWorker.getRegistration().then(r => r.scope)") == page.base
    assert page.run("return caches.keys()") == [f"chq-rules / {build}"]
    assert page.run("return location.pathname") == "/rules/blinds/"

    page.stop_server()
    try:  # the server is gone: nothing answers on its port any more
        urllib.request.urlopen(page.base, timeout=5)
        raise AssertionError(f"{page.base} still answers after the server was stopped")
    except urllib.error.URLError:
        pass
    # A rules page never opened before, with a search-highlight query string.
    page.open("rules/spotting/?h=spotting")
    page.wait(H1_SHOWN, "", what="the spotting page, from the offline copy")
    # Search: the index and the search worker come from the cache.
    page.tap('label.md-header__button[for="__search"]' if page.run(NARROW) else "input.md-search__input")
    page.wait("return document.activeElement && document.activeElement.matches('input.md-search__input');",
              what="the search field focused")
    page.type("ambush")
    page.wait("const i = document.querySelector('.md-search-result__item'); return i && i.offsetParent !== null;",
              what="a search result", timeout=15)
    page.press("Escape")
    # Closed (a reader closes the search before tapping the navigation).
    page.wait("return !document.getElementById('__search').checked", what="the search closed")
    page.settle()  # its overlay faded out (WebKit: a tap meanwhile lands on the overlay)
    # A tap on the navigation (Material's instant navigation fetches the page from
    # script: the service worker answers that too).
    page.tap('.md-sidebar--primary a.md-nav__link[href$="hidden-units/"]')
    page.wait("return location.pathname === '/rules/hidden-units/'", what="the Hidden Units page")
    page.wait(H1_SHOWN, "Hidden", what="the Hidden Units page's title")
    # A URL without its trailing slash still lands on the page.
    page.open("rules/blinds")
    page.wait("return location.pathname === '/rules/blinds/'", what="the Blinds page, its slash added")
    page.wait(H1_SHOWN, "", what="the Blinds page's title")

    assert has_calculators(built_site), f"no calculator widget in {CALCULATOR}: the build is broken"
    page.open(f"{PAGES[OFFLINE_MECHANIC]}#{fragment(OFFLINE_CASE)}")
    want = reference(OFFLINE_MECHANIC, OFFLINE_CASE)["inputs"]
    shown = page.widget_when(f"{SHOWS} && r.source === 'engine'", want, OFFLINE_MECHANIC,
                             what="the engine's answer with the server stopped", timeout=ENGINE_S)
    check_answer(shown, OFFLINE_MECHANIC, OFFLINE_CASE)
    assert page.run("return Boolean(navigator.serviceWorker.controller)")
    for n, params in enumerate(SHELL_CASES):  # another page, loaded; then another fragment
        if n:
            page.set_fragment(fragment(params))
        else:
            page.open(f"{SHELL_PAGE}#{fragment(params)}")
        check_range(shown_for(page, params), params, one_figure=False)
    mechanic, a, _, b = BY_NAME["close_assault"]  # loaded: the page shown is another
    page.open(at(mechanic, f"{fragment(b)}&{vs_of(a)}"))
    check_panel(mechanic, a, b, sides_shown(page, b), "offline")
    if isinstance(page, ChromiumPage):
        # The engine fetched exactly the Pyodide files the build ships: none missing
        # (it computed), none shipped for nothing.
        engine = url(page.base, PYODIDE)
        fetched = {u[len(engine):].split("?")[0] for u in requested if u.startswith(engine)}
        shipped = {p.name for p in (built_site / PYODIDE).iterdir() if p.suffix != ".gz"}
        assert fetched == shipped, f"fetched {sorted(fetched)}, shipped {sorted(shipped)}"
        # Every document of the story under the site's policy (the service worker under
        # the server's header): nothing refused (policy_helpers.LISTENER, an init script
        # here; WebKit's pages from a server of the story's own carry no probe, and what
        # its workers were refused would have failed the offline copy above).
        refused = [e for e in page.errors() if "securitypolicyviolation" in e or "Content Security Policy" in e]
        assert refused == [], refused
    print(f"\n{page.engine} offline: build {build}, {fragment(OFFLINE_CASE)} answered with the server stopped")


def test_offline_under_subpath(browser, built_site: Path, subpath_site_url: str) -> None:
    context = make_context(browser, subpath_site_url)
    try:
        page = context.new_page()
        page.goto(url(subpath_site_url, "rules/artillery/"))
        build = wait_ready_offline(page)
        scope = page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.scope)")
        assert scope == subpath_site_url, f"scope {scope}, expected {subpath_site_url}"
        assert page.evaluate("caches.keys()") == [f"chq-rules /rules/ {build}"]
        context.set_offline(True)
        response = page.goto(url(subpath_site_url, "reference/glossary/"))
        assert response is not None and response.ok and response.from_service_worker
        expect(page.locator("h1").first).to_be_visible()
        page.goto(url(subpath_site_url, ""))
        expect(page.locator(".chq-offline")).to_be_visible(timeout=15_000)
        assert context.requests.off_origin == []
    finally:
        context.close()


def test_new_build_is_announced_and_served_after_reload(browser, builds: Builds, tmp_path: Path) -> None:
    """The run's two test builds (offline_update_helpers.builds: the second has MARKER
    on the spotting page), served one after the other as a club uploads a new build."""
    first, second = builds

    served = tmp_path / "served"
    root = tmp_path / "www"
    root.mkdir()
    served.symlink_to(first, target_is_directory=True)
    (root / "site").symlink_to(served, target_is_directory=True)
    with StaticServer(root) as server:
        base = server.origin + "/site/"
        context = make_context(browser, base)
        try:
            page = context.new_page()
            page.goto(urljoin(base, "rules/spotting/"))
            old_build = wait_ready_offline(page)
            assert MARKER not in page.content()

            # The club uploads the new build.
            swapped = tmp_path / "served.new"
            swapped.symlink_to(second, target_is_directory=True)
            swapped.replace(served)

            page.reload()
            notice = page.locator(".chq-update")
            expect(notice).to_be_visible(timeout=READY_TIMEOUT)
            expect(notice).to_contain_text("A new version of the rules is available")
            # Until Reload, the page and its files still come from the old build.
            assert MARKER not in page.content()
            with page.expect_navigation(timeout=60_000):
                notice.get_by_role("button", name="Reload").click()
            expect(page.locator("article")).to_contain_text(MARKER, timeout=15_000)
            new_build = wait_ready_offline(page)
            assert new_build != old_build
            caches = page.evaluate("caches.keys()")
            assert caches == [f"chq-rules /site/ {new_build}"], caches
            expect(page.locator(".chq-update")).to_have_count(0)
            # And offline, the new text is what the cache holds.
            context.set_offline(True)
            page.goto(urljoin(base, "rules/blinds/"))
            page.goto(urljoin(base, "rules/spotting/"))
            expect(page.locator("article")).to_contain_text(MARKER)
            assert context.requests.off_origin == []
        finally:
            context.close()
