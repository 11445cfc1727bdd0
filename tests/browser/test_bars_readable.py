"""Every bar's label, bar and figure apart: one story, run in Chromium and in WebKitGTK
(the page API of tests/browser/page_api.py).

"What do I need?"'s labels ran into their bars at 390 and 820 px (artillery's
Disruption Points 13 of 13 rows, Hit faces 6 of 6, Suppressions 5 of 5; Shell it
first?'s Units 4 of 12): a label of "12 Disruption Points (as set)" in a column 8.5em
wide, never wrapped. Each now has a column of its own and wraps in it, and on a narrow
screen sits on its own line above its bar (questions/questions.css). The charts are tables, a label a cell of its
own (widget/chart.css); checked the same way.

Each calculator's page is opened with its charts shown and the panel open, swept over
each input it offers; on a phone (390x844; WebKit's narrowest window is about 450 px)
and a tablet (820x1180), no row's label text, bar and figure overlap. Screenshots of
artillery's panel on its last input at both sizes go to .artifacts/screenshots/.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tests.browser.page_api import ENGINE_S, MAIN, SitePage
from tests.browser.questions_helpers import need_when
from tests.browser.widgets_helpers import PAGES

SIZES = ((390, 844), (820, 1180))

# Every bar row of the main widget (its charts' and the panel's), the charts shown:
# the rows whose label text, bar (its track) and figure overlap, in words.
OVERLAPS = """
for (const d of document.querySelectorAll('.chq-widget[data-mode=full] details')) d.open = true;
const root = document.querySelector('.chq-widget[data-mode=full]');
const hit = (a, b) => a && b && a.width > 0 && b.width > 0 && a.left < b.right - 0.5 && b.left < a.right - 0.5
  && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
const rows = [...root.querySelectorAll('.chq-bars tr, .chq-need__row')];
const found = [];
for (const row of rows) {
  const [label, bar, figure] = [row.querySelector('th, .chq-need__label'),
                                row.querySelector('.chq-bar-cell .chq-bar, .chq-need__track'),
                                row.querySelector('.chq-value, .chq-need__pct')];
  // The label's words: its text, without the words for screen readers only (.chq-sr,
  // a clipped box of a pixel).
  let words = null;
  for (const node of label ? label.childNodes : []) {
    if (node.nodeType !== Node.TEXT_NODE || !node.textContent.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const r = range.getBoundingClientRect();
    words = words ? new DOMRect(Math.min(words.left, r.left), Math.min(words.top, r.top),
                                Math.max(words.right, r.right) - Math.min(words.left, r.left),
                                Math.max(words.bottom, r.bottom) - Math.min(words.top, r.top)) : r;
  }
  const boxes = {label: words, bar: bar && bar.getBoundingClientRect(), figure: figure && figure.getBoundingClientRect()};
  for (const [a, b] of [['label', 'bar'], ['bar', 'figure'], ['label', 'figure']]) {
    if (hit(boxes[a], boxes[b])) found.push(`${label ? label.textContent.trim() : '?'}: ${a} over ${b}`);
  }
}
return {rows: rows.length, found};
"""


def sweeps(page: SitePage) -> list[str]:
    """The inputs the open panel offers to step through (one, when it has no choice)."""
    return list(page.run(f"""
        const s = document.querySelector('{MAIN} [data-need] select[name=sweep]');
        return s ? [...s.options].map(o => o.value) : [];"""))


def test_every_bar_reads_apart_from_its_label(site_page: Callable[..., SitePage], artifacts: Path) -> None:
    shots = artifacts / "screenshots"
    shots.mkdir(parents=True, exist_ok=True)
    page = site_page(*SIZES[0], screenshots=True)
    problems: list[str] = []
    checked = 0
    for n, (mechanic, path) in enumerate(PAGES.items()):
        if n == 0:
            page.open(path)
        else:
            page.go(path)
        if not page.run(f"return Boolean(document.querySelector('{MAIN} [data-need]'))"):
            continue
        page.set_fragment("sweep=&target=0.8")  # the panel open (on its first input)
        need_when(page, "s.open", f"{mechanic}'s panel open", ENGINE_S)
        for over in sweeps(page) or [""]:
            if over:
                page.set_fragment(f"sweep={over}&target=0.8")
            # (the panel may offer another input at these inputs: its rows are checked all the same)
            need_when(page, "s.open && ['ready', 'error'].includes(s.state)",
                      f"{mechanic}'s sweep over {over or 'its input'}", ENGINE_S)
            for width, height in SIZES:
                page.resize(width, height)
                page.frames()
                seen = page.run(OVERLAPS)
                checked += seen["rows"]
                problems += [f"{mechanic} {over} {width}px: {p}" for p in seen["found"]]
                if mechanic == "artillery" and over == sweeps(page)[-1]:
                    page.run(f"document.querySelector('{MAIN} [data-need]').scrollIntoView({{block: 'start'}})")
                    page.screenshot(shots / f"need-bars-artillery-{width}-{page.engine}.png")
            page.resize(*SIZES[0])
    assert checked > 100, checked
    assert problems == [], problems
    assert page.errors() == []
