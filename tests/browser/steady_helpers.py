"""Nothing moves when the engine arrives (or fails): what the story of
tests/browser/test_steady.py (run in Chromium and in WebKitGTK) measures with.

``RECORDER`` goes at the top of every page (the page API's ``init_script``). It
notes where the answer and every control of every calculator widget are, in page
coordinates: as the page's parse ends, each time a widget's ``data-engine`` changes,
once the first widget is mounted and drawn ("mounted": where a player first sees its
controls, the engine's state shown), and on request (``__chqBoxes.take()``). An
element is followed from the first note it is in; one that appears later (the cue
under a first answer) is not a move.

Chromium also counts the browser's own layout-shift entries (``SHIFTS``, a
``PerformanceObserver`` with ``buffered: true``), from the "mounted" note on (how
the page moves before its script runs is another matter); WebKitGTK makes no
such entries (``PerformanceObserver.supportedEntryTypes`` has no "layout-shift":
the story checks that it still has none, and compares the boxes).
"""

from __future__ import annotations

from typing import Any

from chq_site.widget import permalinks

PAGES = {
    "close-assault": permalinks.page_path("close_assault"),
    "spotting": permalinks.page_path("spotting"),
    # "What do I need?" and "How lucky was that?" open under the answer: answered from the
    # build, then from the engine.
    "close-assault-need": permalinks.page_path("close_assault") + "#att_dice=6&def_dice=5&sweep=att_dice&target=0.8&rolled=5,3",
    # A rules page whose calculator card starts the engine when it is scrolled to.
    "rules-close-assault": "rules/close-assault/",
}
TABLET = (820, 1180)
PHONE = (390, 844)
# The bar: the layout shift of a page from its start until the engine is
# ready (or has failed).
MAX_SHIFT = 0.01
# A box "moved" when an edge is this far (CSS px) from where it was: sub-pixel
# rounding of a re-laid-out line is not a move.
MOVED_PX = 1.0

RECORDER = """
(() => {
  if (window.__chqBoxes) return;
  // The controls and the answer, and the engine's own line: its state changes its words,
  // never where they start (a failure that moved them was a layout shift of its own).
  const CONTROLS = 'input, select, textarea, button, summary, a[href], [role=button], .chq-output, [data-headline], .chq-status__text';
  const ids = new WeakMap();
  let next = 0;
  const notes = [];
  const take = (why) => {
    const note = {why, at: performance.now(), scroll: window.scrollY, engine: [], boxes: {}};
    for (const widget of document.querySelectorAll('.chq-widget')) {
      note.engine.push(widget.dataset.engine || '');
      for (const node of widget.querySelectorAll(CONTROLS)) {
        const r = node.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        if (!ids.has(node)) ids.set(node, `${next++} ${node.tagName.toLowerCase()}.${String(node.className).split(' ')[0]}`
                                            + ` ${(node.getAttribute('name') || node.textContent || '').trim().slice(0, 30)}`);
        note.boxes[ids.get(node)] = [r.left + window.scrollX, r.top + window.scrollY, r.width, r.height];
      }
    }
    notes.push(note);
    return note;
  };
  window.__chqBoxes = {notes, take};
  let drawn = false;
  const seen = () => {
    const note = take('engine ' + [...document.querySelectorAll('.chq-widget')].map(w => w.dataset.engine || '-').join(','));
    // Once a widget is mounted and drawn: where the player first sees its controls.
    if (!drawn && note.engine.some(Boolean)) {
      drawn = true;
      requestAnimationFrame(() => requestAnimationFrame(() => take('mounted')));
    }
  };
  document.addEventListener('DOMContentLoaded', () => {
    take('parsed');
    seen();
    new MutationObserver(seen).observe(document.body, {subtree: true, attributes: true, attributeFilter: ['data-engine']});
  });
})();
"""

SHIFTS = """
(() => {
  window.__chqShifts = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        window.__chqShifts.push({value: e.value, at: e.startTime, input: e.hadRecentInput,
          moved: (e.sources || []).map(s => `${s.node ? (s.node.className || s.node.nodeName) : '?'}`
                                          + ` y ${Math.round(s.previousRect.y)} -> ${Math.round(s.currentRect.y)}`)});
      }
    }).observe({type: 'layout-shift', buffered: true});
  } catch (_) { /* no layout-shift entries in this browser */ }
})();
"""

# The page's widgets' engine states, once every one that started is ready (or, with
# ``failed``, has failed); null until then.
ENGINE_DONE = """(failed) => {
  const states = [...document.querySelectorAll('.chq-widget')].map(w => w.dataset.engine || '');
  const done = failed ? 'error' : 'ready';
  return states.some(s => s === done) && !states.some(s => s === 'loading') ? states : null;
}"""

# The note taken once a widget was mounted and drawn is there (RECORDER takes it two
# frames after the mount: an engine that fails at once can be done before).
MOUNT_NOTED = "window.__chqBoxes.notes.some(n => n.why === 'mounted')"

# Bring the widget that starts the engine into view (a rules page's card starts
# it when it is scrolled to), as a reader scrolling would.
SCROLL_TO_WIDGET = "document.querySelector('.chq-widget').scrollIntoView({block: 'center', behavior: 'instant'})"


def mounted(notes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The notes from the one taken once a widget was mounted (its ``data-engine``
    set: the engine's state shown) and drawn, on: what is measured is the engine's
    state changing, not the widget's script mounting it.

    >>> [n["why"] for n in mounted([{"why": "engine idle"}, {"why": "mounted"}, {"why": "engine ready"}])]
    ['mounted', 'engine ready']
    """
    first = next(i for i, note in enumerate(notes) if note["why"] == "mounted")
    return notes[first:]


def shift_after(shifts: list[dict[str, Any]], start: float) -> float:
    """The layout shift of the entries from ``start`` (ms) on, no input just before them."""
    return sum(entry["value"] for entry in shifts if not entry["input"] and entry["at"] >= start)


def moves(notes: list[dict[str, Any]]) -> list[str]:
    """Every box that moved between the first note it is in and a later note taken at
    the same scroll position (a sticky answer bar stays where the screen is): what
    moved, and from where to where. Empty: nothing moved.

    >>> first = {"why": "parsed", "scroll": 0, "boxes": {"0 input": [10, 500, 40, 20]}}
    >>> moves([first, {"why": "ready", "scroll": 0, "boxes": {"0 input": [10, 419, 40, 20], "1 b": [0, 0, 9, 9]}}])
    ['0 input: [10, 500, 40, 20] at parsed, [10, 419, 40, 20] at ready']
    >>> moves([first, {"why": "ready", "scroll": 0, "boxes": {"0 input": [10, 500.4, 52, 20]}}])
    []
    """
    seen: dict[str, tuple[str, float, list[float]]] = {}
    moved = []
    for note in notes:
        for key, box in note["boxes"].items():
            if key not in seen:
                seen[key] = (note["why"], note["scroll"], box)
                continue
            why, scroll, first = seen[key]
            # Where it is (left, top), not how wide: a figure's width is its text's.
            if scroll == note["scroll"] and any(abs(a - b) > MOVED_PX for a, b in zip(first[:2], box[:2], strict=True)):
                moved.append(f"{key}: {first} at {why}, {box} at {note['why']}")
    return moved
