"""The stories of test_readable.py (run in Chromium and in WebKitGTK through the page API),
written once: the exact value opened beside the percentage, compare on a phone, and
wide tables that say they scroll. Each story is a page-side snapshot (a JavaScript
function expression, which the page API runs as ``wrapped(...)``) and a check in
Python against ``compute()`` and ``calculators.printing``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from calculators import compute, printing

MAIN = ".chq-widget[data-mode=full]"

# Close Assault 8D against 4D in heavy cover: 44 digits over 44 digits.
LONG = {"att_dice": 8, "def_dice": 4, "def_cover": "heavy"}
# Shell it first?'s worked page: its headline a range of two doubles.
RANGE = {"variant": "armour-battles"}

# Compare: A 5D against 4D, B one more die. A's 82.5% and B's 91.5% differ by 8.94
# points exactly, by 9.0 as printed; and B can inflict 6 DP, which A cannot (A's
# row "6 DP" is exactly 0).
COMPARE_A = {"att_dice": 5, "def_dice": 4}
COMPARE_B = {"att_dice": 6, "def_dice": 4}

# The sticky bar on a phone, pinned: its label and A and B on one line, at most 100 px
# above its row of questions (185 px before: A, then B alone on a line, then B's
# figure, then the cue).
BAR_AT_MOST = 100


def wrapped(expression: str) -> str:
    """A function expression as a WebDriver script body, called with its argument."""
    return f"return ({expression})(arguments[0]);"


# --------------------------------------------------------------------------- #
# The exact value beside the percentage                                       #
# --------------------------------------------------------------------------- #

# Once the headline is pressed: what it and the line under it show, and where.
EXACT_SHOWN = """() => {
    const root = document.querySelector('.chq-widget[data-mode=full]');
    const out = root && root.querySelector(':scope > .chq-output');
    const h = out && out.querySelector('button[data-headline]');
    if (!h || h.getAttribute('aria-pressed') !== 'true') return null;
    const x = out.querySelector('[data-headline-exact]');
    const shown = x && !x.hidden && x.getBoundingClientRect().height > 0;
    const r = shown ? x.getBoundingClientRect() : null;
    const hr = h.getBoundingClientRect();
    return {headline: h.textContent.trim(), exact: shown ? x.textContent : null,
            cue: out.querySelector('[data-headline-cue]').textContent.trim(),
            inside: r ? r.left >= 0 && r.right <= document.documentElement.clientWidth : null,
            fits: shown ? x.scrollWidth <= x.clientWidth + 1 : null,
            under: r ? r.top >= hr.bottom - 1 : null,
            sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth};
}"""

# Pressed again: the exact value closes; the percentage stays.
EXACT_CLOSED = """() => {
    const out = document.querySelector('.chq-widget[data-mode=full] > .chq-output');
    const h = out && out.querySelector('button[data-headline]');
    if (!h || h.getAttribute('aria-pressed') !== 'false') return null;
    const x = out.querySelector('[data-headline-exact]');
    return {headline: h.textContent.trim(), open: Boolean(x && !x.hidden)};
}"""


def exact_wanted(mechanic: str, params: dict[str, Any]) -> tuple[str, str]:
    """(the percentage, the exact value) the page must show for these inputs."""
    from calculators import HEADLINES
    from calculators.labels import HEADLINE_RANGE

    result = compute(mechanic, params)
    key = HEADLINES[mechanic]
    spec = HEADLINE_RANGE.get(mechanic)
    if spec:
        low, high = result[spec["low"]], result[spec["high"]]
        return printing.pct_range(low, high), printing.exact_range(low, high)
    return printing.pct(result[key]), printing.exact(result[key])


def check_exact(snap: dict[str, Any] | None, mechanic: str, params: dict[str, Any]) -> None:
    """The percentage stays; the exact value opens under it, readable, on the screen."""
    percentage, exact = exact_wanted(mechanic, params)
    assert snap, "the headline was not pressed"
    assert snap["headline"] == percentage, snap  # never replaced by the exact value
    assert snap["exact"] == exact, snap
    assert snap["inside"] and snap["fits"] and snap["under"], snap
    assert snap["sideways"] <= 0, snap
    assert snap["cue"] == "Tap to hide the exact value", snap


# --------------------------------------------------------------------------- #
# Compare on a phone                                                          #
# --------------------------------------------------------------------------- #

# Pinned, both sides answered by the engine: the sticky bar and the panel in one read.
COMPARE_SHOWN = """want => {
    const root = document.querySelector('.chq-widget[data-mode=full]');
    if (!root || root.dataset.state !== 'ready' || !root.dataset.result) return null;
    const result = JSON.parse(root.dataset.result);
    if (result.partial || result.inputs.att_dice !== want) return null;
    const panel = root.querySelector('[data-compare]');
    if (!panel || panel.hidden) return null;
    for (const name of ['a', 'b']) {
        const side = panel.querySelector(`[data-side="${name}"]`);
        if (!side || side.dataset.state !== 'ready' || side.dataset.source !== 'engine') return null;
    }
    const out = root.querySelector(':scope > .chq-output');
    const a = out.querySelector('[data-bar-a] .chq-output__avalue');
    const b = out.querySelector('button[data-headline]');
    if (!a || !b) return null;
    const box = (n) => { const r = n.getBoundingClientRect(); return {top: r.top, bottom: r.bottom}; };
    const diff = panel.querySelector('[data-diff] strong');
    return {a: a.textContent.trim(), b: b.textContent.trim(), aBox: box(a), bBox: box(b),
            bar: out.getBoundingClientRect().height
                 - (out.querySelector('.chq-views') || {getBoundingClientRect: () => ({height: 0})}).getBoundingClientRect().height,
            width: innerWidth,
            diff: diff ? diff.textContent.trim() : null,
            rows: [...panel.querySelectorAll('.chq-bars--pairs tr')].map(tr => {
                const bar = tr.querySelector('.chq-bar');
                return {value: tr.querySelector('.chq-value').textContent.trim(),
                        drawn: bar ? bar.getBoundingClientRect().width : 0};
            })};
}"""


def check_compare(snap: dict[str, Any]) -> None:
    """A and B on one line of a low bar; B − A as the figures shown; no bar for an
    impossible row."""
    key = "p_attacker_wins"
    a = compute("close_assault", COMPARE_A)[key]
    b = compute("close_assault", COMPARE_B)[key]
    assert (snap["a"], snap["b"]) == (printing.pct(a), printing.pct(b)), snap
    # One line: the two figures' boxes overlap vertically.
    assert snap["aBox"]["top"] < snap["bBox"]["bottom"] and snap["bBox"]["top"] < snap["aBox"]["bottom"], snap
    assert snap["bar"] <= BAR_AT_MOST, snap
    # B − A is what a reader gets subtracting the two figures shown.
    shown = Fraction(snap["b"].rstrip("%")) - Fraction(snap["a"].rstrip("%"))
    assert snap["diff"] == f"+{float(shown):.1f} points" == f"{printing.points(b, a)} points", snap
    impossible = [row for row in snap["rows"] if row["value"] == "0.0%"]
    assert impossible, "A has a row it cannot reach (6 DP)"
    assert all(row["drawn"] == 0 for row in impossible), impossible
    assert all(row["drawn"] > 0 for row in snap["rows"] if row["value"] != "0.0%"), snap["rows"]


# --------------------------------------------------------------------------- #
# Wide tables                                                                 #
# --------------------------------------------------------------------------- #

# Every table of the page's content (each <details> opened, so none is skipped): its
# box (the nearest ancestor that scrolls sideways), whether it fits there, its cue,
# its empty header cells; and whether the page itself scrolls sideways.
TABLES_NOW = """() => {
    for (const d of document.querySelectorAll('article details:not([open])')) d.open = true;
    const tables = [...document.querySelectorAll('article table')].filter(t => t.getBoundingClientRect().width > 0);
    const seen = tables.map(t => {
        let box = t;
        while (box && box !== document.body && !['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) box = box.parentElement;
        const own = box && box !== document.body ? box : null;
        const wide = own ? own.scrollWidth - own.clientWidth > 1 : false;
        const cue = own && own.previousElementSibling && own.previousElementSibling.matches('.chq-scroll-cue')
            ? own.previousElementSibling : null;
        const cr = cue ? cue.getBoundingClientRect() : null;
        return {name: (t.caption ? t.caption.textContent : (t.rows[0] ? t.rows[0].textContent : '')).trim().replace(/\\s+/g, ' ').slice(0, 60),
                box: Boolean(own), wide, cue: cue && cr.height > 0 && cr.width > 0 ? cue.textContent.trim() : null,
                text: t.textContent.trim().length,
                emptyHeads: [...t.querySelectorAll('th')].filter(th => !th.textContent.trim()).length};
    });
    return {tables: seen, sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth};
}"""
# The same, once every box that scrolls shows its cue (the page's marking is current);
# null until then.
TABLES = f"""() => {{ const snap = ({TABLES_NOW})(); return snap.tables.some(t => t.wide && !t.cue) ? null : snap; }}"""


def check_tables(snap: dict[str, Any], page: str) -> list[str]:
    """Each table fits its box or shows the cue; none scrolls the page; no empty head."""
    problems = []
    if snap["sideways"] > 0:
        problems.append(f"{page}: the page scrolls sideways by {snap['sideways']} px")
    for table in snap["tables"]:
        if table["wide"] and table["cue"] != "Scroll sideways for more \u2192":
            problems.append(f"{page}: {table['name']!r} scrolls with no cue")
        if table["emptyHeads"]:
            problems.append(f"{page}: {table['name']!r} has {table['emptyHeads']} empty header cells")
        if not table["text"]:
            problems.append(f"{page}: {table['name']!r} is empty")
    return problems
