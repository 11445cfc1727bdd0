"""Shell it first? in Chromium: the headline is a range (worst–best for the attacker),
each end named in the answer bar by what decides it, with the chance without the fire
and what the fire adds in percentage points, in the same numbers and words as
``compute()`` and the command line; the "Hit" faces setting in sight; and the page
answers with the network off after one visit.

(The permalinks, the bad input and the accessibility of the page are covered with the
other calculators in test_widgets.py.)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from calculators import compute
from tests.browser.offline_helpers import make_context, wait_ready_offline
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
from tests.browser.site_helpers import url
from tests.browser.widgets_helpers import fragment, same


@pytest.mark.parametrize(("params", "one_figure"), [
    (WORKED, False),
    ({"variant": "combat-hq", "def_cover": "light"}, False),
    ({"variant": "armour-battles", "units": 1, "suppressions": 1, "fire_dice": 2}, True),
], ids=["worked-example", "combat-hq-light-cover", "one-unit"])
def test_the_headline_is_a_range_beside_the_chance_without_fire(
        new_context: Any, site_url: str, artifacts: Path, params: dict[str, Any], one_figure: bool) -> None:
    context = new_context(viewport=TABLET)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(url(site_url, PAGE) + "#" + fragment(params))
    shown = shown_for(page, params)
    want = json.loads(json.dumps(compute(MECHANIC, params)))
    assert same(json.loads(shown["result"]), want, 1e-12) == []
    assert (shown["text"], shown["ends"], shown["beside"]) == expected_words(want)
    assert shown["inBar"], "the ends and the chance without the fire are in the answer bar"
    assert ("–" not in shown["text"]) == one_figure, shown["text"]
    assert (shown["ends"] is None) == one_figure, shown["ends"]
    assert abs(float(shown["value"]) - want["p_win_worst"]["value"]) <= 1e-12
    assert abs(float(shown["high"]) - want["p_win_best"]["value"]) <= 1e-12
    if params is WORKED:  # the page as a player sees it, on a tablet and on a phone
        folder = artifacts / "screenshots"
        folder.mkdir(parents=True, exist_ok=True)
        for name, size in (("820x1180", TABLET), ("390x844", PHONE)):
            page.set_viewport_size(size)
            page.locator(".chq-output").scroll_into_view_if_needed()
            page.screenshot(path=str(folder / f"shell-first-{name}.png"))
    assert errors == []
    assert context.requests.off_origin == []


@pytest.mark.parametrize("size", [TABLET, PHONE], ids=["tablet", "phone"])
def test_the_hit_faces_setting_is_in_sight(new_context: Any, site_url: str, size: dict[str, int]) -> None:
    """The "Hit" faces on the Deviation Dice decide most of the fire's effect: the field
    is among the main inputs, not folded under More options."""
    page = new_context(viewport=size).new_page()
    page.goto(url(site_url, PAGE))
    page.wait_for_function("() => document.querySelector('.chq-widget[data-mode=full]').dataset.state === 'ready'")
    hit_faces_seen(page.evaluate(f"() => {{ {HIT_FACES} }}"))


def test_the_rule_pages_try_it_links_open_the_worked_example(new_context: Any, site_url: str) -> None:
    """The link beside the artillery and Close Assault rules opens the worked example."""
    context = new_context(viewport=TABLET)
    page = context.new_page()
    for rules in ("rules/artillery/", "rules/close-assault/"):
        page.goto(url(site_url, rules))
        page.locator('.md-content a[href*="calculators/shell-first/#"]').first.click()
        page.wait_for_url(url(site_url, PAGE) + "#*")
        shown = shown_for(page, WORKED)
        assert (shown["text"], shown["ends"], shown["beside"]) == expected_words(compute(MECHANIC, WORKED))


def test_works_offline_after_one_visit(browser: Any, site_url: str) -> None:
    """After one visit (the service worker saves the site), a permalink never opened
    before is answered by the engine with the network off, as compute() answers it."""
    context = make_context(browser, site_url)
    try:
        page = context.new_page()
        page.goto(url(site_url, "rules/blinds/"))
        wait_ready_offline(page)
        context.set_offline(True)
        params = {"variant": "combat-hq", "fire_dice": 7, "units": 4, "att_dice": 5, "def_dice": 4,
                  "def_cover": "medium", "att_flank": True}
        page.goto(url(site_url, PAGE) + "#" + fragment(params))
        shown = shown_for(page, params)
        want = json.loads(json.dumps(compute(MECHANIC, params)))
        assert same(json.loads(shown["result"]), want, 1e-12) == []
        assert (shown["text"], shown["ends"], shown["beside"]) == expected_words(want)
        assert context.requests.off_origin == []
    finally:
        context.close()
