"""The ``site_page`` fixture: a story's page, once in Chromium and once in WebKitGTK
(the page API of tests/browser/page_api.py). Loaded for every test folder by
tests/conftest.py's pytest_plugins."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.page_api import SitePage
from tests.browser.page_engines import ChromiumPage, WebKitPage
from tests.conftest import CHROMIUM_ARGS, TEST_CHROMIUM
from tests.serving import StaticServer, log_requests
from tests.webkit.driver import PHONE_AT_MOST, narrowest_viewport
from tests.webkit.probe import ProbeServer
from tests.webkit.webkit_fixtures import ENGINE_PATH, SITE_SCRIPT_PATH


def chromium_context(browser: Any, base: str, width: int, height: int, *, service_workers: bool = False,
                     profile: Path | None = None) -> Any:
    """A Chromium context at ``width`` x ``height`` whose requests are noted
    (``context.requests``; one to another host fails in the browser); with a
    ``profile`` folder, a profile on disk (a disk cache as a player's browser has).
    No service worker unless ``service_workers``."""
    options: dict[str, Any] = {"viewport": {"width": width, "height": height}}
    if not service_workers:
        options["service_workers"] = "block"
    if profile is None:
        context = browser.new_context(**options)
    else:
        context = browser.browser_type.launch_persistent_context(
            str(profile), executable_path=TEST_CHROMIUM, args=CHROMIUM_ARGS, **options)
    log_requests(context, base)
    return context


@pytest.fixture(params=["chromium", "webkit"])
def site_page(request: pytest.FixtureRequest, built_site: Path) -> Iterator[Callable[..., SitePage]]:
    """Factory: ``site_page(width=820, height=1180, engine_files="served",
    own_server=False, init_script="")`` gives a fresh page on the built site in this test's engine
    (the test runs once in Chromium, once in WebKitGTK; WebKit's phone is the
    narrowest window MiniBrowser allows, about 450 px wide).

    * ``engine_files="held"``: the engine's files are not answered until
      ``page.release_engine_files()``, so the page stays before its engine for as
      long as the story wants.
    * ``site_script="held"``: the site's own script (the one that mounts the widgets) is
      not answered until ``page.release_site_script()``: the page as painted before its
      script has run (``open`` then returns before the page has loaded).
    * ``engine_files="missing"``: the engine's files are answered 404: the engine fails
      as the page's own answer shows.
    * ``init_script``: JavaScript run at the top of every document of the page, before
      any of the site's own (Chromium: an init script; WebKit: the probe server's
      extra script).
    * ``server``: the site from this server (a ProbeServer the story made: one that
      holds, spoils or counts what it is asked, the same way for both engines); the
      fixture starts and stops it.
    * ``own_server=True``: the site byte for byte from a server of this page's own
      (``server``'s, if one is given: a club's, whose site can change),
      which ``page.stop_server()`` stops, with the service worker (the offline copy);
      otherwise there is none, as in a browser without one. (WebKit's pages then
      carry no probe: ``page.errors()`` is for pages without an own server.)

    * ``disk_cache=True``: the browser keeps on disk an HTTP cache as a player's does
      (nothing held or missing, which Chromium does by routing, and routing turns its
      cache off): Chromium runs with a profile on disk (a private context's cache in
      memory keeps no file as large as the engine's runtime); WebKit's session keeps
      its cache, and the story's origin is its own.

    * ``screenshots=True``: the story takes screenshots. WebKit's session then
      composites (as MiniBrowser does: on software OpenGL here); without, it does
      not, which costs a third less CPU a visit, and screenshots there are refused
      (without compositing one stalled for minutes: tests/webkit/driver.py).

    In Chromium every request is logged, and one to another host fails the test."""
    engine = request.param
    closing: list[Callable[[], object]] = []
    chromium_pages: list[ChromiumPage] = []
    plain: list[str] = []  # WebKit: the address of the story's plain pages' server

    def served(server: StaticServer) -> str:
        server.__enter__()
        closing.append(lambda: server.__exit__(None, None, None))
        return server.origin + "/"

    def make(width: int = 820, height: int = 1180, *, engine_files: str = "served",
             own_server: bool = False, site_script: str = "served", init_script: str = "",
             server: ProbeServer | None = None, screenshots: bool = False,
             disk_cache: bool = False) -> SitePage:
        assert engine_files in ("served", "held", "missing"), engine_files
        assert site_script in ("served", "held"), site_script
        assert not (own_server and (engine_files, site_script, init_script) != ("served", "served", "")), \
            "an own server sends the site byte for byte: nothing held, missing or added"
        assert (engine_files, site_script).count("held") < 2, "one kind of file held at a time"
        assert server is None or (engine_files, site_script, init_script) == (
            "served", "served", ""), "a story's own server does what it holds or adds itself"
        # (own_server with a server of the story's: that server is the page's own)
        own = (server or StaticServer(built_site)) if own_server else None
        story = served(server) if server is not None and not own_server else None
        if engine == "chromium":
            base = served(own) if own else story or request.getfixturevalue("site_url")
            if disk_cache:
                assert (engine_files, site_script) == ("served", "served"), "nothing held or missing: no routing"
            profile = request.getfixturevalue("tmp_path") / "profile" if disk_cache else None
            context = chromium_context(request.getfixturevalue("browser"), base, width, height,
                                       service_workers=bool(own), profile=profile)
            closing.append(context.close)
            if init_script:
                context.add_init_script(init_script)
            chromium = ChromiumPage(context, base, own or server)
            if engine_files == "held":
                chromium.hold_engine_files()
            if engine_files == "missing":
                chromium.miss_engine_files()
            if site_script == "held":
                chromium.hold_site_script()
            chromium_pages.append(chromium)
            return chromium
        # A page whose script is held is worked on while it loads: WebDriver's commands
        # must not wait for its load (page_load="none").
        page_load = "none" if site_script == "held" else "normal"
        if width <= PHONE_AT_MOST:  # a phone: MiniBrowser's narrowest window (about 450 px)
            driver = request.getfixturevalue("new_webkit")(page_load=page_load, composite=screenshots)
            narrowest_viewport(driver, width, height)
        else:
            driver = request.getfixturevalue("new_webkit")(width, height, page_load=page_load,
                                                           composite=screenshots)
        if own:
            return WebKitPage(driver, served(own), own)
        if story:
            return WebKitPage(driver, story, server)
        if (engine_files, site_script, init_script) == ("served", "served", ""):
            # One server for the story's plain pages: WebKit's sessions go from story to
            # story (new_webkit), a story's origin does not.
            if not plain:
                plain.append(served(ProbeServer(built_site)))
            return WebKitPage(driver, plain[0])
        stalled = [ENGINE_PATH] if engine_files == "held" else [SITE_SCRIPT_PATH] if site_script == "held" else []
        blocked = [ENGINE_PATH] if engine_files == "missing" else []
        probe = ProbeServer(built_site, extra=init_script, stalled=stalled, blocked=blocked)
        return WebKitPage(driver, served(probe), probe)

    yield make
    for close in reversed(closing):
        close()
    for chromium in chromium_pages:
        assert chromium.off_origin() == [], "requests to other hosts"


@pytest.fixture(scope="module", params=["chromium", "webkit"])
def module_page(request: pytest.FixtureRequest, built_site: Path) -> Iterator[SitePage]:
    """One page at 820x1180 for all of a module's stories that ask for it, once in
    Chromium and once in WebKitGTK: its engine starts once for them all, as a player's
    does over a session at the table. The engine's files are served; no service
    worker (as ``site_page`` without ``own_server``). A story leaves it where any
    other can go on from: on a page of the site, or on a blank one."""
    if request.param == "chromium":
        site = request.getfixturevalue("site_url")
        context = chromium_context(request.getfixturevalue("browser"), site, 820, 1180)
        chromium = ChromiumPage(context, site)
        yield chromium
        context.close()
        assert chromium.off_origin() == [], "requests to other hosts"
        return
    sessions = request.getfixturevalue("webkit_sessions")
    driver = sessions.take(820, 1180, "normal", composite=False)
    with ProbeServer(built_site) as server:  # the module's own origin (WebKitSessions)
        yield WebKitPage(driver, server.origin + "/")
        sessions.give_back(driver)
