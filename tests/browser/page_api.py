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
(the API's own scripts and ceilings: tests/browser/page_scripts.py; the two engines'
pages: tests/browser/page_engines.py).

What only one engine's driver can do (Playwright's request log and interception,
Chromium's CPU throttling, layout-shift entries) stays in single-engine tests.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from tests.browser.page_scripts import (  # noqa: F401 (MAIN, NOT_FOUND, follow_link, walk_page: the API's too)
    ANSWER_FOR,
    ARMED,
    ARRIVED,
    AT_REST,
    ENGINE_S,
    GO,
    MAIN,
    NOT_FOUND,
    REFETCHED,
    SET_FRAGMENT,
    STEP_S,
    WIDGET,
    follow_link,
    walk_page,
    walk_steps,
    widget_when,
)
from tests.browser.site_helpers import url

T = TypeVar("T")


def until(read: Callable[[], T], timeout: float) -> T:
    """``read()`` every 0.05 s until it is truthy or ``timeout`` s have gone; its last
    value. For what a story's own server was asked, which no page state says."""
    deadline = time.monotonic() + timeout
    while not (value := read()) and time.monotonic() < deadline:
        time.sleep(0.05)
    return value


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

    def load(self, path: str) -> None:
        """Load ``path`` as a new document, even where only its fragment differs from
        the page shown (then :meth:`open` would only change the fragment)."""
        self.open("about:blank")
        self.open(path)

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
    def tap(self, selector: str, *, text: str | None = None, where_it_is: bool = False) -> None:
        """Tap the first element matching ``selector`` (and whose text, spaces
        trimmed, is ``text``, if given), brought to mid-screen; or, ``where_it_is``,
        where the reader's scroll left it."""

    @abstractmethod
    def back(self) -> None:
        """The browser's Back."""

    @abstractmethod
    def wheel(self, dy: int) -> None:
        """Scroll the page by ``dy`` px as a reader does, and wait until that scroll is
        over. Chromium: the mouse wheel, the pointer in the page's margin (hovering
        nothing), over at the page's own ``scrollend``. WebKit (its WebDriver has no
        wheel): the page scrolled at once by script, and two frames drawn."""

    @abstractmethod
    def print_page(self) -> None:
        """Print the page as the browser's Print does. Chromium: a real print (its
        ``beforeprint``, the print media, ``afterprint``); WebKit (its WebDriver
        cannot print): the page's ``beforeprint`` and ``afterprint`` events."""

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

    def held_asked_within(self, timeout: float = STEP_S) -> int:
        """:meth:`held_asked`, once the first such request has come (at most ``timeout``
        s): the engine's worker asks for its files a moment after the page has loaded,
        and a story quick enough got there first. In a warm WebKit session a whole
        fight was tapped through in 0.76 s and read 0, a count, not a wait."""
        return until(self.held_asked, timeout)

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
        for path, loaded in walk_steps(paths):
            (self.open if loaded else self.go)(path)
            yield path

    def call(self, function: str, arg: Any = None) -> Any:
        """Call a story's page function (an arrow function's text) with ``arg``."""
        return self.run(f"return ({function})(arguments[0]);", arg)

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

    def history(self) -> list[list[str]]:
        """The main widget's (state, source, engine) in this document, each change in
        order (page_scripts.STATE_HISTORY)."""
        return list(self.run("return window.__chqHistory || []"))

    def answer_for(self, inputs: dict[str, Any], timeout: float = ENGINE_S) -> dict[str, Any]:
        """Wait until the main widget shows its whole answer for ``inputs`` (each given
        input as given); its result and headline, read in the same script."""
        return dict(self.wait(ANSWER_FOR, inputs, timeout=timeout, what=f"the answer for {inputs}"))

    def widget_when(self, condition: str, *args: Any, what: str, timeout: float = ENGINE_S,
                    snapshot: str = WIDGET) -> dict[str, Any]:
        """Wait until ``condition`` (a JS expression over ``w``, the main widget, ``r``,
        its dataset, ``inputs``, its result's inputs or null, and ``arguments``) holds;
        return the widget's ``snapshot`` (a function body; WIDGET's unless given) taken
        in the same script."""
        shown: dict[str, Any] = self.wait(widget_when(condition, snapshot), *args, what=what, timeout=timeout)
        return shown
