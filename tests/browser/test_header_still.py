"""Nothing in the header moves after the first paint: one story, run in Chromium and in
WebKitGTK (the page API of tests/browser/page_api.py).

"Ready offline" used to appear in the header 2 to 3.5 s after a page loaded, once the
site was saved on the device, and pushed the dark-mode toggle 86 px left: a tap aimed
at the toggle landed on "Ready offline". The offline state now has its own place in
the header from the first paint (theme/material/partials/header.html), one size
whatever it holds (offline/offline.css). On a phone the titles (the site's name, the
page's) wrap onto a second line rather than being cut mid-word ("Combat HQ Rules
Co...", "Close Assaul...": theme/phone.css).

The story opens a calculator page on a first visit (a server of its own: the service
worker's offline copy), on a phone (390x844; WebKit's narrowest window is about 450 px)
and on a tablet (820x1180), notes every header control's box as the page has loaded
(the site not saved yet: the header as first drawn), and again once "Ready offline"
shows: no box moved, a tap at the toggle's first place still reaches it, and neither
title is cut. Chromium's layout-shift entries from that first look until "Ready
offline" shows add up to at most 0.01, the header included (the widget's own mount,
before it, is test_steady's); WebKitGTK makes none.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from chq_site.widget import permalinks

from tests.browser.offline_helpers import READY_OFFLINE
from tests.browser.page_api import ENGINE_S, SitePage
from tests.browser.steady_helpers import MAX_SHIFT, MOVED_PX, SHIFTS, shift_after

PAGE = permalinks.page_path("close_assault")
SIZES = ((390, 844), (820, 1180))

# The header's controls and titles, by a name that stays with the element; run on the
# page as it loads (a page on a server of its own, as the offline copy needs, takes no
# init script), before the site is saved: the header as first drawn.
HEADER = """
if (window.__chqHeader) return;
const CONTROLS = '.md-header a[href], .md-header button, .md-header label, .md-header input, '
               + '.md-header__option, .md-header__title, .md-header__topic, .chq-offline-slot';
const names = new WeakMap();
const take = () => {
  const boxes = {};
  const seen = {};
  for (const node of document.querySelectorAll(CONTROLS)) {
    const r = node.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if (!names.has(node)) {
      const base = `${node.tagName.toLowerCase()}.${String(node.className).split(' ')[0]}`
                 + ` ${node.getAttribute('for') || node.getAttribute('aria-label') || ''}`.trimEnd();
      seen[base] = (seen[base] || 0) + 1;
      names.set(node, seen[base] > 1 ? `${base} #${seen[base]}` : base);
    }
    boxes[names.get(node)] = [r.left, r.top, r.width, r.height];
  }
  // Each title's words: cut when they need more room than their box gives them.
  const titles = [...document.querySelectorAll('.md-header__topic .md-ellipsis')].map(e => ({
    text: e.textContent.trim(),
    cut: e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1}));
  return {at: performance.now(), boxes, titles};
};
window.__chqHeader = {take};
"""

# Whether a tap at the centre of the box arguments[0] reaches the dark-mode toggle.
TOGGLE_HIT = """
const [x, y, w, h] = arguments[0];
const hit = document.elementFromPoint(x + w / 2, y + h / 2);
return Boolean(hit && hit.closest('.md-header__option'));
"""


def moved(first: dict[str, list[float]], now: dict[str, list[float]]) -> list[str]:
    """Every box in both notes whose edges differ by more than MOVED_PX.

    >>> moved({"a": [0, 0, 10, 10], "b": [5, 0, 5, 5]}, {"a": [0, 0, 10, 10], "b": [-81, 0, 5, 5], "c": [1, 1, 1, 1]})
    ['b: [5, 0, 5, 5] -> [-81, 0, 5, 5]']
    """
    return [f"{name}: {box} -> {now[name]}" for name, box in first.items()
            if name in now and any(abs(a - b) > MOVED_PX for a, b in zip(box, now[name], strict=True))]


def check_still(page: SitePage, size: tuple[int, int]) -> None:
    """From the page's load (its header as first drawn: the site not saved yet) until
    "Ready offline" shows: no header control moved, the toggle is where it was, no
    title cut, and (Chromium) the page's layout shift since that first look."""
    page.run(HEADER)
    first: dict[str, Any] = page.run("return window.__chqHeader.take()")
    assert page.run(READY_OFFLINE) is None, "the site was saved before its first look"
    page.run(SHIFTS)  # the layout-shift entries from the page's start (buffered)
    page.wait(READY_OFFLINE, what='"Ready offline" in the header', timeout=ENGINE_S)
    page.frames()
    now: dict[str, Any] = page.run("return window.__chqHeader.take()")
    where = f"{page.engine} {size}"
    assert "div.chq-offline-slot" in first["boxes"], (where, sorted(first["boxes"]))
    assert moved(first["boxes"], now["boxes"]) == [], where
    toggle = next(box for name, box in first["boxes"].items() if name.startswith("form.md-header__option"))
    assert page.run(TOGGLE_HIT, toggle), f"{where}: a tap at the toggle's first place misses it"
    for note in (first, now):
        assert [title for title in note["titles"] if title["cut"]] == [], (where, note["titles"])
    supported = page.run("return PerformanceObserver.supportedEntryTypes.includes('layout-shift')")
    assert supported is (page.engine == "chromium"), (page.engine, supported)
    shifts = page.run("return window.__chqShifts")
    assert shift_after(shifts, first["at"]) <= MAX_SHIFT, (where, shifts)


def test_nothing_in_the_header_moves_when_the_site_is_saved(site_page: Callable[..., SitePage],
                                                             artifacts: Path) -> None:
    shots = artifacts / "screenshots"
    shots.mkdir(parents=True, exist_ok=True)
    for size, name in zip(SIZES, ("phone", "tablet"), strict=True):
        # A first visit on a server of its own (the service worker's offline copy): the
        # copy is made once the engine is ready, seconds after the load.
        page = site_page(*size, own_server=True, screenshots=True)
        page.open(PAGE)
        check_still(page, size)
        page.screenshot(shots / f"header-ready-offline-{name}-{page.engine}.png")
