"""The page API's two engines (tests/browser/page_api.py): Chromium through
Playwright, WebKitGTK through Selenium WebDriver. Stories never name these; the
``site_page`` fixture (tests/browser/page_fixtures.py) makes them."""

from __future__ import annotations

import contextlib
import json
import re
from pathlib import Path
from typing import Any

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from tests.browser.page_api import SitePage
from tests.browser.page_scripts import (
    FILL,
    FRAMES_DONE,
    FRAMES_PROMISE,
    POLL_MS,
    STATE_HISTORY,
    STEP_S,
    TAPPABLE,
    TO_MIDDLE,
    WHEEL_LANDED,
    WHEEL_WATCH,
    WIDGET,
    as_function,
)
from tests.browser.policy_helpers import LISTENER
from tests.browser.site_helpers import url
from tests.webkit.driver import narrowest_viewport, page_errors, wait_js


class ChromiumPage(SitePage):
    """Playwright's page in a fresh context (its requests logged: ``requests``)."""

    engine = "chromium"

    def __init__(self, context: Any, base: str, server: Any = None) -> None:
        self.context = context
        self.base = base
        self.server = server
        self.page = context.new_page()
        self.page.add_init_script(STATE_HISTORY)  # as WebKit's probe does
        self.page.add_init_script(LISTENER)  # (a violation of the site's policy: an error, as there)
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
            return self.page.wait_for_function(self._function(body), arg=list(args), polling=POLL_MS,
                                               timeout=timeout * 1000).json_value()
        except Exception as exc:
            shown = None
            with contextlib.suppress(Exception):
                shown = self.widget()
            raise AssertionError(f"waited {timeout:.0f} s for {what}; page at {self.page.url} "
                                 f"shows {json.dumps(shown)[:1500]} ({type(exc).__name__})") from exc

    def tap(self, selector: str, *, text: str | None = None, where_it_is: bool = False) -> None:
        found = self.page.locator(selector)
        element = (found if text is None else found.filter(has_text=re.compile(rf"^\s*{re.escape(text)}\s*$"))).first
        if not where_it_is:
            element.evaluate("e => e.scrollIntoView({block: 'center', behavior: 'instant'})")
        element.click()

    def back(self) -> None:
        self.page.go_back()

    def wheel(self, dy: int) -> None:
        self.page.evaluate(WHEEL_WATCH)
        before = self.page.evaluate("() => window.scrollY")
        self.page.mouse.move(3, 600)
        self.page.mouse.wheel(0, dy)
        self.page.wait_for_function(WHEEL_LANDED, arg=before, polling="raf", timeout=STEP_S * 1000)

    def print_page(self) -> None:
        self.page.pdf()

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

    def tap(self, selector: str, *, text: str | None = None, where_it_is: bool = False) -> None:
        # As Playwright's locator: the element is found again for the tap when the page
        # has drawn it anew since it was found (a finger lands on what is there), and
        # tapped once it keeps still and is the one hit (TAPPABLE).
        for attempt in range(3):
            found = self.driver.find_elements(By.CSS_SELECTOR, selector)
            if text is not None:
                found = [e for e in found if self.driver.execute_script(
                    "return arguments[0].textContent.trim() === arguments[1]", e, text)]
            assert found, f"nothing matches {selector!r}" + (f" with the text {text!r}" if text else "")
            try:
                if not where_it_is and attempt == 0:
                    self.driver.execute_script(TO_MIDDLE, found[0])
                unready = self.driver.execute_async_script(TAPPABLE, found[0], STEP_S * 1000)
                if unready == "detached":
                    raise StaleElementReferenceException(unready)
                assert not unready, f"{selector!r} could not be tapped for {STEP_S:.0f} s: {unready}"
                found[0].click()
                return
            except StaleElementReferenceException:
                if attempt == 2:
                    raise

    def back(self) -> None:
        self.driver.back()

    def wheel(self, dy: int) -> None:
        before = self.run("return window.scrollY")
        self.run("window.scrollBy({top: arguments[0], behavior: 'instant'})", dy)
        self.wait("return window.scrollY !== arguments[0]", before, what=f"the page's scroll by {dy} px")
        self.frames()

    def print_page(self) -> None:
        self.run("window.dispatchEvent(new Event('beforeprint')); window.dispatchEvent(new Event('afterprint'))")

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
        _page_load, composited = self.driver.chq_started_as  # (WebKitSessions)
        assert composited, (
            "this WebKit session does not composite: a story that takes screenshots asks "
            "site_page(..., screenshots=True)")
        self.driver.save_screenshot(str(path))

    def frames(self) -> None:
        self.driver.execute_async_script(FRAMES_DONE)

    def errors(self) -> list[str]:
        return page_errors(self.driver)
