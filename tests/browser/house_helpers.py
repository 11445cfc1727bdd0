"""Shared by test_house.py and the tests that use its pages, fixtures and checks
(moved out of the test module, unchanged: a test module imports no other test module)."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.site_helpers import (
    nav_pages,
    url,
)

MIN_TAP_PX = 44


HOME_SIZES = [(820, 1180), (1180, 820), (390, 844)]


# Sentences the home page had before its tiles; they stay (below the tiles).
HOME_TEXT = (
    "This site publishes the Combat HQ and Armour Battles rules",
    "press / or S (or tap the magnifying glass)",
    "the first mention of a game term on each page is a link to the glossary",
    "gathers every table and modifier on one page that prints on two A4 sheets",
    "it is kept as written and pointed out in a \"Notes on the source text\" box",
    "Range bands and modifiers, cover dice, automatic and opportunity spotting",
    "Commonwealth support units for Operation Compass; the Marder III SdKfz 139",
    "Planned fire missions and artillery (Combat HQ)",
    "The spotting rules appear in both 000 and 001 with the same words",
)


# A drawer button: Material's label, or the button keyboard.js puts in its place.
DRAWER_BUTTON = '.md-header__button.chq-menu, label.md-header__button[for="__drawer"]:not([hidden])'


# Where each tile leads, and its size as laid out.
TILES = """
() => [...document.querySelectorAll('.chq-tiles a')].map(a => {
  const r = a.getBoundingClientRect();
  return {href: a.href, text: a.textContent.trim().slice(0, 30), w: r.width, h: r.height,
          shown: r.width > 0 && a.checkVisibility({visibilityProperty: true})};
})
"""


def tile_targets() -> list[str]:
    """Pages the home must have a tile for: every rules and reference page, every
    calculator (not the calculators' index, one tap further)."""
    return [p for p in nav_pages() if p.startswith(("rules/", "reference/"))
            or (p.startswith("calculators/") and p != "calculators/")]


def open_home(new_context, site_url: str, width: int, height: int, **options):
    context = new_context(viewport={"width": width, "height": height},
                          service_workers="block", **options)
    page = context.new_page()
    page.goto(url(site_url, ""))
    expect(page.locator("article h1")).to_be_visible()
    return context, page


# ------------------------------------------------------------------- navigation

SIDEBAR = """
() => [...document.querySelectorAll('.md-sidebar--primary a.md-nav__link[href]')].map(a => {
  const r = a.getBoundingClientRect();
  return {href: a.href, h: r.height,
          shown: r.width > 0 && r.left >= 0 && r.right <= innerWidth
                 && a.checkVisibility({visibilityProperty: true, opacityProperty: true})};
})
"""


# --------------------------------------------------------------------- keyboard

FOCUSED = """
() => {
  const e = document.activeElement;
  if (!e || e === document.body) return null;
  // Material's palette switch: a zero-size radio whose label shows the focus.
  const seen = e.matches('.md-option') && e.nextElementSibling ? e.nextElementSibling : e;
  const r = seen.getBoundingClientRect();
  return {tag: e.tagName, text: (e.textContent || e.getAttribute('aria-label') || '').trim().slice(0, 40),
          inDrawer: Boolean(e.closest('.md-sidebar--primary')),
          inWidget: Boolean(e.closest('.chq-widget--full')),
          visible: r.width > 0 && r.height > 0 && seen.checkVisibility({visibilityProperty: true})
                   && r.right > 0 && r.left < innerWidth};
}
"""


def home_problems(tiles: list[dict], text: str, fits: bool, base: str) -> list[str]:
    """What is wrong with the home page as laid out now: a rules page or calculator
    without a tile, a tile hidden or under a finger's size, the page scrolling
    sideways, a sentence of the home's text lost (its tiles, TILES; its article's text)."""
    hrefs = {t["href"].split("#")[0] for t in tiles}
    problems = [f"no tile for {p}" for p in tile_targets() if url(base, p) not in hrefs]
    problems += [f"tile hidden or small: {t}" for t in tiles
                 if not t["shown"] or t["h"] < MIN_TAP_PX or t["w"] < MIN_TAP_PX]
    problems += [] if fits else ["the page scrolls sideways"]
    joined = " ".join(text.split())
    problems += [f"home text lost: {s!r}" for s in HOME_TEXT if s not in joined]
    return problems


# Every calculator on the page mounted (the site's script has set its data-engine).
MOUNTED = "return [...document.querySelectorAll('[data-calculator]')].every(w => Boolean(w.dataset.engine));"
