"""The home page leads to the calculators a player reaches for at the table: one
story, run in Chromium and in WebKitGTK (tests/browser/page_api.py).

On an iPad held upright (820x1180) the tiles of the Close Assault, Spotting and
Blind-move calculators are whole on the first screen, titled with the player's
question, and come before the rules tiles; on a phone (390x844) the first of them
is on the first screen. The calculator's tile and the rules' tile for Close Assault
differ at a glance: words and icon (WebKit could differ in the grid and the mask
icons). With JavaScript off too (plain HTML and CSS: docs/index.md, home.css; in
Chromium, whose driver can turn it off). Screenshots at both sizes in
``.artifacts/screenshots/``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.browser.home_helpers import (
    HOME_TILES,
    IPAD,
    PHONE,
    VIEW,
    check_close_assault_tiles,
    check_ipad,
    open_home,
)
from tests.browser.page_api import SitePage
from tests.browser.site_helpers import url


def check_phone(tiles: list[dict], view: dict, site: str) -> list[str]:
    """What is wrong with the home's first screen on a phone (empty: nothing)."""
    first = next(t for t in tiles if t["calculator"])
    if first["href"] != url(site, "calculators/close-assault/"):
        return [f"the first calculator tile leads to {first['href']}"]
    if not (first["top"] >= 0 and first["bottom"] <= view["height"]):
        return [f"first calculator tile at {first['top']:.0f}-{first['bottom']:.0f} px "
                f"on a {view['height']} px screen"]
    return []


def test_the_table_calculators_lead_the_first_screen(site_page: Callable[..., SitePage], artifacts: Path) -> None:
    page = site_page(*IPAD, screenshots=True)
    out = artifacts / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    for size, check in ((IPAD, lambda t, v: check_ipad(t, v, page.base) + check_close_assault_tiles(t, page.base)),
                        (PHONE, lambda t, v: check_phone(t, v, page.base))):
        page.resize(*size)
        page.open("")
        page.wait("return document.readyState === 'complete' && document.querySelector('article h1');",
                  what="the home page")
        tiles, view = page.run(HOME_TILES), page.run(VIEW)
        problems = check(tiles, view)
        assert problems == [], f"{page.engine} {size}:\n" + "\n".join(problems)
        shot = out / f"home-first-screen-{size[0]}x{size[1]}-{page.engine}.png"
        page.screenshot(shot)
        assert shot.stat().st_size > 10_000
    assert page.errors() == []


@pytest.mark.parametrize("size", [IPAD, PHONE], ids=["ipad", "phone"])
def test_the_same_first_screen_with_javascript_off(size: tuple[int, int], site_url: str, new_context) -> None:
    context, page = open_home(new_context, site_url, size, javascript=False)
    tiles = page.evaluate(f"() => {{ {HOME_TILES} }}")
    view = page.evaluate(f"() => {{ {VIEW} }}")
    if size == IPAD:
        problems = check_ipad(tiles, view, site_url) + check_close_assault_tiles(tiles, site_url)
    else:
        problems = check_phone(tiles, view, site_url)
    assert problems == [], "\n".join(problems)
    assert context.requests.off_origin == []
