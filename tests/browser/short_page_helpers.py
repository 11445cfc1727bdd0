"""What the Chromium and WebKit tests of a calculator page's length and bar share:
the pages, and the page scripts that read what a player sees (functions of one
argument, callable from Playwright's ``evaluate`` and WebDriver's ``execute_script``
alike, as in landing_helpers)."""

from __future__ import annotations

from typing import Any

from chq_site.widget import permalinks, presentation

from calculators import compute, printing
from tests.browser.site_helpers import nav_pages


def calculator_pages() -> list[str]:
    """Every calculator page of the nav (not the calculators' index)."""
    return [p for p in nav_pages() if p.startswith("calculators/") and p != "calculators/"]


def headline_pct(mechanic: str, params: dict[str, Any]) -> str:
    """The headline compute() gives for ``params`` (what a permalink leaves out is the
    widget's base), as the page prints it."""
    inputs = {**permalinks.base_values(mechanic), **params}
    result = compute(mechanic, inputs)
    key = presentation.headline_for(mechanic, result["inputs"])["key"]
    return printing.pct(result[key])


# The readings of the main widget: open or not, and whether their text takes room.
READINGS = """() => {
  const d = document.querySelector('.chq-widget[data-mode=full] > .chq-readings');
  if (!d) return null;
  const item = d.querySelector('li');
  return {open: d.open, itemHeight: item ? item.getBoundingClientRect().height : 0,
          height: d.getBoundingClientRect().height};
}"""

# Whether the main widget's readings are open at the moment the page is printed (a
# beforeprint listener added after the widget's own).
WATCH_PRINT = """() => {
  window.__chqPrinted = [];
  addEventListener('beforeprint', () => {
    const d = document.querySelector('.chq-widget[data-mode=full] > .chq-readings');
    window.__chqPrinted.push(d.open);
  });
}"""

# Material's "Back to top" button: shown or not, and every control of the widget it
# lies over (buttons, inputs, links, table rows, the headline).
TOP_BUTTON = """() => {
  const top = document.querySelector('.md-top');
  if (!top) return {exists: false, shown: false, covers: []};
  const r = top.getBoundingClientRect();
  const style = getComputedStyle(top);
  const shown = style.display !== 'none' && style.visibility !== 'hidden' && !top.hidden
    && r.width > 0 && r.height > 0 && Number(style.opacity) > 0;
  const controls = [...document.querySelectorAll(
    '.chq-widget button, .chq-widget input, .chq-widget a, .chq-widget tr, .chq-widget summary, .chq-widget [data-headline]')];
  const covers = shown ? controls.filter((c) => {
    const b = c.getBoundingClientRect();
    return b.width > 0 && b.left < r.right && b.right > r.left && b.top < r.bottom && b.bottom > r.top;
  }).map((c) => c.outerHTML.slice(0, 80)) : [];
  return {exists: true, shown, covers};
}"""

# The main widget's sticky bar: its A and B, what the pin button reads, and whether
# the bar is on screen.
BAR = """() => {
  const root = document.querySelector('.chq-widget[data-mode=full]');
  const bar = root.querySelector(':scope > .chq-output');
  const a = bar.querySelector('[data-bar-a]');
  const b = bar.querySelector('[data-headline]');
  const r = bar.getBoundingClientRect();
  const ar = a ? a.getBoundingClientRect() : null;
  return {pin: root.querySelector('[data-action=pin]').textContent.trim(),
          pressed: root.querySelector('[data-action=pin]').getAttribute('aria-pressed'),
          a: a ? a.dataset.value : null, b: b.textContent.trim(),
          mark: Boolean(bar.querySelector('[data-bar-b]')),
          barShown: r.top >= 0 && r.bottom <= window.innerHeight + 0.5,
          aShown: Boolean(ar && ar.width > 0 && ar.top >= r.top - 0.5 && ar.bottom <= r.bottom + 0.5),
          state: root.dataset.state, sideA: (root.querySelector('[data-side=a]') || {dataset: {}}).dataset.state};
}"""

# The main widget's figures and the label just above them.
FIGURES = """() => {
  const figures = document.querySelector('.chq-widget[data-mode=full] .chq-result > .chq-figures');
  const before = figures && figures.previousElementSibling;
  return {figures: Boolean(figures) && !figures.hidden,
          caption: before && before.matches('.chq-figures__caption') ? before.textContent.trim() : null};
}"""

# Where a field of the main form is: under "More options" (and that open or not), in
# which group, the field just before it, whether it takes room on screen, and whether
# it is in view (between the site's header and the answer bar).
FIELD = """(name) => {
  const root = document.querySelector('.chq-widget[data-mode=full]');
  const field = root.querySelector(`[data-param="${name}"]`);
  const more = field.closest('.chq-more');
  const group = field.closest('.chq-group');
  const r = field.getBoundingClientRect();
  const top = document.querySelector('.md-header').getBoundingClientRect().bottom;
  const bar = root.querySelector(':scope > .chq-output').getBoundingClientRect().top;
  const before = field.previousElementSibling;
  return {underMore: Boolean(more), moreOpen: Boolean(root.querySelector('.chq-more')?.open),
          group: group ? group.querySelector('legend').textContent.trim() : null,
          after: before && before.dataset ? before.dataset.param || null : null,
          visible: !field.closest('details:not([open])') && r.width > 0 && r.height > 0,
          inView: r.height > 0 && r.top >= top && r.bottom <= Math.min(bar, innerHeight)};
}"""

# The answer bar's line of what the answer assumes out of sight ("" when hidden).
ASSUMES = """() => {
  const line = document.querySelector('.chq-widget[data-mode=full] [data-assumes]');
  return line && !line.hidden ? line.textContent : '';
}"""
