"""The home page leads to the calculators a player reaches for at the table.

On an iPad held upright (820x1180) the tiles of the Close Assault, Spotting and
Blind-move calculators are whole on the first screen, titled with the player's
question, and come before the rules tiles; on a phone (390x844) the first of them
is on the first screen. The calculator's tile and the rules' tile for Close Assault
differ at a glance: words and icon. With JavaScript on and off (plain HTML and CSS:
docs/index.md, home.css). Screenshots at both sizes in ``.artifacts/screenshots/``.
The same checks in WebKit: tests/webkit/test_webkit_home.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.home_helpers import IPAD, PHONE, check_close_assault_tiles, check_ipad, measure, open_home
from tests.browser.site_helpers import url, wait_for_animations


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_table_calculators_whole_on_an_ipads_first_screen(javascript: bool, site_url: str,
                                                          new_context) -> None:
    context, page = open_home(new_context, site_url, IPAD, javascript)
    tiles, view = measure(page)
    problems = check_ipad(tiles, view, site_url) + check_close_assault_tiles(tiles, site_url)
    assert problems == [], "\n".join(problems)
    assert context.requests.off_origin == []


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_first_calculator_on_a_phones_first_screen(javascript: bool, site_url: str, new_context) -> None:
    context, page = open_home(new_context, site_url, PHONE, javascript)
    tiles, view = measure(page)
    first = next(t for t in tiles if t["calculator"])
    assert first["href"] == url(site_url, "calculators/close-assault/"), first
    assert first["top"] >= 0 and first["bottom"] <= view["height"], (
        f"first calculator tile at {first['top']:.0f}-{first['bottom']:.0f} px on a {view['height']} px screen")
    assert context.requests.off_origin == []


def test_home_first_screen_screenshots(site_url: str, new_context, artifacts: Path) -> None:
    out = artifacts / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    for size in (IPAD, PHONE):
        context, page = open_home(new_context, site_url, size)
        wait_for_animations(page)
        target = out / f"home-first-screen-{size[0]}x{size[1]}.png"
        page.screenshot(path=str(target))
        assert target.stat().st_size > 10_000
        context.close()
