"""Reading and tapping at the table in WebKitGTK, the engine of Safari on
an iPad: a glossary term opens its definition in place, the Hidden Units headline is
``p_found``, and a field being typed in is not flagged until it is left. The players'
words: the rules named, not their documents' numbers (outside the readings); the
Blind's move names its distance; the status while the engine starts speaks of the
calculator getting ready (the engine's size in its details); the headline says that
a tap opens the exact value under the percentage, and the keyboard toggles it. The built site, the real
Pyodide engine; numbers compared with ``calculators.compute()``.
(tests/browser/test_table_words.py covers the rest in Chromium.)
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from chq_site.glossary import glossary
from chq_site.widget import permalinks, presentation

from calculators import PARAMETERS, InputError, compute, printing
from tests.browser.site_helpers import typing_hint, url
from tests.browser.table_words_helpers import (
    ALL_ANSWERED,
    DOCUMENT_NUMBER,
    READABLE_TEXT,
    STATUS_LOG,
    check_status_words,
)
from tests.browser.widgets_helpers import PAGES
from tests.webkit.driver import ENGINE_TIMEOUT_S, page_errors, run_js, wait_js, widget_when
from tests.webkit.probe import ProbeServer
from tests.webkit.webkit_calculators_helpers import SHOWS, TABLET

ROOT = Path(__file__).resolve().parents[2]

POPOVER = """
const box = document.getElementById('chq-gloss');
if (!box || box.hidden) return null;
const r = box.getBoundingClientRect();
const text = box.querySelector('.chq-gloss__text');
return {left: r.left, right: r.right, width: document.documentElement.clientWidth,
        text: text.textContent, size: parseFloat(getComputedStyle(text).fontSize),
        more: box.querySelector('.chq-gloss__link').getAttribute('href'),
        inside: box.contains(document.activeElement), href: location.href};
"""


def definitions() -> dict[str, str]:
    text = (ROOT / "docs" / glossary.GLOSSARY_SRC).read_text(encoding="utf-8")
    return {term.anchor: term.definition for term in glossary.parse_glossary(text)}


def test_a_glossary_term_opens_in_place(probe_site: str, new_webkit: Any) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    driver = new_webkit(*TABLET)  # (MiniBrowser's window cannot be made as narrow as a phone)
    driver.get(url(probe_site, "rules/spotting/"))
    term = driver.find_element(By.CSS_SELECTOR, "article a.chq-term")
    anchor = term.get_attribute("href").rsplit("#", 1)[1]
    before = driver.current_url
    run_js(driver, "arguments[0].scrollIntoView({block: 'center'})", term)
    term.click()
    shown = wait_js(driver, POPOVER, what="the glossary pop-over")
    assert shown["href"] == before, "the tap left the page"
    assert shown["text"] == definitions()[anchor]
    assert shown["size"] >= 14
    assert shown["left"] >= 0 and shown["right"] <= shown["width"], shown
    assert shown["more"].endswith(f"#{anchor}")
    assert shown["inside"], "focus did not move into the pop-over"
    ActionChains(driver).send_keys(Keys.ESCAPE).perform()
    wait_js(driver, "return document.getElementById('chq-gloss').hidden", what="the pop-over to close")
    focused = run_js(driver, "return document.activeElement.getAttribute('href')")
    assert focused == term.get_attribute("href"), "focus did not go back to the term"
    assert page_errors(driver) == []


def test_hidden_units_headline_is_p_found(probe_site: str, new_webkit: Any) -> None:
    driver = new_webkit(*TABLET)
    params = {"distance": 18, "cover": "light", "target": "hidden"}
    want = compute("spotting", params)
    assert want["p_found"]["exact"] != want["p_spotted"]["exact"]
    driver.get(url(probe_site, PAGES["spotting"]) + "#distance=18&cover=light&target=hidden")
    inputs = json.loads(json.dumps(want["inputs"]))
    shown = widget_when(driver, f"{SHOWS} && r.source === 'engine'", inputs, "spotting",
                        what="the engine's Hidden Units answer")
    assert shown["exact"] == want["p_found"]["exact"], shown
    assert shown["text"] == printing.pct(want["p_found"])
    label = run_js(driver, "return document.querySelector('.chq-widget[data-mode=full] .chq-output__label')"
                           ".textContent")
    assert "found" in label.lower(), label
    assert page_errors(driver) == []


def test_a_field_being_typed_in_is_not_flagged(probe_site: str, new_webkit: Any) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    driver = new_webkit(*TABLET)
    params = {"distance": 18, "cover": "light"}
    want = compute("spotting", params)
    driver.get(url(probe_site, PAGES["spotting"]) + "#distance=18&cover=light")
    inputs = json.loads(json.dumps(want["inputs"]))
    shown = widget_when(driver, f"{SHOWS} && r.source === 'engine'", inputs, "spotting",
                        what="the engine's answer")
    assert shown["exact"] == want["p_spotted"]["exact"], shown
    # Clear the distance to retype it: no message while the field is being typed in,
    # and no figure of the last answer (the answer says what it waits for).
    field = driver.find_element(By.CSS_SELECTOR, '.chq-widget[data-mode=full] input[name="distance"]')
    field.click()
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(Keys.BACK_SPACE)
    state = wait_js(
        driver,
        "const r = document.querySelector('.chq-widget[data-mode=full]');"
        " if (r.querySelector('input[name=distance]').value !== '' || r.dataset.state !== 'loading') return null;"
        " return {stale: r.classList.contains('chq-stale'),"
        "  message: r.querySelector('[data-param=distance] .chq-msg').textContent,"
        "  invalid: r.querySelector('input[name=distance]').getAttribute('aria-invalid'),"
        "  exact: r.querySelector('[data-headline]').dataset.exact,"
        "  hint: r.querySelector('.chq-output__hint').textContent};",
        what="the cleared field, not yet flagged")
    assert state == {"stale": True, "message": "", "invalid": None, "exact": "",
                     "hint": typing_hint("spotting", {**params, "distance": ""})}, state
    # Leaving the field flags it, in compute()'s words.
    field.send_keys(Keys.TAB)
    message = wait_js(
        driver,
        "const r = document.querySelector('.chq-widget[data-mode=full]');"
        " return r.dataset.state === 'error' && r.querySelector('[data-param=distance] .chq-msg').textContent;",
        timeout=ENGINE_TIMEOUT_S, what="the distance field's message")
    try:
        compute("spotting", {**params, "distance": ""})
    except InputError as error:
        label = next(p.label for p in PARAMETERS["spotting"] if p.name == "distance")
        assert message == f"{label}: {error.message}.", message
    else:  # pragma: no cover - compute() refuses an empty distance
        raise AssertionError("compute() took an empty distance")
    assert page_errors(driver) == []


# --------------------------------------------------------------------------- #
# Players' words                                                              #
# --------------------------------------------------------------------------- #

def test_artillery_names_the_rules_not_their_documents(probe_site: str, new_webkit: Any) -> None:
    driver = new_webkit(*TABLET)
    preset = next(p for p in presentation.PRESETS["artillery"] if p.params["variant"] == "combat-hq")
    driver.get(url(probe_site, PAGES["artillery"]) + "#" + permalinks.preset_fragment("artillery", preset.id))
    inputs = json.loads(json.dumps(compute("artillery", preset.params)["inputs"]))
    widget_when(driver, f"{SHOWS} && r.source === 'engine'", inputs, "artillery", what="the engine's answer")
    wait_js(driver, f"return ({ALL_ANSWERED})()", what="the working shown")
    widgets = run_js(driver, f"return ({READABLE_TEXT})()")
    assert [w["calculator"] for w in widgets] == ["artillery"]
    text = widgets[0]["text"]
    assert "Combat HQ" in text and "Armour Battles" in text
    assert DOCUMENT_NUMBER.findall(text) == [], [text[max(0, m.start() - 60):m.end() + 20]
                                                 for m in DOCUMENT_NUMBER.finditer(text)]
    assert DOCUMENT_NUMBER.search(widgets[0]["readings"]), "the readings name the sources"
    assert page_errors(driver) == []


def test_the_blind_move_label_follows_the_permalink(probe_site: str, new_webkit: Any) -> None:
    driver = new_webkit(*TABLET)
    driver.get(url(probe_site, PAGES["blind_move"]) + "#target=30")
    for fragment, params in (("target=30", {"target": 30}),
                             ("target=7.5&suppressed=true", {"target": 7.5, "suppressed": True})):
        if not driver.current_url.endswith("#" + fragment):
            run_js(driver, "location.hash = arguments[0]", fragment)
        want = json.loads(json.dumps(compute("blind_move", params)))
        shown = widget_when(driver, f"{SHOWS} && r.source === 'engine'", want["inputs"], "blind_move",
                            what=f"the engine's answer for {fragment}")
        assert shown["exact"] == want["p_reach"]["exact"], shown
        label = run_js(driver, "return document.querySelector('.chq-widget[data-mode=full] .chq-output__label')"
                               ".textContent")
        assert label == presentation.headline_for("blind_move", want["inputs"])["label"], label
        assert f"{params['target']}″ or more" in label, label
    assert page_errors(driver) == []


@pytest.fixture(scope="module")
def status_site(built_site: Path) -> Iterator[str]:
    """As ``probe_site``, every status line the calculators show logged as it changes."""
    with ProbeServer(built_site, extra=STATUS_LOG) as server:
        yield server.origin + "/"


def test_the_status_while_starting_speaks_the_tables_words(status_site: str, new_webkit: Any) -> None:
    driver = new_webkit(*TABLET)
    # A rules page: its cards wait (idle) until scrolled to, then start the engine.
    driver.get(url(status_site, "rules/blinds/"))
    wait_js(driver, "return window.__chqStatus.some(e => e.engine === 'idle')", what="an idle card's status")
    run_js(driver, "document.querySelector('.chq-widget[data-calculator=blind_move]').scrollIntoView()")
    wait_js(driver, "return document.querySelector('.chq-widget[data-calculator=blind_move]').dataset.engine"
                    " === 'ready'", timeout=ENGINE_TIMEOUT_S, what="the card's engine")
    check_status_words(run_js(driver, "return window.__chqStatus"))
    assert page_errors(driver) == []


def test_the_headline_says_a_tap_shows_the_fraction(probe_site: str, new_webkit: Any) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    driver = new_webkit(*TABLET)
    params = {"att_dice": 6, "def_dice": 5}
    want = json.loads(json.dumps(compute("close_assault", params)))
    driver.get(url(probe_site, PAGES["close_assault"]) + "#att_dice=6&def_dice=5")
    widget_when(driver, f"{SHOWS} && r.source === 'engine'", want["inputs"], "close_assault",
                what="the engine's answer")
    main = ".chq-widget[data-mode=full]"
    headline = driver.find_element(By.CSS_SELECTOR, f"{main} button[data-headline]")
    cue = driver.find_element(By.CSS_SELECTOR, f"{main} [data-headline-cue]")
    assert cue.is_displayed() and cue.text == "Tap for the exact fraction"
    assert cue.get_attribute("id") in headline.get_attribute("aria-describedby").split()
    state = ("const h = document.querySelector('.chq-widget[data-mode=full] button[data-headline]');"
             " const x = document.querySelector('.chq-widget[data-mode=full] [data-headline-exact]');"
             " return h.getAttribute('aria-pressed') === arguments[0] &&"
             " [h.textContent.trim(), x.hidden ? null : x.textContent,"
             " document.querySelector('.chq-widget[data-mode=full] [data-headline-cue]')"
             ".textContent, document.activeElement === h];")
    percentage, exact = printing.pct(want["p_attacker_wins"]), printing.exact(want["p_attacker_wins"])
    # The keyboard: Enter and Space on the focused headline toggle it; the percentage stays.
    run_js(driver, "arguments[0].focus()", headline)
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    shown = wait_js(driver, state, "true", what="the exact value, from Enter")
    assert shown == [percentage, exact, "Tap to hide the exact value", True], shown
    ActionChains(driver).send_keys(Keys.SPACE).perform()
    shown = wait_js(driver, state, "false", what="the exact value closed, from Space")
    assert shown == [percentage, None, "Tap for the exact fraction", True], shown
    # A tap on the cue does what it says.
    cue.click()
    shown = wait_js(driver, state, "true", what="the exact value, from a tap on the cue")
    assert shown[:2] == [percentage, exact], shown
    assert page_errors(driver) == []
