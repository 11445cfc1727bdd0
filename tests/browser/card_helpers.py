"""What the browser tests of rules pages with calculator cards share: the page's title, a
reader scrolling past the cards, the cards' states after the engine failed, the wheel,
animations settled, and waiting for every calculator on a page."""

from __future__ import annotations

import contextlib
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.page_scripts import WHEEL_LANDED, WHEEL_WATCH

# How much taller the page's title is than its words (px): its hidden permalink
# anchor (the "¶" Material adds to headings) once wrapped onto a line of its own on
# a phone, a blank line under the title. An arrow function, for either driver.
TITLE_EXTRA = """() => {
  const h = document.querySelector('article h1');
  if (!h) return null;
  const words = [...h.childNodes].filter(n => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
  const range = document.createRange();
  range.setStartBefore(words[0]);
  range.setEndAfter(words[words.length - 1]);
  return Math.round(h.getBoundingClientRect().height - range.getBoundingClientRect().height);
}"""
# Under half a line of the title's type (the line box around the words' glyphs).
TITLE_EXTRA_AT_MOST = 16


def title_too_tall(extra: int | None) -> bool:
    """TITLE_EXTRA's answer says there is no title, or a blank line under it."""
    return extra is None or extra > TITLE_EXTRA_AT_MOST


# A reader on a rules page with cards, for either driver: what follows the page's last
# card is marked and brought to the middle of the screen (every card is then above it,
# and in view or near: each starts the engine); returns its top on screen (px).
READER_AFTER_THE_CARDS = """() => {
  const cards = document.querySelectorAll('.chq-widget[data-mode=compact]');
  const p = cards[cards.length - 1].nextElementSibling;
  p.setAttribute('data-reader-here', '');
  p.scrollIntoView({block: 'center', behavior: 'instant'});
  return p.getBoundingClientRect().top;
}"""
# Every calculator on the page has learnt that the engine cannot load.
ENGINE_FAILED_EVERYWHERE = """() => [...document.querySelectorAll('[data-calculator]')]
  .every(r => r.dataset.engine === 'error')"""
# Where the reader is now (after two frames), and each card's table and status line.
READER_AND_CARDS = """() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done({
  top: document.querySelector('[data-reader-here]').getBoundingClientRect().top,
  cards: [...document.querySelectorAll('.chq-widget[data-mode=compact]')].map(r => ({
    open: r.querySelector('.chq-table').open,
    status: r.querySelector('.chq-status__text').textContent}))}))))"""


def cards_after_engine_failure(cards: list[dict[str, Any]]) -> list[str]:
    """What is wrong with the cards (as READER_AND_CARDS reports them) after the engine
    failed: each must say so and where its table is, and leave that table closed."""
    found = []
    for card in cards:
        if card["open"] is not False:
            found.append(f"a card opened its table: {card}")
        if not card["status"].startswith("The calculator engine could not load here:"):
            found.append(f"a card does not say the engine failed: {card}")
        if "tap “Table computed when the site was built” to open it" not in card["status"]:
            found.append(f"a card does not say where its table is: {card}")
    return found


def wheel(page: Any, dy: int, timeout: float = 30_000) -> None:
    """Turn the mouse wheel by ``dy`` where the pointer is, and wait until the page's
    scroll it started is over."""
    page.evaluate(WHEEL_WATCH)
    before = page.evaluate("() => window.scrollY")
    page.mouse.wheel(0, dy)
    page.wait_for_function(WHEEL_LANDED, arg=before, polling="raf", timeout=timeout)


def calculator_states(page: Any, attribute: str = "state") -> list[str]:
    """``data-state`` (or another ``data-`` attribute, e.g. ``engine``) of every
    calculator widget on the page (empty if none)."""
    return page.eval_on_selector_all(
        "[data-calculator]", "(roots, a) => roots.map(r => r.dataset[a] || '')", attribute
    )


# Nothing on the page moving, and nothing about to: no CSS animation or transition
# running, and every Material tooltip (header buttons: .md-tooltip; content:
# .md-tooltip2) either shown in full or hidden, and shown if the pointer is on its
# element. Material brings a tooltip in a moment after the pointer comes onto its
# element, with no transition running yet; a page read in that moment (axe, a
# screenshot) catches the fade half-way.
# A Material tooltip's element under the pointer (Material links them by aria-describedby).
UNDER_POINTER = "tip => document.querySelector(`[aria-describedby~=\"${tip.id}\"]`)?.matches(':hover')"
STILL = f"""() => document.getAnimations().every(a => a.playState !== 'running')
  && [...document.querySelectorAll('.md-tooltip, .md-tooltip2')].every(tip => {{
    const shown = tip.matches('.md-tooltip--active, .md-tooltip2--active');
    if (({UNDER_POINTER})(tip) && !shown) return false;
    return getComputedStyle(tip).opacity === (shown ? '1' : '0');
  }})"""


def wait_for_animations(page: Any, **options: Any) -> None:
    """Wait until the page is still (``STILL``): no CSS animation or transition running
    (Material's colour, slide and header transitions take 125-250 ms) and no tooltip
    on its way in under the pointer."""
    page.wait_for_function(STILL, **options)


def wait_for_calculators(page: Any, timeout: float = 30_000) -> list[str]:
    """If the page has calculator widgets, wait until none is still loading: neither
    its answer (``data-state``; the page carries some answers, so it may be ready
    before the engine) nor its engine (``data-engine``; "idle" for a card that starts
    it only when scrolled to).

    Returns the final ``data-state`` values; does not fail on a timeout (callers decide
    what a widget that never finished loading means for them).
    """
    if not calculator_states(page):
        return []
    with contextlib.suppress(PlaywrightTimeout):  # the states say which one never finished
        page.wait_for_function(
            "() => [...document.querySelectorAll('[data-calculator]')]"
            ".every(r => (r.dataset.state === 'ready' || r.dataset.state === 'error')"
            " && r.dataset.engine !== 'loading')",
            timeout=timeout,
        )
    return calculator_states(page)
