"""Shared by the calculator stories: their cases, the command line's answer and the one
check of a shown answer against it, and the Playwright session and pages of the
Chromium-only stories."""

from __future__ import annotations

import contextlib
import functools
import json
import math
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

from chq_site.answers import answer_groups, answers
from chq_site.widget import permalinks, presentation

from calculators import PARAMETERS
from tests.browser.page_scripts import ANSWER_FOR, REFETCHED, SET_FRAGMENT, as_function, follow_link
from tests.browser.site_helpers import (
    url,
)
from tests.serving import RequestLog, log_requests

ROOT = Path(__file__).resolve().parents[2]



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


def reference(mechanic: str, params: dict[str, Any]) -> dict[str, Any]:
    """What ``python -m calculators <mechanic> --json <params>`` prints (a fresh copy;
    each case runs the command line once a test process, for both engines)."""
    returncode, stdout, stderr = _ran(mechanic, ("--json", json.dumps(params, sort_keys=True)))
    assert returncode == 0, f"CLI failed for {mechanic} {params}: {stderr}"
    return json.loads(stdout)


@functools.cache
def _ran(mechanic: str, args: tuple[str, ...]) -> tuple[int, str, str]:
    """``python -m calculators <mechanic> <args>``: its exit code, output and errors
    (once a test process: both engines' stories ask the same)."""
    done = subprocess.run([sys.executable, "-m", "calculators", mechanic, *args],
                          capture_output=True, text=True, cwd=ROOT, check=False)
    return done.returncode, done.stdout, done.stderr


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
            self.swap_due = self.page.evaluate(as_function(SET_FRAGMENT), [frag]) or self.swap_due

    def go(self, path: str, frag: str = "") -> None:
        """Reach ``path#frag`` as a player moves on, by a link from the site's page
        shown (Material's instant navigation: the engine stays); as :meth:`open` if no
        page of the site is shown, or this one is."""
        if not self.page.url.startswith(self.base) or self.path() == path:
            self.open(path, frag)
            return
        follow_link(self.page, url(self.base, path) + (f"#{frag}" if frag else ""))
        self.swap_due = False

    def settle(self) -> None:
        """Wait out the content swap Material makes on the first location change it sees
        in a page (it fetches the page again and puts in a new copy, page_scripts's
        SET_FRAGMENT): the widgets are then new elements, mounted."""
        if self.swap_due:
            self.page.wait_for_function(as_function(REFETCHED), arg=[], timeout=READY_MS)
            self.swap_due = False


def watch(page: Any, errors: list[str]) -> None:
    page.on("console", lambda msg: errors.append(f"console.{msg.type}: {msg.text}")
            if msg.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(f"pageerror: {exc}"))


def make_context(browser: Any, base: str, **options: Any) -> tuple[Any, RequestLog]:
    origin = base.split("/", 3)
    context = browser.new_context(viewport=VIEWPORT, **options)
    context.add_init_script("delete Navigator.prototype.serviceWorker;")
    return context, log_requests(context, f"{origin[0]}//{origin[2]}")


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


def widget(page: Any, selector: str = ".chq-widget[data-mode=full]") -> Any:
    return page.locator(selector).first


def wait_for_inputs(page: Any, inputs: dict[str, Any], timeout: float = READY_MS) -> dict[str, Any]:
    """Wait until the main widget is ready and shows the result for exactly ``inputs``;
    return a snapshot of it taken in the same instant (Material may swap the page's
    content on a fragment change, so separate reads could see two different widgets)."""
    handle = page.wait_for_function(as_function(ANSWER_FOR), arg=[inputs], timeout=timeout)
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
    """Wait until the (Playwright) page's main widget answers ``params``; check it."""
    check_answer(wait_for_inputs(page, reference(mechanic, params)["inputs"]), mechanic, params)


def check_answer(shown: dict[str, Any], mechanic: str, params: dict[str, Any]) -> None:
    """The main widget's answer (a snapshot with its ``result`` and headline) is the
    command line's for ``params``.

    A whole result (the engine's, or one the page carries) equals the command line's
    (off-table geometry within TOLERANCE). A ``partial`` one (an answer table's,
    chq_site/answers, read before the engine) has the same inputs, and each figure it
    carries is the command line's, or printed as the page prints it. The headline is
    the same exact fraction, its nearest double, in the page's words.
    """
    expected = reference(mechanic, params)
    tol = TOLERANCE.get(mechanic, 0.0)
    got = json.loads(shown["result"])
    partial = bool(got.get("partial"))
    if partial:
        assert mechanic in answers.TABLED, mechanic
        assert got["inputs"] == expected["inputs"], (got["inputs"], expected["inputs"])
        carried = [k for k in got if k not in ("partial", "inputs")]
        assert carried, got
        styles = {key: style for key, _, style in presentation.FIGURES[mechanic]}
        for key in carried:
            if isinstance(got[key], dict) and "text" in got[key]:
                assert got[key]["text"] == answer_groups.printed(expected[key], styles[key]), key
            else:
                assert got[key] == expected[key], key  # the exact fraction, its nearest double
    else:
        differences = same(got, expected, tol)
        assert differences == [], f"{mechanic} {params}: data-result differs from the CLI: {differences[:5]}"
    key = presentation.headline_for(mechanic, expected["inputs"])["key"]  # Hidden Units: p_found
    if key is None:  # deploy: the headline is a sentence
        assert shown["text"] == expected["summary"], shown["text"]
        return
    headline = expected[key]
    assert shown["exact"] == (headline["exact"] or ""), (shown["exact"], headline)
    if tol or headline["exact"] is None:
        assert math.isclose(float(shown["value"]), headline["value"], rel_tol=0, abs_tol=1e-12)
    else:
        assert float(shown["value"]) == headline["value"]
    assert shown["text"] == presentation.headline_text(mechanic, expected), shown["text"]


# --------------------------------------------------------------------------- #
# Controls, keyboard, bad input                                               #
# --------------------------------------------------------------------------- #

def current_fragment(page: Any) -> dict[str, str]:
    return dict(page.evaluate("() => [...new URLSearchParams(location.hash.slice(1))]"))


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
    flags = tuple(f"--{name.replace('_', '-')}={value}" for name, value in {**params, field: text}.items())
    returncode, stdout, stderr = _ran(mechanic, flags)
    if returncode == 0:
        return json.loads(stdout), ""
    prefix, name, message = stderr.rstrip("\n").split(": ", 2)
    assert (returncode, prefix, name) == (2, "error", field), stderr
    label = next(p.label for p in PARAMETERS[mechanic] if p.name == field)
    return None, f"{label}: {message}."


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


# --------------------------------------------------------------------------- #
# Instant navigation: one engine per tab                                      #
# --------------------------------------------------------------------------- #

def click_through(page: Any, href_part: str) -> None:
    """Click a link in the article to ``href_part``, as a reader would."""
    link = page.locator(f'article a[href*="{href_part}"]').first
    assert link.count() == 1, f"no link to {href_part} in the article of {page.url}"
    link.click()
