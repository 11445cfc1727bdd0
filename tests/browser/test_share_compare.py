"""Share and compare in Chromium: the built site over HTTP, real Pyodide.

* Share copies the permalink where there is no share sheet (the clipboard API; the
  copy command when there is no clipboard API; the link shown selected when neither
  works), and the copied link opens the same inputs in a fresh browser.
* Pin as A, change an input, take the address: opened in a fresh context (and offline,
  from the service worker's copy) it shows both setups, each side's headline equal
  to ``compute()``'s for its own inputs, and B - A exactly. Unpin returns to one setup.
* A bad ``vs=`` says what is wrong and names it; never a blank or NaN.
* Screenshots of the compare panel at 820x1180 and 390x844, light and dark.

Every wait is on the page's own state (``data-state``, ``data-source``,
``data-engine`` of the widget and of each side), never on time.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.axe_helpers import (
    axe_violations,
)
from tests.browser.share_compare_helpers import (
    BY_NAME,
    CHANGES,
    MAIN,
    NO_CLIPBOARD,
    NO_SHARE_SHEET,
    SHARE_SHEET,
    check_panel,
    check_vs,
    click_share,
    open_page,
    sharing_page,
    sides_shown,
    tap,
    vs_of,
)
from tests.browser.site_helpers import url
from tests.browser.widgets_helpers import (
    PAGES,
    READY_MS,
    fragment,
    make_context,
    wait_for_inputs,
    watch,
)

# --------------------------------------------------------------------------- #
# Pin, change, share the address, open it elsewhere                           #
# --------------------------------------------------------------------------- #

@pytest.mark.parametrize("mechanic", [c[0] for c in CHANGES])
def test_pin_change_and_reopen_shows_both_setups(mechanic: str, browser: Any, site_url: str) -> None:
    _, a, change, b = BY_NAME[mechanic]
    context, log = make_context(browser, site_url)
    try:
        page = open_page(context, site_url, mechanic, a)
        wait_for_inputs(page, a)
        root = page.locator(MAIN)
        pin = root.locator('[data-action="pin"]')
        assert pin.get_attribute("aria-pressed") == "false"
        assert root.locator("[data-compare]").is_hidden()
        pin.click()
        snap = sides_shown(page, a)
        assert snap["pressed"] == "true"
        check_panel(mechanic, a, a, snap, "just pinned")
        assert "same inputs" in snap["text"]

        tap(root, change)
        snap = sides_shown(page, b)
        check_panel(mechanic, a, b, snap, "after the change")
        link = snap["href"]
        assert link == page.url
        check_vs(mechanic, snap["hash"], a)

        # The permalink in a fresh browser context: both setups, from the engine.
        fresh, fresh_log = make_context(browser, site_url)
        try:
            other = fresh.new_page()
            watch(other, page.errors)
            other.goto(link)
            shown = sides_shown(other, b)
            check_panel(mechanic, a, b, shown, "reopened")
            assert shown["href"] == link, "opening the permalink changed it"
            assert fresh_log.off_origin == []
        finally:
            fresh.close()

        # Unpin: one setup again, and vs= leaves the address; B stays.
        pin.click()
        page.wait_for_function("() => !location.hash.includes('vs=')")
        assert pin.get_attribute("aria-pressed") == "false"
        assert root.locator("[data-compare]").is_hidden()
        assert root.locator("[data-side]").count() == 0
        wait_for_inputs(page, b)
        assert page.errors == []
        assert log.off_origin == []
    finally:
        context.close()


def test_bad_vs_names_itself(browser: Any, site_url: str) -> None:
    context, _ = make_context(browser, site_url)
    try:
        b = {"att_dice": 6, "def_dice": 6}
        cases = [
            ("vs=att_dice%3D6%26def_cover%3Dswamp", ["vs=", "def_cover", "swamp"]),
            ("vs=nonsense", ["vs=nonsense", "not a set of inputs"]),
            ("vs=att_dice%3D99%26def_dice%3D6", ["vs=", "att_dice", "99"]),
        ]
        page = open_page(context, site_url, "close_assault", f"{fragment(b)}&{cases[0][0]}")
        for i, (vs, words) in enumerate(cases):
            if i:
                page.evaluate("f => { location.hash = f; }", f"{fragment(b)}&{vs}")
            shown = page.wait_for_function(
                """words => {
                    const root = document.querySelector('.chq-widget[data-mode=full]');
                    const a = root && root.querySelector('[data-side="a"]');
                    const b = root && root.querySelector('[data-side="b"]');
                    if (!a || a.dataset.state !== 'error' || !b || b.dataset.state !== 'ready') return false;
                    const note = a.querySelector('.chq-side__note').textContent;
                    if (!words.every(w => note.includes(w))) return false;
                    const h = a.querySelector('[data-headline]');
                    return {note: a.querySelector('.chq-side__note').textContent, text: h.textContent,
                            value: h.dataset.value, exact: h.dataset.exact, hash: location.hash,
                            panel: root.querySelector('[data-compare]').innerText};
                }""",
                arg=words,
                timeout=READY_MS,
            ).json_value()
            assert (shown["text"], shown["value"], shown["exact"]) == ("–", "", ""), shown
            assert "NaN" not in shown["panel"] and "undefined" not in shown["panel"]
            assert vs in shown["hash"], "a bad vs= is left in the address for the reader to see"
        assert page.errors == []
    finally:
        context.close()


def test_share_copies_the_permalink(browser: Any, site_url: str) -> None:
    mechanic, a, change, b = BY_NAME["close_assault"]
    context, page = sharing_page(browser, site_url, NO_SHARE_SHEET, mechanic, a)
    try:
        assert page.evaluate("typeof navigator.share") == "undefined"
        tap(page.locator(MAIN), change)
        wait_for_inputs(page, b)
        assert click_share(page) == "Link copied"
        copied = page.evaluate("navigator.clipboard.readText()")
        assert copied == page.url and "att_flank=true" in copied

        # The copied link, in a fresh context: the same inputs.
        fresh, _ = make_context(browser, site_url)
        try:
            other = fresh.new_page()
            other.goto(copied)
            wait_for_inputs(other, b)
        finally:
            fresh.close()

        # A card in the rules text shares its calculator page with the card's inputs.
        rules = context.new_page()
        rules.goto(url(site_url, "rules/close-assault/"))
        card = ".chq-widget[data-mode=compact]"
        rules.wait_for_function("s => document.querySelector(s)?.dataset.state === 'ready'", arg=card)
        rules.locator(card).first.scroll_into_view_if_needed()
        assert click_share(rules, card) == "Link copied"
        open_link = rules.locator(card).first.locator(".chq-open").evaluate("a => a.href")
        assert rules.evaluate("navigator.clipboard.readText()") == open_link
        assert "#" in open_link and "/calculators/close-assault/" in open_link
        assert page.errors == []
    finally:
        context.close()


def test_share_uses_the_share_sheet(browser: Any, site_url: str) -> None:
    mechanic, a, change, b = BY_NAME["rally"]
    context, page = sharing_page(browser, site_url, SHARE_SHEET, mechanic, a)
    try:
        page.locator(f"{MAIN} [data-action=pin]").click()
        tap(page.locator(MAIN), change)
        sides_shown(page, b)
        page.evaluate("navigator.clipboard.writeText('before')")
        assert click_share(page) == "Shared"
        assert page.evaluate("window.__shared") == [page.url] and "vs=" in page.url
        # The player closes the sheet: nothing copied, nothing said.
        page.evaluate("() => { window.__shareAnswer = 'AbortError'; }")
        page.locator(f"{MAIN} [data-action=share]").click()
        page.wait_for_function("() => window.__shared.length === 2")
        page.wait_for_function("() => document.querySelector('.chq-tools__note').textContent === ''")
        assert page.evaluate("navigator.clipboard.readText()") == "before"
        # A share sheet that refuses (not allowed here): the link is copied instead.
        page.evaluate("() => { window.__shareAnswer = 'NotAllowedError'; }")
        assert click_share(page) == "Link copied"
        assert page.evaluate("navigator.clipboard.readText()") == page.url
        assert page.errors == []
    finally:
        context.close()


def test_share_without_clipboard_api(browser: Any, site_url: str) -> None:
    mechanic, a, _, _ = BY_NAME["spotting"]
    context, _ = make_context(browser, site_url)
    context.add_init_script(NO_CLIPBOARD)
    try:
        page = open_page(context, site_url, mechanic, a)
        wait_for_inputs(page, a)
        assert click_share(page) == "Link copied"
        assert page.evaluate("window.__copied") == [page.url]
        # The copy command refused too: the link is shown, selected, to copy by hand.
        page.evaluate("() => { document.execCommand = () => false; }")
        assert click_share(page) == "Copy this link:"
        field = page.locator(f"{MAIN} .chq-tools__link")
        assert field.input_value() == page.url
        assert page.evaluate(
            "() => { const f = document.activeElement; return f.classList.contains('chq-tools__link')"
            " && f.selectionStart === 0 && f.selectionEnd === f.value.length; }")
        assert page.errors == []
    finally:
        context.close()


# --------------------------------------------------------------------------- #
# Offline, and how it looks                                                   #
# --------------------------------------------------------------------------- #

def test_compare_permalink_offline(browser: Any, site_url: str) -> None:
    """After one visit, a compared pair opens with the network off (the service
    worker's copy of the pages and the engine)."""
    from tests.browser.offline_helpers import make_context as offline_context
    from tests.browser.offline_helpers import wait_ready_offline

    mechanic, a, _, b = BY_NAME["close_assault"]
    context = offline_context(browser, site_url)
    try:
        page = context.new_page()
        page.goto(url(site_url, PAGES[mechanic]))
        wait_ready_offline(page)
        context.set_offline(True)
        page.goto(url(site_url, "rules/blinds/"))  # leave, so the next open is a real load
        page.goto(url(site_url, PAGES[mechanic]) + f"#{fragment(b)}&{vs_of(a)}")
        check_panel(mechanic, a, b, sides_shown(page, b), "offline")
        assert context.requests.off_origin == []
    finally:
        context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_compare_screenshots(scheme: str, browser: Any, site_url: str, artifacts: Path) -> None:
    mechanic, a, _, b = BY_NAME["close_assault"]
    folder = artifacts / "screenshots"
    folder.mkdir(exist_ok=True)
    context, _ = make_context(browser, site_url, color_scheme=scheme)
    try:
        page = open_page(context, site_url, mechanic, f"{fragment(b)}&{vs_of(a)}")
        sides_shown(page, b)
        assert page.evaluate("document.body.getAttribute('data-md-color-scheme')") == (
            "slate" if scheme == "dark" else "default")
        for width, height in ((820, 1180), (390, 844)):
            page.set_viewport_size({"width": width, "height": height})
            tools = page.locator(f"{MAIN} .chq-tools")
            # The tools (Share, Pin as A pressed) at the top, under Material's header.
            tools.evaluate("e => window.scrollBy(0, e.getBoundingClientRect().top - 64)")
            page.evaluate("() => Promise.all(document.getAnimations().map(a => a.finished))")  # the header's title
            page.screenshot(path=str(folder / f"compare-{width}x{height}-{scheme}.png"))
            panel = page.locator(f"{MAIN} [data-compare]")
            panel.screenshot(path=str(folder / f"compare-panel-{width}x{height}-{scheme}.png"))
            # Side by side on the tablet, stacked on the phone; nothing wider than the page.
            boxes = [page.locator(f"{MAIN} [data-side={s}]").bounding_box() for s in "ab"]
            if width >= 820:
                assert boxes[0]["y"] == boxes[1]["y"] and boxes[0]["x"] < boxes[1]["x"], boxes
            else:
                assert boxes[1]["y"] >= boxes[0]["y"] + boxes[0]["height"], boxes
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            small = page.eval_on_selector_all(
                f"{MAIN} [data-action], {MAIN} [data-compare] button",
                "els => els.filter(e => e.getBoundingClientRect().height < 44).map(e => e.outerHTML.slice(0, 80))")
            assert small == [], small
            if width >= 820:  # (at 390 px the widget's own working table scrolls: not this panel's)
                assert axe_violations(page) == [], f"axe-core, {scheme}, with the compare panel open"
        assert page.errors == []
    finally:
        context.close()
