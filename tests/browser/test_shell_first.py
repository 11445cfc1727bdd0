"""Shell it first?, one story each, run in Chromium and in WebKitGTK (the page API of
tests/browser/page_api.py): the headline is a range (worst–best for the attacker),
each end named in the answer bar by what decides it, with the chance without the fire
and what the fire adds in percentage points, in the same numbers and words as
``compute()`` and the command line; the "Hit" faces setting in sight on a tablet and
a phone; a bad input refused beside its field; the rules pages' links open the worked
example; and after one visit the page answers with its server stopped.

(The permalinks, the bad input and the accessibility of the page are covered with the
other calculators in test_widgets.py.)
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

from calculators import compute
from tests.browser.page_api import ENGINE_S, MAIN, STEP_S, SitePage
from tests.browser.page_scripts import REFUSAL
from tests.browser.shell_first_helpers import (
    HIT_FACES,
    MECHANIC,
    PAGE,
    PHONE,
    TABLET,
    WORKED,
    expected_words,
    hit_faces_seen,
    shown_for,
)
from tests.browser.widgets_helpers import check_answer, fragment, same

# (inputs, whether the headline is one figure rather than a range)
CASES = [
    (WORKED, False),
    ({"variant": "combat-hq", "def_cover": "light"}, False),
    ({"variant": "armour-battles", "units": 1, "suppressions": 1, "fire_dice": 2}, True),
]


def check_range(shown: dict[str, Any], params: dict[str, Any], one_figure: bool) -> None:
    """The answer shown for ``params`` is compute()'s, its words the command line's,
    a range (with its ends named) unless it is one figure."""
    want = json.loads(json.dumps(compute(MECHANIC, params)))
    assert same(json.loads(shown["result"]), want, 1e-12) == []
    check_answer(shown, MECHANIC, params)
    assert (shown["text"], shown["ends"], shown["beside"]) == expected_words(want)
    assert shown["inBar"], "the ends and the chance without the fire are in the answer bar"
    assert ("–" not in shown["text"]) == one_figure, shown["text"]
    assert (shown["ends"] is None) == one_figure, shown["ends"]
    assert abs(float(shown["value"]) - want["p_win_worst"]["value"]) <= 1e-12
    assert abs(float(shown["high"]) - want["p_win_best"]["value"]) <= 1e-12


def test_the_headline_is_a_range_beside_the_chance_without_fire(
        site_page: Callable[..., SitePage], artifacts: Path) -> None:
    """The worked example opened by its permalink, seen on a tablet and a phone (the
    "Hit" faces among the main inputs, not folded under More options: they decide
    most of the fire's effect); then other inputs in the address, and a bad one."""
    page = site_page(*TABLET, screenshots=True)
    page.open(f"{PAGE}#{fragment(WORKED)}")
    check_range(shown_for(page, WORKED), WORKED, one_figure=False)
    folder = artifacts / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    for size in (TABLET, PHONE):  # the page as a player sees it
        page.resize(*size)
        hit_faces_seen(page.run(HIT_FACES))
        page.run("document.querySelector(arguments[0]).scrollIntoView({block: 'nearest'});", f"{MAIN} .chq-output")
        page.frames()
        page.screenshot(folder / f"shell-first-{size[0]}x{size[1]}-{page.engine}.png")
    page.resize(*TABLET)
    for params, one_figure in CASES[1:]:
        page.set_fragment(fragment(params))
        check_range(shown_for(page, params), params, one_figure)
    page.set_fragment("variant=armour-battles&units=13")
    refused = page.wait(REFUSAL, "units", what="the units field's message", timeout=ENGINE_S)
    assert refused["message"] == "Units in the Blind: enter a whole number from 1 to 12 (you entered 13).", refused
    assert refused["visible"] and refused["described"] and refused["invalid"], refused
    assert refused["result"] is None
    assert page.errors() == []


def test_the_rule_pages_try_it_links_open_the_worked_example(site_page: Callable[..., SitePage]) -> None:
    """The link beside the artillery and Close Assault rules opens the worked example."""
    page = site_page(*TABLET)
    for rules in ("rules/artillery/", "rules/close-assault/"):
        page.open(rules)
        page.wait("return document.readyState === 'complete';", what=f"/{rules}")
        page.tap('.md-content a[href*="calculators/shell-first/#"]')
        page.wait("return location.pathname.endsWith(arguments[0]) && location.hash.length > 1;",
                  "/" + PAGE, what="the worked example's address")
        shown = shown_for(page, WORKED)
        assert (shown["text"], shown["ends"], shown["beside"]) == expected_words(compute(MECHANIC, WORKED))


def test_works_offline_after_one_visit(site_page: Callable[..., SitePage]) -> None:
    """After one visit (the service worker saves the site), permalinks never opened
    before are answered by the engine with the server stopped, as compute() answers
    them."""
    page = site_page(*TABLET, own_server=True)
    page.open("rules/artillery/")
    page.wait("const b = document.querySelector('.chq-offline');"
              " return b && !b.hidden && b.textContent.includes('Ready offline');",
              what='the header\'s "Ready offline"', timeout=ENGINE_S)
    page.run("window.chqBeforeReload = true; location.reload();")
    page.wait("return !window.chqBeforeReload && Boolean(navigator.serviceWorker.controller);",
              what="the service worker to control the page after a reload", timeout=STEP_S)
    page.stop_server()
    try:
        urllib.request.urlopen(page.base, timeout=5)
        raise AssertionError(f"{page.base} still answers after the server was stopped")
    except urllib.error.URLError:
        pass
    cases = [{"variant": "combat-hq", "fire_dice": 6, "units": 2, "att_dice": 5, "def_dice": 5,
              "def_cover": "light", "att_move": "double"},
             {"variant": "combat-hq", "fire_dice": 7, "units": 4, "att_dice": 5, "def_dice": 4,
              "def_cover": "medium", "att_flank": True}]
    page.open(f"{PAGE}#{fragment(cases[0])}")
    for n, params in enumerate(cases):
        if n:
            page.set_fragment(fragment(params))
        shown = shown_for(page, params)
        check_range(shown, params, one_figure=False)
