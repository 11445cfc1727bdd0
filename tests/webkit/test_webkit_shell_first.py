"""Shell it first? in WebKit (Safari's engine): a permalink gives compute()'s numbers,
the headline as a range, each end named, with the chance without the fire and what
the fire adds in percentage points; the "Hit" faces setting in sight; a bad input is
refused beside its field; and after one visit the page answers with its server stopped.

(Its permalinks and its page's own answer before the engine are also checked with the
other calculators in test_webkit_calculators.py.)
"""

from __future__ import annotations

import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from tests.browser.shell_first_helpers import (
    HIT_FACES,
    MECHANIC,
    PAGE,
    WORDS,
    WORKED,
    expected_words,
    hit_faces_seen,
)
from tests.browser.site_helpers import url
from tests.browser.widgets_helpers import fragment
from tests.conftest import StaticServer
from tests.webkit.driver import (
    ENGINE_TIMEOUT_S,
    narrowest_viewport,
    page_errors,
    run_js,
    set_viewport,
    wait_js,
    widget_when,
)
from tests.webkit.webkit_calculators_helpers import REFUSAL, SHOWS, check_answer, expected

TABLET = (820, 1180)


def test_permalinks_show_the_range_and_the_chance_without_fire(probe_site: str, new_webkit: Any) -> None:
    driver = new_webkit(*TABLET)
    cases = [WORKED, {"variant": "combat-hq", "def_cover": "light"},
             {"variant": "armour-battles", "units": 1, "suppressions": 1, "fire_dice": 2}]
    driver.get(url(probe_site, PAGE) + "#" + fragment(cases[0]))
    hit_faces_seen(run_js(driver, HIT_FACES))
    narrowest_viewport(driver, 390, 844)  # a phone's single column
    hit_faces_seen(run_js(driver, HIT_FACES))
    set_viewport(driver, *TABLET)
    for params in cases:
        run_js(driver, "location.hash = arguments[0]", fragment(params))
        want = expected(MECHANIC, params)
        shown = widget_when(driver, f"{SHOWS} && r.source === 'engine'", want["inputs"], MECHANIC,
                            what=f"{params}: the engine's answer")
        check_answer(shown, MECHANIC, params)
        assert tuple(run_js(driver, WORDS)) == expected_words(want), params
    # A bad input: the field's own message, and no answer.
    run_js(driver, "location.hash = arguments[0]", "variant=armour-battles&units=13")
    refused = wait_js(driver, REFUSAL, "units", timeout=ENGINE_TIMEOUT_S, what="the units field's message")
    assert refused["message"] == "Units in the Blind: enter a whole number from 1 to 12 (you entered 13).", refused
    assert refused["visible"] and refused["described"] and refused["invalid"], refused
    assert refused["result"] is None
    assert page_errors(driver) == []


def test_works_offline_after_one_visit(built_site: Path, new_webkit: Any) -> None:
    driver = new_webkit(*TABLET)
    server = StaticServer(built_site)  # this test's own server, which it stops
    with server:
        base = server.origin + "/"
        driver.get(url(base, "rules/artillery/"))
        wait_js(driver, "const b = document.querySelector('.chq-offline');"
                        " return b && !b.hidden && b.textContent.includes('Ready offline');",
                timeout=ENGINE_TIMEOUT_S, what='the header\'s "Ready offline"')
        driver.refresh()
        wait_js(driver, "return Boolean(navigator.serviceWorker.controller);",
                what="the service worker to control the page after a reload")
    try:
        urllib.request.urlopen(base, timeout=5)
        raise AssertionError(f"{base} still answers after the server was stopped")
    except urllib.error.URLError:
        pass
    params = {"variant": "combat-hq", "fire_dice": 6, "units": 2, "att_dice": 5, "def_dice": 5,
              "def_cover": "light", "att_move": "double"}
    driver.get(url(base, PAGE) + "#" + fragment(params))
    want = expected(MECHANIC, params)
    shown = widget_when(driver, f"{SHOWS} && r.source === 'engine'", want["inputs"], MECHANIC,
                        what="the engine's answer with the server stopped")
    check_answer(shown, MECHANIC, params)
    assert tuple(run_js(driver, WORDS)) == expected_words(want)
