"""A tap on a link to a calculator's permalink lands with the calculator's answer on
screen, and Back returns to where the reader was.

Material's instant navigation jumps to a new page's fragment as to an element's id.
A permalink (``#att_dice=6&def_dice=5``) names no element, or names the calculator's
"Try it" chip of the same inputs, so a Try-it link tapped far down a rules page
opened the calculator far down: the headline 300-1,350 px above the top of the
screen (artillery from rules/blinds, Close Assault from rules/close-assault), the
reader looking at the readings or the next-page footer. And Back from a calculator
at its top to a long rules page came back hundreds of px above the link: Material
scrolled while the short calculator was still shown and kept the cut offset.

Every such link of every page (landing_helpers.permalink_links, read from the built
HTML: the rules' Try-it links and each card's "Open in calculator") is tapped as a
reader does at 820x1180: scrolled onto with the mouse wheel and tapped at once. The
calculator's headline must be fully on screen below the header, and Back must show
the link within BACK_SLACK_PX of where it was tapped. The engine's files are
blocked: the build's answers show (as in test_tryit_race), and no page load starts a
Python.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urljoin

from tests.browser.card_helpers import (
    wheel,
)
from tests.browser.landing_helpers import (
    BASE,
    HEADLINE,
    MARK,
    PAGE_READY,
    QUIET_MS,
    QUIET_PROBE,
    SETTLED,
    WHEEL,
    WHERE_LINK,
    PermalinkLink,
    calculator_of,
    landing_problems,
    permalink_links,
)
from tests.browser.site_helpers import (
    url,
)
from tests.browser.widgets_helpers import READY_MS, watched_page

PAGES_WITH_TRY_IT = ("rules/blinds/", "rules/artillery/", "rules/close-assault/")


def open_page(page: Any, base: str, link: PermalinkLink) -> None:
    """Load the link's page and wait until its cards answered and instant navigation is armed."""
    page.goto(url(base, link.page))
    page.wait_for_function(f"() => ({PAGE_READY})().ready", timeout=READY_MS)


def tap(page: Any, link: PermalinkLink) -> tuple[str, dict]:
    """Scroll onto the link with the wheel and tap it as soon as the scroll is over;
    the link's address at the tap and where it was on screen."""
    page.evaluate(MARK, {"kind": link.kind, "index": link.index, "wheel": WHEEL})
    # The cards now in view have started the engine and learnt it is not coming: the
    # page keeps its length from here on (and on the way back).
    page.wait_for_function(SETTLED, arg={"path": link.page, "widgets": 0, "quiet": QUIET_MS},
                           timeout=READY_MS)
    page.evaluate(MARK, {"kind": link.kind, "index": link.index, "wheel": WHEEL})  # where it is now
    page.mouse.move(3, 600)  # in the page's margin: hovering nothing that shows a tooltip
    wheel(page, WHEEL)
    where = page.evaluate(WHERE_LINK, None)
    href = page.evaluate("() => document.querySelector('[data-land-target]').href")
    page.mouse.click(where["x"], where["y"])
    return href, where


def test_every_permalink_link_lands_on_the_answer_and_back(browser: Any, site_url: str,
                                                            built_site: Path) -> None:
    links = permalink_links(built_site)
    pages = {link.page for link in links if link.kind == "text"}
    assert set(PAGES_WITH_TRY_IT) <= pages, f"Try-it links expected on {PAGES_WITH_TRY_IT}: {links}"
    with watched_page(browser, site_url, block_engine=True, init_script=QUIET_PROBE) as (
        context, page, log, errors
    ):
        failures: list[str] = []
        counted: dict[str, dict] = {}
        for link in links:
            open_page(page, site_url, link)
            if link.page not in counted:
                counted[link.page] = page.evaluate(PAGE_READY)
                want = {kind: sum(1 for x in links if x.page == link.page and x.kind == kind)
                        for kind in ("text", "card")}
                shown = {kind: counted[link.page][kind] for kind in want}
                assert shown == want, f"{link.page}: the built HTML has {want} links, the page {shown}"
            title = page.title()
            tapped, before = tap(page, link)
            target = calculator_of(tapped)
            assert target, f"{link}: {tapped} is not a calculator"
            page.wait_for_function(SETTLED, arg={"path": target, "widgets": 1, "quiet": QUIET_MS},
                                   timeout=READY_MS)
            landed = page.evaluate(HEADLINE)
            page.go_back()
            page.wait_for_function(SETTLED, arg={"path": link.page, "widgets": 0, "quiet": QUIET_MS,
                                                 "title": title}, timeout=READY_MS)
            after = page.evaluate(WHERE_LINK, {"kind": link.kind, "index": link.index})
            found = landing_problems(link, tapped, landed, before, after)
            print(f"\n{link}: headline {landed['top']}..{landed['bottom']} (scroll {landed['scrollY']}); "
                  f"link {before['top']:.0f} -> {after['top']:.0f} px after Back")
            if found:
                failures.append(f"{link} -> {tapped}: " + "; ".join(found))
        assert failures == [], f"{len(failures)} of {len(links)} links went wrong:\n" + "\n".join(failures)
        assert log.off_origin == []
        assert errors == []


def test_tryit_landing_screenshots(browser: Any, site_url: str, built_site: Path,
                                   artifacts: Path) -> None:
    """What a player sees after tapping a Close Assault Try-it link far down the rules,
    on a tablet and on a phone: the calculator's headline on screen (asserted), the
    whole first screen kept as a screenshot in ``.artifacts/screenshots/``."""
    link = next(x for x in permalink_links(built_site)
                if x.page == "rules/close-assault/" and x.kind == "text"
                and calculator_of(urljoin(BASE + x.page, x.href)) == "calculators/close-assault/")
    out = artifacts / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    for width, height in ((820, 1180), (390, 844)):
        with watched_page(browser, site_url, block_engine=True, init_script=QUIET_PROBE) as (
            _context, page, log, errors
        ):
            page.set_viewport_size({"width": width, "height": height})
            open_page(page, site_url, link)
            tapped, before = tap(page, link)
            page.wait_for_function(SETTLED, arg={"path": calculator_of(tapped), "widgets": 1,
                                                 "quiet": QUIET_MS}, timeout=READY_MS)
            landed = page.evaluate(HEADLINE)
            target = out / f"tryit-landing-close-assault-{width}x{height}.png"
            page.screenshot(path=str(target))
            assert landing_problems(link, tapped, landed, before, None) == [], landed
            assert landed["state"] == "ready" and landed["text"].endswith("%"), landed
            assert target.stat().st_size > 10_000
            assert log.off_origin == [] and errors == []
