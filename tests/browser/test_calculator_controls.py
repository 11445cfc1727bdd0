"""A calculator's controls as a player taps them, in Chromium and in WebKitGTK (each
story once, on the page API; one page a module and engine: page_fixtures.module_page).

A stepper, a segment and a switch each change the answer (checked against the command
line) and the address; a worked example is one tap away and its address is its
permalink; the headline's exact fraction is a tap away; Reset goes back to the
starting inputs. "Exactly" and "At least" swap the chart's values. Close Assault
shows each side's dice and TN per round. A rules page's card answers, and its inputs
change the card and its link, never the page's address.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from urllib.parse import parse_qsl

from calculators import compute, printing
from tests.browser.calculator_answers_helpers import show
from tests.browser.page_api import ENGINE_S, MAIN, SitePage
from tests.browser.widgets_helpers import (
    CASES,
    PAGES,
    TOLERANCE,
    check_answer,
    compact_pages,
    fragment,
    reference,
    same,
)

CARD = ".chq-widget[data-mode=compact]"


def address(page: SitePage) -> dict[str, str]:
    """The page's fragment, as the permalink's fields."""
    return dict(parse_qsl(str(page.run("return location.hash.slice(1)")), keep_blank_values=True))


def answers(page: SitePage, mechanic: str, params: dict) -> None:
    """The main widget shows the command line's answer for ``params``."""
    check_answer(page.answer_for(reference(mechanic, params)["inputs"]), mechanic, params)


def test_stepper_segments_and_switch_update_result_and_address(module_page: SitePage) -> None:
    page = module_page
    show(page, "spotting")
    page.set_fragment(fragment({"distance": 18}))
    page.answer_for({"distance": 18})

    page.tap(f'{MAIN} [data-param="distance"] .chq-step[data-step="1"]')
    page.answer_for({"distance": 19})
    assert address(page)["distance"] == "19"
    page.tap(f'{MAIN} [data-param="cover"] label', text="Medium")
    page.answer_for({"distance": 19, "cover": "medium"})
    assert address(page)["cover"] == "medium"
    page.tap(f'{MAIN} [data-param="moving"] .chq-switch')
    page.answer_for({"distance": 19, "cover": "medium", "moving": True})
    assert address(page)["moving"] == "true"
    page.tap(f'{MAIN} [data-param="distance"] .chq-step[data-step="-1"]')
    answers(page, "spotting", {"distance": 18, "cover": "medium", "moving": True})
    assert address(page) == {"distance": "18", "cover": "medium", "moving": "true"}

    # A worked example is one tap away, and its address is the permalink.
    page.tap(f'{MAIN} .chq-preset[data-preset="double-dice-chain"]')
    answers(page, "spotting", {"distance": 18, "chain_dice": 2})
    assert address(page) == {"distance": "18", "chain_dice": "2"}
    assert "no distance" in page.text(f"{MAIN} .chq-presets__note")

    # The exact value is a tap away, under the percentage, which stays.
    expected = compute("spotting", {"distance": 18, "chain_dice": 2})["p_spotted"]
    headline = f"{MAIN} [data-headline]"
    page.tap(headline)
    assert page.text(headline).strip() == printing.pct(expected)
    assert page.text(f"{MAIN} [data-headline-exact]") == printing.exact(expected)
    assert page.run(f"return document.querySelector('{headline}').getAttribute('aria-pressed')") == "true"
    page.tap(headline)
    assert page.text(headline).strip() == printing.pct(expected)
    assert page.run(f"return document.querySelector('{MAIN} [data-headline-exact]').offsetParent") is None

    # Reset: back to the starting inputs, and the fragment goes away.
    page.tap(f"{MAIN} button[type=reset]")
    page.answer_for({"distance": 18, "chain_dice": 0, "cover": "none", "moving": False})
    assert address(page) == {}
    assert page.errors() == []


def test_exactly_at_least_toggle(module_page: SitePage) -> None:
    page = module_page
    show(page, "rally")
    page.set_fragment(fragment({"disruption": 3}))
    page.answer_for({"disruption": 3})
    rows = sorted(compute("rally", {"disruption": 3})["remaining"], key=lambda r: r["disruption"])
    exactly = [Fraction(r["p"]["exact"]) for r in rows]
    at_least = [sum(exactly[k:], Fraction(0)) for k in range(len(exactly))]
    values = f"return [...document.querySelectorAll('{MAIN} .chq-chart .chq-value')].map(v => v.innerText)"
    assert page.run(values) == [printing.pct(q) for q in exactly]
    page.tap(f"{MAIN} .chq-view label", text="At least")
    assert page.run(values) == [printing.pct(q) for q in at_least]
    page.tap(f"{MAIN} .chq-view label", text="Exactly")
    assert page.run(values) == [printing.pct(q) for q in exactly]
    assert page.errors() == []


def test_close_assault_shows_each_sides_dice_and_tn_per_round(module_page: SitePage) -> None:
    page = module_page
    params = CASES["close_assault"][0]
    show(page, "close_assault")
    page.set_fragment(fragment(params))
    answers(page, "close_assault", params)
    rows = page.run(f"return [...document.querySelectorAll('{MAIN} .chq-details__table tbody tr')]"
                    ".map(r => r.textContent)")
    assert "round 1" in rows[0] and "6D at 2+" in rows[0] and "4D at 6+" in rows[0], rows[0]
    assert len(rows) == len(reference("close_assault", params)["rounds"])
    assert page.errors() == []


def test_a_card_on_a_rules_page_answers_and_keeps_the_pages_address(module_page: SitePage,
                                                                    built_site: Path) -> None:
    pages = compact_pages(built_site)
    assert pages, "no rules page has a compact widget (<!-- calculator: ... compact --> markers)"
    page = module_page
    page.load(pages[0])
    page.run(f"document.querySelector('{CARD}').scrollIntoView({{block: 'center', behavior: 'instant'}})")
    # (a card starts the engine when it comes into view)
    page.wait(f"return document.querySelector('{CARD}').dataset.state === 'ready'"
              f" && document.querySelector('{CARD}').dataset.engine === 'ready'",
              what="the card's answer from the engine", timeout=ENGINE_S)
    mechanic = page.run(f"return document.querySelector('{CARD}').dataset.calculator")
    shown = json.loads(page.run(f"return document.querySelector('{CARD}').dataset.result"))
    assert same(shown, reference(mechanic, shown["inputs"]), TOLERANCE.get(mechanic, 0.0)) == []
    href = page.run(f"return document.querySelector('{CARD} .chq-open').href")
    assert PAGES[mechanic].split("/")[1] in href and "#" in href
    # Changing an input updates the card and its link, never the rules page's address.
    before = page.run("return location.href")
    page.tap(f"{CARD} .chq-edit > summary")
    name = page.run(f"return document.querySelector('{CARD} .chq-field--stepper').dataset.param")
    page.tap(f'{CARD} .chq-field--stepper[data-param="{name}"] .chq-step[data-step="1"]')
    page.wait(f"const r = document.querySelector('{CARD}'); return r.dataset.state === 'ready'"
              " && JSON.parse(r.dataset.result).inputs[arguments[0]] === arguments[1];",
              name, shown["inputs"][name] + 1, what=f"the card's answer for {name} + 1")
    assert page.run("return location.href") == before
    assert f"{name}={shown['inputs'][name] + 1}" in page.run(f"return document.querySelector('{CARD} .chq-open').href")
    assert page.errors() == []
