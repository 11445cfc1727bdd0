"""axe-core on every page of the site, light and dark: no violation of any impact.

Each built page (the home, the rules, the reference, the calculators, hosting, the
"not found" page) is opened in Chromium at a desktop width and at a phone width
(where Material's navigation is a drawer), with its calculators settled, in the
scheme it opens in and again after a tap on the header's light/dark toggle;
axe-core (node_modules/axe-core) runs on the whole document, Material's parts
included (their fixes live in chq_site/theme/material/partials/ and the CSS).
The same with search open, a query typed and its results shown (the words found are
marked: search/search.css), and with the two questions' panels open and answered.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.axe_helpers import AXE, load_axe
from tests.browser.card_helpers import (
    UNDER_POINTER,
    wait_for_animations,
    wait_for_calculators,
)
from tests.browser.page_api import NOT_FOUND, walk_page
from tests.browser.site_helpers import (
    built_pages,
    open_search,
    track_search_worker,
    url,
    wait_for_search_settled,
)

VIEWPORTS = {"desktop": (1366, 1024), "phone": (390, 844)}
# Typed into the search of a rules page: many results, each with marked words, and a
# calculator among them.
SEARCH_QUERY = "close assault odds"

RUN_AXE = """
async () => (await axe.run(document, {resultTypes: ['violations']})).violations.flatMap(v =>
  v.nodes.map(n => `${v.impact} ${v.id}: ${v.help} -> ${n.target.join(' ')}`
                   + (n.any[0] && n.any[0].message ? ` (${n.any[0].message})` : '')))
"""


# The scheme a page shows (Material's data-md-color-scheme), in the test's words.
SCHEMES = {"default": "light", "slate": "dark"}
SHOWN_SCHEME = "() => document.body.dataset.mdColorScheme"
# The header's palette toggle a player taps: of its two buttons, the one not hidden.
TOGGLE = "form[data-md-component=palette] label:visible"


def axe_in_this_scheme(page: Any, path: str, viewport: str) -> tuple[str, list[str]]:
    """The scheme shown, and axe's violations in it once the colours have settled
    (Material's colour transitions take 125-250 ms)."""
    wait_for_animations(page)
    scheme = SCHEMES[page.evaluate(SHOWN_SCHEME)]
    return scheme, [f"/{path} [{scheme}, {viewport}] {line}" for line in page.evaluate(RUN_AXE)]


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_no_axe_violations_on_any_page(viewport: str, built_site: Path, site_url: str, new_context) -> None:
    """Every page in both schemes: checked in the scheme it opens in, then again after
    a tap on the header's toggle, as a player switches. The choice is kept, so the
    next page opens in the other scheme: each page is shown once, not once a scheme.
    The first page is loaded, and each next one reached as a player moves, by a link
    followed (Material's instant navigation: one engine start for every calculator);
    the "not found" page, which no link leads to, is loaded."""
    assert AXE.exists(), "node_modules/axe-core is missing: run `npm ci`"
    width, height = VIEWPORTS[viewport]
    context = new_context(viewport={"width": width, "height": height}, color_scheme="light",
                          service_workers="block")
    page = context.new_page()
    pages = built_pages(built_site)
    assert len(pages) > 10 and NOT_FOUND in pages, pages
    found: list[str] = []
    checked: dict[str, list[str]] = {}
    for path, loaded in walk_page(page, site_url, pages):
        if loaded:  # (reached by a link, the document stays, axe in it)
            page.wait_for_load_state("load")
            load_axe(page)
        wait_for_calculators(page)
        for switch in (False, True):
            if switch:
                before = page.evaluate(SHOWN_SCHEME)
                page.locator(TOGGLE).click()
                page.wait_for_function(f"() => {SHOWN_SCHEME}() !== {before!r}")
            scheme, lines = axe_in_this_scheme(page, path, viewport)
            checked.setdefault(path, []).append(scheme)
            found += lines
    print(f"\naxe: {len(pages)} pages, light and dark, {width}x{height}: {len(found)} violations")
    assert found == [], "\n".join(found)
    unchecked = {path: schemes for path, schemes in checked.items() if sorted(schemes) != ["dark", "light"]}
    assert unchecked == {}, f"pages not seen in both schemes: {unchecked}"
    assert context.requests.off_origin == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_axe_violations_with_a_pinned_compare(scheme: str, site_url: str, new_context) -> None:
    """A calculator with a setup pinned as A: the A-vs-B panel (both headlines, the
    inputs that differ, the figures side by side, the paired charts) passes too, at
    the tablet width and the phone width (where the sides stack)."""
    assert AXE.exists(), "node_modules/axe-core is missing: run `npm ci`"
    context = new_context(viewport={"width": 820, "height": 1180}, color_scheme=scheme,
                          service_workers="block")
    page = context.new_page()
    pinned = "att_dice%3D6%26def_dice%3D5"  # vs=: setup A's permalink, URL-encoded
    page.goto(url(site_url, "calculators/close-assault/") + f"#att_dice=5&def_dice=5&att_flank=true&vs={pinned}")
    page.wait_for_function(
        "() => document.querySelectorAll('[data-compare] [data-side][data-state=ready]').length === 2"
        " && document.querySelector('[data-compare] table')", timeout=120_000)
    wait_for_animations(page)
    found = axe_at_both_widths(page, scheme)
    assert found == [], "\n".join(found)
    assert context.requests.off_origin == []


def axe_at_both_widths(page: Any, label: str) -> list[str]:
    """axe's findings at the tablet width, then the phone width (where the sides and
    the panels stack), each line labelled."""
    load_axe(page)
    found: list[str] = []
    for width, height in ((820, 1180), VIEWPORTS["phone"]):
        page.set_viewport_size({"width": width, "height": height})
        wait_for_animations(page)
        found += [f"[{label}, {width}x{height}] {line}" for line in page.evaluate(RUN_AXE)]
    return found


# The two questions after the odds open and answered (their permalinks: sweep=, target=,
# rolled=); on Close Assault with a setup pinned as A too (the panel's compared line).
PANELS = {
    "close-assault": "#att_dice=6&def_dice=5&sweep=att_dice&target=0.8&rolled=5,3&vs=att_dice%3D6%26def_dice%3D4",
    "spotting": "#distance=18&sweep=chain_dice&target=0.8&rolled=3,1",
}


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("calculator", list(PANELS))
def test_no_axe_violations_with_both_panels_open(calculator: str, scheme: str, site_url: str, new_context) -> None:
    """What do I need? and How lucky was that? open and answered (the bars, the
    words, the working), at the tablet width and the phone width."""
    assert AXE.exists(), "node_modules/axe-core is missing: run `npm ci`"
    context = new_context(viewport={"width": 820, "height": 1180}, color_scheme=scheme,
                          service_workers="block")
    page = context.new_page()
    page.goto(url(site_url, f"calculators/{calculator}/") + PANELS[calculator])
    page.wait_for_function(
        "() => ['need', 'luck'].every(p => { const n = document.querySelector(`[data-${p}]`);"
        " return n && n.open && n.dataset.state === 'ready'; })", timeout=120_000)
    wait_for_animations(page)
    found = axe_at_both_widths(page, f"{calculator}, {scheme}")
    assert found == [], "\n".join(found)
    assert context.requests.off_origin == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_no_axe_violations_with_search_open(viewport: str, scheme: str, site_url: str,
                                            new_context) -> None:
    width, height = VIEWPORTS[viewport]
    context = new_context(viewport={"width": width, "height": height}, color_scheme=scheme,
                          service_workers="block")
    track_search_worker(context)
    page = context.new_page()
    page.goto(url(site_url, "rules/close-assault/"))
    open_search(page).press_sequentially(SEARCH_QUERY, delay=20)
    wait_for_search_settled(page, SEARCH_QUERY)
    marks = page.locator(".md-search-result mark")
    assert marks.count() > 5, f"{SEARCH_QUERY!r}: only {marks.count()} words marked"
    wait_for_animations(page)
    load_axe(page)
    found = page.evaluate(RUN_AXE)
    print(f"\naxe with search open, {scheme}, {width}x{height}: {len(found)} violations")
    assert found == [], "\n".join(found)
    assert context.requests.off_origin == []


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_the_wait_before_axe_lets_the_tooltip_under_the_pointer_come_in(viewport: str, site_url: str,
                                                                         new_context) -> None:
    """Material shows a header button's tooltip a moment after the pointer comes onto
    it, then fades it in. axe run in that moment reads half-blended colours: a contrast
    failure no player sees (CI met it once, after the toggle's tap, when the other
    toggle button came up under the pointer). So the wait before axe also waits for
    the tooltip under the pointer. Here the page's clock is stopped while the pointer
    comes onto the toggle, which holds Material's tooltip in that moment: the wait must
    not return then, and once the clock runs it returns with the tooltip in full."""
    width, height = VIEWPORTS[viewport]
    context = new_context(viewport={"width": width, "height": height}, color_scheme="dark",
                          service_workers="block")
    page = context.new_page()
    page.clock.install()
    page.goto(url(site_url, "rules/units/"))
    page.wait_for_load_state("load")
    page.clock.pause_at(page.evaluate("Date.now()") + 60_000)
    page.locator(TOGGLE).hover()
    with pytest.raises(PlaywrightTimeout):
        wait_for_animations(page, timeout=1_000)
    page.clock.resume()
    wait_for_animations(page)
    shown = page.evaluate(f"""() => [...document.querySelectorAll('.md-tooltip')].filter({UNDER_POINTER})
        .map(tip => [tip.textContent.trim(), getComputedStyle(tip).opacity])""")
    assert len(shown) == 1 and shown[0][1] == "1", f"the toggle's tooltip when the wait returned: {shown}"
