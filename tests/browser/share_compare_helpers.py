"""What the share and compare stories of test_share_compare.py (run in Chromium and in
WebKitGTK on the page API) use: each mechanic's two setups and the tap between them,
the compare panel read as one snapshot and checked against ``compute()``, Share's note
and what it copied."""

from __future__ import annotations

import json
import math
from fractions import Fraction
from typing import Any
from urllib.parse import parse_qsl, quote

from chq_site.widget import permalinks

from calculators import HEADLINES, compute
from tests.browser.page_api import ENGINE_S, MAIN, STEP_S, SitePage
from tests.browser.widgets_helpers import PAGES, TOLERANCE, fragment

# Each mechanic: setup A (a permalink), the one control tapped to make B, and B.
# (name, A, (kind, param, what), B); kinds: "step" (+/-), "switch", "choice" (a label).
CHANGES: list[tuple[str, dict[str, Any], tuple[str, str, Any], dict[str, Any]]] = [
    ("spotting", {"distance": 18}, ("choice", "cover", "Light"), {"distance": 18, "cover": "light"}),
    ("close_assault", {"att_dice": 6, "def_dice": 6}, ("switch", "att_flank", None),
     {"att_dice": 6, "def_dice": 6, "att_flank": True}),
    ("artillery", {"variant": "combat-hq", "fire_dice": 5}, ("step", "fire_dice", 1),
     {"variant": "combat-hq", "fire_dice": 6}),
    ("supply", {"supply_dice": 3}, ("switch", "staff_order", None), {"supply_dice": 3, "staff_order": True}),
    ("rally", {"disruption": 3}, ("step", "disruption", 1), {"disruption": 4}),
    ("blind_move", {"target": 24}, ("switch", "suppressed", None), {"target": 24, "suppressed": True}),
    ("deploy", {"suppressions": 2, "units": 3}, ("step", "units", 1), {"suppressions": 2, "units": 4}),
    ("shell_then_assault", {"variant": "armour-battles", "fire_dice": 5}, ("step", "fire_dice", 1),
     {"variant": "armour-battles", "fire_dice": 6}),
]


BY_NAME = {c[0]: c for c in CHANGES}


NO_SHARE_SHEET = "delete Navigator.prototype.share; delete Navigator.prototype.canShare;"


# Both sides answered by the engine, the main widget showing B's whole answer: one
# snapshot of the panel (separate reads could straddle a redraw).
BOTH_SIDES = """want => {
    const root = document.querySelector('.chq-widget[data-mode=full]');
    if (!root || root.dataset.state !== 'ready' || !root.dataset.result) return false;
    const result = JSON.parse(root.dataset.result);
    if (result.partial) return false;
    if (!Object.keys(want).every(k => JSON.stringify(result.inputs[k]) === JSON.stringify(want[k]))) return false;
    const panel = root.querySelector('[data-compare]');
    if (!panel || panel.hidden) return false;
    const sides = {};
    for (const name of ['a', 'b']) {
        const side = panel.querySelector(`[data-side="${name}"]`);
        if (!side || side.dataset.state !== 'ready' || side.dataset.source !== 'engine') return false;
        const h = side.querySelector('[data-headline]');
        sides[name] = {value: h.dataset.value, exact: h.dataset.exact, text: h.textContent.trim()};
    }
    const diff = panel.querySelector('[data-diff]');
    return {sides, href: location.href, hash: location.hash, text: panel.innerText,
            diff: diff ? {value: diff.dataset.value, exact: diff.dataset.exact} : null,
            pressed: root.querySelector('[data-action="pin"]').getAttribute('aria-pressed')};
}"""


def expected(mechanic: str, params: dict[str, Any]) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(json.dumps(compute(mechanic, params)))
    return result


def check_side(mechanic: str, params: dict[str, Any], shown: dict[str, str], where: str) -> None:
    """A side's headline equals compute()'s for its own inputs."""
    want = expected(mechanic, params)
    key = HEADLINES[mechanic]
    if key is None:  # deploy: the headline is a sentence
        assert shown["text"] == want["summary"], (where, shown)
        assert shown["value"] == "" and shown["exact"] == "", (where, shown)
        return
    headline = want[key]
    assert shown["exact"] == (headline["exact"] or ""), (where, mechanic, params, shown, headline)
    tol = TOLERANCE.get(mechanic, 0.0)
    if tol or headline["exact"] is None:
        assert math.isclose(float(shown["value"]), headline["value"], rel_tol=0, abs_tol=1e-12), (where, shown)
    else:
        assert float(shown["value"]) == headline["value"], (where, shown)


def check_panel(mechanic: str, a: dict[str, Any], b: dict[str, Any], snap: dict[str, Any], where: str) -> None:
    check_side(mechanic, a, snap["sides"]["a"], f"{where}: side A")
    check_side(mechanic, b, snap["sides"]["b"], f"{where}: side B")
    assert "NaN" not in snap["text"] and "undefined" not in snap["text"], snap["text"]
    key = HEADLINES[mechanic]
    if key is None:
        assert snap["diff"] is None
        return
    ha, hb = expected(mechanic, a)[key], expected(mechanic, b)[key]
    assert math.isclose(float(snap["diff"]["value"]), hb["value"] - ha["value"], rel_tol=0, abs_tol=1e-12)
    if ha["exact"] and hb["exact"]:
        assert Fraction(snap["diff"]["exact"]) == Fraction(hb["exact"]) - Fraction(ha["exact"]), snap["diff"]
    else:
        assert snap["diff"]["exact"] == ""


def vs_of(params: dict[str, Any]) -> str:
    """``vs=`` for a setup A: its fragment, URL-encoded."""
    return "vs=" + quote(fragment(params), safe="")


def check_vs(mechanic: str, hash_: str, a: dict[str, Any]) -> None:
    """The address's vs= names setup A: each input it gives is A's, each it leaves
    out is the default (as a permalink is read)."""
    vs = dict(parse_qsl(dict(parse_qsl(hash_.lstrip("#")))["vs"]))
    full = expected(mechanic, a)["inputs"]
    base = permalinks.base_values(mechanic)
    for name, value in full.items():
        if name not in vs:
            assert value == base[name], (name, vs)
        elif isinstance(value, bool):
            assert vs[name] == ("true" if value else "false"), (name, vs)
        elif isinstance(value, (int, float)):
            assert float(vs[name]) == value, (name, vs)
        else:
            assert vs[name] == value, (name, vs)


def at(mechanic: str, params: dict[str, Any] | str) -> str:
    """The calculator page of ``mechanic`` with ``params`` (or a fragment) in its address."""
    frag = params if isinstance(params, str) else fragment(params)
    return PAGES[mechanic] + (f"#{frag}" if frag else "")


def change_selector(change: tuple[str, str, Any], b: dict[str, Any]) -> str:
    """What a player taps to make setup B: a step button, a switch, or the label of
    B's choice."""
    kind, param, what = change
    field = f'{MAIN} [data-param="{param}"]'
    if kind == "step":
        return f'{field} .chq-step[data-step="{what}"]'
    if kind == "switch":
        return f"{field} .chq-switch"
    return f'{field} input[value="{b[param]}"] + label'


def sides_shown(page: SitePage, inputs_b: dict[str, Any]) -> dict[str, Any]:
    """Wait until both sides are the engine's and the widget shows B's whole answer."""
    snap: dict[str, Any] = page.wait(f"return ({BOTH_SIDES})(arguments[0]);", inputs_b, timeout=ENGINE_S,
                                     what=f"both sides, B = {inputs_b}")
    return snap


# --------------------------------------------------------------------------- #
# Share                                                                       #
# --------------------------------------------------------------------------- #

# What Share copied: the clipboard API's writes that succeeded (where there is one), and
# the selection at each copy command (an init script, after NO_SHARE_SHEET or SHARE_SHEET).
COPIES = """
window.__written = [];
window.__copied = [];
document.addEventListener('copy', () => window.__copied.push(String(document.getSelection())), true);
if (navigator.clipboard && navigator.clipboard.writeText) {
  const write = navigator.clipboard.writeText.bind(navigator.clipboard);
  navigator.clipboard.writeText = (text) => write(text).then(() => { window.__written.push(text); });
}
"""

# Share's note (once it says something), the link field and what was copied.
NOTE = """
const scope = document.querySelector(arguments[0]);
const n = scope.querySelector('.chq-tools__note');
const f = scope.querySelector('.chq-tools__link');
return n && n.textContent ? {note: n.textContent, field: f ? f.value : null,
                             written: window.__written, copied: window.__copied} : null;
"""


def click_share(page: SitePage, scope: str = MAIN) -> dict[str, Any]:
    """Tap Share in ``scope`` (its last note wiped first, so the note read is this
    tap's); what it said and copied."""
    page.run("document.querySelector(arguments[0]).querySelector('.chq-tools__note').textContent = '';", scope)
    page.tap(f'{scope} [data-action="share"]')
    said: dict[str, Any] = page.wait(NOTE, scope, what="Share's note")
    return said


def check_copied(page: SitePage, said: dict[str, Any], link: str) -> None:
    """Share gave the player ``link``: copied (by the clipboard API or the copy command),
    or, where neither works, shown selected to copy by hand (WebKitGTK may refuse both).
    Chromium, its clipboard allowed (``allow_clipboard``): copied, and the clipboard
    holds the link."""
    if said["note"] == "Link copied":
        assert link in said["written"] + said["copied"], said
    else:
        assert said["note"] == "Copy this link:" and said["field"] == link, said
    if page.engine == "chromium":
        assert said["note"] == "Link copied", said
        assert page.run("return navigator.clipboard.readText()") == link


def allow_clipboard(page: SitePage) -> None:
    """Chromium: let the page read and write the clipboard (Playwright grants it; WebDriver
    has no such command, and WebKitGTK's clipboard is as it is)."""
    if page.engine == "chromium":
        page.context.grant_permissions(["clipboard-read", "clipboard-write"],  # type: ignore[attr-defined]
                                       origin=page.base.rstrip("/"))


def wait_note(page: SitePage, text: str) -> None:
    page.wait("return document.querySelector(arguments[0] + ' .chq-tools__note').textContent === arguments[1];",
              MAIN, text, what=f"Share's note {text!r}", timeout=STEP_S)


# A share sheet (a phone, a tablet): what it was given, and the player's choice.
SHARE_SHEET = """
window.__shared = [];
window.__shareAnswer = 'ok';
Navigator.prototype.share = function (data) {
    window.__shared.push(data.url);
    return window.__shareAnswer === 'ok' ? Promise.resolve()
        : Promise.reject(new DOMException('closed', window.__shareAnswer));
};
"""


# No clipboard API (a club server on plain http): the copy command, then the link shown.
NO_CLIPBOARD = NO_SHARE_SHEET + """
Object.defineProperty(Navigator.prototype, 'clipboard', {get: () => undefined});
""" + COPIES
