"""A new build reaching a tablet that has the old one saved.

Two builds of the project, told apart in the browser: every page's footer says
"test build 1" or "test build 2" (the HTML), and each build's own script sets
``window.__testBuild`` and logs, at every page it renders (Material's
``document$``, instant navigation included), which build its HTML and its script
came from. The club swaps the served folder from the first to the second.

* a first visit's tab moves to the new build with the tab that took it (one story,
  run in Chromium and in WebKitGTK: the page API's tabs);
* tabs across an update never mix builds: no page is ever rendered by the other
  build's script, the tabs that did not press Reload move too, and a fight in
  progress in one of them survives its reload;
* an older build's saved copy that went bad is not reused by the new build;
* a new build whose files cannot be had (the portal again) is not installed: the
  old build stays, whole, online and offline.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from tests.browser import fight_helpers as fight
from tests.browser.fight_address_helpers import ROUND_4, three_draws
from tests.browser.fight_helpers import check_round
from tests.browser.offline_helpers import (
    CALCULATOR,
    MARKER,
    READY_OFFLINE,
    wait_ready_offline,
)
from tests.browser.offline_integrity_helpers import (
    LOADER,
    Poison,
    assert_good_copy,
    context_with,
    corrupt,
    engine_answers_offline,
    listed,
)
from tests.browser.offline_update_helpers import (
    COUNT_LOADS,
    LOADS_KEY,
    SEEN,
    Builds,
    Club,
    builds_seen,
    take_update,
    take_update_in,
)
from tests.browser.page_api import ENGINE_S, SitePage
from tests.browser.page_engines import ChromiumPage
from tests.browser.widgets_helpers import fragment

DESKTOP = (1366, 1024)


@pytest.fixture
def club(builds: Builds, tmp_path: Path) -> Iterator[Club]:
    club = Club(tmp_path, builds.first)
    with club.server:
        club.base = club.server.origin + "/site/"
        yield club


def test_two_tabs_never_mix_builds(browser: Any, builds: Builds, club: Club) -> None:
    """Tab A takes the new build. Tab B, which did nothing, moves to it by itself, and
    a tap on its navigation gives the new build's page; no tab ever renders a page of
    one build with the other's script. Tab C, in the middle of a fight (three draws),
    is reloaded with it and still shows that fight: it lives in C's address (fight=),
    with the same log and round 4's numbers."""
    base = club.base
    poison = Poison(base, "", times=0)  # routes and logs only
    context = context_with(browser, poison)
    try:
        tab_a = context.new_page()
        tab_a.goto(urljoin(base, "rules/blinds/"))
        old_build = wait_ready_offline(tab_a)
        tab_b = context.new_page()
        tab_b.goto(urljoin(base, "rules/hidden-units/"))
        assert wait_ready_offline(tab_b) == old_build
        assert builds_seen(tab_b)["js"] == "1"
        tab_c = context.new_page()
        tab_c.goto(urljoin(base, fight.PAGE) + "#" + fragment(fight.PARAMS))
        before = three_draws(tab_c)
        assert builds_seen(tab_c)["js"] == "1"

        club.swap(builds.second)
        take_update(tab_a)
        new_build = wait_ready_offline(tab_a)
        assert new_build != old_build

        # Tab B did nothing: it moves to the new build by itself.
        try:
            tab_b.wait_for_function("() => window.__testBuild === '2'", timeout=30_000)
            moved = True
        except PlaywrightTimeout:
            moved = False
        # A reader in tab B taps the navigation (instant navigation: the page is
        # fetched by the script already running in the tab).
        links = '.md-sidebar--primary a.md-nav__link:is([href="../spotting/"], [href$="/rules/spotting/"])'
        tab_b.locator(links).first.click()
        tab_b.wait_for_url(urljoin(base, "rules/spotting/"))
        expect(tab_b.locator("article")).to_contain_text(MARKER)
        # Tab C's fight, on the new build.
        tab_c.wait_for_function("() => window.__testBuild === '2'", timeout=30_000)
        after = check_round(tab_c, fight.PARAMS, ROUND_4, 4)
        assert after["log"] == before["log"]
        for name, tab in (("A", tab_a), ("B", tab_b), ("C", tab_c)):
            seen = builds_seen(tab)
            mixed = [entry for entry in seen["log"] if entry["js"] != entry["html"]]
            assert mixed == [], f"tab {name} rendered pages of one build with the other's script: {mixed}"
            assert seen["html"] == seen["js"] == "2", f"tab {name}: {seen}"
        assert moved, "tab B kept running build 1's scripts after the update"
        assert poison.log.off_origin == []
    finally:
        context.close()


def test_a_first_visit_tab_moves_to_the_new_build_too(site_page: Callable[..., SitePage], builds: Builds,
                                                      tmp_path: Path) -> None:
    """Issue 34, item 3, in Chromium and in WebKitGTK (the page API). Tab A is a first
    visit to a calculator: no service worker controlled it as it loaded; the worker
    that saves the site then takes it over, of the same build (no reload then). Tab B
    takes the new build: tab A moves too, and a link in it gives the new build's page,
    rendered by its script. (Chromium's lane also counts tab A's loads: an init script
    WebDriver cannot add.)"""
    club = Club(tmp_path, builds.first)
    tab_a = site_page(*DESKTOP, own_server=True, server=club.server)
    if isinstance(tab_a, ChromiumPage):
        tab_a.context.add_init_script(COUNT_LOADS)
    tab_a.open(f"site/{CALCULATOR}")
    assert tab_a.run("return navigator.serviceWorker.controller === null;"), "not a first visit"
    old_build = tab_a.wait(READY_OFFLINE, what='"Ready offline" in tab A', timeout=ENGINE_S)
    tab_a.wait("return navigator.serviceWorker.controller !== null;", what="the worker to take tab A over")
    tab_a.run("window.__firstDocument = true;")
    tab_b = tab_a.new_tab()
    tab_b.open("site/rules/hidden-units/")
    assert tab_b.wait(READY_OFFLINE, what='"Ready offline" in tab B', timeout=ENGINE_S) == old_build
    # Taken over by the worker of its own build, tab A did not reload for that.
    tab_a.front()
    seen = tab_a.run(SEEN)
    assert (seen["marked"], seen["how"], seen["js"]) == (True, "navigate", "1"), seen

    tab_b.front()
    club.swap(builds.second)
    take_update_in(tab_b)
    assert tab_b.wait(READY_OFFLINE, what='"Ready offline" in tab B, build 2', timeout=ENGINE_S) != old_build
    assert tab_b.run("return location.pathname;").endswith("/rules/hidden-units/"), "not tab B"

    tab_a.front()
    tab_a.wait("return window.__testBuild === '2';", what="tab A moved to build 2 (its page and scripts)",
               timeout=60)
    tab_a.wait("const r = document.querySelector('[data-calculator]'); return r && r.dataset.engine === 'ready';",
               what="tab A's engine ready", timeout=ENGINE_S)
    # the rules it reads, linked from "About this calculator" (folded: open it first)
    tab_a.tap('article details:has(a[href$="/rules/spotting/"]) > summary')
    tab_a.tap('article a[href$="/rules/spotting/"]')
    tab_a.wait("return location.pathname.endsWith('/rules/spotting/')"
               " && document.querySelector('article').textContent.includes(arguments[0]);", MARKER,
               what="the new build's page after a link in tab A")
    seen = tab_a.run(SEEN)
    mixed = [entry for entry in seen["log"] if entry["js"] != entry["html"]]
    assert mixed == [], f"tab A rendered pages of one build with the other's script: {mixed}"
    assert seen["html"] == seen["js"] == "2", seen
    if isinstance(tab_a, ChromiumPage):
        # Loaded once, then once for the new build (the link is instant navigation).
        loads = tab_a.run(f"return JSON.parse(sessionStorage.getItem('{LOADS_KEY}'));")
        assert loads == [f"/site/{CALCULATOR}"] * 2, loads


def test_update_does_not_reuse_a_bad_copy(browser: Any, builds: Builds, club: Club) -> None:
    """The old build's saved engine file went bad (right size, wrong bytes: the quick
    check at each page load cannot see it). The new build, which has the same file,
    checks the old copy before reusing it, downloads the file instead, and computes
    offline."""
    base = club.base
    poison = Poison(base, urljoin(base, LOADER), times=0)  # counts the worker's downloads
    context = context_with(browser, poison)
    try:
        page = context.new_page()
        page.goto(urljoin(base, "rules/blinds/"))
        wait_ready_offline(page)
        assert poison.genuine == 1
        digest, size = listed(builds.first, LOADER)
        assert listed(builds.second, LOADER) == (digest, size), "both builds ship the same loader"
        corrupt(page, urljoin(base, LOADER), same_size=size)

        club.swap(builds.second)
        take_update(page)
        wait_ready_offline(page)
        assert poison.genuine == 2, "the new build did not download the loader again"
        assert_good_copy(page, builds.second, base, LOADER)
        engine_answers_offline(context, page, base)
    finally:
        context.close()


def test_update_that_cannot_be_had_leaves_the_old_build(browser: Any, builds: Builds, club: Club) -> None:
    """Every download of a page the new build changed gets the portal's answer: the
    worker tries a few times, gives up, and the old build stays, whole."""
    base = club.base
    poison = Poison(base, urljoin(base, "rules/spotting/"), times=0)
    context = context_with(browser, poison)
    try:
        page = context.new_page()
        page.goto(urljoin(base, "rules/spotting/"))
        old_build = wait_ready_offline(page)
        expect(page.locator("article")).not_to_contain_text(MARKER)

        club.swap(builds.second)
        poison.left = 1_000  # from now on, the portal answers for that page
        state = page.evaluate(
            """async () => {
              const reg = await navigator.serviceWorker.getRegistration();
              const settled = new Promise((resolve) => {
                setTimeout(() => resolve("no update found in 120 s"), 120_000);
                reg.addEventListener("updatefound", () => {
                  const worker = reg.installing;
                  worker.addEventListener("statechange", () => {
                    if (["installed", "activated", "redundant"].includes(worker.state)) resolve(worker.state);
                  });
                });
              });
              reg.update().catch(() => {});
              return settled;
            }"""
        )
        assert state == "redundant", f"the new build's worker is {state!r}: it stored the portal's page"
        assert poison.poisoned == 3, f"{poison.poisoned} tries"
        expect(page.locator(".chq-update")).to_have_count(0)
        page.reload()
        assert wait_ready_offline(page) == old_build
        context.set_offline(True)
        page.goto(urljoin(base, "rules/blinds/"))
        page.goto(urljoin(base, "rules/spotting/"))
        expect(page.locator("article h1").first).to_be_visible()
        expect(page.locator("article")).not_to_contain_text(MARKER)
        expect(page.locator(".md-copyright")).to_contain_text("test build 1")
    finally:
        context.close()
