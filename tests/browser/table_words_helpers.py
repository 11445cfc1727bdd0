"""What the words-at-the-table stories share (test_table_words.py, test_glossary_terms.py,
test_words_screenshots.py): pages, sizes, the answer awaited, the texts read."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from chq_site.glossary import glossary
from chq_site.widget import permalinks, presentation

from calculators import PARAMETERS, InputError, compute
from tests.browser.site_helpers import built_pages

ROOT = Path(__file__).resolve().parents[2]


READY_MS = 120_000


TABLET = {"width": 820, "height": 1180}


PHONE = {"width": 390, "height": 844}


DESKTOP = {"width": 1280, "height": 900}


RULES_PAGE = "rules/spotting/"


PAGES = {m: permalinks.page_path(m) for m in PARAMETERS}


NO_SW = "delete Navigator.prototype.serviceWorker;"


# Colour transitions off, so a screenshot after a palette switch shows the new colours.
NO_TRANSITIONS = "*, *::before, *::after { transition: none !important; animation: none !important; }"


POPOVER = "#chq-gloss"


MAIN = ".chq-widget[data-mode=full]"


def definitions() -> dict[str, str]:
    """Glossary anchor -> definition, read from the glossary's source."""
    text = (ROOT / "docs" / glossary.GLOSSARY_SRC).read_text(encoding="utf-8")
    return {term.anchor: term.definition for term in glossary.parse_glossary(text)}


def wait_answer(page: Any, inputs: dict[str, Any], source: str = "engine") -> dict[str, Any]:
    """Wait until the main widget shows ``source``'s answer for exactly ``inputs``
    (data-state ready, data-source); return a snapshot of it."""
    return page.wait_for_function(
        """([want, source]) => {
            const root = document.querySelector('.chq-widget[data-mode=full]');
            if (!root || root.dataset.state !== 'ready' || root.dataset.source !== source) return false;
            const result = JSON.parse(root.dataset.result);
            const got = result.inputs || {};
            if (!Object.keys(want).every(k => JSON.stringify(got[k]) === JSON.stringify(want[k]))) return false;
            const h = root.querySelector('[data-headline]');
            return {result, value: h.dataset.value, exact: h.dataset.exact, text: h.textContent.trim(),
                    label: root.querySelector('.chq-output__label').textContent.trim()};
        }""",
        arg=[inputs, source], timeout=READY_MS,
    ).json_value()


def full_inputs(mechanic: str, params: dict[str, Any]) -> dict[str, Any]:
    return json.loads(json.dumps(compute(mechanic, params)["inputs"]))


def refusal(mechanic: str, params: dict[str, Any]) -> InputError:
    with pytest.raises(InputError) as caught:
        compute(mechanic, params)
    return caught.value


def label(mechanic: str, name: str) -> str:
    return next(p.label for p in PARAMETERS[mechanic] if p.name == name)


def popover_state(page: Any) -> dict[str, Any]:
    return page.evaluate(
        """() => {
            const box = document.getElementById('chq-gloss');
            if (!box || box.hidden) return {open: false, active: document.activeElement.className || ''};
            const r = box.getBoundingClientRect();
            const close = box.querySelector('.chq-gloss__close').getBoundingClientRect();
            const text = box.querySelector('.chq-gloss__text');
            return {open: true, left: r.left, right: r.right, top: r.top, bottom: r.bottom,
                    width: document.documentElement.clientWidth, height: innerHeight,
                    term: box.querySelector('.chq-gloss__term').textContent,
                    text: text.textContent, size: parseFloat(getComputedStyle(text).fontSize),
                    more: box.querySelector('.chq-gloss__link').getAttribute('href'),
                    close: [close.width, close.height],
                    openBoxes: [...document.querySelectorAll('.chq-gloss')].filter(b => !b.hidden).length,
                    expanded: [...document.querySelectorAll('a.chq-term[aria-expanded=true]')].length,
                    inside: box.contains(document.activeElement),
                    active: document.activeElement.className || ''};
        }"""
    )


# --------------------------------------------------------------------------- #
# Glossary terms                                                              #
# --------------------------------------------------------------------------- #

class _Sections(HTMLParser):
    """Counts glossary links per section (the text between two headings) of a page's article."""

    def __init__(self) -> None:
        super().__init__()
        self.depth = 0  # inside <article>
        self.counts: list[list[str]] = [[]]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "article":
            self.depth += 1
        if not self.depth:
            return
        if re.fullmatch(r"h[1-6]", tag) or values.get("role") == "heading":
            self.counts.append([])
        if tag == "a" and "chq-term" in (values.get("class") or "").split():
            self.counts[-1].append(values.get("href") or "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "article":
            self.depth -= 1


def math_close(a: float, b: float) -> bool:
    return abs(a - b) <= 1e-12  # the artillery geometry is irrational (the contract page)


# --------------------------------------------------------------------------- #
# Players' words: no document numbers, the distance named, no engine jargon    #
# --------------------------------------------------------------------------- #

# A rule document's number as the sources write it ("(000)", "000:", "004"): the
# readings name them; nothing else a player reads in a calculator should.
DOCUMENT_NUMBER = re.compile(r"(?<![\d.,])00\d(?![\d.,])")


# The text a player can read in every calculator of the page, with every part that
# opens ("More options", "Change the inputs", the table) open, less the readings.
READABLE_TEXT = """() => {
  for (const box of document.querySelectorAll('.chq-widget details:not(.chq-readings)')) box.open = true;
  return [...document.querySelectorAll('.chq-widget')].map(root => {
    const copy = root.cloneNode(true);
    for (const part of copy.querySelectorAll('.chq-readings, template, noscript, style')) part.remove();
    return {calculator: root.dataset.calculator, mode: root.dataset.mode,
            readings: root.querySelector('.chq-readings').textContent, text: copy.textContent};
  });
}"""


# Every calculator answered, its working shown (an answer table's partial answer has none).
ALL_ANSWERED = """() => [...document.querySelectorAll('.chq-widget')].every(r => r.dataset.state === 'ready'
  && r.querySelectorAll('.chq-explain li').length > 0)"""


# The words of a calculator page's own article around its calculators.
PAGE_WORDS = ("const c = document.querySelector('article').cloneNode(true);"
              " c.querySelectorAll('.chq-widget').forEach(w => w.remove());"
              " document.body.append(c); const text = c.innerText; c.remove(); return text;")


class Words(NamedTuple):
    """What a player reads in the calculators of the page shown (:func:`words_read`)."""

    widgets: list[dict[str, str]]  # each calculator's READABLE_TEXT
    problems: list[str]  # each rules document's number read outside the readings
    sourced: int  # how many calculators' readings name a source by its number


def words_read(page: Any, path: str) -> Words:
    """On the page shown (``path``), once every calculator has answered: its
    calculators' words (every part opened) and each document number a player reads
    outside the readings there or, on a calculator page, in the page's own words (with
    any "1e-")."""
    page.wait(f"return ({ALL_ANSWERED})();", what=f"{path}: every calculator answered",
              timeout=READY_MS / 1000)  # a card: the page's own answer
    widgets = page.run(f"return ({READABLE_TEXT})();")
    found = [f"{path} ({widget['calculator']}, {widget['mode']}): ...{widget['text'][max(0, m.start() - 60):m.end() + 20]!r}"
             for widget in widgets for m in DOCUMENT_NUMBER.finditer(widget["text"])]
    if path.startswith("calculators/"):
        intro = page.run(PAGE_WORDS)
        found += [f"{path} (page): ...{intro[max(0, m.start() - 60):m.end() + 20]!r}"
                  for m in DOCUMENT_NUMBER.finditer(intro)]
        found += [f"{path} (page): {line!r}" for line in intro.splitlines() if "1e-" in line]
    return Words(widgets, [f"a document's number outside the readings: {line}" for line in found],
                 sum(bool(DOCUMENT_NUMBER.search(widget["readings"])) for widget in widgets))


def card_pages(built_site: Path) -> list[str]:
    """The rules pages that carry calculator cards."""
    found = []
    for path in built_pages(built_site):
        page = built_site / path / "index.html"
        if path.startswith("rules/") and page.is_file() and 'data-mode="compact"' in page.read_text("utf-8"):
            found.append(path)
    return found


# Each text the status line shows, its main line apart from its second (the details).
STATUS_LOG = """
window.__chqStatus = [];
new MutationObserver(() => {
  for (const text of document.querySelectorAll('[data-calculator] .chq-status__text')) {
    const copy = text.cloneNode(true);
    const detail = [...copy.querySelectorAll('.chq-status__detail')].map(d => { d.remove(); return d.textContent; });
    for (const part of copy.querySelectorAll('noscript, style, .chq-status__script')) part.remove();
    const entry = {engine: text.closest('[data-calculator]').dataset.engine || '',
                   main: copy.textContent.trim(), detail: detail.join(' ')};
    const last = window.__chqStatus[window.__chqStatus.length - 1];
    if (entry.main && (!last || last.main !== entry.main || last.detail !== entry.detail)) window.__chqStatus.push(entry);
  }
}).observe(document, {subtree: true, childList: true, characterData: true, attributes: true,
                      attributeFilter: ['data-engine']});
"""


ENGINE_WORDS = ("Python", "MB", "1e-")


def check_status_words(log: list[dict[str, str]]) -> None:
    """The status lines a player saw while the engine started: the table's words in
    the main line; what is downloaded, and how much, in the details under it."""
    starting = [e for e in log if e["engine"] in ("idle", "loading")]
    assert any(e["engine"] == "loading" for e in starting), log
    assert any(e["engine"] == "idle" for e in starting), log
    for entry in starting:
        assert not any(word in entry["main"] for word in ENGINE_WORDS), entry
        assert entry["main"].startswith(("Getting the calculator ready", "This calculator gets ready")), entry
    assert any(re.search(r"\d+(\.\d)? MB", e["detail"]) for e in starting), "the size is still said, in the details"


# --------------------------------------------------------------------------- #
# Screenshots a person looks at                                               #
# --------------------------------------------------------------------------- #

def set_scheme(page: Any, scheme: str) -> None:
    page.evaluate("s => document.body.setAttribute('data-md-color-scheme', s)", scheme)


# --------------------------------------------------------------------------- #
# On the page API (tests/browser/page_api.py), in either engine               #
# --------------------------------------------------------------------------- #

# The main widget ready with ``arguments[1]``'s answer (any source if null) for exactly
# the inputs ``arguments[0]``; its headline and label, in the same read.
ANSWER_FROM = """
const want = arguments[0], source = arguments[1];
const root = document.querySelector('.chq-widget[data-mode=full]');
if (!root || root.dataset.state !== 'ready' || (source && root.dataset.source !== source)) return false;
const result = JSON.parse(root.dataset.result);
const got = result.inputs || {};
if (!Object.keys(want).every(k => JSON.stringify(got[k]) === JSON.stringify(want[k]))) return false;
const h = root.querySelector('[data-headline]');
return {source: root.dataset.source, value: h.dataset.value, exact: h.dataset.exact, text: h.textContent.trim(),
        label: root.querySelector('.chq-output__label').textContent.trim()};
"""


def answer_from(page: Any, inputs: dict[str, Any], source: str | None = "engine") -> dict[str, Any]:
    """Wait until the main widget shows ``source``'s answer (any if None) for exactly
    ``inputs``; its source, headline and label."""
    shown: dict[str, Any] = page.wait(ANSWER_FROM, inputs, source, timeout=READY_MS / 1000,
                                      what=f"the {source or 'page'}'s answer for {inputs}")
    return shown


# The first element matching arguments[0] whose text holds arguments[1], marked
# (data-tap-here) for a tap; false if none.
MARK_TEXT = """
for (const old of document.querySelectorAll('[data-tap-here]')) old.removeAttribute('data-tap-here');
const hit = [...document.querySelectorAll(arguments[0])].find(e => e.textContent.includes(arguments[1]));
if (!hit) return false;
hit.setAttribute('data-tap-here', '');
return true;
"""


def tap_text(page: Any, selector: str, text: str) -> None:
    """Tap the first element matching ``selector`` whose text holds ``text``."""
    assert page.run(MARK_TEXT, selector, text), f"no {selector} saying {text!r}"
    page.tap("[data-tap-here]")


# The main widget's distance field and its message, as a player reads them.
DISTANCE = """
const r = document.querySelector('.chq-widget[data-mode=full]');
const field = r.querySelector('input[name=distance]');
return {state: r.dataset.state, value: field.value, stale: r.classList.contains('chq-stale'),
        message: r.querySelector('[data-param=distance] .chq-msg').innerText,
        invalid: field.getAttribute('aria-invalid'), result: r.getAttribute('data-result'),
        exact: r.querySelector('[data-headline]').dataset.exact,
        figures: r.querySelector('.chq-figures').getClientRects().length > 0,
        hint: r.querySelector('.chq-output__hint').innerText};
"""

# The glossary pop-over as a player sees it (null while closed).
POPOVER_SHOWN = """
const box = document.getElementById('chq-gloss');
if (!box || box.hidden) return null;
const r = box.getBoundingClientRect();
const text = box.querySelector('.chq-gloss__text');
return {left: r.left, right: r.right, width: document.documentElement.clientWidth,
        text: text.textContent, size: parseFloat(getComputedStyle(text).fontSize),
        more: box.querySelector('.chq-gloss__link').getAttribute('href'),
        inside: box.contains(document.activeElement), href: location.href};
"""
# The headline pressed as arguments[0] says: its text, the exact value if shown, the
# cue's words, and whether it has the focus.
HEADLINE_PRESSED = """
const r = document.querySelector('.chq-widget[data-mode=full]');
const h = r.querySelector('button[data-headline]');
const x = r.querySelector('[data-headline-exact]');
return h.getAttribute('aria-pressed') === arguments[0] &&
  [h.textContent.trim(), x.hidden ? null : x.textContent,
   r.querySelector('[data-headline-cue]').textContent, document.activeElement === h];
"""


def label_for(params: dict[str, Any]) -> str:
    """"Chance the Blind moves 24″ or more": the Blind move's label names the distance."""
    want = presentation.headline_for("blind_move", full_inputs("blind_move", params))["label"]
    assert f"{params['target']}″ or more" in want, want
    return want
