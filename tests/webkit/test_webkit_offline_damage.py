"""Damage of the right size in the saved engine, in WebKit (issue 34, item 5).

As tests/browser/test_offline_damage.py: 100 bytes of the saved snapshot flipped
through the page's Cache Storage API. Offline (this test's server stops answering:
WebDriver cannot take a browser offline) the engine starts the slow way and the page
says the saved copy is damaged; online the next visit mends it, and the visit after
that, offline again, starts fast from it. Online straight away, the engine's second
request (past the cache) is kept by the service worker at once.
"""

from __future__ import annotations

import functools
import threading
from pathlib import Path
from typing import Any

import pytest

from tests.browser.offline_damage_helpers import FLIP, engine_address
from tests.browser.offline_helpers import CALCULATOR
from tests.browser.offline_integrity_helpers import listed
from tests.browser.site_helpers import url
from tests.conftest import QuietHTTPServer, SiteHandler, StaticServer
from tests.webkit.driver import ENGINE_TIMEOUT_S, run_js, wait_js

DESKTOP = (1366, 1024)
READY_OFFLINE = (
    "const b = document.querySelector('.chq-offline');"
    " return b && !b.hidden && b.textContent.includes('Ready offline') ? b.dataset.build : null;"
)
# The main widget's engine once ready or failed, and how it booted.
ENGINE_SETTLED = """
const r = document.querySelector('.chq-widget[data-mode=full]');
if (!r || !['ready', 'error'].includes(r.dataset.engine)) return null;
return {engine: r.dataset.engine, boot: r.dataset.engineBoot || null,
        status: r.querySelector('.chq-status__text').textContent};
"""
NOTICE = """
const n = document.querySelector('.chq-update--damaged');
return n && n.getBoundingClientRect().height > 0 ? n.textContent : null;
"""
# The saved copy of arguments[0] is the build's (its SHA-256 starts with arguments[1]).
SAVED_IS = """
const [address, digest] = [arguments[0], arguments[1]];
return (async () => {
  const names = (await caches.keys()).filter((n) => n.startsWith("chq-rules "));
  const saved = names.length ? await (await caches.open(names[0])).match(address) : null;
  if (!saved) return false;
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", await saved.arrayBuffer()));
  return Array.from(hash.subarray(0, 8), (b) => b.toString(16).padStart(2, "0")).join("") === digest;
})();
"""


class Line:
    """Whether the network is there: while ``down``, the server closes every
    connection without an answer (a fetch fails, as offline)."""

    down = False


class LineHandler(SiteHandler):
    line: Line

    def handle_one_request(self) -> None:
        if self.line.down:
            self.close_connection = True
            return
        super().handle_one_request()


class LineServer(StaticServer):
    """The built site, byte for byte (the service worker checks every file), on a line
    the test can cut."""

    def __init__(self, directory: Path, line: Line) -> None:
        handler_class = type("Handler", (LineHandler,), {"line": line})
        handler = functools.partial(handler_class, directory=str(directory))
        self.httpd = QuietHTTPServer(("127.0.0.1", 0), handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)


def open_calculator(driver: Any, base: str) -> dict[str, Any]:
    driver.get(url(base, "rules/units/"))
    driver.get(url(base, CALCULATOR))
    shown: dict[str, Any] = wait_js(driver, ENGINE_SETTLED, timeout=ENGINE_TIMEOUT_S,
                                    what="the engine ready or failed")
    return shown


def saved(driver: Any, base: str) -> None:
    driver.get(url(base, CALCULATOR))
    wait_js(driver, READY_OFFLINE, timeout=ENGINE_TIMEOUT_S, what='the header\'s "Ready offline"')


def flip(driver: Any, site: Path, base: str, address: str) -> None:
    _digest, size = listed(site, address)
    assert run_js(driver, f"return ({FLIP})(arguments[0])", [url(base, address), 100]) == size


@pytest.mark.parametrize("kinds", [("snapshot",), ("snapshot", "wheel")], ids=["snapshot", "snapshot+wheel"])
def test_damage_offline_is_said_and_mended_online(built_site: Path, new_webkit: Any, kinds: tuple[str, ...]) -> None:
    """Offline: the engine starts the slow way (a damaged snapshot) or not at all (the
    wheel too), and the page says the saved copy is damaged. Back online, the next
    visit mends it; the visit after that starts fast from the saved copy, offline."""
    line = Line()
    with LineServer(built_site, line) as server:
        base = server.origin + "/"
        driver = new_webkit(*DESKTOP)
        saved(driver, base)
        addresses = [engine_address(built_site, kind) for kind in kinds]
        for address in addresses:
            flip(driver, built_site, base, address)

        line.down = True
        shown = open_calculator(driver, base)
        if kinds == ("snapshot",):
            assert (shown["engine"], shown["boot"]) == ("ready", "full"), shown
        else:
            assert shown["engine"] == "error", shown
            said = shown["status"]
            assert "saved on this device is damaged" in said and "Wi-Fi" not in said, said
        said = wait_js(driver, NOTICE, what="the notice that the saved copy is damaged",
                       explain="return document.querySelector('.chq-offline')?.textContent")
        assert "saved on this device is damaged" in said and "next time this device is online" in said, said
        assert not run_js(driver, READY_OFFLINE)

        line.down = False
        driver.get(url(base, "rules/blinds/"))
        wait_js(driver, READY_OFFLINE, timeout=ENGINE_TIMEOUT_S, what='"Ready offline" again online')
        for address in addresses:
            digest, _size = listed(built_site, address)
            assert run_js(driver, SAVED_IS, url(base, address), digest), f"the damaged {address} was not replaced"
        assert run_js(driver, "return document.querySelectorAll('.chq-update--damaged').length") == 0

        line.down = True
        shown = open_calculator(driver, base)
        assert (shown["engine"], shown["boot"]) == ("ready", "snapshot"), shown


def test_damage_found_online_is_mended_at_once(built_site: Path, new_webkit: Any) -> None:
    line = Line()
    with LineServer(built_site, line) as server:
        base = server.origin + "/"
        driver = new_webkit(*DESKTOP)
        saved(driver, base)
        snapshot = engine_address(built_site, "snapshot")
        flip(driver, built_site, base, snapshot)
        shown = open_calculator(driver, base)
        assert (shown["engine"], shown["boot"]) == ("ready", "snapshot"), shown
        digest, _size = listed(built_site, snapshot)
        wait_js(driver, SAVED_IS, url(base, snapshot), digest, what="the good copy kept in place of the damaged one")

        line.down = True
        shown = open_calculator(driver, base)
        assert (shown["engine"], shown["boot"]) == ("ready", "snapshot"), shown
