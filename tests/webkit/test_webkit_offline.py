"""Offline at the club, in WebKit (Safari's engine).

After one visit the service worker has saved the whole site ("Ready offline"; the same
beside the tick on a phone); after a reload it controls the page; then, with the
test's own server stopped, a calculator permalink never opened before still loads
and the engine (Pyodide, from the cache) answers it exactly.
"""

from __future__ import annotations

import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from tests.browser.site_helpers import url
from tests.browser.widgets_helpers import PAGES, fragment
from tests.conftest import StaticServer
from tests.webkit.driver import (
    ENGINE_TIMEOUT_S,
    narrowest_viewport,
    run_js,
    set_viewport,
    wait_js,
    widget_when,
)
from tests.webkit.webkit_calculators_helpers import SHOWS, check_answer, expected

DESKTOP = (1366, 1024)
# The badge's words on screen ("Ready offline", on a phone too), and the button's
# box: no part of it past the screen's right edge.
BADGE_SHOWN = """
const badge = document.querySelector('.chq-offline');
const words = [...badge.querySelectorAll('button span')].filter(s => {
  const box = s.getBoundingClientRect();
  return box.width > 1 && box.height > 1;
}).map(s => s.textContent.trim());
return {words, inside: badge.querySelector('button').getBoundingClientRect().right <= innerWidth};
"""
# A permalink no other step of this test opens (and none of the page's worked examples).
MECHANIC = "close_assault"
OFFLINE_CASE = {"att_dice": 7, "att_move": "double", "def_dice": 4, "def_cover": "light"}


def test_works_offline_after_one_visit(built_site: Path, new_webkit: Any) -> None:
    driver = new_webkit(*DESKTOP)
    # This test's own server (it stops it), serving the build byte for byte: the service
    # worker checks each file's size and hash, so no probe is put into these pages.
    server = StaticServer(built_site)
    with server:
        base = server.origin + "/"
        driver.get(url(base, "rules/blinds/"))
        badge = wait_js(
            driver,
            "const b = document.querySelector('.chq-offline');"
            " return b && !b.hidden && b.textContent.includes('Ready offline') ? b.dataset.build : null;",
            timeout=ENGINE_TIMEOUT_S, what='the header\'s "Ready offline"',
        )
        assert run_js(driver, BADGE_SHOWN) == {"words": ["Ready offline"], "inside": True}
        narrowest_viewport(driver, 390, 844)  # the same words on a phone, not "Saved"
        assert run_js(driver, BADGE_SHOWN) == {"words": ["Ready offline"], "inside": True}
        set_viewport(driver, *DESKTOP)
        driver.refresh()
        scope = wait_js(
            driver,
            "return navigator.serviceWorker.controller"
            " && navigator.serviceWorker.getRegistration().then(r => r && r.scope);",
            what="the service worker to control the page after a reload",
        )
        assert scope == base, f"service worker scope {scope}, expected {base}"
        assert run_js(driver, "return location.pathname") == "/rules/blinds/"
    # The server is gone: nothing answers on its port any more.
    try:
        urllib.request.urlopen(base, timeout=5)
        raise AssertionError(f"{base} still answers after the server was stopped")
    except urllib.error.URLError:
        pass

    driver.get(url(base, PAGES[MECHANIC]) + "#" + fragment(OFFLINE_CASE))
    want = expected(MECHANIC, OFFLINE_CASE)["inputs"]
    shown = widget_when(driver, f"{SHOWS} && r.source === 'engine'", want, MECHANIC,
                        what="the engine's answer with the server stopped")
    check_answer(shown, MECHANIC, OFFLINE_CASE)
    assert run_js(driver, "return Boolean(navigator.serviceWorker.controller)")
    print(f"\nWebKit offline: build {badge}, {fragment(OFFLINE_CASE)} answered with the server stopped")
