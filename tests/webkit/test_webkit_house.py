"""The house in WebKit (Safari's engine): the skip link to the calculator, and the
home page's tiles.

The same checks as the Chromium lane's tests/browser/test_house.py, for the parts
where WebKit could differ: sequential focus after a skip link, and the tiles' grid
layout. (Search in WebKit: tests/browser/test_search_engines.py, one story run in
both engines.)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.house_helpers import MIN_TAP_PX, TILES, tile_targets
from tests.browser.site_helpers import url
from tests.webkit.driver import (
    PHONE_AT_MOST,
    narrowest_viewport,
    page_errors,
    run_js,
    set_viewport,
    start_webkit,
    wait_js,
)


@pytest.fixture(scope="module")
def house_driver(xvfb_display: str) -> Iterator[Any]:
    """One WebKitGTK session for this module (each test opens its own pages)."""
    driver = start_webkit(xvfb_display, 1366, 1024)
    yield driver
    driver.quit()


def test_skip_to_the_calculator(probe_site: str, house_driver: Any) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    driver = house_driver
    set_viewport(driver, 1366, 1024)
    driver.get(url(probe_site, "calculators/spotting/"))
    link = wait_js(driver, "return document.getElementById('chq-skip-calculator')",
                   what="the skip link")
    target = run_js(driver, "return document.querySelector('.chq-widget--full').id")
    assert link.get_attribute("href").endswith(f"#{target}")
    assert link.text == "" or "Skip to the calculator" in run_js(driver, "return arguments[0].textContent", link)
    # Second in the Tab order, right after Material's "Skip to content".
    # (Material's toggles, inputs with display: none, take no focus: not counted.)
    order = run_js(driver, "return [...document.querySelectorAll('a[href], button, input, [tabindex]')]"
                           ".filter(e => e.tabIndex >= 0 && e.getClientRects().length)"
                           ".slice(0, 2).map(e => e.id || e.className)")
    assert order[1] == "chq-skip-calculator", order
    run_js(driver, "arguments[0].focus()", link)
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    wait_js(driver, "return document.activeElement && document.activeElement.id === arguments[0]", target,
            what="focus on the calculator")
    assert run_js(driver, "return location.hash") == "", "the skip link changed the address (the permalink)"
    ActionChains(driver).send_keys(Keys.TAB).perform()
    inside = wait_js(driver, "const e = document.activeElement;"
                             " return e && e.closest('.chq-widget--full') ? e.outerHTML.slice(0, 120) : null",
                     what="focus inside the calculator after the skip link")
    print(f"\nWebKit skip link: then Tab to {inside}")
    assert page_errors(driver) == []


@pytest.mark.parametrize("width,height", [(820, 1180), (1180, 820), (390, 844)], ids=["820", "1180", "phone"])
def test_home_tiles(width: int, height: int, probe_site: str, house_driver: Any) -> None:
    driver = house_driver
    if width < PHONE_AT_MOST:
        narrowest_viewport(driver, width, height)
    else:
        set_viewport(driver, width, height)
    driver.get(url(probe_site, ""))
    wait_js(driver, "return document.readyState === 'complete'", what="the home page")
    tiles = run_js(driver, f"return ({TILES})();")
    hrefs = {t["href"].split("#")[0] for t in tiles}
    missing = [p for p in tile_targets() if url(probe_site, p) not in hrefs]
    assert missing == [], f"no tile for {missing}"
    small = [t for t in tiles if not t["shown"] or t["h"] < MIN_TAP_PX or t["w"] < MIN_TAP_PX]
    assert small == [], small
    assert run_js(driver, "return document.documentElement.scrollWidth <= innerWidth")
    assert page_errors(driver) == []
