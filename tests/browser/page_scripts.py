"""The scripts the page API (tests/browser/page_api.py) runs in a page, the same in
both engines: function bodies (``return ...``, arguments as ``arguments[i]``,
WebDriver's convention), and what turns one into a function for Playwright."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any
from urllib.parse import urljoin

#: The main calculator of a calculator page.
MAIN = ".chq-widget[data-mode=full]"
#: The site's "not found" page (no link of the site leads to it).
NOT_FOUND = "404.html"
#: A step's ceiling (s): a tap's effect, a field's message. Ceilings, not sleeps.
STEP_S = 30.0
#: How often Chromium's waits ask the page (ms). Playwright's own default asks on every
#: animation frame, which makes the page draw 60 frames a second for as long as a
#: wait lasts: 0.10 CPU-s a second of waiting against 0.03 at 100 ms (a 3 s wait,
#: 5 runs), on a machine whose test run is bound by CPU. WebKit's waits ask every
#: 0.2 s (tests/webkit/driver.py POLL_S).
POLL_MS = 100
#: The engine's ceiling (s): Pyodide's start under load, in either engine.
ENGINE_S = 300.0

# The main widget as one snapshot (separate reads could straddle a content swap).
WIDGET = """
const r = document.querySelector('.chq-widget[data-mode=full]') || document.querySelector('[data-calculator]');
if (!r) return null;
const h = r.querySelector('[data-headline]');
return {calculator: r.dataset.calculator, state: r.dataset.state || null,
        source: r.dataset.source || null, engine: r.dataset.engine || null,
        result: r.getAttribute('data-result'), value: h ? h.dataset.value : null,
        exact: h ? h.dataset.exact : null, text: h ? h.textContent.trim() : null,
        hash: location.hash};
"""

# Run at the top of every document of a page, in both engines (Chromium: an init
# script; WebKit: the probe, tests/webkit/probe.py): the main widget's (data-state,
# data-source, data-engine), each change in order (``window.__chqHistory``), and when
# (performance.now()) it first had an answer and its engine first was ready
# (``window.__chqTimes``). Idempotent: Material's instant navigation may run it again.
STATE_HISTORY = """
(() => {
  if (window.__chqHistory) return;
  window.__chqHistory = [];
  window.__chqTimes = { answer: null, engine: null };
  const watch = () => {
    const r = document.querySelector("[data-calculator]");
    if (!r) return;
    const now = [r.dataset.state || "", r.dataset.source || "", r.dataset.engine || ""];
    const last = window.__chqHistory[window.__chqHistory.length - 1];
    if (!last || last.join() !== now.join()) window.__chqHistory.push(now);
    const t = window.__chqTimes;
    if (t.answer === null && now[0] === "ready") t.answer = performance.now();
    if (t.engine === null && now[2] === "ready") t.engine = performance.now();
  };
  new MutationObserver(watch).observe(document, {
    subtree: true, childList: true, attributes: true,
    attributeFilter: ["data-state", "data-source", "data-engine"],
  });
})();
"""

# The main widget ready with its whole answer (not an answer table's headline) for
# exactly the inputs given (arguments[0]); its headline, in the same read.
ANSWER_FOR = """
const want = arguments[0];
const root = document.querySelector('.chq-widget[data-mode=full]');
if (!root || root.dataset.state !== 'ready' || !root.dataset.result) return false;
const result = JSON.parse(root.dataset.result);
if (result.partial) return false;
const got = result.inputs || {};
if (!Object.keys(want).every(k => JSON.stringify(got[k]) === JSON.stringify(want[k]))) return false;
const h = root.querySelector('[data-headline]');
return {result: root.dataset.result, value: h.dataset.value, exact: h.dataset.exact,
        text: h.textContent.trim(), hash: location.hash};
"""

# The main widget's refusal of the field arguments[0]: its message, and how it is
# shown (null until the widget refuses it).
REFUSAL = """
const root = document.querySelector('.chq-widget[data-mode=full]');
const box = root && root.querySelector(`[data-param="${arguments[0]}"]`);
const msg = box && box.querySelector('.chq-msg');
if (!msg || root.dataset.state !== 'error' || !msg.textContent) return null;
const described = [...box.querySelectorAll('[aria-describedby]')]
  .some(el => el.getAttribute('aria-describedby').split(/\\s+/).includes(msg.id));
return {message: msg.textContent, described, visible: msg.getBoundingClientRect().height > 0,
        result: root.getAttribute('data-result'),
        value: root.querySelector('[data-headline]').dataset.value,
        invalid: box.querySelector('[aria-invalid=true]') !== null};
"""

# A widget_when condition: the main widget shows a result for exactly these inputs
# (arguments[0]) of this mechanic (arguments[1]).
SHOWS = ("r.calculator === arguments[1] && r.state === 'ready' && inputs !== null"
         " && Object.keys(arguments[0]).every(k => JSON.stringify(inputs[k]) === JSON.stringify(arguments[0][k]))")

# The mouse wheel scrolls smoothly: "still for a few frames" is not "over" (under load
# a smooth scroll can pause for three frames and go on). The browser says when the
# page's scroll is over (``scrollend``); the page's scroll events and that word are
# numbered in order (Material scrolls its table of contents too: not the page's).
# (Playwright's function form: only Chromium's wheel uses them.)
WHEEL_WATCH = """() => {
  if (window.__chqWheel) return;
  const s = window.__chqWheel = {seq: 0, scrolled: 0, ended: 0};
  addEventListener('scroll', (e) => { if (e.target === document) s.scrolled = ++s.seq; }, {passive: true});
  addEventListener('scrollend', (e) => { if (e.target === document) s.ended = ++s.seq; });
}"""
WHEEL_LANDED = """before => {
  const s = window.__chqWheel;
  return window.scrollY !== before && s.ended > s.scrolled;
}"""

# No transition or animation running.
AT_REST = "return document.getAnimations().every(a => a.playState !== 'running');"

# Scroll an element to the middle of the screen (not under the sticky answer bar).
TO_MIDDLE = "arguments[0].scrollIntoView({block: 'center', behavior: 'instant'});"

# Before WebDriver's click, what Playwright's click waits for (its actionability): the
# element (arguments[0]) keeps still over two animation frames and is the one hit at its
# centre in both. Done with "" then, "detached" if the page removed it, or what it
# still was after arguments[1] ms. (WebDriver clicks at once, and WebKit refuses, or
# misses, a control that is not hit at that moment.) A tab behind another draws no
# frames: there the next look is a timer's (50 ms, or as the browser slows timers).
TAPPABLE = """
const [element, limit, done] = [arguments[0], arguments[1], arguments[arguments.length - 1]];
const start = performance.now();
let last = "";
const where = () => {
  const r = element.getClientRects()[0];
  if (!r) return "not laid out";
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return element === hit || element.contains(hit) ? `${r.left},${r.top},${r.width},${r.height}`
    : `not hit at its centre (${hit ? hit.tagName.toLowerCase() + "." + hit.className : "nothing"} is)`;
};
const step = () => {
  if (!element.isConnected) return done("detached");
  const now = where();
  if (now === last && !now.startsWith("not ")) return done("");
  if (performance.now() - start > limit) return done(now);
  last = now;
  next();
};
const next = () => {
  let gone = false;
  const go = () => { if (!gone) { gone = true; step(); } };
  requestAnimationFrame(go);
  setTimeout(go, 50);
};
next();
"""

# Two animation frames, as a promise (Playwright) and as an async script (WebDriver).
FRAMES_PROMISE = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"
FRAMES_DONE = ("const done = arguments[arguments.length - 1];"
               " requestAnimationFrame(() => requestAnimationFrame(() => done(true)));")

# A field's text replaced at once, as Playwright's fill() does it: its text selected, the
# new text inserted as an edit (the browser's own input event). A value set by script
# is no edit: leaving the field would fire no "change", and a refused value typed in
# would never be flagged (the page waits for the player to leave the field).
FILL = ("const f = document.querySelector(arguments[0]); f.focus(); f.select();"
        " document.execCommand('insertText', false, arguments[1]);")


# Material's instant navigation takes a tap on a link only once it has read the site's
# sitemap.xml, which it fetches after the page's load: a tap before loads anew.
ARMED = ("return performance.getEntriesByType('resource')"
         ".some(e => e.name.endsWith('/sitemap.xml') && e.responseEnd > 0);")

# A tap on a link to arguments[0] (Material's instant navigation takes it), the page's
# content before it remembered; and the new page's content in, at that address.
GO = ("window.__chqBefore = document.querySelector('[data-md-component=container]');"
      " const a = document.createElement('a'); a.href = arguments[0];"
      " document.body.append(a); a.click(); a.remove();")
# (window.__chqBefore is this document's: a page loaded anew instead has none.)
ARRIVED = ("const c = document.querySelector('[data-md-component=container]');"
           " if (!('__chqBefore' in window)) throw new Error('the page was loaded anew, not navigated to');"
           " return location.href === arguments[0] && !!c && c !== window.__chqBefore;")

# The address of the open page changed to #arguments[0], the page's content before it
# remembered; true if Material's instant navigation has fetched no page in this
# document yet. Then (the first change of a fragment since a page's load) it fetches
# this one again, swaps its content in and goes to the address it last saw: in WebKit,
# a change made meanwhile, its popstate still queued, was put back to this one (one
# full run in two). A player cannot type that fast; a story waits as they would.
SET_FRAGMENT = ("const fetched = performance.getEntriesByType('resource').some(e =>"
                " e.initiatorType === 'xmlhttprequest' && /(\\/|\\.html)$/.test(new URL(e.name).pathname));"
                " window.__chqContent = document.querySelector('[data-md-component=container]');"
                " location.hash = arguments[0]; return !fetched;")
# That content swapped in, and the site's script has taken it (its widgets mounted:
# Material goes to the address before the site's script sees a new page).
REFETCHED = ("const c = document.querySelector('[data-md-component=container]');"
             " return !!c && c !== window.__chqContent"
             " && [...c.querySelectorAll('.chq-widget[data-calculator]')].every(r => r.__chqWidget);")


def as_function(body: str) -> str:
    """A function body (``return ...``, its arguments as ``arguments[i]``) as the
    function Playwright's evaluate takes (the arguments given as one list)."""
    return f"(args) => (function () {{ {body} }}).apply(null, args)"


def widget_when(condition: str, snapshot: str = WIDGET) -> str:
    """A function body: the main widget's ``snapshot`` (a function body; WIDGET unless
    given) once ``condition`` (a JS expression over ``w``, the widget, ``r``, its
    dataset, ``inputs``, its result's inputs or null, and ``arguments``) holds, else
    null."""
    return ("{ const w = document.querySelector('.chq-widget[data-mode=full]');"
            " if (!w) return null; const r = w.dataset;"
            " let inputs = null; try { inputs = r.result ? JSON.parse(r.result).inputs : null; }"
            " catch (e) { inputs = null; }"
            f" if (!({condition})) return null; }}" + snapshot)


def follow_link(page: Any, href: str) -> None:
    """Playwright's ``page`` follows a link to ``href`` inside the site as a tap does
    (:meth:`SitePage.go`), for a story on Playwright's own page."""
    page.wait_for_function(as_function(ARMED), arg=[], timeout=STEP_S * 1000)
    page.evaluate(FRAMES_PROMISE)
    page.evaluate(as_function(GO), [href])
    page.wait_for_function(as_function(ARRIVED), arg=[href], timeout=STEP_S * 1000)


def walk_steps(paths: Iterable[str]) -> Iterator[tuple[str, bool]]:
    """Each of ``paths`` in the order a player moves through them, with whether the
    page is loaded anew (the first, and the not-found page, which no link leads to:
    last) or reached by a link from the one before. The page API's walk
    (:meth:`SitePage.walk`) and :func:`walk_page` go by it."""
    for step, path in enumerate(sorted(paths, key=lambda path: path == NOT_FOUND)):
        yield path, not step or path == NOT_FOUND


def walk_page(page: Any, base: str, paths: Iterable[str]) -> Iterator[tuple[str, bool]]:
    """Playwright's own ``page`` through ``paths`` of the site at ``base`` as
    :func:`walk_steps` orders them (:meth:`SitePage.walk` for a story on its own
    page): each path once shown, with whether it was loaded anew (else a link was
    followed to it: the document, its engine and scripts added to it, stay)."""
    for path, loaded in walk_steps(paths):
        address = urljoin(base, path)
        if loaded:
            page.goto(address)
        else:
            follow_link(page, address)
        yield path, loaded
