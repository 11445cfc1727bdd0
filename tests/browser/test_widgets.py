"""The calculator widgets in a real browser: the built site over HTTP, in Chromium.

Every number a widget shows is checked against the command line
(``python -m calculators <mechanic> --json ...``), the third door onto the same
``compute()``. One browser context is shared by most tests (module scope) so the
Python engine loads once per calculator page rather than once per case; further
cases on the same page arrive through the URL fragment, as a permalink does.

These contexts run without service workers (as a browser without them would): the
offline cache, tested on its own, would otherwise answer requests the request log
must see, and precache the whole site in the background.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import math
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from chq_site import permalinks, presentation

from calculators import PARAMETERS, compute, printing
from tests.browser.site_helpers import (
    ENGINE_FAILED_EVERYWHERE,
    READER_AFTER_THE_CARDS,
    READER_AND_CARDS,
    cards_after_engine_failure,
    url,
)
from tests.conftest import RequestLog

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
VIEWPORT = {"width": 820, "height": 1180}
ENGINE_WASM = "/assets/engine/pyodide/pyodide.asm.wasm"
ENGINE_WORKER = "/assets/js/engine-worker.js"
READY_MS = 60_000

PAGES = {m: permalinks.page_path(m) for m in PARAMETERS}

# At least five permalinks per mechanic: worked examples, defaults, edges, options.
CASES: dict[str, list[dict[str, Any]]] = {
    "spotting": [
        {"distance": 18, "chain_dice": 2},
        {"distance": 18},
        {"distance": 6},
        {"distance": 30, "cover": "heavy", "moving": True, "recon": True},
        {"distance": 12.5, "cover": "light", "suppressed": True, "ties": "spotter"},
        {"distance": 40, "target": "hidden", "fumble_needs_spot": True, "cover": "medium"},
    ],
    "artillery": [
        {"variant": "armour-battles", "fire_dice": 5, "hit_faces": 6},
        {"variant": "armour-battles"},
        {"variant": "combat-hq", "fire_dice": 5, "cover": "light"},
        {"variant": "combat-hq", "fire_dice": 8, "blind_width": 3.5, "blind_depth": 2.5,
         "template_radius": 4, "suppressions": 3, "disruption": 2, "dummy": True},
        {"variant": "armour-battles", "fire_dice": 3, "hit_faces": 0, "suppressions": 4,
         "disruption": 3, "dummy": True},
    ],
    "close_assault": [
        {"att_dice": 6, "att_flank": True, "def_dice": 5, "def_suppressed": True, "def_no_at": True},
        {"att_dice": 6, "def_dice": 6},
        {"att_dice": 4, "att_move": "triple", "att_class_penalty": True, "def_dice": 3,
         "def_cover": "heavy"},
        {"att_dice": 8, "att_no_at": True, "att_disruption": 2, "def_dice": 5,
         "def_class_penalty": True, "def_disruption": 1, "def_cohesion": 4},
        {"att_dice": 3, "att_move": "double", "def_dice": 7, "def_suppressed": True, "att_cohesion": 5},
    ],
    "supply": [
        {"supply_dice": 3, "staff_order": True},
        {"supply_dice": 3},
        {"supply_dice": 1},
        {"supply_dice": 6},
        {"supply_dice": 0, "staff_order": True},
    ],
    "rally": [
        {"disruption": 3},
        {"disruption": 1},
        {"disruption": 2},
        {"disruption": 6},
        {"disruption": 10},
    ],
    "blind_move": [
        {"target": 24},
        {"target": 12, "suppressed": True},
        {"target": 24, "obstacle": True},
        {"target": 30.5},
        {"target": 10, "suppressed": True, "obstacle": True},
        {"target": 0},
    ],
    "deploy": [
        {"suppressions": 2, "units": 3},
        {"suppressions": 4, "units": 2},
        {"suppressions": 4, "disruption": 5, "units": 3},
        {"units": 1},
        {"suppressions": 1, "disruption": 2, "units": 4},
    ],
    "shell_then_assault": [
        {"variant": "armour-battles", "fire_dice": 5, "hit_faces": 6, "units": 3, "att_dice": 6,
         "def_dice": 5},
        {"variant": "armour-battles"},
        {"variant": "combat-hq", "def_cover": "light"},
        {"variant": "combat-hq", "fire_dice": 9, "suppressions": 1, "units": 2, "att_dice": 4,
         "att_move": "double", "def_dice": 6, "def_cover": "heavy", "def_no_at": True},
        {"variant": "armour-battles", "fire_dice": 3, "hit_faces": 0, "units": 1, "att_flank": True,
         "att_class_penalty": True, "def_class_penalty": True},
        {"variant": "combat-hq", "fire_dice": 0, "suppressions": 2, "units": 5, "att_no_at": True},
    ],
}

# Off-table artillery geometry is irrational: the browser's libm may differ in the last bits.
TOLERANCE = {"artillery": 1e-12, "shell_then_assault": 1e-12}


# --------------------------------------------------------------------------- #
# The reference: the command line                                             #
# --------------------------------------------------------------------------- #

HAVE_CLI = importlib.util.find_spec("calculators.__main__") is not None


def reference(mechanic: str, params: dict[str, Any]) -> dict[str, Any]:
    """What ``python -m calculators <mechanic> --json <params>`` prints (compute() if no CLI)."""
    if not HAVE_CLI:  # pragma: no cover - the CLI exists; kept for partial checkouts
        from calculators import compute

        return json.loads(json.dumps(compute(mechanic, params)))
    done = subprocess.run(
        [sys.executable, "-m", "calculators", mechanic, "--json", json.dumps(params)],
        capture_output=True, text=True, cwd=ROOT, check=False,
    )
    assert done.returncode == 0, f"CLI failed for {mechanic} {params}: {done.stderr}"
    return json.loads(done.stdout)


def fragment(params: dict[str, Any]) -> str:
    """A permalink fragment: ``key=value`` pairs, booleans as true/false."""
    def text(value: Any) -> str:
        return ("true" if value else "false") if isinstance(value, bool) else str(value)

    return "&".join(f"{key}={quote(text(value), safe='-_.')}" for key, value in params.items())


def same(a: Any, b: Any, tol: float, where: str = "") -> list[str]:
    """Differences between two JSON values (floats within ``tol``)."""
    if isinstance(a, dict) and isinstance(b, dict):
        out = [f"{where}: keys {sorted(set(a) ^ set(b))}"] if set(a) != set(b) else []
        for key in set(a) & set(b):
            out += same(a[key], b[key], tol, f"{where}.{key}")
        return out
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return [f"{where}: {len(a)} items vs {len(b)}"]
        pairs = enumerate(zip(a, b, strict=True))
        return [d for i, (x, y) in pairs for d in same(x, y, tol, f"{where}[{i}]")]
    if isinstance(a, bool) or isinstance(b, bool) or not isinstance(a, (int, float)) \
            or not isinstance(b, (int, float)):
        return [] if a == b else [f"{where}: {a!r} != {b!r}"]
    if a == b or (tol and math.isclose(a, b, rel_tol=0, abs_tol=tol)):
        return []
    return [f"{where}: {a!r} != {b!r}"]


# --------------------------------------------------------------------------- #
# A shared browser page                                                       #
# --------------------------------------------------------------------------- #

@dataclass
class Session:
    context: Any
    page: Any
    log: RequestLog
    base: str
    errors: list[str] = field(default_factory=list)
    swap_due: bool = False

    def path(self) -> str:
        current = self.page.url.split("#")[0]
        return current[len(self.base):] if current.startswith(self.base) else current

    def open(self, path: str, frag: str = "", fresh: bool = False) -> None:
        """Show ``path#frag``: a new page load, or only a new fragment if it is already shown."""
        if fresh or self.path() != path:
            if self.path() == path:  # a goto that changes only the fragment loads nothing
                self.page.goto("about:blank")
            self.page.goto(url(self.base, path) + (f"#{frag}" if frag else ""))
            self.swap_due = False
        else:
            self.swap_due = self.page.evaluate(CHANGE_FRAGMENT, frag) or self.swap_due

    def settle(self) -> None:
        """Wait out the content swap Material makes on the first location change it sees
        in a page (it fetches the page again and puts in a new copy): the main widget is
        then a new element, mounted and showing an answer (or an error)."""
        if self.swap_due:
            self.page.wait_for_function(SWAPPED, timeout=READY_MS)
            self.swap_due = False


# Counts the popstate events of each page (a fragment change fires one; Material
# follows them). Installed in the shared session's context.
POPSTATES = "window.__chqPopstates = 0; addEventListener('popstate', () => { window.__chqPopstates += 1; });"

# Change the fragment; true if this is the page's first location change (Material will
# swap the page's content), after tagging the widgets that the swap will replace.
CHANGE_FRAGMENT = """f => {
    const first = !window.__chqPopstates, before = location.href;
    const roots = [...document.querySelectorAll('[data-calculator]')];
    if (first) roots.forEach(r => r.setAttribute('data-before-swap', ''));
    location.hash = f;
    const swap = first && location.href !== before;
    if (first && !swap) roots.forEach(r => r.removeAttribute('data-before-swap'));
    return swap;
}"""

SWAPPED = """() => {
    const r = document.querySelector('.chq-widget[data-mode=full]');
    return Boolean(r && !r.hasAttribute('data-before-swap') && r.classList.contains('chq-js')
                   && (r.dataset.state === 'ready' || r.dataset.state === 'error'));
}"""


def watch(page: Any, errors: list[str]) -> None:
    page.on("console", lambda msg: errors.append(f"console.{msg.type}: {msg.text}")
            if msg.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(f"pageerror: {exc}"))


def make_context(browser: Any, base: str, **options: Any) -> tuple[Any, RequestLog]:
    origin = base.split("/", 3)
    context = browser.new_context(viewport=VIEWPORT, **options)
    context.add_init_script("delete Navigator.prototype.serviceWorker;")
    log = RequestLog(f"{origin[0]}//{origin[2]}")
    context.route("**/*", log.route)
    return context, log

@contextlib.contextmanager
def watched_page(browser: Any, base: str, *, block_engine: bool = False,
                 init_script: str | None = None) -> Iterator[tuple[Any, Any, RequestLog, list[str]]]:
    """A fresh context and page whose requests are logged and whose console errors are
    collected; optionally with the engine's files blocked. Closed on the way out."""
    context, log = make_context(browser, base)
    if block_engine:
        context.route("**/assets/engine/**", lambda route: route.abort())
    if init_script:
        context.add_init_script(init_script)
    page = context.new_page()
    errors: list[str] = []
    watch(page, errors)
    try:
        yield context, page, log, errors
    finally:
        context.close()


@pytest.fixture(scope="module")
def session(browser: Any, site_url: str) -> Iterator[Session]:
    context, log = make_context(browser, site_url)
    context.add_init_script(POPSTATES)
    page = context.new_page()
    shared = Session(context, page, log, site_url)
    watch(page, shared.errors)
    yield shared
    context.close()


def widget(page: Any, selector: str = ".chq-widget[data-mode=full]") -> Any:
    return page.locator(selector).first


def wait_for_inputs(page: Any, inputs: dict[str, Any], timeout: float = READY_MS) -> dict[str, Any]:
    """Wait until the main widget is ready and shows the result for exactly ``inputs``;
    return a snapshot of it taken in the same instant (Material may swap the page's
    content on a fragment change, so separate reads could see two different widgets)."""
    handle = page.wait_for_function(
        """want => {
            const root = document.querySelector('.chq-widget[data-mode=full]');
            if (!root || root.dataset.state !== 'ready' || !root.dataset.result) return false;
            const result = JSON.parse(root.dataset.result);
            if (result.partial) return false; // an answer table's headline: wait for the whole answer
            const got = result.inputs || {};
            const same = k => JSON.stringify(got[k]) === JSON.stringify(want[k]);
            if (!Object.keys(want).every(same)) return false;
            const h = root.querySelector('[data-headline]');
            return {result: root.dataset.result, value: h.dataset.value, exact: h.dataset.exact,
                    text: h.textContent.trim(), hash: location.hash};
        }""",
        arg=inputs,
        timeout=timeout,
    )
    return handle.json_value()


def wait_for_engine(page: Any, state: str, timeout: float = READY_MS) -> None:
    """Wait for the main widget's ``data-engine`` (the engine itself, not the answer shown:
    the page carries the answers for the starting inputs and worked examples)."""
    page.wait_for_function(
        "s => { const r = document.querySelector('.chq-widget[data-mode=full]');"
        " return r && r.dataset.engine === s; }",
        arg=state,
        timeout=timeout,
    )


def check_against_cli(page: Any, mechanic: str, params: dict[str, Any]) -> None:
    expected = reference(mechanic, params)
    shown = wait_for_inputs(page, expected["inputs"])
    tol = TOLERANCE.get(mechanic, 0.0)
    differences = same(json.loads(shown["result"]), expected, tol)
    assert differences == [], f"{mechanic} {params}: data-result differs from the CLI: {differences[:5]}"
    key = presentation.headline_for(mechanic, expected["inputs"])["key"]  # Hidden Units: p_found
    if key is None:
        assert shown["text"] == expected["summary"]
        return
    want = expected[key]
    assert shown["exact"] == (want["exact"] or ""), shown
    value = float(shown["value"])
    if want["exact"] is None or tol:
        assert math.isclose(value, want["value"], rel_tol=0, abs_tol=1e-12)
    else:
        assert value == want["value"]
    assert shown["text"].endswith("%")


# --------------------------------------------------------------------------- #
# Permalinks: every mechanic, at least five cases                             #
# --------------------------------------------------------------------------- #

@pytest.mark.parametrize("mechanic", list(CASES))
def test_permalinks_match_the_command_line(session: Session, mechanic: str) -> None:
    cases = CASES[mechanic]
    assert len(cases) >= 5
    page = session.page
    path = PAGES[mechanic]
    # The first case opens the page with the fragment; the rest change the fragment.
    session.open(path, fragment(cases[0]), fresh=True)
    for params in cases:
        session.open(path, fragment(params))
        check_against_cli(page, mechanic, params)
    assert session.errors == []


# --------------------------------------------------------------------------- #
# Controls, keyboard, bad input                                               #
# --------------------------------------------------------------------------- #

def current_fragment(page: Any) -> dict[str, str]:
    return dict(page.evaluate("() => [...new URLSearchParams(location.hash.slice(1))]"))


def test_stepper_segments_and_switch_update_result_and_fragment(session: Session) -> None:
    page = session.page
    session.open(PAGES["spotting"], fragment({"distance": 18}))
    session.settle()
    wait_for_inputs(page, {"distance": 18})
    root = widget(page)

    root.locator('[data-param="distance"] .chq-step[data-step="1"]').click()
    wait_for_inputs(page, {"distance": 19})
    assert current_fragment(page)["distance"] == "19"

    root.locator('[data-param="cover"] label', has_text="Medium").click()
    wait_for_inputs(page, {"distance": 19, "cover": "medium"})
    assert current_fragment(page)["cover"] == "medium"

    root.locator('[data-param="moving"] .chq-switch').click()
    wait_for_inputs(page, {"distance": 19, "cover": "medium", "moving": True})
    assert current_fragment(page)["moving"] == "true"

    root.locator('[data-param="distance"] .chq-step[data-step="-1"]').click()
    params = {"distance": 18, "cover": "medium", "moving": True}
    check_against_cli(page, "spotting", params)
    assert current_fragment(page) == {"distance": "18", "cover": "medium", "moving": "true"}

    # A worked example is one click away, and its fragment is the permalink.
    root.locator(".chq-preset", has_text="Double Dice Chain").click()
    check_against_cli(page, "spotting", {"distance": 18, "chain_dice": 2})
    assert current_fragment(page) == {"distance": "18", "chain_dice": "2"}
    assert "no distance" in root.locator(".chq-presets__note").inner_text()

    # The exact fraction is a tap away.
    expected = compute("spotting", {"distance": 18, "chain_dice": 2})["p_spotted"]
    headline = root.locator("[data-headline]")
    headline.click()
    assert headline.inner_text().strip() == expected["exact"]
    assert headline.get_attribute("aria-pressed") == "true"
    headline.click()
    assert headline.inner_text().strip() == printing.pct(expected)

    # Reset: back to the starting inputs, and the fragment goes away.
    root.locator("button[type=reset]").click()
    wait_for_inputs(page, {"distance": 18, "chain_dice": 0, "cover": "none", "moving": False})
    assert current_fragment(page) == {}
    assert session.errors == []


def test_exactly_at_least_toggle(session: Session) -> None:
    page = session.page
    session.open(PAGES["rally"], fragment({"disruption": 3}))
    session.settle()
    wait_for_inputs(page, {"disruption": 3})
    root = widget(page)
    rows = sorted(compute("rally", {"disruption": 3})["remaining"], key=lambda r: r["disruption"])
    exactly = [Fraction(r["p"]["exact"]) for r in rows]
    at_least = [sum(exactly[k:], Fraction(0)) for k in range(len(exactly))]
    values = root.locator(".chq-chart .chq-value")
    assert values.all_inner_texts() == [printing.pct(Fraction(q)) for q in exactly]
    root.locator(".chq-view label", has_text="At least").click()
    assert values.all_inner_texts() == [printing.pct(Fraction(q)) for q in at_least]
    root.locator(".chq-view label", has_text="Exactly").click()
    assert values.all_inner_texts() == [printing.pct(Fraction(q)) for q in exactly]


def test_close_assault_shows_each_sides_dice_and_tn_per_round(session: Session) -> None:
    page = session.page
    params = CASES["close_assault"][0]
    session.open(PAGES["close_assault"], fragment(params))
    session.settle()
    check_against_cli(page, "close_assault", params)
    rows = widget(page).locator(".chq-details__table tbody tr")
    first = rows.first.inner_text()
    assert "round 1" in first and "6D at 2+" in first and "4D at 6+" in first
    assert rows.count() == len(reference("close_assault", params)["rounds"])


def test_keyboard_only(session: Session) -> None:
    page = session.page
    session.open(PAGES["supply"], fragment({"supply_dice": 3}), fresh=True)
    wait_for_inputs(page, {"supply_dice": 3})
    page.locator("body").click(position={"x": 5, "y": 300})
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement && document.activeElement.name") == "supply_dice":
            break
    else:
        pytest.fail("Tab never reached the supply_dice input")
    page.keyboard.press("ArrowUp")
    check_against_cli(page, "supply", {"supply_dice": 4})
    page.keyboard.press("Control+A")
    page.keyboard.type("6")
    check_against_cli(page, "supply", {"supply_dice": 6})
    for _ in range(8):  # on to the Staff Order switch; Space turns it on
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement && document.activeElement.name") == "staff_order":
            break
    page.keyboard.press("Space")
    check_against_cli(page, "supply", {"supply_dice": 6, "staff_order": True})
    assert current_fragment(page) == {"supply_dice": "6", "staff_order": "true"}
    assert session.errors == []


@pytest.mark.parametrize(
    ("mechanic", "params", "field", "words"),
    [
        ("artillery", {"variant": "armour-battles", "fire_dice": 99}, "fire_dice",
         "Battery's Fire Dice: enter a whole number from 0 to 40 (you entered 99)."),
        ("spotting", {"distance": "abc"}, "distance",
         "Distance to the Blind: enter a number from 0 to 200 (you entered 'abc')."),
        ("spotting", {"distance": 18, "moving": "maybe"}, "moving", "true or false"),
        ("close_assault", {"att_dice": 6, "att_suppressed": True, "def_dice": 5}, "att_suppressed",
         "Close Assault"),
        ("shell_then_assault", {"variant": "armour-battles", "units": 13}, "units",
         "Units in the Blind: enter a whole number from 1 to 12 (you entered 13)."),
    ],
)
def test_bad_input_is_reported_beside_the_field(
    session: Session, mechanic: str, params: dict[str, Any], field: str, words: str
) -> None:
    session.open(PAGES[mechanic], fragment(params))
    shown = field_refusal(session.page, field)
    assert words.lower() in shown["message"].lower()
    assert shown["visible"]
    assert shown["described"], "the message is not tied to its field with aria-describedby"
    assert shown["invalid"]
    assert shown["result"] is None
    assert shown["value"] == ""
    assert session.errors == [], "a bad input must not reach the console"


def field_refusal(page: Any, field: str) -> dict[str, Any]:
    """Wait until the main widget refuses ``field``; its message, and how it is shown."""
    return page.wait_for_function(
        """field => {
            const root = document.querySelector('.chq-widget[data-mode=full]');
            const box = root && root.querySelector(`[data-param="${field}"]`);
            const msg = box && box.querySelector('.chq-msg');
            if (!msg || root.dataset.state !== 'error' || !msg.textContent) return false;
            const described = [...box.querySelectorAll('[aria-describedby]')]
              .some(el => el.getAttribute('aria-describedby').split(/\\s+/).includes(msg.id));
            const rect = msg.getBoundingClientRect();
            return {message: msg.textContent, described, visible: rect.height > 0,
                    result: root.getAttribute('data-result'),
                    value: root.querySelector('[data-headline]').dataset.value,
                    invalid: box.querySelector('[aria-invalid=true]') !== null};
        }""",
        arg=field,
        timeout=READY_MS,
    ).json_value()


# The same text is the same number in a page's field and in a command-line flag
# (calculators.params.TYPED): a permalink with each text below gets the command
# line's answer for that text in the flag, or its refusal in the same words.
TYPED_CASES = [
    *(("blind_move", {}, "target", text)
      for text in ("+18", ".5", "18.", "007", "1.e1", "0x12", "1_8", ".", "1e", "18 m")),
    *(("spotting", {"distance": 18}, "chain_dice", text) for text in ("+2", "02", "2.", "2e0")),
]


def typed_at_the_command_line(mechanic: str, params: dict[str, Any], field: str,
                              text: str) -> tuple[dict[str, Any] | None, str]:
    """``python -m calculators`` with ``text`` in ``field``'s flag: (its answer, "") or
    (None, its refusal of the field as the field's message says it)."""
    flags = [f"--{name.replace('_', '-')}={value}" for name, value in {**params, field: text}.items()]
    done = subprocess.run([sys.executable, "-m", "calculators", mechanic, *flags],
                          capture_output=True, text=True, cwd=ROOT, check=False)
    if done.returncode == 0:
        return json.loads(done.stdout), ""
    prefix, name, message = done.stderr.rstrip("\n").split(": ", 2)
    assert (done.returncode, prefix, name) == (2, "error", field), done.stderr
    label = next(p.label for p in PARAMETERS[mechanic] if p.name == field)
    return None, f"{label}: {message}."


@pytest.mark.parametrize(("mechanic", "params", "field", "text"), TYPED_CASES,
                         ids=[f"{m}-{f}={t}" for m, _, f, t in TYPED_CASES])
def test_a_field_reads_a_number_as_the_command_line_does(
    session: Session, mechanic: str, params: dict[str, Any], field: str, text: str
) -> None:
    answer, refusal = typed_at_the_command_line(mechanic, params, field, text)
    session.open(PAGES[mechanic], fragment({**params, field: text}))
    if answer is not None:
        shown = wait_for_inputs(session.page, answer["inputs"])
        assert same(json.loads(shown["result"]), answer, 0.0) == []
    else:
        assert field_refusal(session.page, field)["message"] == refusal
    assert session.errors == []


# --------------------------------------------------------------------------- #
# Accessibility and screenshots                                               #
# --------------------------------------------------------------------------- #

def set_scheme(page: Any, scheme: str) -> None:
    """Switch Material's palette (light "default" / dark "slate") and let colours settle."""
    page.evaluate(
        "s => { document.body.setAttribute('data-md-color-scheme', s); }", scheme)
    page.mouse.move(0, 0)
    page.wait_for_timeout(400)  # Material's colour transitions (links: 125 ms)


# Parts of a calculator page this file does not own: their findings are printed, and
# reported to their owners, but do not fail the widget tests.
FOREIGN = (
    ".md-search",    # Material's search dialog (theme): no accessible name
    ".md-progress",  # Material's instant-navigation progress bar (theme): no accessible name
    ".md-header",    # Material's header (theme)
    ".md-footer",    # Material's footer (theme): "Made with" contrast 4.47:1
    ".chq-term",     # glossary links added to the page text (chq_site/glossary.py)
)
# Site-wide link styling (Material colours links, no underline): outside the widgets,
# reported to the site's stylesheet owner rather than failed here.
FOREIGN_RULES_OUTSIDE_WIDGETS = ("link-in-text-block",)


def axe_violations(page: Any) -> list[str]:
    """Serious and critical axe-core findings on the page, except in FOREIGN parts."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        """async ([foreign, foreignRules]) => {
            const r = await axe.run(document, {resultTypes: ['violations']});
            const ours = [], theirs = [];
            for (const v of r.violations) {
              if (v.impact !== 'serious' && v.impact !== 'critical') continue;
              for (const n of v.nodes) {
                const el = document.querySelector(n.target[0]);
                const line = `${v.impact} ${v.id}: ${v.help} -> ${n.target.join(' ')}`;
                const inWidget = el && el.closest('.chq-widget');
                const notOurs = el && (foreign.some(sel => el.closest(sel))
                                       || (!inWidget && foreignRules.includes(v.id)));
                (notOurs ? theirs : ours).push(line);
              }
            }
            return {ours, theirs};
        }""",
        [list(FOREIGN), list(FOREIGN_RULES_OUTSIDE_WIDGETS)],
    )
    for line in found["theirs"]:
        print(f"\n  (not ours) {page.url}: {line}")
    return list(found["ours"])


@pytest.mark.parametrize("mechanic", list(PAGES))
def test_calculator_page_accessibility_and_screenshots(
    session: Session, artifacts: Path, mechanic: str
) -> None:
    assert AXE.exists(), "node_modules/axe-core is missing: run `npm ci`"
    page = session.page
    params = CASES[mechanic][0]
    session.open(PAGES[mechanic], fragment(params))
    wait_for_inputs(page, reference(mechanic, params)["inputs"])
    page.evaluate("() => window.scrollTo(0, 0)")
    folder = artifacts / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    name = PAGES[mechanic].split("/")[1]
    problems = {}
    for scheme in ("default", "slate"):
        set_scheme(page, scheme)
        problems[scheme] = axe_violations(page)
        page.screenshot(path=str(folder / f"calc-{name}-{'light' if scheme == 'default' else 'dark'}.png"),
                        full_page=True)
    set_scheme(page, "default")
    # No horizontal scrolling on a tablet.
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    assert problems == {"default": [], "slate": []}


def test_calculators_index_accessibility(session: Session) -> None:
    page = session.page
    session.open("calculators/")
    assert axe_violations(page) == []
    links = page.locator("article a[href]")
    targets = {a.get_attribute("href") for a in links.all()}
    for path in PAGES.values():
        assert any(path.split("/")[1] in (t or "") for t in targets), f"index does not list {path}"


def test_shared_context_stayed_on_origin_and_quiet(session: Session) -> None:
    assert session.log.off_origin == []
    assert session.errors == []


# --------------------------------------------------------------------------- #
# Compact widgets on rule pages                                               #
# --------------------------------------------------------------------------- #

def compact_pages(site: Path) -> list[str]:
    """Built pages outside calculators/ that carry a compact widget."""
    found = []
    for html_file in sorted(site.rglob("index.html")):
        rel = html_file.relative_to(site).as_posix()[: -len("index.html")]
        if rel.startswith(("calculators/", "assets/")):
            continue
        if 'data-mode="compact"' in html_file.read_text(encoding="utf-8"):
            found.append(rel)
    return found


def test_compact_widget_on_a_rule_page(session: Session, built_site: Path) -> None:
    pages = compact_pages(built_site)
    assert pages, "no rules page has a compact widget (<!-- calculator: ... compact --> markers)"
    page = session.page
    session.open(pages[0], fresh=True)
    card = page.locator(".chq-widget[data-mode=compact]").first
    card.scroll_into_view_if_needed()  # a card starts the engine when it comes into view
    page.wait_for_function(
        "() => document.querySelector('.chq-widget[data-mode=compact]').dataset.state === 'ready'",
        timeout=READY_MS)
    mechanic = card.get_attribute("data-calculator")
    shown = json.loads(card.get_attribute("data-result"))
    expected = reference(mechanic, shown["inputs"])
    assert same(shown, expected, TOLERANCE.get(mechanic, 0.0)) == []
    href = card.locator(".chq-open").get_attribute("href")
    assert PAGES[mechanic].split("/")[1] in href and "#" in href
    # Changing an input updates the card and its link, never the rule page's address.
    before = page.url
    card.locator(".chq-edit > summary").click()
    field = card.locator(".chq-field--stepper").first
    name = field.get_attribute("data-param")
    field.locator('.chq-step[data-step="1"]').click()
    page.wait_for_function(
        "([n, v]) => { const r = document.querySelector('.chq-widget[data-mode=compact]');"
        " return r.dataset.state === 'ready' && JSON.parse(r.dataset.result).inputs[n] === v; }",
        arg=[name, shown["inputs"][name] + 1], timeout=READY_MS)
    assert page.url == before
    assert f"{name}={shown['inputs'][name] + 1}" in card.locator(".chq-open").get_attribute("href")
    assert session.errors == []


# --------------------------------------------------------------------------- #
# Fallbacks: engine blocked, JavaScript off, served under a sub-path          #
# --------------------------------------------------------------------------- #

def test_engine_failure_leaves_the_rules_text_where_the_reader_is(browser: Any, site_url: str) -> None:
    """A reader scrolls down a rules page with three cards while the engine cannot
    load: the failure reaches every card at once, and each card says so and where its
    table is, but no card opens its table (300-700 px each): the paragraph the reader
    is on stays where it was on the screen."""
    context, _ = make_context(browser, site_url)  # 820 x 1180, a tablet
    context.route("**/assets/engine/**", lambda route: route.abort())
    page = context.new_page()
    try:
        page.goto(url(site_url, "rules/blinds/"))
        assert page.locator(".chq-widget[data-mode=compact]").count() >= 3
        place = page.evaluate(READER_AFTER_THE_CARDS)
        page.wait_for_function(ENGINE_FAILED_EVERYWHERE, timeout=READY_MS)
        shown = page.evaluate(READER_AND_CARDS)
        assert abs(shown["top"] - place) < 60, f"the reader's paragraph moved from {place:.0f} to {shown['top']:.0f} px"
        assert cards_after_engine_failure(shown["cards"]) == []
    finally:
        context.close()


def test_engine_blocked_shows_message_and_build_time_table(
    browser: Any, site_url: str, artifacts: Path
) -> None:
    context, log = make_context(browser, site_url)
    context.route("**/assets/engine/**", lambda route: route.abort())
    page = context.new_page()
    try:
        page.goto(url(site_url, PAGES["close_assault"]))
        wait_for_engine(page, "error")
        root = widget(page)
        status = root.locator(".chq-status__text").inner_text()
        assert status.startswith("The calculator engine could not load here:")
        assert "The table below was computed when the site was built." in status
        table = root.locator(".chq-table table")
        assert table.is_visible()
        assert "vs 5D" in table.inner_text()
        # The answer for the starting inputs came with the page and stays (a changed
        # input: tests/browser/test_widgets_first_answer.py).
        assert root.get_attribute("data-state") == "ready"
        assert root.get_attribute("data-source") == "build"
        page.screenshot(path=str(artifacts / "screenshots" / "calc-close-assault-no-engine.png"),
                        full_page=True)
        # The rules pages are plain reading, engine or not.
        page.goto(url(site_url, "rules/close-assault/"))
        article = page.locator("article")
        assert article.locator("h1").inner_text().startswith("Close Assault")
        assert len(article.inner_text()) > 2000
        assert log.off_origin == []
    finally:
        context.close()


def test_javascript_off_shows_the_build_time_table(
    browser: Any, site_url: str, artifacts: Path
) -> None:
    context, log = make_context(browser, site_url, java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(url(site_url, PAGES["spotting"]))
        root = widget(page)
        assert root.get_attribute("data-state") == "loading"
        status = root.locator(".chq-status__text").inner_text()
        assert "needs JavaScript" in status
        assert "script has not run" not in status  # that is for a script that failed to load
        assert root.locator(".chq-table table").is_visible()
        assert "Medium cover" in root.locator(".chq-table table").inner_text()
        assert not root.locator(".chq-form").is_visible()
        assert root.locator(".chq-readings").is_visible()
        page.screenshot(path=str(artifacts / "screenshots" / "calc-spotting-no-javascript.png"),
                        full_page=True)
        assert log.off_origin == []
    finally:
        context.close()


def test_works_under_a_sub_path(browser: Any, subpath_site_url: str) -> None:
    with watched_page(browser, subpath_site_url) as (context, page, log, errors):
        page.goto(url(subpath_site_url, PAGES["rally"]) + "#disruption=3")
        check_against_cli(page, "rally", {"disruption": 3})
        wait_for_engine(page, "ready")  # the answer above may be the page's own
        assert any("/rules/assets/engine/pyodide/pyodide.asm.wasm" in u for u in log.local)
        assert log.off_origin == []
        assert errors == []


# --------------------------------------------------------------------------- #
# Instant navigation: one engine per tab                                      #
# --------------------------------------------------------------------------- #

def click_through(page: Any, href_part: str) -> None:
    """Click a link in the article to ``href_part``, as a reader would."""
    link = page.locator(f'article a[href*="{href_part}"]').first
    assert link.count() == 1, f"no link to {href_part} in the article of {page.url}"
    link.click()


def test_instant_navigation_reuses_the_engine(browser: Any, site_url: str) -> None:
    with watched_page(browser, site_url) as (context, page, log, errors):
        page.goto(url(site_url, "rules/spotting/"))
        page.evaluate("() => { window.__sameDocument = true; }")
        click_through(page, "calculators/spotting/")
        page.wait_for_url("**/calculators/spotting/**")
        check_against_cli(page, "spotting", {"distance": 18})
        wait_for_engine(page, "ready")  # the answer above came with the page; now the engine
        instant = page.evaluate("() => window.__sameDocument === true")
        assert instant, (
            "clicking a link reloaded the page: Material's instant navigation did not take it. "
            "Material 9.8 follows only links listed in sitemap.xml, keeping the port and path "
            "of site_url; served anywhere else it needs the shim inline in <head> (chq_site/theme/material/partials/sitemap-shim.js)"
        )
        page.go_back()
        page.wait_for_url("**/rules/spotting/**")
        page.locator("article h1").wait_for()
        started = time.perf_counter()
        click_through(page, "calculators/spotting/")
        page.wait_for_url("**/calculators/spotting/**")
        check_against_cli(page, "spotting", {"distance": 18})
        wait_for_engine(page, "ready")
        warm = time.perf_counter() - started
        print(f"\nwarm instant navigation to a result: {warm:.2f} s")
        assert page.evaluate("() => window.__sameDocument === true")
        wasm = [u for u in log.local if u.endswith(ENGINE_WASM)]
        workers = [u for u in log.local if u.endswith(ENGINE_WORKER)]
        assert len(wasm) == 1 and len(workers) == 1, (wasm, workers)
        assert log.off_origin == []
        assert errors == []
