"""Shared by test_home.py and the tests that use its pages, fixtures and checks
(moved out of the test module, unchanged: a test module imports no other test module)."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.site_helpers import url

IPAD = (820, 1180)


PHONE = (390, 844)


# The calculators reached for mid-game, as their tiles ask.
AT_THE_TABLE = {
    "calculators/close-assault/": "Who wins this Close Assault?",
    "calculators/spotting/": "Can I spot that Blind?",
    "calculators/blind-move/": "How far can my Blind move?",
}


# Each home tile: where it leads, its title (the tile's text before its description),
# its box on the first screen, whether it is a calculator's, and its icon.
HOME_TILES = """
return [...document.querySelectorAll('.chq-tiles a')].map(a => {
  const r = a.getBoundingClientRect();
  const what = a.querySelector('.chq-tile__what');
  const icon = getComputedStyle(a, '::before');
  return {href: a.href, title: a.textContent.replace(what ? what.textContent : '', '').trim(),
          text: a.textContent.trim(), top: r.top, bottom: r.bottom, left: r.left, right: r.right,
          calculator: Boolean(a.closest('.chq-tiles--ask')),
          icon: icon.webkitMaskImage || icon.maskImage || '', iconWidth: parseFloat(icon.width) || 0};
});
"""


VIEW = "return {width: innerWidth, height: innerHeight};"


def check_ipad(tiles: list[dict], view: dict, site_url: str) -> list[str]:
    """What is wrong with the home's first screen at 820x1180 (empty: nothing)."""
    problems = []
    by_href = {t["href"]: t for t in tiles}
    first_rules = min((i for i, t in enumerate(tiles) if not t["calculator"]), default=len(tiles))
    for path, title in AT_THE_TABLE.items():
        tile = by_href.get(url(site_url, path))
        if tile is None:
            problems.append(f"no tile for {path}")
            continue
        if tile["title"] != title:
            problems.append(f"{path}: tile titled {tile['title']!r}, not {title!r}")
        if not (tile["top"] >= 0 and tile["bottom"] <= view["height"]
                and tile["left"] >= 0 and tile["right"] <= view["width"]):
            problems.append(f"{path}: tile at {tile['top']:.0f}-{tile['bottom']:.0f} px, "
                            f"not whole on the first {view['height']} px")
        if tiles.index(tile) > first_rules:
            problems.append(f"{path}: its tile comes after the rules tiles")
    return problems


def check_close_assault_tiles(tiles: list[dict], site_url: str) -> list[str]:
    """The two Close Assault tiles differ in words and icon."""
    calc = [t for t in tiles if t["href"] == url(site_url, "calculators/close-assault/")]
    rules = [t for t in tiles if t["href"] == url(site_url, "rules/close-assault/")]
    if len(calc) != 1 or len(rules) != 1:
        return [f"expected one tile each for the Close Assault calculator and rules: {calc} {rules}"]
    problems = []
    if calc[0]["title"] == rules[0]["title"]:
        problems.append(f"both Close Assault tiles read {calc[0]['title']!r}")
    if "none" in (calc[0]["icon"] or "none", rules[0]["icon"] or "none") or calc[0]["iconWidth"] <= 0:
        problems.append(f"a Close Assault tile has no icon: {calc[0]['icon'][:40]!r} {rules[0]['icon'][:40]!r}")
    elif calc[0]["icon"] == rules[0]["icon"]:
        problems.append("both Close Assault tiles wear the same icon")
    return problems


def open_home(new_context, site_url: str, size: tuple[int, int], javascript: bool = True):
    context = new_context(viewport={"width": size[0], "height": size[1]},
                          service_workers="block", java_script_enabled=javascript)
    page = context.new_page()
    page.goto(url(site_url, ""))
    expect(page.locator("article h1")).to_be_visible()
    return context, page


def measure(page) -> tuple[list[dict], dict]:
    return page.evaluate(f"() => {{ {HOME_TILES} }}"), page.evaluate(f"() => {{ {VIEW} }}")
