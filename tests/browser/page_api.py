"""One small page API over both browser engines, so that a story is written once and
run in Chromium (Playwright) and in WebKitGTK (Selenium WebDriver).

A story asks for the ``site_page`` fixture (tests/browser/page_fixtures.py), which is
parametrized over both engines and gives a factory: ``site_page(width, height,
engine_files=...)`` opens a fresh browser session at that size on the built site,
served over HTTP, and returns a :class:`SitePage`. Everything the API reads is the
page's own state (``data-state``, ``data-source``, ``data-engine``, the text and the
values of its fields); every wait polls such a state, with a ceiling, never a sleep.

Scripts are function bodies (``return ...``) with their arguments as ``arguments[i]``,
WebDriver's convention; the Chromium side wraps them in a function for Playwright
(the API's own scripts and ceilings: tests/browser/page_scripts.py).

What only one engine's driver can do (Playwright's request log and interception,
Chromium's CPU throttling, layout-shift entries) stays in single-engine tests.
"""

from __future__ import annotations

import contextlib
import json
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from tests.browser.page_scripts import (  # noqa: F401 (MAIN, NOT_FOUND, follow_link: the API's too)
    ANSWER_FOR,
    ARMED,
    ARRIVED,
    AT_REST,
    ENGINE_S,
    FILL,
    FRAMES_DONE,
    FRAMES_PROMISE,
    GO,
    MAIN,
    NOT_FOUND,
    REFETCHED,
    SET_FRAGMENT,
    STEP_S,
    TO_MIDDLE,
    WIDGET,
    as_function,
    follow_link,
    widget_when,
)
from tests.browser.site_helpers import url
from tests.webkit.driver import narrowest_viewport, page_errors, wait_js


class SitePage(ABC):
    """A browser tab on the built site. ``engine`` is ``"chromium"`` or ``"webkit"``."""

    engine: str
    base: str
    server: Any = None  # the page's own server (``own_server`` or held engine files)

    def stop_server(self) -> None:
        """Stop this page's own server (``own_server=True``): nothing answers at
        ``base`` any more (a club's laptop gone, the tablet out of its Wi-Fi)."""
        assert self.server is not None, "this page has no server of its own"
        self.server.httpd.shutdown()
        self.server.httpd.server_close()

    def set_online(self, online: bool) -> None:
        """Cut this page's own server's line, or mend it: while cut, every request fails
        as offline (the same in both engines: WebDriver cannot take WebKit offline)."""
        assert self.server is not None, "this page has no server of its own"
        self.server.httpd.cut = not online

    @abstractmethod
    def open(self, path: str) -> None:
        """Load ``path`` (relative to the site, with any ``#fragment``)."""

    @abstractmethod
    def new_tab(self) -> SitePage:
        """Another tab of this page's browser (its profile, its server), in front."""

    @abstractmethod
    def front(self) -> None:
        """Bring this tab to the front, as a player switching tabs (a story with tabs
        does so before acting in one: WebDriver acts in the tab in front)."""

    @abstractmethod
    def reload(self) -> None:
        """Reload the page, as the browser's Reload does (its address kept)."""

    @abstractmethod
    def run(self, body: str, *args: Any) -> Any:
        """Run a function body in the page; return its (JSON) value."""

    @abstractmethod
    def wait(self, body: str, *args: Any, what: str, timeout: float = STEP_S) -> Any:
        """Poll ``body`` until it returns something truthy; return that. On timeout,
        fail saying ``what`` was awaited and what the main widget showed instead."""

    @abstractmethod
    def tap(self, selector: str) -> None:
        """Tap the first element matching ``selector``, brought to mid-screen."""

    @abstractmethod
    def fill(self, selector: str, text: str) -> None:
        """Put ``text`` in the field matching ``selector`` at once (one input event, as
        a paste), and leave the focus there."""

    @abstractmethod
    def type(self, text: str) -> None:
        """Type ``text`` into the focused element, key by key."""

    @abstractmethod
    def press(self, key: str) -> None:
        """Press one key (``"Tab"``, ``"Enter"``, ``"Escape"``) or ``"Select all"``."""

    @abstractmethod
    def frames(self) -> None:
        """Wait for two animation frames: the page's own reaction to the last step
        (a scroll, a resize) is laid out and drawn."""

    @abstractmethod
    def errors(self) -> list[str]:
        """The script errors of this document (uncaught errors, rejections, console errors)."""

    @abstractmethod
    def resize(self, width: int, height: int) -> None:
        """Set the viewport (WebKit: MiniBrowser's narrowest is about 447 px wide)."""

    @abstractmethod
    def screenshot(self, path: Path) -> None:
        """Save what the screen shows, for a person to look at."""

    @abstractmethod
    def release_engine_files(self) -> None:
        """Let the engine's held files through (``engine_files="held"``)."""

    @abstractmethod
    def held_asked(self) -> int:
        """How many requests for held files (``engine_files`` or ``site_script`` "held")
        the page made so far: 0 if the hold never had anything to hold."""

    @abstractmethod
    def release_site_script(self) -> None:
        """Let the site's held script through (``site_script="held"``)."""

    def go(self, path: str) -> None:
        """Follow a link to ``path`` inside the site, as a player's tap does: Material's
        instant navigation swaps the new page's content in; the document, its scripts
        and its engine stay (one engine start for a story's pages). Returns then."""
        self.wait_navigation_armed()
        self.run(GO, url(self.base, path))
        self.wait(ARRIVED, url(self.base, path), what=f"the site's own navigation to {path}")

    def set_fragment(self, fragment: str) -> None:
        """Change the open page's address to ``#fragment`` as a player does, and wait as
        they would for what the first change since a load starts (SET_FRAGMENT)."""
        if self.run(SET_FRAGMENT, fragment):
            self.wait(REFETCHED, what="the page fetched again by Material's instant navigation, and taken")

    def walk(self, paths: Iterable[str]) -> Iterator[str]:
        """Each of ``paths`` in turn, as a player moves through the site: the first
        loaded, each next one reached by a link from the one before (:meth:`go`); the
        not-found page, which no link leads to, loaded, and last."""
        ordered = sorted(paths, key=lambda path: path == NOT_FOUND)
        for step, path in enumerate(ordered):
            (self.go if step and path != NOT_FOUND else self.open)(path)
            yield path

    def wait_navigation_armed(self) -> None:
        """Wait until Material's instant navigation takes links (sitemap.xml read; a go() before loads anew)."""
        self.wait(ARMED, what="Material's instant navigation armed (sitemap.xml read)")
        self.frames()

    def settle(self) -> None:
        """Wait until no transition or animation runs (Material's header title slides
        as the page scrolls): a screenshot then shows the page at rest."""
        self.wait(AT_REST, what="the page's transitions finished")

    def text(self, selector: str) -> str:
        """The rendered text of the first element matching ``selector`` ("" if none)."""
        return str(self.run("const e = document.querySelector(arguments[0]); return e ? e.innerText : '';", selector))

    def value(self, selector: str) -> str:
        """The value of the first field matching ``selector``."""
        return str(self.run("return document.querySelector(arguments[0]).value;", selector))

    def widget(self) -> dict[str, Any] | None:
        """The main widget's state, source, engine, result and headline, in one read."""
        snapshot: dict[str, Any] | None = self.run(WIDGET)
        return snapshot

    def answer_for(self, inputs: dict[str, Any], timeout: float = ENGINE_S) -> dict[str, Any]:
        """Wait until the main widget shows its whole answer for ``inputs`` (each given
        input as given); its result and headline, read in the same script."""
        return dict(self.wait(ANSWER_FOR, inputs, timeout=timeout, what=f"the answer for {inputs}"))

    def widget_when(self, condition: str, *args: Any, what: str, timeout: float = ENGINE_S) -> dict[str, Any]:
        """Wait until ``condition`` (a JS expression over ``r``, the main widget's
        dataset, ``inputs``, its result's inputs or null, and ``arguments``) holds;
        return the widget's snapshot taken in the same script."""
        snapshot: dict[str, Any] = self.wait(widget_when(condition), *args, what=what, timeout=timeout)
        return snapshot


class ChromiumPage(SitePage):
    """Playwright's page in a fresh context (its requests logged: ``requests``)."""

    engine = "chromium"

    def __init__(self, context: Any, base: str, server: Any = None) -> None:
        self.context = context
        self.base = base
        self.server = server
        self.page = context.new_page()
        self._errors: list[str] = []
        self.page.on("pageerror", lambda exc: self._errors.append(f"pageerror: {exc}"))
        self.page.on("console", lambda msg: self._errors.append(f"console.error: {msg.text}")
                     if msg.type == "error" else None)
        self._held: list[Any] = []
        self._asked = 0  # requests for held files so far
        self._released = False
        self._script_held: list[Any] | None = None  # the site's script, held (hold_site_script)

    def hold_engine_files(self) -> None:
        def hold(route: Any) -> None:
            self._asked += 1
            if self._released:
                route.continue_()
            else:
                self._held.append(route)

        self.context.route("**/assets/engine/**", hold)

    def release_engine_files(self) -> None:
        self._released = True
        for route in self._held:
            route.continue_()

    def miss_engine_files(self) -> None:
        self.context.route("**/assets/engine/**", lambda route: route.fulfill(status=404, body="gone"))

    def held_asked(self) -> int:
        return self._asked

    def hold_site_script(self) -> None:
        held: list[Any] = []
        self._script_held = held
        def hold(route: Any) -> None:
            self._asked += 1
            held.append(route)

        self.context.route("**/assets/js/site/site.*.js", hold)

    def release_site_script(self) -> None:
        held = self._script_held
        assert held is not None and len(held) == 1, f"site scripts held: {held}"
        held.pop().continue_()

    def open(self, path: str) -> None:
        # A page whose script is held does not load until it is let through.
        self.page.goto(url(self.base, path), wait_until="load" if self._script_held is None else "commit")

    _function = staticmethod(lambda body: as_function(body))

    def reload(self) -> None:
        self.page.reload(wait_until="load")

    def new_tab(self) -> ChromiumPage:
        tab = ChromiumPage(self.context, self.base, self.server)
        tab.front()
        return tab

    def front(self) -> None:
        self.page.bring_to_front()

    def run(self, body: str, *args: Any) -> Any:
        return self.page.evaluate(self._function(body), list(args))

    def wait(self, body: str, *args: Any, what: str, timeout: float = STEP_S) -> Any:
        try:
            return self.page.wait_for_function(self._function(body), arg=list(args),
                                               timeout=timeout * 1000).json_value()
        except Exception as exc:
            shown = None
            with contextlib.suppress(Exception):
                shown = self.widget()
            raise AssertionError(f"waited {timeout:.0f} s for {what}; page at {self.page.url} "
                                 f"shows {json.dumps(shown)[:1500]} ({type(exc).__name__})") from exc

    def tap(self, selector: str) -> None:
        element = self.page.locator(selector).first
        element.evaluate("e => e.scrollIntoView({block: 'center', behavior: 'instant'})")
        element.click()

    def fill(self, selector: str, text: str) -> None:
        self.page.locator(selector).first.fill(text)

    def type(self, text: str) -> None:
        self.page.keyboard.type(text)

    def press(self, key: str) -> None:
        self.page.keyboard.press("Control+A" if key == "Select all" else key)

    def frames(self) -> None:
        self.page.evaluate(FRAMES_PROMISE)

    def errors(self) -> list[str]:
        return list(self._errors)

    def resize(self, width: int, height: int) -> None:
        self.page.set_viewport_size({"width": width, "height": height})

    def screenshot(self, path: Path) -> None:
        self.page.screenshot(path=str(path))

    def off_origin(self) -> list[str]:
        """Requests this page's context made to any other host (blocked)."""
        return list(self.context.requests.off_origin)


class WebKitPage(SitePage):
    """A WebKitGTK session through WebDriver; its pages carry the probe
    (tests/webkit/probe.py), which collects the script errors."""

    engine = "webkit"

    def __init__(self, driver: Any, base: str, server: Any = None) -> None:
        self.driver = driver
        self.base = base
        self.server = server  # a ProbeServer of this page's own (held engine files)
        self.handle = driver.current_window_handle  # this tab

    def release_engine_files(self) -> None:
        assert self.server is not None, "this page's engine files are not held"
        self.server.release()

    def release_site_script(self) -> None:
        assert self.server is not None, "this page's script is not held"
        self.server.release()

    def held_asked(self) -> int:
        assert self.server is not None, "this page holds nothing"
        return len(self.server.asked)

    def open(self, path: str) -> None:
        self.driver.get(url(self.base, path))

    def reload(self) -> None:
        self.driver.refresh()

    def new_tab(self) -> WebKitPage:
        self.driver.switch_to.new_window("tab")
        return WebKitPage(self.driver, self.base, self.server)

    def front(self) -> None:
        self.driver.switch_to.window(self.handle)

    def run(self, body: str, *args: Any) -> Any:
        return self.driver.execute_script(body, *args)

    def wait(self, body: str, *args: Any, what: str, timeout: float = STEP_S) -> Any:
        return wait_js(self.driver, body, *args, timeout=timeout, what=what, explain=WIDGET)

    def tap(self, selector: str) -> None:
        element = self.driver.find_element(By.CSS_SELECTOR, selector)
        self.driver.execute_script(TO_MIDDLE, element)
        element.click()

    def fill(self, selector: str, text: str) -> None:
        # As Playwright's fill (WebDriver's send_keys would type a 10,000-digit number
        # key by key).
        self.driver.execute_script(FILL, selector, text)

    def type(self, text: str) -> None:
        self.driver.switch_to.active_element.send_keys(text)

    def press(self, key: str) -> None:
        field = self.driver.switch_to.active_element
        if key == "Select all":
            field.send_keys(Keys.CONTROL, "a")
        else:
            field.send_keys(getattr(Keys, key.upper()))

    def resize(self, width: int, height: int) -> None:
        narrowest_viewport(self.driver, width, height)

    def screenshot(self, path: Path) -> None:
        assert getattr(self.driver, "chq_composited", True), (
            "this WebKit session does not composite: a story that takes screenshots asks "
            "site_page(..., screenshots=True)")
        self.driver.save_screenshot(str(path))

    def frames(self) -> None:
        self.driver.execute_async_script(FRAMES_DONE)

    def errors(self) -> list[str]:
        return page_errors(self.driver)
