"""Links from one page to a calculator's permalink, and where a tap on one lands.

Shared by the Chromium test (tests/browser/test_tryit_landing.py) and the WebKit one
(tests/webkit/test_webkit_landing.py). The links are read from the built HTML, never
listed by hand:

* ``text``: a link in a page's text to ``calculators/<name>/#field=value...`` (a rules
  page's "Try it in the calculator");
* ``card``: a calculator card's "Open in calculator" link (``.chq-open``), which the
  card points at its own inputs' permalink once it is mounted.

Each is found again in the browser by its kind and its place among the page's links
of that kind (two links may share an address). The JavaScript here is written as
functions of one argument, so that both lanes can call them (Playwright's
``evaluate(fn, arg)``; WebDriver's ``return (fn)(arguments[0])``).
"""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path
from typing import NamedTuple
from urllib.parse import urljoin, urlsplit

from tests.browser.site_helpers import built_pages, page_file

BASE = "http://site.invalid/"
VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                  "source", "track", "wbr"})
# The reader scrolls onto the link and taps at once: inside the 100 ms in which
# Material notes the old page's scroll offset on the history entry it has just pushed.
WHEEL = 120
QUIET_MS = 1_000  # no scroll and no history write for this long: the page has settled
BACK_SLACK_PX = 100  # after Back, the link is at most this far from where it was tapped


class PermalinkLink(NamedTuple):
    """One link to a calculator permalink: the page it is on, its kind, its place
    among the page's links of that kind, and its address in the HTML."""

    page: str
    kind: str  # "text" or "card"
    index: int
    href: str

    def __str__(self) -> str:
        return f"{self.page or '/'} {self.kind} #{self.index + 1} ({self.href})"


class _Links(HTMLParser):
    """The <a href> of one page, each with its classes and whether it is in a widget."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool]] = []  # (tag, opens a widget)
        self.found: list[tuple[str, list[str], bool]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        classes = (values.get("class") or "").split()
        in_widget = any(widget for _, widget in self.stack)
        if tag == "a" and values.get("href"):
            self.found.append((values["href"] or "", classes, in_widget))
        if tag not in VOID:
            self.stack.append((tag, "chq-widget" in classes))

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self.stack) - 1, -1, -1):
            if self.stack[depth][0] == tag:
                del self.stack[depth:]
                return


def calculator_of(address: str) -> str | None:
    """The calculator page an absolute address is on, or None.

    >>> calculator_of(BASE + "calculators/close-assault/#att_dice=6")
    'calculators/close-assault/'
    >>> calculator_of(BASE + "rules/blinds/") is None
    True
    """
    path = urlsplit(address).path.lstrip("/")
    parts = [p for p in path.split("/") if p and p != "index.html"]
    if len(parts) == 2 and parts[0] == "calculators":
        return f"calculators/{parts[1]}/"
    return None


def permalink_links(site: Path) -> list[PermalinkLink]:
    """Every link on every built page (other than the calculators themselves) that
    leads to a calculator with its inputs: text links with a permalink, and cards."""
    found: list[PermalinkLink] = []
    for page in built_pages(site):
        if calculator_of(BASE + page) or page.startswith("404"):
            continue
        parser = _Links()
        parser.feed(page_file(site, page).read_text(encoding="utf-8"))
        counts = {"text": 0, "card": 0}
        for href, classes, in_widget in parser.found:
            address = urljoin(BASE + page, href)
            if calculator_of(address) is None:
                continue
            if "chq-open" in classes:
                kind = "card"
            elif not in_widget and "=" in urlsplit(address).fragment:
                kind = "text"
            else:
                continue
            found.append(PermalinkLink(page, kind, counts[kind], href))
            counts[kind] += 1
    return found


# Before any page script, once per document: when the page last scrolled or wrote
# history (to wait for the page to settle, not for a fixed time).
QUIET_PROBE = """
(() => {
  if (window.__chqQuiet) return;
  const log = window.__chqQuiet = { last: performance.now() };
  const note = () => { log.last = performance.now(); };
  addEventListener("scroll", note, { capture: true, passive: true });
  for (const name of ["pushState", "replaceState"]) {
    const original = history[name];
    history[name] = function () { note(); return original.apply(this, arguments); };
  }
})();
"""

# The links of one kind on the page shown, in document order (the same rule as
# permalink_links, on the live page).
_OF_KIND = """
  const ofKind = (kind) => [...document.querySelectorAll('a[href]')].filter((a) => {
    const path = new URL(a.href).pathname;
    if (!/\\/calculators\\/[^/]+\\/(index\\.html)?$/.test(path)) return false;
    if (kind === 'card') return a.classList.contains('chq-open');
    return !a.closest('.chq-widget') && !a.classList.contains('chq-open') && new URL(a.href).hash.includes('=');
  });
"""

# How many links of each kind the page shows, and whether its cards have answered,
# are not waiting on the engine (its files are blocked; a card starts it when it is
# scrolled to, and its status line, the page's length with it, changes until the
# engine has failed) and Material's instant navigation is armed (it reads sitemap.xml
# first).
PAGE_READY = """() => {""" + _OF_KIND + """
  const cards = [...document.querySelectorAll('[data-calculator]')];
  return {
    text: ofKind('text').length, card: ofKind('card').length,
    ready: cards.every((r) => (r.dataset.state === 'ready' || r.dataset.state === 'error')
                              && (r.dataset.engine === 'idle' || r.dataset.engine === 'error'))
      && performance.getEntriesByType('resource').some((e) => e.name.endsWith('/sitemap.xml') && e.responseEnd > 0),
  };
}"""

# Mark the link (data-land-target), bring it to the middle of the screen, then a
# wheel's turn above it (the reader's scroll brings it back); its address now.
MARK = """(link) => {""" + _OF_KIND + """
  for (const old of document.querySelectorAll('[data-land-target]')) old.removeAttribute('data-land-target');
  const a = ofKind(link.kind)[link.index];
  a.setAttribute('data-land-target', '');
  a.scrollIntoView({block: 'center', behavior: 'instant'});
  window.scrollTo({top: window.scrollY - link.wheel, behavior: 'instant'});
  return a.href;
}"""

# Where the marked link is on screen (its first line box), and whether it is fully
# in view below the header.
WHERE_LINK = """(link) => {""" + _OF_KIND + """
  const a = link ? ofKind(link.kind)[link.index] : document.querySelector('[data-land-target]');
  if (!a) return {shown: false, missing: true, top: NaN, scrollY: window.scrollY, href: location.href};
  const r = a.getClientRects()[0];
  const header = document.querySelector('.md-header').getBoundingClientRect().bottom;
  return {x: r.left + r.width / 2, y: r.top + r.height / 2, top: r.top, bottom: r.bottom,
          shown: r.top >= header - 0.5 && r.bottom <= window.innerHeight + 0.5,
          scrollY: window.scrollY, href: location.href};
}"""

# A page at ``want.path`` has settled: its widgets answered (or failed: the engine is
# blocked, the build's answers show), are not waiting on the engine, and nothing
# scrolled or wrote history lately. With ``want.title``, the page shown is that one:
# on Back, the address changes at once and Material swaps the content in later (under
# load, more than a second later), so the calculator page left behind once passed
# for the rules page. Titles tell pages apart: every page's is its own heading
# (tests/site/test_build.py::test_every_page_has_its_own_title; the rules' Close
# Assault and its calculator once shared one, and CI took one for the other).
# ``want.widgets`` counts full calculators (a calculator page's own): the same holds
# going forward, and the rules page's cards, still shown under the calculator's
# address, once passed for the calculator (its headline then not found).
SETTLED = """(want) => {
  if (!location.pathname.endsWith('/' + want.path) || !window.__chqQuiet) return false;
  if (want.title && document.title !== want.title) return false;
  const cards = [...document.querySelectorAll('[data-calculator]')];
  return document.querySelectorAll('.chq-widget[data-mode=full]').length >= want.widgets
    && cards.every((r) => (r.dataset.state === 'ready' || r.dataset.state === 'error')
                          && (r.dataset.engine === 'idle' || r.dataset.engine === 'error'))
    && performance.now() - window.__chqQuiet.last > want.quiet;
}"""

# Where the calculator's headline is: fully on screen means below the header and
# above the bottom of the window.
HEADLINE = """() => {
  const root = document.querySelector('.chq-widget[data-mode=full]');
  const h = root.querySelector('[data-headline]').getBoundingClientRect();
  const header = document.querySelector('.md-header').getBoundingClientRect().bottom;
  return {href: location.href, top: Math.round(h.top), bottom: Math.round(h.bottom),
          header: Math.round(header), height: window.innerHeight, scrollY: Math.round(window.scrollY),
          state: root.dataset.state, text: root.querySelector('[data-headline]').textContent.trim(),
          shown: h.height > 0 && h.top >= header - 0.5 && h.bottom <= window.innerHeight + 0.5};
}"""


def landing_problems(link: PermalinkLink, tapped: str, landed: dict, before: dict,
                     after: dict | None) -> list[str]:
    """What is wrong with where a tap on ``link`` landed, and with Back from there."""
    out = []
    if landed["href"] != tapped:
        out.append(f"address {landed['href']} instead of the link's {tapped}")
    if not landed["shown"]:
        out.append(f"headline at {landed['top']}..{landed['bottom']} px, not on a "
                   f"{landed['height']} px screen below the {landed['header']} px header "
                   f"(page scrolled to {landed['scrollY']})")
    if after is not None:
        moved = after["top"] - before["top"]
        if after.get("missing"):
            out.append(f"after Back the link is not on the page shown ({after['href']})")
        elif not after["shown"] or abs(moved) > BACK_SLACK_PX:
            out.append(f"after Back the link is at {after['top']:.0f} px (was {before['top']:.0f}; "
                       f"page at {after['scrollY']:.0f})")
    return out
