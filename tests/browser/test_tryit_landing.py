"""A tap on a link to a calculator's permalink lands with the calculator's answer on
screen, and Back returns to where the reader was: in Chromium and in WebKitGTK (each
story once, on the page API).

Material's instant navigation jumps to a new page's fragment as to an element's id.
A permalink (``#att_dice=6&def_dice=5``) names no element, or names the calculator's
"Try it" chip of the same inputs, so a Try-it link tapped far down a rules page
opened the calculator far down: the headline 300-1,350 px above the top of the
screen (artillery from rules/blinds, Close Assault from rules/close-assault), the
reader looking at the readings or the next-page footer. And Back from a calculator
at its top to a long rules page came back hundreds of px above the link: Material
scrolled while the short calculator was still shown and kept the cut offset.

Every such link (landing_helpers.permalink_links, read from the built HTML: the
rules' Try-it links and each card's "Open in calculator") is tapped as a reader does
at 820x1180: scrolled onto and tapped at once. The calculator's headline must be
fully on screen below the header, and Back must show the link within BACK_SLACK_PX of
where it was tapped. WebKit taps the rules' own Try-it links (the cards' are the same
mechanism; each link is about 3 s of waiting for the page to keep still). The engine's
files are missing: the build's answers show, and no page load starts a Python.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from urllib.parse import urljoin

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
from tests.browser.page_api import SitePage

PAGES_WITH_TRY_IT = ("rules/blinds/", "rules/artillery/", "rules/close-assault/")


def settled(page: SitePage, path: str, widgets: int, title: str = "") -> None:
    """Wait until the page at ``path`` has settled (landing_helpers.SETTLED)."""
    want = {"path": path, "widgets": widgets, "quiet": QUIET_MS, **({"title": title} if title else {})}
    page.wait(f"return ({SETTLED})(arguments[0]);", want, what=f"{path} settled")


def open_page(page: SitePage, link: PermalinkLink) -> dict:
    """Load the link's page; once its cards answered and instant navigation is armed,
    how many links of each kind it shows."""
    page.open(link.page)
    return dict(page.wait(f"const s = ({PAGE_READY})(); return s.ready && s;", what=f"{link.page} ready"))


def tap(page: SitePage, link: PermalinkLink) -> tuple[str, dict]:
    """Scroll onto the link as a reader does and tap it as soon as the scroll is over;
    the link's address at the tap and where it was on screen."""
    arg = {"kind": link.kind, "index": link.index, "wheel": WHEEL}
    page.call(MARK, arg)
    # The cards now in view have started the engine and learnt it is not coming: the
    # page keeps its length from here on (and on the way back).
    settled(page, link.page, 0)
    page.call(MARK, arg)  # where it is now (WebKit has no scroll anchoring)
    page.wheel(WHEEL)
    where = page.call(WHERE_LINK)
    href = page.run("return document.querySelector('[data-land-target]').href")
    page.tap("[data-land-target]", where_it_is=True)
    return href, where


def test_every_permalink_link_lands_on_the_answer_and_back(site_page: Callable[..., SitePage],
                                                            built_site: Path) -> None:
    links = permalink_links(built_site)
    assert set(PAGES_WITH_TRY_IT) <= {link.page for link in links if link.kind == "text"}, links
    page = site_page(engine_files="missing", init_script=QUIET_PROBE)
    tapped_here = links if page.engine == "chromium" else [link for link in links if link.kind == "text"]
    failures: list[str] = []
    counted: set[str] = set()
    for link in tapped_here:
        shown = open_page(page, link)
        if link.page not in counted:
            counted.add(link.page)
            want = {kind: sum(1 for x in links if x.page == link.page and x.kind == kind) for kind in ("text", "card")}
            assert {kind: shown[kind] for kind in want} == want, \
                f"{link.page}: the built HTML has {want} links, the page {shown}"
        title = page.run("return document.title")
        tapped, before = tap(page, link)
        target = calculator_of(tapped)
        assert target, f"{link}: {tapped} is not a calculator"
        settled(page, target, 1)
        landed = page.call(HEADLINE)
        page.back()
        settled(page, link.page, 0, title)
        after = page.call(WHERE_LINK, {"kind": link.kind, "index": link.index})
        found = landing_problems(link, tapped, landed, before, after)
        print(f"\n{page.engine} {link}: headline {landed['top']}..{landed['bottom']} (scroll {landed['scrollY']}); "
              f"link {before['top']:.0f} -> {after['top']:.0f} px after Back")
        if found:
            failures.append(f"{link} -> {tapped}: " + "; ".join(found))
    assert failures == [], f"{len(failures)} of {len(tapped_here)} links went wrong:\n" + "\n".join(failures)
    assert page.errors() == []


def test_tryit_landing_screenshots(site_page: Callable[..., SitePage], built_site: Path,
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
        page = site_page(width, height, engine_files="missing", init_script=QUIET_PROBE, screenshots=True)
        open_page(page, link)
        tapped, before = tap(page, link)
        settled(page, calculator_of(tapped) or "", 1)
        landed = page.call(HEADLINE)
        target = out / f"tryit-landing-close-assault-{width}x{height}-{page.engine}.png"
        page.screenshot(target)
        assert landing_problems(link, tapped, landed, before, None) == [], landed
        assert landed["state"] == "ready" and landed["text"].endswith("%"), landed
        assert target.stat().st_size > 10_000
        assert page.errors() == []
