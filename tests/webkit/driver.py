"""WebKitGTK (the engine of Safari) driven through WebDriver, for the WebKit lane.

Debian's ``webkit2gtk-driver`` gives ``/usr/bin/WebKitWebDriver``, which starts
WebKitGTK's MiniBrowser in automation mode; the Python ``selenium`` package speaks
WebDriver to it. MiniBrowser needs an X display: :func:`start_xvfb` starts a private
Xvfb on a free display number, so the tests need no wrapper (``xvfb-run``) and never
use the developer's own screen. Each WebDriver session is a fresh, ephemeral profile
(no cache, no storage, no service worker from an earlier session).

WebDriver has no "init script" and no request routing: the pages come from this
lane's own server with a probe script in each (tests/webkit/probe.py).

Used by tests/webkit/webkit_fixtures.py, tests/browser/page_api.py and tools/bench_browsers.py.
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import subprocess
import time
import warnings
from collections import deque
from collections.abc import Iterator
from pathlib import Path
from typing import Any

XVFB = "/usr/bin/Xvfb"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
INSTALL_HINT = "run `make browser` (as root it runs apt-get install -y webkit2gtk-driver xvfb)"

# The tests' WebKitGTK environment (start_webkit's default). It composites, as
# MiniBrowser does under Xvfb, on Mesa's software OpenGL (llvmpipe): a stand-in for a
# tablet's GPU, 37 % of a WebKit visit's CPU here. Without compositing
# (WEBKIT_DISABLE_COMPOSITING_MODE=1; tools/bench_browsers.py's "nogl" lane) a visit
# costs less (Close Assault with its engine 3.5 -> 2.3 CPU-s, a rules page 0.81 ->
# 0.55), but a session's first screenshot then waits about 1.8 s (0.08 s composited),
# and in two of three runs of the WebKit stories one story that takes screenshots
# stalled about 6 minutes (368 s and 379 s; seconds alone), as a screenshot request
# (an HTTP GET) would that hung until selenium's read timeout and was sent again.
# So a session that takes screenshots composites (TEST_ENV, the default); one that
# takes none need not (NO_COMPOSITING: the stories on the page API, unless they ask
# for screenshots; tests/browser/page_fixtures.py).
TEST_ENV: dict[str, str] = {}
NO_COMPOSITING: dict[str, str] = {"WEBKIT_DISABLE_COMPOSITING_MODE": "1"}

# Pyodide in WebKitGTK: ~15 s to ready on a quiet 2-core machine, several times that
# under load. Waits on the page's own state use these; they are ceilings, not sleeps.
ENGINE_TIMEOUT_S = 300.0
PAGE_LOAD_TIMEOUT_S = 300.0
SCRIPT_TIMEOUT_S = 120.0
# Every WebDriver command answers within this, or fails the test: selenium's own
# default waits for ever, and a WebKit that stops answering would hang the suite.
COMMAND_TIMEOUT_S = PAGE_LOAD_TIMEOUT_S + 60.0
# A new session (WebKitWebDriver starting MiniBrowser) takes 1-3 s, 10 s under load.
SESSION_TIMEOUT_S = 60.0
SESSION_TRIES = 3
STEP_TIMEOUT_S = 30.0
POLL_S = 0.2
# A WebDriver command that takes longer than this is said as a warning, which pytest
# lists at the end of the run with the test it was in, passed or not: once in a while
# a story in WebKit takes minutes where it takes seconds alone (seen: 368 s against
# 4 s), and a wait that ends well says nothing of where the time went.
SLOW_COMMAND_S = 30.0
# The last commands each session keeps, with when they were sent and answered, for a
# failure's message beside the page's own log (timeline).
COMMANDS_KEPT = 400


class SlowWebKitCommand(UserWarning):
    """A WebDriver command to WebKitGTK took longer than :data:`SLOW_COMMAND_S`, or a
    new session did not start and was tried again."""

# --------------------------------------------------------------------------- #
# Xvfb and WebKitGTK                                                          #
# --------------------------------------------------------------------------- #


class MissingWebKit(RuntimeError):
    """WebKitWebDriver or Xvfb is not installed."""


@contextlib.contextmanager
def start_xvfb(timeout: float = 30.0) -> Iterator[str]:
    """A private Xvfb on the first free display; yields its name (``":3"``)."""
    if not Path(XVFB).exists():
        raise MissingWebKit(f"{XVFB} is missing: {INSTALL_HINT}")
    read_end, write_end = os.pipe()
    proc = subprocess.Popen(
        [XVFB, "-displayfd", str(write_end), "-screen", "0", "2048x1536x24", "-nolisten", "tcp"],
        pass_fds=(write_end,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    os.close(write_end)
    try:
        number = b""
        deadline = time.monotonic() + timeout
        while not number.endswith(b"\n"):
            ready, _, _ = select.select([read_end], [], [], max(0.0, deadline - time.monotonic()))
            chunk = os.read(read_end, 16) if ready else b""
            if not chunk:
                raise MissingWebKit(f"Xvfb did not start (exit code {proc.poll()})")
            number += chunk
        yield ":" + number.decode().strip()
    finally:
        os.close(read_end)
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def start_webkit(display: str, width: int = 1366, height: int = 1024, env: dict[str, str] | None = None,
                 page_load: str = "normal") -> Any:
    """A new WebKitGTK session on ``display`` whose viewport is ``width`` x ``height``
    (``env``: more environment for WebKitWebDriver and the browser it starts, by
    default the tests' :data:`TEST_ENV`;
    ``page_load``: WebDriver's page load strategy, "none" for a story that works on a
    page still loading, whose commands would otherwise wait for its load).

    WebKitWebDriver starts MiniBrowser for the session; once in a while (seen once
    in a full run's hundred-odd sessions, under load) MiniBrowser never comes up and
    the driver waits for it for ever, and so did the test: the session must start
    within :data:`SESSION_TIMEOUT_S`, else that driver is stopped and a new one
    started, up to :data:`SESSION_TRIES` times, each miss said on stderr."""
    if not Path(WEBKIT_DRIVER).exists():
        raise MissingWebKit(f"{WEBKIT_DRIVER} is missing: {INSTALL_HINT}")
    for attempt in range(1, SESSION_TRIES + 1):
        try:
            driver = _webkit_session(display, env, page_load)
            break
        except Exception as exc:  # the new-session request timed out or failed
            if attempt == SESSION_TRIES:
                raise
            # (a warning: pytest lists it at the end of the run, the test passed or not)
            warnings.warn(SlowWebKitCommand(f"WebKit's session did not start (try {attempt} of "
                                            f"{SESSION_TRIES}): {type(exc).__name__}: {str(exc)[:300]}"),
                          stacklevel=2)
    try:
        set_viewport(driver, width, height)
    except BaseException:
        driver.quit()
        raise
    return driver


def _webkit_session(display: str, env: dict[str, str] | None, page_load: str = "normal") -> Any:
    """One WebKitWebDriver and its session; the driver is stopped if the session
    does not start."""
    from selenium.webdriver.common.webdriver import LocalWebDriver
    from selenium.webdriver.remote.client_config import ClientConfig
    from selenium.webdriver.webkitgtk.options import Options
    from selenium.webdriver.webkitgtk.service import Service

    class WebKitSession(LocalWebDriver):
        """selenium's WebKitGTK driver, with a deadline on every command (selenium's
        own waits for ever: its timeout is the socket default, None)."""

        def __init__(self, options: Options, service: Service) -> None:
            self.chq_commands: deque[tuple[int, int, str, str]] = deque(maxlen=COMMANDS_KEPT)
            self.service = service
            self.service.start()
            config = ClientConfig(remote_server_addr=service.service_url, keep_alive=True,
                                  timeout=SESSION_TIMEOUT_S)
            try:
                super().__init__(command_executor=service.service_url, options=options,
                                 client_config=config)
            except BaseException:
                self.quit()
                raise
            config.timeout = COMMAND_TIMEOUT_S

        def execute(self, driver_command: str, params: dict | None = None) -> Any:
            started = time.monotonic()
            sent = time.time()
            try:
                return super().execute(driver_command, params)
            finally:
                took = time.monotonic() - started
                said = json.dumps(params, default=str)  # (an element as an argument: its repr)
                self.chq_commands.append((round(sent * 1000), round((sent + took) * 1000), driver_command,
                                          said[:160]))
                if took > SLOW_COMMAND_S:
                    warnings.warn(SlowWebKitCommand(f"WebKit's {driver_command} took {took:.0f} s "
                                                    f"({said[:200]})"), stacklevel=2)

    options = Options()
    options.overlay_scrollbars_enabled = True  # as on an iPad: scrollbars take no width
    options.page_load_strategy = page_load
    options.timeouts = {"pageLoad": int(PAGE_LOAD_TIMEOUT_S * 1000), "script": int(SCRIPT_TIMEOUT_S * 1000)}
    env = TEST_ENV if env is None else env
    service = Service(executable_path=WEBKIT_DRIVER, env={**os.environ, "DISPLAY": display, **env},
                      log_output=subprocess.DEVNULL)
    with warnings.catch_warnings():  # selenium's own call, not ours
        warnings.filterwarnings("ignore", "setting remote_server_addr", DeprecationWarning)
        return WebKitSession(options, service)


def set_viewport(driver: Any, width: int, height: int) -> None:
    """Size the window so that the page's viewport (innerWidth x innerHeight) is
    exactly ``width`` x ``height`` (MiniBrowser's window has a toolbar).

    WebDriver's set-window-rect answers before the page sees the new size: read at
    once, innerWidth was still the session's first window's (1024 wide), so the
    toolbar was mismeasured and the viewport came out 616x1592 (seen once in a full
    run). Each resize waits until the page's viewport follows the window's."""
    chrome = getattr(driver, "chq_chrome", None)
    if chrome is None:  # measured once per session: window size minus viewport size
        window, inner = _resize(driver, width, height, None)
        chrome = driver.chq_chrome = (window[0] - inner[0], window[1] - inner[1])
    _, inner = _resize(driver, width + chrome[0], height + chrome[1], chrome)
    if inner != [width, height]:
        raise AssertionError(f"viewport is {inner[0]}x{inner[1]}, wanted {width}x{height}")


VIEWPORT = "return [innerWidth, innerHeight]"


def _resize(driver: Any, width: int, height: int,
            chrome: tuple[int, int] | None) -> tuple[list[int], list[int]]:
    """Ask for a ``width`` x ``height`` window; return the window's size (MiniBrowser
    keeps a minimum) and the page's viewport once it has followed, two frames on:
    the window less ``chrome`` when that is known, else each side whose window size
    changed has changed."""
    def window() -> list[int]:
        size = driver.get_window_size()
        return [size["width"], size["height"]]

    before_window, before = window(), run_js(driver, VIEWPORT)
    driver.set_window_size(width, height)
    after_window = window()
    if chrome is not None:
        wanted = [after_window[0] - chrome[0], after_window[1] - chrome[1]]
        def followed(now: list[int]) -> bool:
            return now == wanted
    else:
        changed = [a != b for a, b in zip(after_window, before_window, strict=True)]
        def followed(now: list[int]) -> bool:
            return all(not c or side != old for c, side, old in zip(changed, now, before, strict=True))
    deadline = time.monotonic() + STEP_TIMEOUT_S
    while not followed(now := run_js(driver, VIEWPORT)):
        if time.monotonic() > deadline:
            raise AssertionError(f"the viewport stayed {now[0]}x{now[1]} ({before[0]}x{before[1]} before) "
                                 f"in a {after_window[0]}x{after_window[1]} window")
        time.sleep(POLL_S)
    inner = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        " requestAnimationFrame(() => requestAnimationFrame(() => done([innerWidth, innerHeight])));"
    )
    return after_window, inner


# MiniBrowser's window cannot be made as narrow as a 390 px phone: "phone" is the
# narrowest viewport it allows (447 px here), still a phone's single column.
PHONE_AT_MOST = 480


def narrowest_viewport(driver: Any, width: int, height: int) -> None:
    """Ask for ``width``; accept the narrowest the window allows, if a phone's."""
    try:
        set_viewport(driver, width, height)
    except AssertionError:
        inner = run_js(driver, "return innerWidth")
        assert inner <= PHONE_AT_MOST, f"WebKit's narrowest viewport is {inner} px, not a phone's"


# --------------------------------------------------------------------------- #
# Waiting on the page's own state                                             #
# --------------------------------------------------------------------------- #


def run_js(driver: Any, body: str, *args: Any) -> Any:
    """Run a function body (``return ...``; arguments as ``arguments[i]``) in the page."""
    return driver.execute_script(body, *args)


def wait_js(driver: Any, body: str, *args: Any, timeout: float = STEP_TIMEOUT_S,
            what: str = "", explain: str = "") -> Any:
    """Poll ``body`` (a function body) until it returns something truthy; return that.

    A script that throws, or that the old document's unload cut short (WebKitGTK
    answers that "no such frame": "Callback was not called before the unload event"),
    counts as "not yet": the page is between two documents. On timeout, fails with
    ``what`` and the result of ``explain`` (another function body describing the page)
    so the message says what the page showed instead.
    """
    from selenium.common.exceptions import JavascriptException, NoSuchFrameException, WebDriverException

    deadline = time.monotonic() + timeout
    last_error = ""
    while True:
        try:
            value = driver.execute_script(body, *args)
            if value:
                return value
        except (JavascriptException, NoSuchFrameException) as exc:
            last_error = exc.msg or str(exc)
        if time.monotonic() > deadline:
            shown: Any = None
            with contextlib.suppress(WebDriverException):
                shown = driver.execute_script(explain or WIDGET_SNAPSHOT, *args)
            raise AssertionError(
                f"waited {timeout:.0f} s for {what or body.strip()[:200]}; page at "
                f"{driver.current_url} shows {json.dumps(shown)[:1500]}"
                + (f"; last script error: {last_error}" if last_error else "")
                + f"; timeline:\n{timeline(driver)}"
            )
        time.sleep(POLL_S)


def timeline(driver: Any) -> str:
    """The session's last commands (sent and answered) and the page's address moves
    (tests/webkit/probe.py), one line each in the order of the clock: what the driver
    asked and what the address did, when a story's address is not what it set."""
    from selenium.common.exceptions import WebDriverException

    lines, last = [], None
    for sent, answered, name, params in list(getattr(driver, "chq_commands", ())):
        if (name, params) != last:  # (a wait's polls: the first of each run)
            lines.append((sent, f"{sent} command {name} (answered +{answered - sent} ms) {params}"))
        last = (name, params)
    moves: Any = None
    with contextlib.suppress(WebDriverException):
        moves = driver.execute_script("return window.__chqAddress || null;")
    lines += [(move[0], f"{move[0]} page {json.dumps(move[1:])[:300]}") for move in moves or ()]
    return "\n".join(line for _, line in sorted(lines, key=lambda pair: pair[0]))


# The main widget as one snapshot (separate reads could straddle a content swap).
WIDGET_SNAPSHOT = """
const r = document.querySelector('.chq-widget[data-mode=full]') || document.querySelector('[data-calculator]');
if (!r) return null;
const h = r.querySelector('[data-headline]');
const status = r.querySelector('.chq-status__text');
return {calculator: r.dataset.calculator, state: r.dataset.state || null,
        source: r.dataset.source || null, engine: r.dataset.engine || null,
        result: r.getAttribute('data-result'), value: h ? h.dataset.value : null,
        exact: h ? h.dataset.exact : null, text: h ? h.textContent.trim() : null,
        status: status ? status.textContent.trim().slice(0, 300) : null, hash: location.hash,
        errors: window.__errors || null};
"""


def widget_when(driver: Any, condition: str, *args: Any, timeout: float = ENGINE_TIMEOUT_S,
                what: str = "") -> dict[str, Any]:
    """Wait until ``condition`` (a JS expression over ``r``, the main widget's dataset,
    and ``inputs``, its shown result's inputs, or null) holds; return a snapshot."""
    body = (
        "{ const w = document.querySelector('.chq-widget[data-mode=full]');"
        " if (!w) return null; const r = w.dataset;"
        " let inputs = null; try { inputs = r.result ? JSON.parse(r.result).inputs : null; }"
        " catch (e) { inputs = null; }"
        f" if (!({condition})) return null; }}" + WIDGET_SNAPSHOT
    )
    snapshot: dict[str, Any] = wait_js(driver, body, *args, timeout=timeout, what=what or condition)
    return snapshot


def page_errors(driver: Any) -> list[str]:
    """Script errors the probe collected in this document (None: no probe ran)."""
    errors = driver.execute_script("return window.__errors === undefined ? null : window.__errors")
    assert errors is not None, "the probe did not run in this page (not served by ProbeServer?)"
    return list(errors)
