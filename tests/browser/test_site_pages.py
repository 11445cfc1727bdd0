"""Every page of the site reads cleanly at a tablet's sizes, in Chromium and in
WebKitGTK (Safari's engine): one story, run in both engines (tests/browser/page_api.py).

Every page of the ``nav`` of mkdocs.yml is seen at 768x1024 (iPad portrait) and at
820x1180 (iPad Air), at one size or the other in turn, then turned to the other size
(as a reader turns the iPad): it must show its h1, raise no script error, mount its
calculator widgets without an error state, never scroll sideways, and have no blank
line under its title there and at a phone's width (WebKit: its narrowest window); and
no calculator may show a player a rules document's number outside its readings
(Players know "Armour Battles" and "Combat HQ", not the documents' numbers: a
calculator names the rules, in its choices, its working, its table, its page's
introduction, the list of calculators, and leaves the numbers to the readings, where
the sources are), nor, on Artillery's Combat HQ setup, fail to name the rules.
The first page is loaded; each next one is reached as a reader does, by a link
(Material's instant navigation), so one engine start serves every calculator.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from chq_site.widget import permalinks, presentation

from tests.browser.card_helpers import TITLE_EXTRA, title_too_tall
from tests.browser.page_api import ENGINE_S, SitePage
from tests.browser.policy_helpers import violations
from tests.browser.site_helpers import nav_pages
from tests.browser.table_words_helpers import (
    PAGES,
    answer_from,
    card_pages,
    full_inputs,
    words_read,
)

TABLETS = [(768, 1024), (820, 1180)]
PHONE = (390, 844)

# One page as laid out now. Widgets are "mounted" once the site's script has set their
# data-engine (the HTML carries none).
PAGE_STATE = """
const h1 = document.querySelector('.md-content h1');
const widgets = [...document.querySelectorAll('[data-calculator]')];
return {h1: h1 ? h1.textContent.trim() : '',
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
        widgets: widgets.map(w => [w.dataset.calculator, w.dataset.state || '', w.dataset.engine || ''])};
"""
MOUNTED = "return [...document.querySelectorAll('[data-calculator]')].every(w => Boolean(w.dataset.engine));"


def test_nav_lists_rules_and_calculators() -> None:
    pages = nav_pages()
    assert "rules/blinds/" in pages and "calculators/close-assault/" in pages, pages


def test_every_page_reads_cleanly_and_never_scrolls_sideways(site_page: Callable[..., SitePage],
                                                            built_site: Path) -> None:
    pages = nav_pages()
    page = site_page(*TABLETS[0])
    cards = card_pages(built_site)
    assert len(cards) >= 4 and {"calculators/", *PAGES.values(), *cards} <= set(pages), (cards, pages)
    problems: list[str] = []
    errors_seen = 0
    readings_with_sources = 0
    for number, path in enumerate(pages):
        sizes = TABLETS if number % 2 == 0 else TABLETS[::-1]
        page.resize(*sizes[0])
        if number == 0:
            page.open(path)
            page.wait_navigation_armed()
        else:
            page.go(path)
        where = f"/{path} (reached at {sizes[0][0]}px)"
        # (The first mount waits on the engine's start under load; the rest are at once.)
        page.wait(MOUNTED, what=f"{where}: widgets to mount", timeout=ENGINE_S)
        title_extra = {}
        for width, height in sizes:
            if (width, height) != sizes[0]:
                page.resize(width, height)
            state = page.run(PAGE_STATE)
            if state["scrollWidth"] > state["clientWidth"]:
                problems.append(f"{where} at {width}x{height}: scrolls sideways "
                                f"({state['scrollWidth']} > {state['clientWidth']})")
            title_extra[f"{width}x{height}"] = page.run(f"return ({TITLE_EXTRA})()")
        page.resize(*PHONE)
        title_extra["phone"] = page.run(f"return ({TITLE_EXTRA})()")
        problems += [f"{where} ({size}): the title is {extra} px taller than its words"
                     for size, extra in title_extra.items() if title_too_tall(extra)]
        if not state["h1"]:
            problems.append(f"{where}: no h1")
        problems += [f"{where}: widget {w} in error" for w in state["widgets"] if w[1] == "error"]
        if state["widgets"]:  # (last: it opens every part of the calculators)
            words = words_read(page, path)
            problems += words.problems
            readings_with_sources += words.sourced
        errors = page.errors()  # this document's, since it was loaded: the new ones are this page's
        problems += [f"{where}: {e}" for e in errors[errors_seen:]]
        errors_seen = len(errors)
    # Artillery's Combat HQ setup, from the engine: the rules named by name.
    preset = next(p for p in presentation.PRESETS["artillery"] if p.params["variant"] == "combat-hq")
    page.go(PAGES["artillery"] + "#" + permalinks.preset_fragment("artillery", preset.id))
    answer_from(page, full_inputs("artillery", preset.params))
    words = words_read(page, PAGES["artillery"])
    assert [w["calculator"] for w in words.widgets] == ["artillery"]
    assert "Combat HQ" in words.widgets[0]["text"] and "Armour Battles" in words.widgets[0]["text"]
    problems += words.problems
    problems += [f"/{PAGES['artillery']} (Combat HQ): {e}" for e in page.errors()[errors_seen:]]
    print(f"\n{page.engine} {' and '.join(f'{w}x{h}' for w, h in TABLETS)}: {len(pages)} pages, "
          f"{len(problems)} problems")
    assert problems == [], "\n".join(problems)
    # Every page under the site's policy (its engine started, each calculator mounted,
    # opened whole): nothing refused (each one is an error above too, as it came).
    assert violations(page) == []
    assert readings_with_sources + words.sourced > 0, "the readings name the sources (the documents' numbers)"
