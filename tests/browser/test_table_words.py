"""Reading and tapping at the table: glossary terms open in place, and the
widgets speak the players' words. The built site over HTTP, in Chromium, with the
real Pyodide engine; every number compared with ``calculators.compute()``.

* glossary terms: tests/browser/test_glossary_terms.py;
* Spotting with Target = Hidden Units headlines ``p_found`` (the units are found at
  all), from the page's answer table and from the engine alike;
* errors name the field and say what to enter, in compute()'s own words; a field
  being typed in is not flagged until it is left, its last answer kept (stale);
* Artillery's hints use the rules' names, and Cover is disabled (with the reason)
  under Armour Battles, which ignores it;
* Moving a Blind opens its chart on "At least";
* a printed calculator shows the inputs it was computed for, and no buttons;
* screenshots of these words: test_words_screenshots.py.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from chq_site.widget import permalinks, presentation

from calculators import PARAMETERS, compute, printing
from tests.browser.site_helpers import typing_hint, url
from tests.browser.table_words_helpers import (
    ALL_ANSWERED,
    DOCUMENT_NUMBER,
    MAIN,
    NO_SW,
    PAGES,
    READABLE_TEXT,
    READY_MS,
    ROOT,
    STATUS_LOG,
    TABLET,
    card_pages,
    check_status_words,
    full_inputs,
    label,
    math_close,
    refusal,
    wait_answer,
)

# --------------------------------------------------------------------------- #
# Words in the widgets                                                        #
# --------------------------------------------------------------------------- #

def test_hidden_units_headline_is_p_found(open_page: Any) -> None:
    params = {"distance": 18, "cover": "light", "target": "hidden"}
    want = compute("spotting", params)
    assert want["p_found"] != want["p_spotted"]
    assert Fraction(want["p_found"]["exact"]) == Fraction(want["p_deployed"]["exact"]) + Fraction(
        want["p_blind"]["exact"])
    page = open_page(PAGES["spotting"] + "#distance=18&cover=light&target=hidden", TABLET)
    # The answer table's (the build's) and then the engine's: both headline p_found.
    for source in ("build", "engine"):
        shown = wait_answer(page, full_inputs("spotting", params), source) if source == "engine" else \
            page.wait_for_function(
                """() => { const r = document.querySelector('.chq-widget[data-mode=full]');
                    if (!r || r.dataset.state !== 'ready') return false;
                    const h = r.querySelector('[data-headline]');
                    return {source: r.dataset.source, exact: h.dataset.exact,
                            label: r.querySelector('.chq-output__label').textContent}; }""",
                timeout=READY_MS).json_value()
        assert shown["exact"] == want["p_found"]["exact"], (source, shown)
        assert "found" in shown["label"].lower(), shown["label"]
    assert shown["text"] == printing.pct(want["p_found"])
    # Back to a Blind: the spotting attempt's chance again, under its own label.
    page.locator(f'{MAIN} [data-param="target"] label', has_text="Blind").click()
    blind = compute("spotting", {"distance": 18, "cover": "light"})
    shown = wait_answer(page, full_inputs("spotting", {"distance": 18, "cover": "light"}), "engine")
    assert shown["exact"] == blind["p_spotted"]["exact"]
    assert shown["label"] == presentation.HEADLINE_LABELS["spotting"]
    assert page.chq_errors == []


@pytest.mark.parametrize(("fragment", "field", "value"), [
    ("distance=250", "distance", 250),
    ("distance=abc", "distance", "abc"),
    ("distance=18&cover=swamp", "cover", "swamp"),
])
def test_errors_name_the_field_in_plain_words(open_page: Any, fragment: str, field: str, value: Any) -> None:
    params = {"distance": 18, field: value}
    error = refusal("spotting", params)
    assert error.field == field and "must be" not in error.message and "got" not in error.message
    expected = f"{label('spotting', field)}: {error.message}."
    page = open_page(PAGES["spotting"] + "#" + fragment, TABLET)
    message = page.wait_for_function(
        """field => { const r = document.querySelector('.chq-widget[data-mode=full]');
            const msg = r && r.querySelector(`[data-param="${field}"] .chq-msg`);
            return r && r.dataset.state === 'error' && msg && msg.textContent; }""",
        arg=field, timeout=READY_MS).json_value()
    assert message == expected
    # The command line: the same words, as `error: <field>: <message>`, exit 2.
    done = subprocess.run([sys.executable, "-m", "calculators", "spotting", "--json", json.dumps(params)],
                          capture_output=True, text=True, cwd=ROOT, check=False)
    assert done.returncode == 2
    assert done.stderr == f"error: {field}: {error.message}\n"


def test_a_field_being_typed_in_is_not_flagged(open_page: Any) -> None:
    page = open_page(PAGES["spotting"] + "#distance=18", TABLET)
    good = wait_answer(page, full_inputs("spotting", {"distance": 18}), "engine")
    field = page.locator(f'{MAIN} input[name="distance"]')
    message = page.locator(f'{MAIN} [data-param="distance"] .chq-msg')
    field.click()
    page.keyboard.press("Control+A")
    page.keyboard.press("Backspace")
    page.wait_for_function(
        "() => { const r = document.querySelector('.chq-widget[data-mode=full]');"
        " return r.classList.contains('chq-stale') && r.dataset.state === 'loading'; }")
    assert message.inner_text() == ""
    assert field.get_attribute("aria-invalid") is None
    root = page.locator(MAIN)
    # No figure of the last inputs stays in view: the answer says what it waits for.
    assert good["exact"] and root.get_attribute("data-result") is None
    assert root.locator("[data-headline]").get_attribute("data-exact") == ""
    assert not root.locator(".chq-figures").is_visible()
    assert root.locator(".chq-output__hint").inner_text() == typing_hint("spotting", {"distance": ""})
    # Out of range while typing: still not flagged.
    page.keyboard.type("250")
    page.wait_for_function(
        "() => document.querySelector('.chq-widget[data-mode=full] input[name=distance]').value === '250'"
        " && document.querySelector('.chq-widget[data-mode=full]').dataset.state === 'loading'")
    assert message.inner_text() == ""
    # Leaving the field flags it, in compute()'s words.
    page.keyboard.press("Tab")
    page.wait_for_function("() => document.querySelector('.chq-widget[data-mode=full]').dataset.state === 'error'")
    assert message.inner_text() == f"{label('spotting', 'distance')}: {refusal('spotting', {'distance': 250}).message}."
    assert field.get_attribute("aria-invalid") == "true"
    # A good value answers again.
    field.fill("30")
    want = compute("spotting", {"distance": 30})
    assert wait_answer(page, full_inputs("spotting", {"distance": 30}), "engine")["exact"] == \
        want["p_spotted"]["exact"]
    assert message.inner_text() == ""
    # An empty field left empty says so once left (no "got ''").
    field.fill("")
    assert message.inner_text() == ""
    field.press("Enter")
    page.wait_for_function("() => document.querySelector('.chq-widget[data-mode=full]').dataset.state === 'error'")
    assert message.inner_text() == f"{label('spotting', 'distance')}: {refusal('spotting', {'distance': ''}).message}."
    assert "''" not in message.inner_text()
    assert page.chq_errors == []


def test_artillery_speaks_of_the_rules_by_name_and_disables_cover(open_page: Any) -> None:
    page = open_page(PAGES["artillery"], TABLET)
    start = compute("artillery", {"variant": "armour-battles"})
    wait_answer(page, full_inputs("artillery", {"variant": "armour-battles"}), "engine")
    root = page.locator(MAIN)
    helps = " ".join(root.locator(".chq-help").all_inner_texts())
    assert "armour-battles" not in helps and "combat-hq" not in helps, helps
    assert "Combat HQ only" in helps and "Armour Battles" in helps
    cover = root.locator('[data-param="cover"]')
    radios = cover.locator("input[type=radio]")
    assert all(radios.nth(i).is_disabled() for i in range(radios.count()))
    why = cover.locator(".chq-why")
    assert why.is_visible() and "Armour Battles" in why.inner_text()
    described = cover.get_attribute("aria-describedby").split()
    assert why.get_attribute("id") in described
    assert root.locator('[data-param="template_radius"] input').is_disabled()
    # Combat HQ uses cover: enabled again, the reason gone, and the answer counts it.
    root.locator('[data-param="variant"] label', has_text="Combat HQ").click()
    page.wait_for_function(
        "() => !document.querySelector('.chq-widget[data-mode=full] [data-param=cover] input').disabled")
    assert why.count() == 0
    cover.locator("label", has_text="Heavy").click()
    params = {"variant": "combat-hq", "cover": "heavy"}
    shown = wait_answer(page, full_inputs("artillery", params), "engine")
    assert math_close(float(shown["value"]), compute("artillery", params)["p_new_suppression"]["value"])
    assert start["p_new_suppression"] != compute("artillery", params)["p_new_suppression"]
    assert page.chq_errors == []


def test_blind_move_chart_opens_on_at_least(open_page: Any) -> None:
    page = open_page(PAGES["blind_move"], TABLET)
    start = presentation.STARTING["blind_move"]
    wait_answer(page, full_inputs("blind_move", start), "engine")
    root = page.locator(MAIN)
    checked = root.locator(".chq-view input:checked")
    assert checked.get_attribute("value") == "at-least"
    rows = sorted(compute("blind_move", start)["distribution"], key=lambda r: r["inches"])
    exactly = [Fraction(r["p"]["exact"]) for r in rows]
    at_least = [sum(exactly[i:], Fraction(0)) for i in range(len(exactly))]
    assert root.locator(".chq-chart .chq-value").all_inner_texts() == [printing.pct(Fraction(q)) for q in at_least]
    # The headline is one of the rows: P(at least the target).
    target_row = next(i for i, r in enumerate(rows) if r["inches"] >= start["target"])
    assert printing.pct(Fraction(at_least[target_row])) == root.locator("[data-headline]").inner_text().strip()
    marked = root.locator(".chq-chart tr.is-current")
    assert marked.count() == 1, "at least: the one row that is the headline is marked"
    assert marked.locator(".chq-value").inner_text() == printing.pct(Fraction(at_least[target_row]))


@pytest.mark.parametrize("mechanic", ["close_assault", "artillery"])
def test_a_printed_calculator_shows_its_inputs_and_no_buttons(open_page: Any, artifacts: Path,
                                                              mechanic: str) -> None:
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


def test_no_document_number_outside_the_readings(open_page: Any, built_site: Path) -> None:
    """Players know "Armour Battles" and "Combat HQ", not the documents' numbers: a
    calculator names the rules (its choices, its working, its table, its page's
    introduction, the list of calculators) and leaves the numbers to the readings,
    where the sources are."""
    cards = card_pages(built_site)
    assert len(cards) >= 4, cards
    combat_hq = permalinks.preset_fragment("artillery", "combat-hq-mission")
    paths = ["calculators/", *PAGES.values(), PAGES["artillery"] + "#" + combat_hq, *cards]
    found: list[str] = []
    readings_with_sources = 0
    for path in paths:
        page = open_page(path, TABLET)
        page.wait_for_function(ALL_ANSWERED, timeout=READY_MS)  # a card: the page's own answer
        for widget in page.evaluate(READABLE_TEXT):
            found += [f"{path} ({widget['calculator']}, {widget['mode']}): ...{widget['text'][max(0, m.start() - 60):m.end() + 20]!r}"
                      for m in DOCUMENT_NUMBER.finditer(widget["text"])]
            readings_with_sources += bool(DOCUMENT_NUMBER.search(widget["readings"]))
        if path.startswith("calculators/"):  # the page's own words around its calculator
            intro = page.locator("article").evaluate(
                "a => { const c = a.cloneNode(true); c.querySelectorAll('.chq-widget').forEach(w => w.remove());"
                " return c.innerText; }")
            found += [f"{path} (page): ...{intro[max(0, m.start() - 60):m.end() + 20]!r}"
                      for m in DOCUMENT_NUMBER.finditer(intro)]
            found += [f"{path} (page): {line!r}" for line in intro.splitlines() if "1e-" in line]
        assert page.chq_errors == [], (path, page.chq_errors)
        page.context.close()
    assert found == [], "\n".join(found)
    assert readings_with_sources > 0, "the readings name the sources (the documents' numbers)"


def test_the_blind_move_label_names_the_distance(open_page: Any) -> None:
    """"Chance the Blind moves 24″ or more", the distance from the inputs shown: the
    card in the rules as its inputs change, the calculator as its permalink changes."""
    def label_for(params: dict[str, Any]) -> str:
        want = presentation.headline_for("blind_move", full_inputs("blind_move", params))["label"]
        assert f"{params['target']}″ or more" in want, want
        return want

    page = open_page("rules/blinds/", TABLET)
    card = page.locator(".chq-widget[data-calculator=blind_move]")
    card.scroll_into_view_if_needed()
    page.wait_for_function(
        "() => document.querySelector('.chq-widget[data-calculator=blind_move]').dataset.state === 'ready'",
        timeout=READY_MS)
    label = card.locator(".chq-output__label")
    start = json.loads(card.get_attribute("data-result"))["inputs"]
    assert label.inner_text() == label_for({"target": start["target"]})
    card.locator(".chq-edit > summary").click()
    card.locator('[data-param="target"] .chq-step[data-step="1"]').click()
    longer = {"target": start["target"] + 1}
    page.wait_for_function(
        "want => { const r = document.querySelector('.chq-widget[data-calculator=blind_move]');"
        " return r.dataset.state === 'ready' && JSON.parse(r.dataset.result).inputs.target === want; }",
        arg=longer["target"], timeout=READY_MS)
    assert label.inner_text() == label_for(longer)
    assert card.locator("[data-headline]").get_attribute("data-exact") == compute("blind_move", longer)["p_reach"]["exact"]
    assert page.chq_errors == []
    page.context.close()

    page = open_page(PAGES["blind_move"] + "#target=30", TABLET)
    for fragment, params in (("target=30", {"target": 30}),
                             ("target=7.5&suppressed=true", {"target": 7.5, "suppressed": True})):
        if not page.url.endswith("#" + fragment):
            page.evaluate("f => { location.hash = f; }", fragment)
        shown = wait_answer(page, full_inputs("blind_move", params), "engine")
        assert shown["label"] == label_for(params), shown
        assert shown["exact"] == compute("blind_move", params)["p_reach"]["exact"]
    assert page.chq_errors == []


def test_the_status_while_starting_speaks_the_tables_words(new_context: Any, site_url: str) -> None:
    context = new_context(viewport=TABLET)
    context.add_init_script(NO_SW + STATUS_LOG)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    # A rules page: its cards wait (idle) until scrolled to, then start the engine.
    page.goto(url(site_url, "rules/blinds/"))
    page.wait_for_function("() => window.__chqStatus.some(e => e.engine === 'idle')", timeout=READY_MS)
    card = page.locator(".chq-widget[data-calculator=blind_move]")
    card.scroll_into_view_if_needed()
    page.wait_for_function(
        "() => document.querySelector('.chq-widget[data-calculator=blind_move]').dataset.engine === 'ready'",
        timeout=READY_MS)
    check_status_words(page.evaluate("window.__chqStatus"))
    assert errors == []
    assert context.requests.off_origin == []


def test_the_headline_says_a_tap_shows_the_fraction(open_page: Any) -> None:
    """The headline opens its exact value under the percentage (which stays); a cue
    under it says so, in sight, and is part of the button's description; the keyboard
    toggles it too."""
    params = {"att_dice": 6, "def_dice": 5}
    want = compute("close_assault", params)["p_attacker_wins"]
    page = open_page(PAGES["close_assault"] + "#att_dice=6&def_dice=5", TABLET)
    wait_answer(page, full_inputs("close_assault", params), "engine")
    root = page.locator(MAIN)
    headline = root.locator("button[data-headline]")
    cue = root.locator("[data-headline-cue]")
    assert cue.is_visible() and cue.inner_text() == "Tap for the exact fraction"
    assert cue.get_attribute("id") in headline.get_attribute("aria-describedby").split()
    size = cue.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 11, size
    # The keyboard: Tab reaches the headline (from the form's last button); Enter and
    # Space toggle it.
    root.locator(".chq-reset").focus()
    page.keyboard.press("Tab")
    assert headline.evaluate("e => e === document.activeElement")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('.chq-widget[data-mode=full] [data-headline]')"
                           ".getAttribute('aria-pressed') === 'true'")
    exact = root.locator("[data-headline-exact]").first
    assert headline.inner_text().strip() == printing.pct(want)
    assert exact.is_visible() and exact.text_content() == printing.exact(want)
    assert cue.inner_text() == "Tap to hide the exact value"
    page.keyboard.press("Space")
    page.wait_for_function("() => document.querySelector('.chq-widget[data-mode=full] [data-headline]')"
                           ".getAttribute('aria-pressed') === 'false'")
    assert headline.inner_text().strip() == printing.pct(want)
    assert exact.is_hidden()
    # A tap on the cue itself does what it says.
    cue.click()
    page.wait_for_function("() => document.querySelector('.chq-widget[data-mode=full] [data-headline]')"
                           ".getAttribute('aria-pressed') === 'true'")
    assert exact.text_content() == printing.exact(want)
    assert page.chq_errors == []
