"""Shared by test_first_screen.py (one story, run in Chromium and in WebKitGTK):
what a player sees of a calculator page before scrolling.

At the table a calculator page is opened to be used: on a phone (390x844) the answer
and the first input must be on the first screen, the input not under the answer bar
(which sticks to the screen's bottom while the form is in view); on a tablet
(820x1180) the answer and the main inputs together. The prose that used to come
first (1,345 px of it on Shell it first? at 390 px) folds into "About this
calculator" below the calculator.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from chq_site.widget import permalinks

from calculators import MECHANICS
from tests.browser.site_helpers import nav_pages, page_file

PHONE = (390, 844)
TABLET = (820, 1180)
#: Every calculator's page, by mechanic.
CALCULATOR_PAGES = {mechanic: permalinks.page_path(mechanic) for mechanic in MECHANICS}
#: Less than a pixel is rounding, not a place.
SLACK_PX = 0.5

# The first screen, once the widget shows an answer: the answer bar's box, the
# headline's, and the control a player taps of each input (its stepper, switch or
# choices; the help line under it may go under the bar), the first one and the main
# ones (not under More options).
FIRST_SCREEN = """
const w = document.querySelector('.chq-widget[data-mode=full]');
if (!w || w.dataset.state !== 'ready') return null;
const box = (n) => { const b = n.getBoundingClientRect(); return {top: b.top, bottom: b.bottom, height: b.height}; };
const control = (f) => f.querySelector('.chq-stepper, .chq-segmented, .chq-switch');
const fields = [...w.querySelectorAll('.chq-form .chq-field')];
const main = fields.filter((f) => !f.closest('.chq-more'));
return {height: innerHeight, width: innerWidth, scrollY: scrollY, engine: w.dataset.engine || null,
        source: w.dataset.source || null, first: fields[0].dataset.param, field: box(control(fields[0])),
        output: box(w.querySelector('.chq-output')), headline: box(w.querySelector('[data-headline]')),
        main: main.map((f) => ({name: f.dataset.param, ...box(control(f))}))};
"""


def calculator_pages_in_nav(site: Path) -> list[str]:
    """The pages of the site's navigation that hold a calculator (a full widget)."""
    return [path for path in nav_pages()
            if 'data-mode="full"' in page_file(site, path).read_text(encoding="utf-8")]


def first_screen_problems(shown: dict[str, Any], where: str, tablet: bool) -> list[str]:
    """What keeps the answer or the first input off the first screen; on a tablet, any
    main input not there with the answer."""
    problems = []
    at = f"{where} at {shown['width']}x{shown['height']} (engine {shown['engine']})"
    output, field = shown["output"], shown["field"]
    if shown["scrollY"] != 0:
        problems.append(f"{at}: opened scrolled to {shown['scrollY']} px")
    if output["bottom"] > shown["height"] + SLACK_PX or output["top"] < 0 or shown["headline"]["height"] == 0:
        problems.append(f"{at}: the answer bar is at {output['top']:.0f}-{output['bottom']:.0f} px")
    if field["bottom"] > output["top"] + SLACK_PX:
        problems.append(f"{at}: the first input ({shown['first']}) ends at {field['bottom']:.0f} px, "
                        f"under the answer bar (from {output['top']:.0f} px)")
    if tablet:
        hidden = [f["name"] for f in shown["main"] if f["bottom"] > output["top"] + SLACK_PX]
        if hidden:
            problems.append(f"{at}: main inputs under the answer bar or below the screen: {hidden}")
    return problems
