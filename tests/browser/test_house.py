"""The house around the rules, as a reader meets it on a tablet, a phone and a keyboard.

* Home: large entry tiles to each rules page, the reference pages and each
  calculator (docs/index.md, home.css), at least 44 px, also with JavaScript off,
  and the home's text still there; screenshots at 820x1180, 1180x820 and 390x844,
  light and dark, in ``.artifacts/screenshots/``.
* Navigation stays on screen at tablet landscape widths (nav-tablet.css): from
  1000 px every page of the nav is in the sidebar without opening anything.
* Keyboard: a closed drawer's links never take focus and nothing focused is
  invisible (drawer.css); the menu button opens the drawer from the keyboard and
  Escape closes it; calculator pages have "Skip to the calculator"; Space on a
  "Try it" chip chooses it (keyboard.js).
* Phone: both tabs of the Artillery page in sight (phone.css); "Ready offline" is
  a tick named "Ready offline" on a phone (the words beside it on a tablet) and a button whose tap explains it
  (offline.js, offline.css).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.card_helpers import (
    wait_for_animations,
    wait_for_calculators,
)
from tests.browser.house_helpers import (
    DRAWER_BUTTON,
    FOCUSED,
    HOME_SIZES,
    MIN_TAP_PX,
    MOUNTED,
    SIDEBAR,
    TILES,
    home_problems,
    open_home,
)
from tests.browser.page_api import SitePage
from tests.browser.site_helpers import (
    nav_pages,
    url,
)


def test_home_has_a_large_tile_for_each_rules_page_and_calculator(site_page: Callable[..., SitePage]) -> None:
    """In Chromium and in WebKitGTK (the page API): one home page, turned to each size
    in turn (WebKit's phone: its narrowest window, about 450 px)."""
    page = site_page(*HOME_SIZES[0])
    page.open("")
    page.wait("return !!document.querySelector('article h1');", what="the home page")
    problems: list[str] = []
    for width, height in HOME_SIZES:
        page.resize(width, height)
        page.frames()
        # Material's header search field slides to its new width over a few frames (a
        # CSS transition; at 1180 px it overhangs the screen by 84 px for two frames):
        # the page is measured at rest, as a player turning the tablet sees it.
        page.settle()
        problems += [f"{width}x{height}: {p}" for p in home_problems(
            page.run(f"return ({TILES})();"), page.text("article"),
            page.run("return document.documentElement.scrollWidth <= innerWidth;"), page.base)]
    assert problems == [], "\n".join(problems)
    assert page.errors() == []


@pytest.mark.parametrize("width,height", HOME_SIZES, ids=[f"{w}x{h}" for w, h in HOME_SIZES])
def test_without_javascript_the_home_keeps_its_tiles(width: int, height: int, site_url: str, new_context) -> None:
    """Chromium's lane only: WebDriver cannot turn JavaScript off."""
    context, page = open_home(new_context, site_url, width, height, java_script_enabled=False)
    problems = home_problems(page.evaluate(TILES), page.locator("article").inner_text(),
                             page.evaluate("() => document.documentElement.scrollWidth <= innerWidth"), site_url)
    assert problems == [], "\n".join(problems)
    assert context.requests.off_origin == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_home_screenshots(scheme: str, site_url: str, new_context, artifacts: Path) -> None:
    out = artifacts / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    for width, height in HOME_SIZES:
        context, page = open_home(new_context, site_url, width, height, color_scheme=scheme)
        wait_for_animations(page)
        target = out / f"home-{width}x{height}-{scheme}.png"
        page.screenshot(path=str(target))
        assert target.stat().st_size > 10_000
        context.close()


@pytest.mark.parametrize("width,height", [(1180, 820), (1024, 768), (1000, 800)])
def test_navigation_stays_on_screen_at_tablet_landscape(
    width: int, height: int, site_url: str, new_context
) -> None:
    context = new_context(viewport={"width": width, "height": height}, service_workers="block")
    page = context.new_page()
    page.goto(url(site_url, "rules/spotting/"))
    expect(page.locator("article h1")).to_be_visible()
    assert not page.locator(DRAWER_BUTTON).first.is_visible(), "a menu button: the nav is in a drawer"
    links = page.evaluate(SIDEBAR)
    shown = {link["href"] for link in links if link["shown"]}
    hidden = [p for p in nav_pages() if url(site_url, p) not in shown]
    assert hidden == [], f"not in the sidebar at {width}x{height}: {hidden}"
    short = [link for link in links if link["shown"] and link["h"] < MIN_TAP_PX]
    assert short == [], short
    overlap = page.evaluate(
        "() => document.querySelector('.md-sidebar--primary').getBoundingClientRect().right"
        " <= document.querySelector('article').getBoundingClientRect().left"
    )
    assert overlap, "the sidebar covers the article"


def test_below_1000px_the_navigation_is_a_drawer(site_url: str, new_context) -> None:
    context = new_context(viewport={"width": 990, "height": 800}, service_workers="block")
    page = context.new_page()
    page.goto(url(site_url, "rules/spotting/"))
    expect(page.locator(DRAWER_BUTTON).first).to_be_visible()


@pytest.mark.parametrize("width,height", [(820, 1180), (390, 844)])
def test_tab_never_lands_on_a_hidden_drawer_link(width: int, height: int, site_url: str,
                                                  new_context) -> None:
    context = new_context(viewport={"width": width, "height": height}, service_workers="block")
    page = context.new_page()
    page.goto(url(site_url, "rules/spotting/"))
    wait_for_calculators(page)
    problems = []
    for step in range(40):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED)
        if focused is None:
            continue
        if focused["inDrawer"] or not focused["visible"]:
            problems.append(f"Tab {step + 1}: {focused}")
    assert problems == [], "\n".join(problems)


def test_menu_button_opens_the_drawer_from_the_keyboard(site_url: str, new_context) -> None:
    context = new_context(viewport={"width": 820, "height": 1180}, service_workers="block")
    page = context.new_page()
    page.goto(url(site_url, "rules/spotting/"))
    button = page.locator(".md-header__button.chq-menu")
    expect(button).to_have_attribute("aria-expanded", "false")
    for _ in range(10):  # reachable with Tab, among the first stops
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.classList.contains('chq-menu')"):
            break
    else:
        pytest.fail("Tab never reached the menu button")
    page.keyboard.press("Enter")
    expect(button).to_have_attribute("aria-expanded", "true")
    page.wait_for_function("() => document.activeElement.closest('.md-sidebar--primary')")
    focused = page.evaluate(FOCUSED)
    assert focused["visible"], focused
    page.keyboard.press("Escape")
    expect(button).to_have_attribute("aria-expanded", "false")
    expect(button).to_be_focused()


def test_skip_to_the_calculator(site_page: Callable[..., SitePage]) -> None:
    """In Chromium and in WebKitGTK (the page API), where sequential focus after a skip
    link could differ."""
    page = site_page(1366, 1024)
    page.open("calculators/spotting/")
    page.wait(MOUNTED, what="the calculator mounted")
    page.wait_navigation_armed()
    link = page.run("const a = document.getElementById('chq-skip-calculator');"
                    " return a && {href: a.getAttribute('href'), text: a.textContent.trim()};")
    target = page.run("return document.querySelector('.chq-widget--full').id;")
    assert link and link["href"].endswith(f"#{target}"), (link, target)
    assert link["text"] == "Skip to the calculator", link
    # Second in the Tab order, right after Material's "Skip to content" (Material's
    # toggles, inputs with display: none, take no focus: not counted).
    order = page.run("return [...document.querySelectorAll('a[href], button, input, [tabindex]')]"
                     ".filter(e => e.tabIndex >= 0 && e.getClientRects().length)"
                     ".slice(0, 2).map(e => e.id || e.className);")
    assert order[1] == "chq-skip-calculator", order
    page.press("Tab")
    page.press("Tab")
    skip = page.run(f"return ({FOCUSED})();")
    assert skip and skip["text"] == "Skip to the calculator" and skip["visible"], skip
    page.press("Enter")
    page.wait("return document.activeElement && document.activeElement.id === arguments[0];", target,
              what="focus on the calculator")
    assert page.run("return location.hash;") == "", "the skip link changed the address (the permalink)"
    page.press("Tab")
    focused = page.run(f"return ({FOCUSED})();")
    assert focused and focused["inWidget"], f"after the skip link, Tab went to {focused}"
    # A rules page has no calculator to skip to; instant navigation keeps it right.
    page.go("rules/units/")
    assert page.run("return document.querySelectorAll('#chq-skip-calculator').length;") == 0
    # (A link followed as a tap does, not a WebDriver click on the sidebar: Material
    # scrolls the sidebar to the page shown, and WebKit's click, which waits for no
    # element to stand still, once landed beside the link.)
    page.go("calculators/rally/")
    page.wait("const w = document.querySelector('.chq-widget--full'),"
              " a = document.getElementById('chq-skip-calculator');"
              " return w && a && a.getAttribute('href') === '#' + w.id;", what="the rally calculator's skip link")
    assert page.errors() == []


def test_space_chooses_a_try_it_example(site_url: str, new_context) -> None:
    context = new_context(viewport={"width": 1366, "height": 1024}, service_workers="block")
    page = context.new_page()
    page.goto(url(site_url, "calculators/close-assault/"))
    wait_for_calculators(page)
    spec = json.loads(page.locator(".chq-widget--full").first.get_attribute("data-spec"))
    assert spec.get("presets"), "the Close Assault calculator has no Try-it examples"
    preset = spec["presets"][-1]
    chip = page.locator(f'.chq-preset[data-preset="{preset["id"]}"]')
    expect(chip).to_have_attribute("role", "button")
    expect(chip).not_to_have_attribute("aria-current", "true")
    chip.focus()
    before = page.evaluate("() => scrollY")
    page.keyboard.press(" ")
    expect(chip).to_have_attribute("aria-current", "true")  # the inputs are the preset's
    page.wait_for_function("f => location.hash === '#' + f", arg=preset["fragment"])
    assert page.evaluate("() => scrollY") == before, "Space scrolled the page"


# ------------------------------------------------------------------------ phone

def test_artillery_tabs_in_sight_on_a_phone(site_url: str, new_context) -> None:
    context = new_context(viewport={"width": 390, "height": 844}, service_workers="block")
    page = context.new_page()
    page.goto(url(site_url, "rules/artillery/"))
    page.locator(".tabbed-labels").first.scroll_into_view_if_needed()
    row = page.evaluate(
        """() => { const l = document.querySelector('.tabbed-labels');
          return {scroll: l.scrollWidth, client: l.clientWidth,
                  labels: [...l.children].map(c => { const r = c.getBoundingClientRect();
                    return {text: c.textContent.trim(), left: r.left, right: r.right, h: r.height}; })}; }"""
    )
    assert row["scroll"] <= row["client"], row
    for label in row["labels"]:
        assert label["left"] >= 0 and label["right"] <= 390, label
        assert label["h"] >= MIN_TAP_PX, label
    page.locator(".tabbed-labels > label", has_text="Combat HQ").first.click()
    expect(page.get_by_text("Artillery may be used to suppress a Blind.")).to_be_visible()


def test_ready_offline_says_so_and_explains_itself_on_a_phone(browser, site_url: str,
                                                                artifacts: Path) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.goto(url(site_url, ""))
        badge = page.locator(".chq-offline")
        expect(badge).to_be_visible(timeout=120_000)  # the whole site saved first
        button = badge.locator("button")
        # A phone shows the tick alone, in a place of a header button's size (the
        # title keeps its room): "Ready offline" is its name and its tooltip, and a tap
        # says it ("Offline" alone reads as "no connection", "Saved" said nothing of what).
        expect(button).to_have_accessible_name("Ready offline")
        expect(button).to_have_attribute("title", "Ready offline")
        label = badge.locator(".chq-offline__label")
        expect(label).to_have_text("Ready offline")
        words = label.bounding_box()
        assert words and words["width"] <= 1 and words["height"] <= 1, words  # for screen readers only
        box = button.bounding_box()
        assert box and box["height"] >= MIN_TAP_PX and box["width"] >= MIN_TAP_PX, box
        expect(button).to_have_attribute("aria-expanded", "false")
        button.click()
        info = page.locator("#chq-offline-info")
        expect(info).to_be_visible()
        expect(info).to_contain_text("Ready offline.")
        expect(info).to_contain_text("saved on this device")
        shown = info.bounding_box()
        assert shown and shown["x"] >= 0 and shown["x"] + shown["width"] <= 390, shown
        page.screenshot(path=str(artifacts / "screenshots" / "phone-offline-explained.png"))
        page.keyboard.press("Escape")
        expect(info).to_be_hidden()
        expect(button).to_have_attribute("aria-expanded", "false")
        # A tablet has room for them on one line.
        page.set_viewport_size({"width": 820, "height": 1180})
        expect(button).to_have_text("Ready offline", use_inner_text=True)
        one_line = label.bounding_box()
        assert one_line and 0 < one_line["height"] < 20, one_line
    finally:
        context.close()
