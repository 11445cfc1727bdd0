"""Shell it first?, one story each, run in Chromium and in WebKitGTK (the page API of
tests/browser/page_api.py): the headline is a range (worst–best for the attacker),
each end named in the answer bar by what decides it, with the chance without the fire
and what the fire adds in percentage points, in the same numbers and words as
``compute()`` and the command line; the "Hit" faces setting in sight on a tablet and
a phone; a bad input refused beside its field; the rules pages' links open the worked
example. (After one visit the page answers with its server stopped: the offline story,
tests/browser/test_offline.py.)

(The permalinks, the bad input and the accessibility of the page are covered with the
other calculators in test_widgets.py.)
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from calculators import compute
from tests.browser.page_api import ENGINE_S, MAIN, SitePage
from tests.browser.page_scripts import REFUSAL
from tests.browser.shell_first_helpers import (
    HIT_FACES,
    MECHANIC,
    PAGE,
    PHONE,
    TABLET,
    WORKED,
    check_range,
    expected_words,
    hit_faces_seen,
    shown_for,
)
from tests.browser.widgets_helpers import fragment

# (inputs, whether the headline is one figure rather than a range)
CASES = [
    (WORKED, False),
    ({"variant": "combat-hq", "def_cover": "light"}, False),
    ({"variant": "armour-battles", "units": 1, "suppressions": 1, "fire_dice": 2}, True),
]


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
