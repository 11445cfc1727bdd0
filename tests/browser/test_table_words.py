"""Reading and tapping at the table: glossary terms open in place, and the widgets
speak the players' words. The built site over HTTP with the real Pyodide engine; every
number compared with ``calculators.compute()``. Each story is written once and run in
Chromium and in WebKitGTK, the engine of Safari on an iPad (tests/browser/page_api.py),
a story walking from page to page by links, as a player does (one engine start):

* a glossary term opens its definition in place (the rest of the glossary:
  tests/browser/test_glossary_terms.py);
* Spotting with Target = Hidden Units headlines ``p_found`` (the units are found at
  all), from the page's answer table and from the engine alike;
* errors name the field and say what to enter, in compute()'s own words (and the
  command line's); a field being typed in is not flagged until it is left, its last
  answer kept (stale);
* Artillery's hints use the rules' names, and Cover is disabled (with the reason)
  under Armour Battles, which ignores it (that no calculator shows a document's number
  outside its readings is checked on the walk of every page, test_site_pages.py);
* Moving a Blind opens its chart on "At least", and its label names the distance;
* the status while the engine starts speaks of the calculator getting ready;
* the headline says that a tap opens the exact value, and the keyboard toggles it;
* Chromium only (WebDriver cannot emulate print media): a printed calculator shows
  the inputs it was computed for, and no buttons;
* screenshots of these words: test_words_screenshots.py.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from chq_site.widget import permalinks, presentation

from calculators import PARAMETERS, compute, printing
from tests.browser.page_api import SitePage
from tests.browser.site_helpers import typing_hint
from tests.browser.table_words_helpers import (
    DISTANCE,
    HEADLINE_PRESSED,
    MAIN,
    PAGES,
    POPOVER_SHOWN,
    READY_MS,
    ROOT,
    STATUS_LOG,
    TABLET,
    answer_from,
    check_status_words,
    definitions,
    full_inputs,
    label,
    label_for,
    math_close,
    refusal,
    tap_text,
    wait_answer,
)

SIZE = (TABLET["width"], TABLET["height"])
ERROR_SHOWN = "return document.querySelector('.chq-widget[data-mode=full]').dataset.state === 'error';"


def test_spotting_speaks_the_players_words(site_page: Callable[..., SitePage]) -> None:
    """A glossary term on the rules page, then its calculator reached by a link: Hidden
    Units' headline, each refused input's message, and a field being typed in, its
    address and fields changed as a player changes them."""
    page = site_page(*SIZE)
    page.open("rules/spotting/")
    # A glossary term opens its definition in place.
    href = page.run("return document.querySelector('article a.chq-term').getAttribute('href');")
    anchor = href.rsplit("#", 1)[1]
    before = page.run("return location.href;")
    page.tap("article a.chq-term")
    shown = page.wait(POPOVER_SHOWN, what="the glossary pop-over")
    assert shown["href"] == before, "the tap left the page"
    assert shown["text"] == definitions()[anchor]
    assert shown["size"] >= 14
    assert shown["left"] >= 0 and shown["right"] <= shown["width"], shown
    assert shown["more"].endswith(f"#{anchor}")
    assert shown["inside"], "focus did not move into the pop-over"
    page.press("Escape")
    page.wait("return document.getElementById('chq-gloss').hidden;", what="the pop-over to close")
    assert page.run("return document.activeElement.getAttribute('href');") == href, \
        "focus did not go back to the term"
    page.wait_navigation_armed()
    params = {"distance": 18, "cover": "light", "target": "hidden"}
    want = compute("spotting", params)
    assert want["p_found"] != want["p_spotted"]
    assert Fraction(want["p_found"]["exact"]) == Fraction(want["p_deployed"]["exact"]) + Fraction(
        want["p_blind"]["exact"])
    page.go(PAGES["spotting"] + "#distance=18&cover=light&target=hidden")
    # The page's first answer (the answer table's, or the engine's if it came first),
    # then the engine's: both headline p_found.
    for source in (None, "engine"):
        shown = answer_from(page, full_inputs("spotting", params), source)
        assert shown["exact"] == want["p_found"]["exact"], (source, shown)
        assert "found" in shown["label"].lower(), shown["label"]
    assert shown["text"] == printing.pct(want["p_found"])
    # Back to a Blind: the spotting attempt's chance again, under its own label.
    tap_text(page, f'{MAIN} [data-param="target"] label', "Blind")
    blind = {"distance": 18, "cover": "light"}
    shown = answer_from(page, full_inputs("spotting", blind))
    assert shown["exact"] == compute("spotting", blind)["p_spotted"]["exact"]
    assert shown["label"] == presentation.HEADLINE_LABELS["spotting"]

    # Errors name the field in plain words, as the command line does.
    for fragment, field, value in (("distance=250", "distance", 250), ("distance=abc", "distance", "abc"),
                                   ("distance=18&cover=swamp", "cover", "swamp")):
        bad = {"distance": 18, field: value}
        error = refusal("spotting", bad)
        assert error.field == field and "must be" not in error.message and "got" not in error.message
        page.set_fragment(fragment)
        message = page.wait(
            "const r = document.querySelector('.chq-widget[data-mode=full]');"
            " const msg = r.querySelector(`[data-param=\"${arguments[0]}\"] .chq-msg`);"
            " return r.dataset.state === 'error' && msg && msg.textContent;",
            field, what=f"the message for {fragment}")
        assert message == f"{label('spotting', field)}: {error.message}.", fragment
        # The command line: the same words, as `error: <field>: <message>`, exit 2.
        done = subprocess.run([sys.executable, "-m", "calculators", "spotting", "--json", json.dumps(bad)],
                              capture_output=True, text=True, cwd=ROOT, check=False)
        assert done.returncode == 2
        assert done.stderr == f"error: {field}: {error.message}\n"

    # A field being typed in is not flagged until it is left.
    page.set_fragment("distance=18")
    good = answer_from(page, full_inputs("spotting", {"distance": 18}))
    assert good["exact"]
    page.tap(f'{MAIN} input[name="distance"]')
    page.press("Select all")
    page.press("Backspace")
    state = page.wait(f"const s = (() => {{ {DISTANCE} }})(); return s.stale && s.state === 'loading' && s;",
                      what="the cleared field, stale and not flagged")
    # No figure of the last inputs stays in view: the answer says what it waits for.
    assert state == {"state": "loading", "value": "", "stale": True, "message": "", "invalid": None,
                     "result": None, "exact": "", "figures": False,
                     "hint": typing_hint("spotting", {"distance": ""})}, state
    # Out of range while typing: still not flagged.
    page.type("250")
    state = page.wait(f"const s = (() => {{ {DISTANCE} }})(); return s.value === '250' && s;",
                      what="250 typed")
    assert (state["state"], state["message"]) == ("loading", ""), state
    # Leaving the field flags it, in compute()'s words.
    page.press("Tab")
    page.wait(ERROR_SHOWN, what="the distance flagged", timeout=READY_MS / 1000)
    state = page.run(DISTANCE)
    assert state["message"] == f"{label('spotting', 'distance')}: {refusal('spotting', {'distance': 250}).message}."
    assert state["invalid"] == "true"
    # A good value answers again.
    page.fill(f'{MAIN} input[name="distance"]', "30")
    assert answer_from(page, full_inputs("spotting", {"distance": 30}))["exact"] == \
        compute("spotting", {"distance": 30})["p_spotted"]["exact"]
    assert page.run(DISTANCE)["message"] == ""
    # An empty field left empty says so once left (no "got ''").
    page.press("Select all")
    page.press("Backspace")
    page.wait(f"return (() => {{ {DISTANCE} }})().value === '';", what="the field emptied")
    assert page.run(DISTANCE)["message"] == ""
    page.press("Enter")
    page.wait(ERROR_SHOWN, what="the empty distance flagged")
    message = page.run(DISTANCE)["message"]
    assert message == f"{label('spotting', 'distance')}: {refusal('spotting', {'distance': ''}).message}."
    assert "''" not in message
    assert page.errors() == []


def test_artillery_the_blind_move_and_the_headline_speak_the_rules(site_page: Callable[..., SitePage]) -> None:
    """One walk, page to page by links: a rules page's Blind move card (its status
    while the engine starts, which it starts; its label as its inputs change),
    Artillery's words and its disabled Cover, the Blind move calculator's chart and
    label (as its address changes), Close Assault's headline that a tap opens."""
    page = site_page(*SIZE, init_script=STATUS_LOG)
    # A rules page: its cards wait (idle) until scrolled to, then start the engine.
    page.open("rules/blinds/")
    page.wait("return window.__chqStatus.some(e => e.engine === 'idle');", what="an idle card's status")
    page.run("document.querySelector('.chq-widget[data-calculator=blind_move]').scrollIntoView();")
    page.wait("return document.querySelector('.chq-widget[data-calculator=blind_move]').dataset.engine"
              " === 'ready';", what="the card's engine", timeout=READY_MS / 1000)
    check_status_words(page.run("return window.__chqStatus;"))
    page.wait_navigation_armed()
    # The card in the rules, as its inputs change.
    card = ".chq-widget[data-calculator=blind_move]"
    page.run(f"document.querySelector('{card}').scrollIntoView({{block: 'center'}});")
    first = page.wait(f"const r = document.querySelector('{card}'); return r.dataset.state === 'ready' &&"
                      " r.dataset.result && JSON.parse(r.dataset.result).inputs;",
                      what="the card's answer", timeout=READY_MS / 1000)
    card_label = f"return document.querySelector('{card} .chq-output__label').innerText.trim();"
    assert page.run(card_label) == label_for({"target": first["target"]})
    page.tap(f"{card} .chq-edit > summary")
    page.tap(f'{card} [data-param="target"] .chq-step[data-step="1"]')
    longer = {"target": first["target"] + 1}
    exact = page.wait(f"const r = document.querySelector('{card}'); return r.dataset.state === 'ready'"
                      " && JSON.parse(r.dataset.result).inputs.target === arguments[0]"
                      " && r.querySelector('[data-headline]').dataset.exact;",
                      longer["target"], what="the card's answer for a longer move", timeout=READY_MS / 1000)
    assert page.run(card_label) == label_for(longer)
    assert exact == compute("blind_move", longer)["p_reach"]["exact"]

    page.go(PAGES["artillery"])
    start = compute("artillery", {"variant": "armour-battles"})
    answer_from(page, full_inputs("artillery", {"variant": "armour-battles"}))
    helps = page.run(f"return [...document.querySelectorAll('{MAIN} .chq-help')].map(e => e.innerText).join(' ');")
    assert "armour-battles" not in helps and "combat-hq" not in helps, helps
    assert "Combat HQ only" in helps and "Armour Battles" in helps
    cover = page.run(
        "const c = document.querySelector(arguments[0] + ' [data-param=cover]');"
        " const why = c.querySelector('.chq-why');"
        " return {disabled: [...c.querySelectorAll('input[type=radio]')].map(i => i.disabled),"
        "  why: why && why.getClientRects().length ? why.innerText : null, whyId: why && why.id,"
        "  described: (c.getAttribute('aria-describedby') || '').split(' '),"
        "  radius: document.querySelector(arguments[0] + ' [data-param=template_radius] input').disabled};", MAIN)
    assert cover["disabled"] and all(cover["disabled"]), cover
    assert cover["why"] and "Armour Battles" in cover["why"], cover
    assert cover["whyId"] in cover["described"], cover
    assert cover["radius"], cover
    # Combat HQ uses cover: enabled again, the reason gone, and the answer counts it.
    tap_text(page, f'{MAIN} [data-param="variant"] label', "Combat HQ")
    page.wait(f"return !document.querySelector('{MAIN} [data-param=cover] input').disabled;", what="cover enabled")
    assert page.run(f"return document.querySelectorAll('{MAIN} [data-param=cover] .chq-why').length;") == 0
    tap_text(page, f'{MAIN} [data-param="cover"] label', "Heavy")
    params = {"variant": "combat-hq", "cover": "heavy"}
    shown = answer_from(page, full_inputs("artillery", params))
    assert math_close(float(shown["value"]), compute("artillery", params)["p_new_suppression"]["value"])
    assert start["p_new_suppression"] != compute("artillery", params)["p_new_suppression"]

    # Moving a Blind: the chart opens on "At least", the headline one of its rows.
    page.go(PAGES["blind_move"])
    begin = presentation.STARTING["blind_move"]
    answer_from(page, full_inputs("blind_move", begin))
    chart = page.run(
        "const r = document.querySelector(arguments[0]);"
        " return {view: r.querySelector('.chq-view input:checked').value,"
        "  values: [...r.querySelectorAll('.chq-chart .chq-value')].map(e => e.innerText.trim()),"
        "  headline: r.querySelector('[data-headline]').innerText.trim(),"
        "  marked: [...r.querySelectorAll('.chq-chart tr.is-current .chq-value')].map(e => e.innerText.trim())};",
        MAIN)
    rows = sorted(compute("blind_move", begin)["distribution"], key=lambda r: r["inches"])
    exactly = [Fraction(r["p"]["exact"]) for r in rows]
    at_least = [sum(exactly[i:], Fraction(0)) for i in range(len(exactly))]
    target_row = next(i for i, r in enumerate(rows) if r["inches"] >= begin["target"])
    assert chart["view"] == "at-least", chart
    assert chart["values"] == [printing.pct(q) for q in at_least], chart
    assert chart["headline"] == printing.pct(at_least[target_row]), chart
    assert chart["marked"] == [printing.pct(at_least[target_row])], "at least: the one row that is the headline"
    # Its label names the distance, as the address changes.
    for fragment, move in (("target=30", {"target": 30}), ("target=7.5&suppressed=true",
                                                            {"target": 7.5, "suppressed": True})):
        page.set_fragment(fragment)
        shown = answer_from(page, full_inputs("blind_move", move))
        assert shown["label"] == label_for(move), shown
        assert shown["exact"] == compute("blind_move", move)["p_reach"]["exact"]
    # Close Assault: the headline says a tap opens the exact value under it (which
    # stays); the cue is in sight and part of the button's description; the keyboard
    # toggles it too.
    page.go(PAGES["close_assault"] + "#att_dice=6&def_dice=5")
    assault = {"att_dice": 6, "def_dice": 5}
    wins = compute("close_assault", assault)["p_attacker_wins"]
    answer_from(page, full_inputs("close_assault", assault))
    cue = page.run(
        "const r = document.querySelector(arguments[0]); const c = r.querySelector('[data-headline-cue]');"
        " return {shown: c.getClientRects().length > 0, text: c.innerText, id: c.id,"
        "  size: parseFloat(getComputedStyle(c).fontSize),"
        "  described: r.querySelector('button[data-headline]').getAttribute('aria-describedby').split(' ')};", MAIN)
    assert cue["shown"] and cue["text"] == "Tap for the exact fraction", cue
    assert cue["id"] in cue["described"], cue
    assert cue["size"] >= 11, cue
    percentage, fraction = printing.pct(wins), printing.exact(wins)
    # Tab reaches the headline from the form's last button; Enter and Space toggle it.
    page.run(f"document.querySelector('{MAIN} .chq-reset').focus();")
    page.press("Tab")
    assert page.run(f"return document.activeElement === document.querySelector('{MAIN} button[data-headline]');")
    page.press("Enter")
    shown = page.wait(HEADLINE_PRESSED, "true", what="the exact value, from Enter")
    assert shown == [percentage, fraction, "Tap to hide the exact value", True], shown
    page.press("Space")
    shown = page.wait(HEADLINE_PRESSED, "false", what="the exact value closed, from Space")
    assert shown == [percentage, None, "Tap for the exact fraction", True], shown
    # A tap on the cue itself does what it says.
    page.tap(f"{MAIN} [data-headline-cue]")
    shown = page.wait(HEADLINE_PRESSED, "true", what="the exact value, from a tap on the cue")
    assert shown[:2] == [percentage, fraction], shown
    assert page.errors() == []


@pytest.mark.parametrize("mechanic", ["close_assault", "artillery"])
def test_a_printed_calculator_shows_its_inputs_and_no_buttons(open_page: Any, artifacts: Path,
                                                              mechanic: str) -> None:
    """Chromium only: WebDriver cannot emulate print media (Playwright's emulate_media)."""
    preset = presentation.PRESETS[mechanic][0]
    params = full_inputs(mechanic, preset.params)
    page = open_page(PAGES[mechanic] + "#" + permalinks.preset_fragment(mechanic, preset.id), TABLET)
    wait_answer(page, params, "engine")
    page.emulate_media(media="print")
    root = page.locator(MAIN)
    line = root.locator(".chq-inputs-print")
    assert line.is_visible()
    text = line.inner_text()
    for param in PARAMETERS[mechanic]:
        assert param.label in text, f"{param.label} missing from the printed inputs: {text}"
    numbers = [p for p in PARAMETERS[mechanic] if p.kind in ("int", "number")]
    for param in numbers:
        assert re.search(re.escape(param.label) + r"[^:]*: " + re.escape(str(params[param.name])) + r"\b", text), \
            (param.name, text)
    assert not root.locator(".chq-form").is_visible()
    visible_controls = root.locator("button, input, [role=radiogroup]").evaluate_all(
        "els => els.filter(e => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden'"
        " && !e.matches('button[data-headline]')).map(e => e.outerHTML.slice(0, 120))")
    assert visible_controls == []
    (artifacts / "screenshots").mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(artifacts / "screenshots" / f"words-print-{PAGES[mechanic].split('/')[1]}.png"),
                    full_page=True)
    page.emulate_media(media="screen")
    assert not line.is_visible(), "the inputs line is for paper only"
