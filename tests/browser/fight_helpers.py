"""What the "Fight it out" tests share (test_fight.py, on the page API in both engines;
test_fight_address.py and test_offline_update.py, Playwright's): the tracked fight, the
panel read as one snapshot, and what it must show, worked out here from ``compute()`` (numbers) and
from the rules' own words (002: Draws; After a Close Assault) for the outcome.

The tracked fight: round 1 is a draw in which the attacker rolls fewer
6s (so round 2 is fought with no order bonus and the attacker suppressed), then the
defender wins round 2 by 2.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from chq_site.widget import presentation

from calculators import HEADLINES, compute, printing
from tests.browser import fight_helpers as F
from tests.browser.axe_helpers import site_page_violations
from tests.browser.page_api import ENGINE_S, STEP_S
from tests.browser.widgets_helpers import (
    READY_MS,
    fragment,
)

MECHANIC = "close_assault"
PAGE = "calculators/close-assault/"
# Not a worked example or the starting inputs: the page carries no answer for them,
# so round 1's numbers come from the engine too. Flank attack: round 1 has both
# the order bonus and the flank bonus (5D at 2+); round 2 loses the order bonus and
# the attacker is suppressed (5D at 4+); the defender's light cover adds a die.
PARAMS: dict[str, Any] = {"att_dice": 5, "att_flank": True, "def_dice": 4, "def_cover": "light"}

# What is tapped: CSS selectors inside the main widget, in order. The start button
# sits with the widget's tools; the rest is in the panel.
START = ".chq-fight__start"
_IN = "[data-fight] "
DRAW_ATTACKER_FEWER = (_IN + "[data-fight-action=pick][data-fight-value=draw]",
                       _IN + "[data-fight-action=tap][data-fight-fewer=att]")
DEFENDER_BY_2 = (_IN + "[data-fight-action=pick][data-fight-value=def]",
                 _IN + '[data-fight-action=tap][data-fight-side=def][data-fight-k="2"]')
ATTACKER_BY_1 = (_IN + "[data-fight-action=pick][data-fight-value=att]",
                 _IN + '[data-fight-action=tap][data-fight-side=att][data-fight-k="1"]')
UNDO = _IN + "[data-fight-action=undo]"
NEW = _IN + "[data-fight-action=new]"
END = _IN + "[data-fight-action=end]"

ROUND_1 = {"start": "first", "att_suppressed": False, "def_suppressed": False}
ROUND_2 = {"start": "later", "att_suppressed": True, "def_suppressed": False}

# The panel as one snapshot (a function body: `return ...`), for both lanes.
SNAPSHOT = """
const p = document.querySelector('.chq-widget[data-mode=full] [data-fight]');
if (!p) return null;
const text = (node) => (node ? node.textContent.replace(/\\s+/g, ' ').trim() : null);
const sides = {};
for (const s of p.querySelectorAll('.chq-fight__side')) {
  sides[s.dataset.fightSide] = {dice: s.dataset.dice, tn: s.dataset.tn,
                                text: text(s.querySelector('.chq-fight__dice'))};
}
const odds = {};
for (const d of p.querySelectorAll('.chq-fight__odds dd')) {
  odds[d.dataset.key] = {value: d.dataset.value, exact: d.dataset.exact, text: text(d)};
}
const o = p.querySelector('.chq-fight__outcome');
const undo = p.querySelector('[data-fight-action=undo]');
return {state: p.dataset.state, round: p.dataset.round || null, sides, odds,
        flags: [...p.querySelectorAll('.chq-fight__flag')].map(text),
        log: [...p.querySelectorAll('.chq-fight__log li')].map(text),
        status: text(p.querySelector('.chq-fight__status:not([hidden])')),
        outcome: o ? {winner: o.dataset.winner, margin: o.dataset.margin, loser: o.dataset.loser,
                      winnerSuppressed: o.dataset.winnerSuppressed, text: text(o)} : null,
        undo: undo ? !undo.disabled : null,
        buttons: [...p.querySelectorAll('button')].filter((b) => b.offsetParent !== null)
          .map((b) => { const r = b.getBoundingClientRect();
                        return [text(b) || b.getAttribute('aria-label'), r.width, r.height]; })};
"""


def wait_condition(state: str, round_: int) -> str:
    """A JS condition (function body) true once the panel shows ``round_`` in ``state``."""
    return ("const p = document.querySelector('.chq-widget[data-mode=full] [data-fight]');"
            f" return Boolean(p && p.dataset.state === {json.dumps(state)}"
            f" && p.dataset.round === {json.dumps(str(round_))});")


def expected(params: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    """compute()'s answer for a round-state of the fight, as JSON (what the page has)."""
    result: dict[str, Any] = json.loads(json.dumps(compute(MECHANIC, {**params, **state})))
    return result


def round_problems(snap: dict[str, Any], params: dict[str, Any], state: dict[str, Any],
                   round_: int) -> list[str]:
    """What the panel shows for a round that differs from compute() for that state."""
    want = expected(params, state)
    problems: list[str] = []
    if (snap["state"], snap["round"]) != ("ready", str(round_)):
        problems.append(f"panel state {snap['state']!r} round {snap['round']!r}, wanted ready, {round_}")
    for side in ("att", "def"):
        dice, tn = want["round1"][f"{side}_dice"], want["round1"][f"{side}_tn"]
        got = snap["sides"].get(side, {})
        if got != {"dice": str(dice), "tn": str(tn), "text": f"{dice}D at {tn}+"}:
            problems.append(f"{side}: shows {got}, compute() gives {dice}D at {tn}+")
    keys = [(HEADLINES[MECHANIC], "pct")] + [(key, fmt) for key, _, fmt in presentation.FIGURES[MECHANIC]]
    if sorted(snap["odds"]) != sorted(key for key, _ in keys):
        problems.append(f"odds shown: {sorted(snap['odds'])}")
    for key, fmt in keys:
        prob, got = want[key], snap["odds"].get(key)
        if got is None:
            continue
        text = printing.pct(prob) if fmt == "pct" else printing.fixed(prob)
        if float(got["value"]) != prob["value"] or got["exact"] != (prob["exact"] or "") \
                or got["text"] != text:
            problems.append(f"{key}: shows {got}, compute() gives {prob} ({text})")
    flags = [f"{name} suppressed" for name, flag in (("Attacker", state["att_suppressed"]),
                                                     ("Defender", state["def_suppressed"])) if flag]
    if snap["flags"] != flags:
        problems.append(f"suppression shown {snap['flags']}, wanted {flags}")
    return problems


def outcome_problems(snap: dict[str, Any], params: dict[str, Any], state: dict[str, Any],
                     winner: str, k: int) -> list[str]:
    """What the outcome must say, by the rules (002): the loser takes k Disruption
    Points; it is Dispersed when they reach its Cohesion, else suppressed and Forced
    Back its Fixed Move +1D per Disruption Point; the winner is suppressed if it was
    already, else only if it rolled fewer 6s than the loser in the deciding round."""
    inputs = expected(params, state)["inputs"]  # every parameter, defaults included
    names = {"att": "attacker", "def": "defender"}
    loser = "def" if winner == "att" else "att"
    now = inputs[f"{loser}_disruption"] + k
    dispersed = now >= inputs[f"{loser}_cohesion"]
    was_suppressed = state[f"{winner}_suppressed"]
    out = snap["outcome"]
    if snap["state"] != "over" or out is None:
        return [f"no outcome shown: {snap['state']!r}"]
    problems = []
    want_data = {"winner": winner, "margin": str(k), "loser": "dispersed" if dispersed else "forced-back",
                 "winnerSuppressed": "yes" if was_suppressed else "if-fewer-6s"}
    got_data = {key: out[key] for key in want_data}
    if got_data != want_data:
        problems.append(f"outcome data {got_data}, wanted {want_data}")
    phrases = [f"The {names[winner]} wins by {k}",
               f"The {names[loser]} takes {k} Disruption Point{'s' if k != 1 else ''} (now {now};",
               "It is Dispersed" if dispersed else f"It is suppressed and Forced Back its Fixed Move + {k}D6″",
               f"The {names[winner]} ends suppressed: it was already suppressed" if was_suppressed
               else f"The {names[winner]} ends suppressed only if it rolled fewer 6s than the {names[loser]}"]
    problems += [f"outcome lacks {phrase!r}: {out['text']!r}" for phrase in phrases if phrase not in out["text"]]
    return problems


def small_targets(snap: dict[str, Any]) -> list[Any]:
    """Buttons of the panel smaller than 44 x 44 px."""
    return [b for b in snap["buttons"] if b[1] < 44 or b[2] < 44]


SIZES = {"ipad": {"width": 820, "height": 1180}, "phone": {"width": 390, "height": 844}}


def snap(page: Any) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate(f"() => {{ {F.SNAPSHOT} }}")
    return result


def wait_for(page: Any, state: str, round_: int) -> dict[str, Any]:
    try:
        page.wait_for_function(f"() => {{ {F.wait_condition(state, round_)} }}", timeout=READY_MS)
    except Exception as exc:  # say what the panel showed instead
        raise AssertionError(f"waited for {state} round {round_}; the panel shows {snap(page)}") from exc
    return snap(page)


def tap(page: Any, *selectors: str) -> None:
    for selector in selectors:
        page.locator(".chq-widget[data-mode=full] " + selector).click()


def check_round(page: Any, params: dict[str, Any], state: dict[str, Any], round_: int) -> dict[str, Any]:
    shown = wait_for(page, "ready", round_)
    assert F.round_problems(shown, params, state, round_) == []
    return shown


# --------------------------------------------------------------------------- #
# The same on the page API (tests/browser/page_api.py), in either engine      #
# --------------------------------------------------------------------------- #

def open_fight(page: Any, params: dict[str, Any]) -> None:
    """Open the Close Assault page with ``params``; wait for the fight panel mounted."""
    page.open(F.PAGE + "#" + fragment(params))
    page.wait("return Boolean(document.querySelector('.chq-widget[data-mode=full] [data-fight][data-state=idle]'));",
              what="the fight panel mounted")


def panel(page: Any) -> dict[str, Any]:
    """The panel as one snapshot."""
    result: dict[str, Any] = page.run(F.SNAPSHOT)
    return result


def panel_at(page: Any, state: str, round_: int, timeout: float = STEP_S) -> dict[str, Any]:
    """Wait until the panel shows ``round_`` in ``state``; its snapshot."""
    try:
        page.wait(F.wait_condition(state, round_), what=f"the fight panel to show round {round_} {state}",
                  timeout=timeout)
    except AssertionError as exc:  # say what the panel showed instead
        raise AssertionError(f"{exc}; the panel shows {panel(page)}") from exc
    return panel(page)


def tap_panel(page: Any, *selectors: str) -> None:
    for selector in selectors:
        page.tap(".chq-widget[data-mode=full] " + selector)


def round_shown(page: Any, params: dict[str, Any], state: dict[str, Any], round_: int,
                timeout: float = ENGINE_S) -> dict[str, Any]:
    """Wait for ``round_`` ready (the engine's numbers); it must be compute()'s."""
    shown = panel_at(page, "ready", round_, timeout)
    assert F.round_problems(shown, params, state, round_) == []
    return shown


def shoot_panel(page: Any, folder: Path, step: str) -> None:
    """The panel as a reader sees it, on a tablet and a phone (WebKit's: its narrowest
    window), light and dark; on each, nothing wider than the screen, every button at
    least 44 x 44 px, and (on the tablet) no serious axe-core finding in the widget."""
    folder.mkdir(parents=True, exist_ok=True)
    problems: dict[str, list[str]] = {}
    for size_name, size in SIZES.items():
        page.resize(size["width"], size["height"])
        # Down to the panel from the top (scrolling up would bring Material's "Back to top").
        page.run("window.scrollTo(0, 0);")
        page.frames()
        page.run("const p = document.querySelector('[data-fight]');"
                 " const header = document.querySelector('.md-header');"
                 " window.scrollTo(0, p.getBoundingClientRect().top + window.scrollY"
                 " - (header ? header.offsetHeight : 0) - 8);")
        assert page.run("return document.documentElement.scrollWidth <= window.innerWidth"), size_name
        assert F.small_targets(panel(page)) == [], size_name
        for scheme, name in (("default", "light"), ("slate", "dark")):
            page.run("document.body.setAttribute('data-md-color-scheme', arguments[0]);", scheme)
            page.frames()
            page.settle()  # the header's title, the colours
            page.screenshot(folder / f"fight-{page.engine}-{step}-{size_name}-{name}.png")
            if size_name == "ipad":
                problems[name] = site_page_violations(page)
    page.run("document.body.setAttribute('data-md-color-scheme', 'default');")
    page.resize(SIZES["ipad"]["width"], SIZES["ipad"]["height"])
    assert problems == {"light": [], "dark": []}


def panel_closed(page: Any) -> bool:
    """The fight ended: the panel idle and hidden, its start button in sight again."""
    return bool(page.wait("const p = document.querySelector('[data-fight]');"
                          " const s = document.querySelector(arguments[0]);"
                          " return p.dataset.state === 'idle' && p.offsetParent === null && s.offsetParent !== null;",
                          ".chq-widget[data-mode=full] " + F.START, what="the fight ended"))
