"""The rules read well on a tablet at the gaming table.

For each tablet viewport and every rules page (home, rules/*, reference/*; the first
loaded, each next one reached by a link, as a reader moves on): the page never
scrolls sideways, wide tables scroll inside their own box, body text is at
least 16 px, and the navigation links, the search button and tab labels are at
least 44 px tall.
Light and dark schemes switch with the palette toggle. Screenshots of three pages
go to ``.artifacts/screenshots/`` for a person to look at.

The CSS that makes this so is ``build/chq_site/theme/tablet.css``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.card_helpers import (
    wait_for_animations,
)
from tests.browser.page_scripts import walk_page
from tests.browser.site_helpers import (
    rules_pages,
    url,
)

VIEWPORTS = [(768, 1024), (820, 1180), (1366, 1024)]
MIN_TEXT_PX = 16
MIN_TAP_PX = 44
SCREENSHOT_VIEWPORT = {"width": 820, "height": 1180}
SCREENSHOT_PAGES = {"home": "", "spotting": "rules/spotting/", "close-assault": "rules/close-assault/"}

# The header's menu button: Material's label, or the button keyboard.js puts in its place.
DRAWER_BUTTON = '.md-header__button.chq-menu, label.md-header__button[for="__drawer"]:not([hidden])'

# Measures one page as laid out now. "Shown" means rendered with a size, not
# hidden, and at least partly inside the viewport horizontally (a closed drawer
# sits off-screen to the left; nested drawer levels to the right).
MEASURE = """
(DRAWER_BUTTON) => {
  const shown = e => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.right > 0 && r.left < innerWidth
      && e.checkVisibility({visibilityProperty: true, opacityProperty: true});
  };
  const label = e => (e.textContent || e.getAttribute("aria-label") || e.tagName).trim().slice(0, 40);
  const article = document.querySelector("article.md-content__inner") || document.body;
  const paragraphs = [...article.querySelectorAll("p")].filter(shown).map(p => ({
    text: label(p), px: parseFloat(getComputedStyle(p).fontSize)}));
  const tables = [...article.querySelectorAll("table:not([class])")].map(t => {
    const wrap = t.closest(".md-typeset__scrollwrap");
    const box = (wrap || t).getBoundingClientRect();
    return {
      head: label(t.querySelector("th, td") || t), shown: shown(t), wrapped: !!wrap,
      right: box.right, overflowX: wrap ? getComputedStyle(wrap).overflowX : "",
      tableWidth: t.scrollWidth, boxWidth: wrap ? wrap.clientWidth : box.width,
    };
  });
  const navLinks = [...document.querySelectorAll(".md-nav__link")].filter(shown).map(e => ({
    text: label(e), px: e.getBoundingClientRect().height}));
  const tabLabels = [...article.querySelectorAll(".tabbed-labels > label")].filter(shown).map(e => ({
    text: label(e), px: e.getBoundingClientRect().height}));
  const icon = document.querySelector('label.md-header__button[for="__search"]');
  const trigger = icon && shown(icon) ? icon : document.querySelector(".md-search__form");
  return {
    scrollWidth: document.documentElement.scrollWidth, innerWidth,
    paragraphs, tables, navLinks, tabLabels,
    search: trigger && shown(trigger)
      ? {what: trigger.className, px: trigger.getBoundingClientRect().height} : null,
    drawerButton: shown(document.querySelector(DRAWER_BUTTON)),
  };
}
"""


def open_drawer(page) -> None:
    """Open the navigation drawer (below 76.25em) and wait for it to slide in."""
    page.locator(DRAWER_BUTTON).click()
    page.wait_for_function(
        "() => document.getElementById('__drawer').checked && (() => {"
        " const r = document.querySelector('.md-sidebar--primary').getBoundingClientRect();"
        " return r.left >= 0 && r.width > 0; })()"
    )
    # the slide is a CSS transition: wait until it has finished
    wait_for_animations(page)


def problems_on(page, path: str, width: int) -> tuple[list[str], dict]:
    m = page.evaluate(MEASURE, DRAWER_BUTTON)
    where = f"{width}px {path or '/'}"
    found: list[str] = []
    if m["scrollWidth"] > m["innerWidth"]:
        found.append(f"{where}: page scrolls sideways ({m['scrollWidth']} > {m['innerWidth']})")
    if not m["paragraphs"]:
        found.append(f"{where}: no paragraph shown")
    for p in m["paragraphs"]:
        if p["px"] < MIN_TEXT_PX:
            found.append(f"{where}: text {p['px']}px < {MIN_TEXT_PX}px: {p['text']!r}")
    for t in m["tables"]:
        if not t["wrapped"]:
            found.append(f"{where}: table {t['head']!r} is not in a .md-typeset__scrollwrap")
        elif t["shown"]:
            if t["right"] > m["innerWidth"] + 1:
                found.append(f"{where}: table {t['head']!r} box ends at {t['right']:.0f}px")
            if t["tableWidth"] > t["boxWidth"] and t["overflowX"] not in ("auto", "scroll"):
                found.append(f"{where}: wide table {t['head']!r} cannot scroll ({t['overflowX']})")
    if m["search"] is None:
        found.append(f"{where}: no search button shown")
    elif m["search"]["px"] < MIN_TAP_PX:
        found.append(f"{where}: search button {m['search']['px']:.0f}px tall < {MIN_TAP_PX}px")
    for tab in m["tabLabels"]:
        if tab["px"] < MIN_TAP_PX:
            found.append(f"{where}: tab label {tab['text']!r} {tab['px']:.0f}px tall < {MIN_TAP_PX}px")
    if m["drawerButton"]:
        open_drawer(page)
        m["navLinks"] = page.evaluate(MEASURE, DRAWER_BUTTON)["navLinks"]
    if not m["navLinks"]:
        found.append(f"{where}: no navigation link shown")
    for link in m["navLinks"]:
        if link["px"] < MIN_TAP_PX:
            found.append(f"{where}: nav link {link['text']!r} {link['px']:.0f}px tall < {MIN_TAP_PX}px")
    return found, m


@pytest.mark.parametrize("width,height", VIEWPORTS, ids=[f"{w}x{h}" for w, h in VIEWPORTS])
def test_rules_pages_on_tablet(width: int, height: int, built_site: Path, site_url: str,
                               new_context) -> None:
    pages = rules_pages(built_site)
    assert len(pages) > 1, f"no rules pages built: {pages}"
    context = new_context(viewport={"width": width, "height": height}, color_scheme="light",
                          service_workers="block")
    page = context.new_page()
    problems: list[str] = []
    text_px: list[float] = []
    tap_px: list[float] = []
    tables = wide = 0
    for path, _loaded in walk_page(page, site_url, pages):  # as a reader moves on (instant navigation)
        found, m = problems_on(page, path, width)
        problems += found
        text_px += [p["px"] for p in m["paragraphs"]]
        tap_px += [t["px"] for t in m["navLinks"] + m["tabLabels"]]
        tap_px += [m["search"]["px"]] if m["search"] else []
        tables += len(m["tables"])
        wide += sum(t["shown"] and t["tableWidth"] > t["boxWidth"] for t in m["tables"])
    print(f"\n{width}x{height}: {len(pages)} pages, smallest text {min(text_px, default=0)}px, "
          f"smallest tap target {min(tap_px, default=0):.0f}px, {tables} tables "
          f"({wide} wider than the screen, scrolling in their box), {len(problems)} problems")
    assert problems == [], "\n".join(problems)


def test_a_table_wider_than_the_screen_scrolls_in_its_box(built_site: Path, site_url: str,
                                                          new_context) -> None:
    """No rules table is wider than a tablet today; make one wide (a long unbroken
    cell) and check that it scrolls inside its box while the page stays put."""
    with_table = [p for p in rules_pages(built_site)
                  if "<table>" in (built_site / p / "index.html").read_text(encoding="utf-8")]
    assert with_table, "no rules page has a table"
    width, height = VIEWPORTS[0]
    context = new_context(viewport={"width": width, "height": height}, service_workers="block")
    page = context.new_page()
    page.goto(url(site_url, with_table[0]))
    cell = page.locator("article .md-typeset__scrollwrap table td").first
    cell.evaluate("td => { td.textContent = '6+TN'.repeat(120); td.style.whiteSpace = 'nowrap'; }")
    m = page.evaluate(MEASURE, DRAWER_BUTTON)
    stretched = [t for t in m["tables"] if t["tableWidth"] > width]
    print(f"\nwide table on {with_table[0] or '/'} at {width}px: {stretched}")
    assert stretched, "the stretched table is not wider than the screen"
    assert m["scrollWidth"] <= m["innerWidth"], "a wide table makes the page scroll sideways"
    for t in stretched:
        assert t["wrapped"] and t["overflowX"] in ("auto", "scroll"), t
        assert t["right"] <= m["innerWidth"] + 1, t
    scrolled = cell.evaluate(
        "td => { const w = td.closest('.md-typeset__scrollwrap'); w.scrollLeft = 200;"
        " return w.scrollLeft; }"
    )
    assert scrolled > 0, "the table's box does not scroll"


@pytest.mark.parametrize("width,height", VIEWPORTS, ids=[f"{w}x{h}" for w, h in VIEWPORTS])
def test_palette_toggle_switches_light_and_dark(width: int, height: int, site_url: str,
                                                new_context) -> None:
    scheme = "() => document.body.getAttribute('data-md-color-scheme')"
    background = "() => getComputedStyle(document.body).backgroundColor"
    for preferred, first, second in (("light", "default", "slate"), ("dark", "slate", "default")):
        context = new_context(viewport={"width": width, "height": height}, color_scheme=preferred,
                              service_workers="block")
        page = context.new_page()
        page.goto(url(site_url, ""))
        toggle = page.locator('form[data-md-component="palette"] label.md-header__button:visible')
        assert page.evaluate(scheme) == first, f"prefers {preferred}: scheme is not {first}"
        expect(toggle).to_have_count(1)
        box = toggle.bounding_box()
        assert box and box["height"] >= MIN_TAP_PX, f"palette toggle is {box} (< {MIN_TAP_PX}px)"
        first_background = page.evaluate(background)
        toggle.click()
        page.wait_for_function(f"() => ({scheme})() === '{second}'")
        assert page.evaluate(background) != first_background, "the colours did not change"
        page.locator('form[data-md-component="palette"] label.md-header__button:visible').click()
        page.wait_for_function(f"() => ({scheme})() === '{first}'")
        assert page.evaluate(background) == first_background
        context.close()


def test_tablet_screenshots(site_url: str, new_context, artifacts: Path) -> None:
    """Screenshots at 820x1180 for a person to look at (light, plus spotting in dark)."""
    out = artifacts / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    saved = []
    for scheme, suffix in (("light", ""), ("dark", "-dark")):
        context = new_context(viewport=SCREENSHOT_VIEWPORT, color_scheme=scheme,
                              service_workers="block")
        page = context.new_page()
        for name, path in SCREENSHOT_PAGES.items():
            if suffix and name != "spotting":
                continue
            page.goto(url(site_url, path))
            expect(page.locator("article h1")).to_be_visible()
            target = out / f"tablet-{name}{suffix}.png"
            page.screenshot(path=str(target))
            saved.append(target)
        if not suffix:
            page.goto(url(site_url, SCREENSHOT_PAGES["spotting"]))
            open_drawer(page)
            target = out / "tablet-nav.png"
            page.screenshot(path=str(target))
            saved.append(target)
        context.close()
    print("\nscreenshots: " + ", ".join(str(p.relative_to(artifacts.parent)) for p in saved))
    assert all(p.stat().st_size > 10_000 for p in saved)
