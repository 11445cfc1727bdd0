"""Share and compare, one story each, run in Chromium and in WebKitGTK (the page API of
tests/browser/page_api.py; the setups and checks in share_compare_helpers.py): the
built site over HTTP, the real Pyodide.

* Pin as A, change an input with a tap, take the address: opened in a fresh browser
  (and, after one visit, with the site's server stopped, from the offline copy: the
  offline story, test_offline.py) it shows both setups, each side's headline equal to
  ``compute()``'s for its own inputs, and B - A exactly. Unpin returns to one setup.
* A bad ``vs=`` says what is wrong and names it; never a blank or NaN.
* Share copies the permalink where there is no share sheet (the clipboard API; the copy
  command when there is no clipboard API; the link shown selected when neither works),
  uses the share sheet where there is one, and the copied link opens the same inputs
  in a fresh browser. Chromium's clipboard is allowed and read back (Playwright grants
  it); WebKitGTK's is as it is, so there Share may show the link to copy by hand.
* Screenshots of the compare panel at a tablet's and a phone's width (WebKit's phone:
  its narrowest window), light and dark (Material's own toggle), with its layout, its
  targets and axe-core's findings checked. (That the device's dark preference picks
  Material's dark palette is test_site_tablet.py's, Chromium's: WebDriver cannot ask.)

Every wait is on the page's own state (``data-state``, ``data-source``,
``data-engine`` of the widget and of each side), never on time.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.browser.axe_helpers import site_page_violations
from tests.browser.page_api import ENGINE_S, MAIN, STEP_S, SitePage
from tests.browser.share_compare_helpers import (
    BY_NAME,
    CHANGES,
    COPIES,
    NO_CLIPBOARD,
    NO_SHARE_SHEET,
    SHARE_SHEET,
    allow_clipboard,
    at,
    change_selector,
    check_copied,
    check_panel,
    check_vs,
    click_share,
    sides_shown,
    vs_of,
    wait_note,
)
from tests.browser.widgets_helpers import fragment

PIN = f'{MAIN} [data-action="pin"]'
PRESSED = "return document.querySelector(arguments[0]).getAttribute('aria-pressed');"
ONE_SETUP = ("const r = document.querySelector(arguments[0]);"
             " return !location.hash.includes('vs=') && r.querySelector('[data-compare]').hidden"
             " && r.querySelectorAll('[data-side]').length === 0"
             " && r.querySelector('[data-action=pin]').getAttribute('aria-pressed') === 'false';")


def test_pin_change_and_reopen_shows_both_setups(site_page: Callable[..., SitePage]) -> None:
    """Every calculator in turn, walked in one tab as a player taps from one to the
    next (the site's own navigation: the engine starts once), and its permalink in a
    second tab: opened fresh for the first calculator, followed there as a link for
    the rest."""
    page = site_page()
    other = site_page()
    for step, (mechanic, a, change, b) in enumerate(CHANGES):
        (page.go if step else page.open)(at(mechanic, a))
        page.answer_for(a)
        assert page.run(PRESSED, PIN) == "false", mechanic
        assert page.run("return document.querySelector(arguments[0]).hidden", f"{MAIN} [data-compare]"), mechanic
        page.tap(PIN)
        snap = sides_shown(page, a)
        assert snap["pressed"] == "true", mechanic
        check_panel(mechanic, a, a, snap, "just pinned")
        assert "same inputs" in snap["text"], mechanic

        page.tap(change_selector(change, b))
        snap = sides_shown(page, b)
        check_panel(mechanic, a, b, snap, "after the change")
        link = snap["href"]
        assert link == page.run("return location.href"), mechanic
        check_vs(mechanic, snap["hash"], a)

        # The permalink in the other tab: both setups, from that tab's own engine.
        (other.go if step else other.open)(at(mechanic, link.split("#", 1)[1]))
        shown = sides_shown(other, b)
        check_panel(mechanic, a, b, shown, "reopened")
        assert shown["href"] == link, f"{mechanic}: opening the permalink changed it"

        # Unpin: one setup again, and vs= leaves the address; B stays.
        page.tap(PIN)
        page.wait(ONE_SETUP, MAIN, what=f"{mechanic}: one setup again", timeout=STEP_S)
        page.answer_for(b)
    assert page.errors() == []
    assert other.errors() == []


def test_bad_vs_names_itself(site_page: Callable[..., SitePage]) -> None:
    b = {"att_dice": 6, "def_dice": 6}
    cases = [
        ("vs=att_dice%3D6%26def_cover%3Dswamp", ["vs=", "def_cover", "swamp"]),
        ("vs=nonsense", ["vs=nonsense", "not a set of inputs"]),
        ("vs=att_dice%3D99%26def_dice%3D6", ["vs=", "att_dice", "99"]),
    ]
    page = site_page()
    page.open(at("close_assault", f"{fragment(b)}&{cases[0][0]}"))
    for i, (vs, words) in enumerate(cases):
        if i:
            page.set_fragment(f"{fragment(b)}&{vs}")
        shown = page.wait("""
            const words = arguments[0];
            const root = document.querySelector('.chq-widget[data-mode=full]');
            const a = root && root.querySelector('[data-side="a"]');
            const b = root && root.querySelector('[data-side="b"]');
            if (!a || a.dataset.state !== 'error' || !b || b.dataset.state !== 'ready') return false;
            const note = a.querySelector('.chq-side__note').textContent;
            if (!words.every(w => note.includes(w))) return false;
            const h = a.querySelector('[data-headline]');
            return {note, text: h.textContent, value: h.dataset.value, exact: h.dataset.exact,
                    hash: location.hash, panel: root.querySelector('[data-compare]').innerText};
        """, words, timeout=ENGINE_S, what=f"side A refusing {vs}")
        assert (shown["text"], shown["value"], shown["exact"]) == ("–", "", ""), shown
        assert "NaN" not in shown["panel"] and "undefined" not in shown["panel"]
        assert vs in shown["hash"], "a bad vs= is left in the address for the reader to see"
    assert page.errors() == []


def test_share_copies_the_permalink(site_page: Callable[..., SitePage]) -> None:
    mechanic, a, change, b = BY_NAME["close_assault"]
    page = site_page(init_script=NO_SHARE_SHEET + COPIES)
    allow_clipboard(page)
    page.open(at(mechanic, a))
    page.answer_for(a)
    assert page.run("return typeof navigator.share") == "undefined"
    page.tap(change_selector(change, b))
    page.answer_for(b)
    said = click_share(page)
    link = page.run("return location.href")
    assert "att_flank=true" in link
    check_copied(page, said, link)

    # The link, in a fresh browser: the same inputs.
    other = site_page()
    other.open(at(mechanic, link.split("#", 1)[1]))
    other.answer_for(b)
    assert other.errors() == []

    # A card in the rules text shares its calculator page with the card's inputs.
    card = ".chq-widget[data-mode=compact]"
    page.open("rules/close-assault/")
    page.wait("const c = document.querySelector(arguments[0]); return c && c.dataset.state === 'ready';",
              card, what="the card's answer", timeout=ENGINE_S)
    open_link = page.run("return document.querySelector(arguments[0] + ' .chq-open').href;", card)
    assert "#" in open_link and "/calculators/close-assault/" in open_link
    check_copied(page, click_share(page, card), open_link)
    assert page.errors() == []


def test_share_uses_the_share_sheet(site_page: Callable[..., SitePage]) -> None:
    mechanic, a, change, b = BY_NAME["rally"]
    page = site_page(init_script=SHARE_SHEET + COPIES)
    allow_clipboard(page)
    page.open(at(mechanic, a))
    page.answer_for(a)
    page.tap(PIN)
    page.tap(change_selector(change, b))
    sides_shown(page, b)
    assert click_share(page)["note"] == "Shared"
    link = page.run("return location.href")
    assert page.run("return window.__shared") == [link] and "vs=" in link
    # The player closes the sheet: nothing copied, nothing said (the note "Shared" goes).
    page.run("window.__shareAnswer = 'AbortError'; window.__written = []; window.__copied = [];")
    page.tap(f'{MAIN} [data-action="share"]')
    page.wait("return window.__shared.length === 2", what="the sheet asked again", timeout=STEP_S)
    wait_note(page, "")
    assert page.run("return [window.__written, window.__copied]") == [[], []]
    # A share sheet that refuses (not allowed here): the link is copied instead.
    page.run("window.__shareAnswer = 'NotAllowedError';")
    check_copied(page, click_share(page), link)
    assert page.errors() == []


def test_share_without_clipboard_api(site_page: Callable[..., SitePage]) -> None:
    mechanic, a, _, _ = BY_NAME["spotting"]
    page = site_page(init_script=NO_CLIPBOARD)
    page.open(at(mechanic, a))
    page.answer_for(a)
    said = click_share(page)
    link = page.run("return location.href")
    assert said["note"] == "Link copied" and page.run("return window.__copied") == [link], said
    # The copy command refused too: the link is shown, selected, to copy by hand.
    page.run("document.execCommand = () => false;")
    said = click_share(page)
    assert said["note"] == "Copy this link:" and said["field"] == link, said
    assert page.run("const f = document.activeElement; return f.classList.contains('chq-tools__link')"
                    " && f.selectionStart === 0 && f.selectionEnd === f.value.length;")
    assert page.errors() == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_compare_screenshots(scheme: str, site_page: Callable[..., SitePage], artifacts: Path) -> None:
    mechanic, a, _, b = BY_NAME["close_assault"]
    folder = artifacts / "screenshots"
    folder.mkdir(exist_ok=True)
    page = site_page(screenshots=True)
    page.open(at(mechanic, f"{fragment(b)}&{vs_of(a)}"))
    sides_shown(page, b)
    if scheme == "dark":  # Material's own toggle, as a player switches
        page.tap('[data-md-component=palette] label[title="Switch to dark mode"]:not([hidden])')
    page.wait("return document.body.getAttribute('data-md-color-scheme') === arguments[0];",
              "slate" if scheme == "dark" else "default", what=f"the {scheme} palette", timeout=STEP_S)
    for width, height in ((820, 1180), (390, 844)):
        page.resize(width, height)
        inner = page.run("return innerWidth")
        # The tools (Share, Pin as A pressed) at the top, under Material's header.
        page.run("const e = document.querySelector(arguments[0]);"
                 " window.scrollBy(0, e.getBoundingClientRect().top - 64);", f"{MAIN} .chq-tools")
        page.settle()  # the header's title
        page.screenshot(folder / f"compare-{page.engine}-{inner}x{height}-{scheme}.png")
        # Side by side on the tablet, stacked on the phone; nothing wider than the page.
        boxes = page.run("return ['a', 'b'].map(s => { const r = document.querySelector("
                         "arguments[0] + ` [data-side=${s}]`).getBoundingClientRect();"
                         " return {x: r.x, y: r.y, height: r.height}; });", MAIN)
        if inner >= 820:
            assert boxes[0]["y"] == boxes[1]["y"] and boxes[0]["x"] < boxes[1]["x"], boxes
        else:
            assert boxes[1]["y"] >= boxes[0]["y"] + boxes[0]["height"], boxes
        assert page.run("return document.documentElement.scrollWidth") <= inner
        small = page.run("return [...document.querySelectorAll(arguments[0])]"
                         ".filter(e => e.getBoundingClientRect().height < 44).map(e => e.outerHTML.slice(0, 80));",
                         f"{MAIN} [data-action], {MAIN} [data-compare] button")
        assert small == [], small
        if inner >= 820:  # (at a phone's width the widget's own working table scrolls: not this panel's)
            assert site_page_violations(page) == [], f"axe-core, {scheme}, with the compare panel open"
    assert page.errors() == []
