"""The calculator pages in Chromium alone: a keyboard-only player (Tab to a field,
arrows, typing, Space on a switch, through Playwright's keyboard), axe on each
calculator page in both colour schemes with its screenshots, the calculators'
index, and every request kept on the site's origin. The stories a player taps are
written once for both engines: test_calculator_answers.py, test_calculator_controls.py.

One browser context is shared (module scope), and each calculator page is reached
from the last by a link, as a player moves (Material's instant navigation), so the
Python engine loads once; cases on the same page arrive through the URL fragment, as
a permalink does. These contexts run without service workers (as a browser without them
would): the offline cache, tested on its own, would otherwise answer requests the
request log must see, and precache the whole site in the background.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.axe_helpers import (
    AXE,
    axe_violations,
    set_scheme,
)
from tests.browser.widgets_helpers import (
    CASES,
    PAGES,
    Session,
    check_against_cli,
    current_fragment,
    fragment,
    make_context,
    reference,
    wait_for_inputs,
    watch,
)


@pytest.fixture(scope="module")
def session(browser: Any, site_url: str) -> Iterator[Session]:
    context, log = make_context(browser, site_url)
    page = context.new_page()
    shared = Session(context, page, log, site_url)
    watch(page, shared.errors)
    yield shared
    context.close()


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
    session.go(PAGES[mechanic], fragment(params))  # from the last calculator, by a link
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
