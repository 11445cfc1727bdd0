"""The calculator widgets in a real browser: the built site over HTTP, in Chromium.

Every number a widget shows is checked against the command line
(``python -m calculators <mechanic> --json ...``), the third door onto the same
``compute()``. One browser context is shared by most tests (module scope) so the
Python engine loads once per calculator page rather than once per case; further
cases on the same page arrive through the URL fragment, as a permalink does.

These contexts run without service workers (as a browser without them would): the
offline cache, tested on its own, would otherwise answer requests the request log
must see, and precache the whole site in the background.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from calculators import compute, printing
from tests.browser.axe_helpers import (
    AXE,
    axe_violations,
    set_scheme,
)
from tests.browser.widgets_helpers import (
    CASES,
    PAGES,
    READY_MS,
    TOLERANCE,
    Session,
    check_against_cli,
    compact_pages,
    current_fragment,
    fragment,
    make_context,
    reference,
    same,
    wait_for_inputs,
    watch,
    widget,
)


@pytest.fixture(scope="module")
def session(browser: Any, site_url: str) -> Iterator[Session]:
    context, log = make_context(browser, site_url)
    page = context.new_page()
    shared = Session(context, page, log, site_url)
    watch(page, shared.errors)
    yield shared
    context.close()


def test_stepper_segments_and_switch_update_result_and_fragment(session: Session) -> None:
    page = session.page
    session.open(PAGES["spotting"], fragment({"distance": 18}))
    session.settle()
    wait_for_inputs(page, {"distance": 18})
    root = widget(page)

    root.locator('[data-param="distance"] .chq-step[data-step="1"]').click()
    wait_for_inputs(page, {"distance": 19})
    assert current_fragment(page)["distance"] == "19"

    root.locator('[data-param="cover"] label', has_text="Medium").click()
    wait_for_inputs(page, {"distance": 19, "cover": "medium"})
    assert current_fragment(page)["cover"] == "medium"

    root.locator('[data-param="moving"] .chq-switch').click()
    wait_for_inputs(page, {"distance": 19, "cover": "medium", "moving": True})
    assert current_fragment(page)["moving"] == "true"

    root.locator('[data-param="distance"] .chq-step[data-step="-1"]').click()
    params = {"distance": 18, "cover": "medium", "moving": True}
    check_against_cli(page, "spotting", params)
    assert current_fragment(page) == {"distance": "18", "cover": "medium", "moving": "true"}

    # A worked example is one click away, and its fragment is the permalink.
    root.locator(".chq-preset", has_text="Double Dice Chain").click()
    check_against_cli(page, "spotting", {"distance": 18, "chain_dice": 2})
    assert current_fragment(page) == {"distance": "18", "chain_dice": "2"}
    assert "no distance" in root.locator(".chq-presets__note").inner_text()

    # The exact value is a tap away, under the percentage, which stays.
    expected = compute("spotting", {"distance": 18, "chain_dice": 2})["p_spotted"]
    headline = root.locator("[data-headline]").first
    headline.click()
    assert headline.inner_text().strip() == printing.pct(expected)
    assert root.locator("[data-headline-exact]").first.inner_text() == printing.exact(expected)
    assert headline.get_attribute("aria-pressed") == "true"
    headline.click()
    assert headline.inner_text().strip() == printing.pct(expected)
    assert root.locator("[data-headline-exact]").first.is_hidden()

    # Reset: back to the starting inputs, and the fragment goes away.
    root.locator("button[type=reset]").click()
    wait_for_inputs(page, {"distance": 18, "chain_dice": 0, "cover": "none", "moving": False})
    assert current_fragment(page) == {}
    assert session.errors == []


def test_exactly_at_least_toggle(session: Session) -> None:
    page = session.page
    session.open(PAGES["rally"], fragment({"disruption": 3}))
    session.settle()
    wait_for_inputs(page, {"disruption": 3})
    root = widget(page)
    rows = sorted(compute("rally", {"disruption": 3})["remaining"], key=lambda r: r["disruption"])
    exactly = [Fraction(r["p"]["exact"]) for r in rows]
    at_least = [sum(exactly[k:], Fraction(0)) for k in range(len(exactly))]
    values = root.locator(".chq-chart .chq-value")
    assert values.all_inner_texts() == [printing.pct(Fraction(q)) for q in exactly]
    root.locator(".chq-view label", has_text="At least").click()
    assert values.all_inner_texts() == [printing.pct(Fraction(q)) for q in at_least]
    root.locator(".chq-view label", has_text="Exactly").click()
    assert values.all_inner_texts() == [printing.pct(Fraction(q)) for q in exactly]


def test_close_assault_shows_each_sides_dice_and_tn_per_round(session: Session) -> None:
    page = session.page
    params = CASES["close_assault"][0]
    session.open(PAGES["close_assault"], fragment(params))
    session.settle()
    check_against_cli(page, "close_assault", params)
    rows = widget(page).locator(".chq-details__table tbody tr")
    first = rows.first.inner_text()
    assert "round 1" in first and "6D at 2+" in first and "4D at 6+" in first
    assert rows.count() == len(reference("close_assault", params)["rounds"])


def test_keyboard_only(session: Session) -> None:
    page = session.page
    session.open(PAGES["supply"], fragment({"supply_dice": 3}), fresh=True)
    wait_for_inputs(page, {"supply_dice": 3})
    page.locator("body").click(position={"x": 5, "y": 300})
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement && document.activeElement.name") == "supply_dice":
            break
    else:
        pytest.fail("Tab never reached the supply_dice input")
    page.keyboard.press("ArrowUp")
    check_against_cli(page, "supply", {"supply_dice": 4})
    page.keyboard.press("Control+A")
    page.keyboard.type("6")
    check_against_cli(page, "supply", {"supply_dice": 6})
    for _ in range(8):  # on to the Staff Order switch; Space turns it on
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement && document.activeElement.name") == "staff_order":
            break
    page.keyboard.press("Space")
    check_against_cli(page, "supply", {"supply_dice": 6, "staff_order": True})
    assert current_fragment(page) == {"supply_dice": "6", "staff_order": "true"}
    assert session.errors == []


@pytest.mark.parametrize("mechanic", list(PAGES))
def test_calculator_page_accessibility_and_screenshots(
    session: Session, artifacts: Path, mechanic: str
) -> None:
    assert AXE.exists(), "node_modules/axe-core is missing: run `npm ci`"
    page = session.page
    params = CASES[mechanic][0]
    session.open(PAGES[mechanic], fragment(params))
    wait_for_inputs(page, reference(mechanic, params)["inputs"])
    page.evaluate("() => window.scrollTo(0, 0)")
    folder = artifacts / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    name = PAGES[mechanic].split("/")[1]
    problems = {}
    for scheme in ("default", "slate"):
        set_scheme(page, scheme)
        problems[scheme] = axe_violations(page)
        page.screenshot(path=str(folder / f"calc-{name}-{'light' if scheme == 'default' else 'dark'}.png"),
                        full_page=True)
    set_scheme(page, "default")
    # No horizontal scrolling on a tablet.
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    assert problems == {"default": [], "slate": []}


def test_calculators_index_accessibility(session: Session) -> None:
    page = session.page
    session.open("calculators/")
    assert axe_violations(page) == []
    links = page.locator("article a[href]")
    targets = {a.get_attribute("href") for a in links.all()}
    for path in PAGES.values():
        assert any(path.split("/")[1] in (t or "") for t in targets), f"index does not list {path}"


def test_shared_context_stayed_on_origin_and_quiet(session: Session) -> None:
    assert session.log.off_origin == []
    assert session.errors == []


def test_compact_widget_on_a_rule_page(session: Session, built_site: Path) -> None:
    pages = compact_pages(built_site)
    assert pages, "no rules page has a compact widget (<!-- calculator: ... compact --> markers)"
    page = session.page
    session.open(pages[0], fresh=True)
    card = page.locator(".chq-widget[data-mode=compact]").first
    card.scroll_into_view_if_needed()  # a card starts the engine when it comes into view
    page.wait_for_function(
        "() => document.querySelector('.chq-widget[data-mode=compact]').dataset.state === 'ready'",
        timeout=READY_MS)
    mechanic = card.get_attribute("data-calculator")
    shown = json.loads(card.get_attribute("data-result"))
    expected = reference(mechanic, shown["inputs"])
    assert same(shown, expected, TOLERANCE.get(mechanic, 0.0)) == []
    href = card.locator(".chq-open").get_attribute("href")
    assert PAGES[mechanic].split("/")[1] in href and "#" in href
    # Changing an input updates the card and its link, never the rule page's address.
    before = page.url
    card.locator(".chq-edit > summary").click()
    field = card.locator(".chq-field--stepper").first
    name = field.get_attribute("data-param")
    field.locator('.chq-step[data-step="1"]').click()
    page.wait_for_function(
        "([n, v]) => { const r = document.querySelector('.chq-widget[data-mode=compact]');"
        " return r.dataset.state === 'ready' && JSON.parse(r.dataset.result).inputs[n] === v; }",
        arg=[name, shown["inputs"][name] + 1], timeout=READY_MS)
    assert page.url == before
    assert f"{name}={shown['inputs'][name] + 1}" in card.locator(".chq-open").get_attribute("href")
    assert session.errors == []
