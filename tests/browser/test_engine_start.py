"""How the engine starts, and what a player sees before it has.

* From the build's memory snapshot (``data-engine-boot="snapshot"``): the same answers
  as the normal boot, byte for byte.
* A snapshot that cannot be used (missing, truncated, corrupt, from another Pyodide
  build) makes the worker boot the normal way (``data-engine-boot="full"``): slower,
  the same answers, no error shown or logged. The worker checks its size and hash
  against the page's list first (tests/browser/test_engine_integrity.py); what it
  finds while inflating one the list does not name (a page saved before the list
  existed) is tested here.
* The small calculators answer any permalink from the build's answer table
  (``data-source="build"``) while the engine is held back, and the engine's answer
  agrees exactly.

Real Chromium, the built site over HTTP; the engine is held back or its snapshot
replaced with Playwright's request routing.
"""

from __future__ import annotations

import gzip
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from chq_site import presentation
from chq_site.engine import pack_snapshot, unpack_snapshot

from calculators import HEADLINES, compute
from tests.browser.site_helpers import url
from tests.browser.test_widgets import PAGES, READY_MS, reference, watched_page

# Non-default permalinks of the small calculators (band edges and fractions included).
SMALL_CASES = [
    ("spotting", {"distance": 17, "cover": "light", "moving": True}),
    ("spotting", {"distance": 12, "target": "hidden", "chain_dice": 1, "ties": "spotter"}),
    ("spotting", {"distance": 24.5, "recon": True, "suppressed": True}),
    ("supply", {"supply_dice": 7, "staff_order": True}),
    ("rally", {"disruption": 11}),
    ("blind_move", {"target": 13.5, "suppressed": True}),
    ("blind_move", {"target": 1e-7}),  # an exponent, as compute() takes it
    ("deploy", {"suppressions": 3, "disruption": 7, "units": 4}),
]
# Inputs with no answer before the engine: the snapshot is what makes them quick.
ENGINE_CASES = [
    ("close_assault", {"att_dice": 14, "def_dice": 4, "def_cover": "light", "att_flank": True}),  # past the table
    ("spotting", {"distance": 30, "spotter_dice": 6, "target": "hidden"}),
]

# A full boot (no snapshot) on a loaded 2-core CI machine can take minutes.
FULL_BOOT_MS = 240_000

STATE = """() => {
  const r = document.querySelector('.chq-widget[data-mode=full]');
  const h = r.querySelector('[data-headline]');
  return {state: r.dataset.state, source: r.dataset.source || null, engine: r.dataset.engine || null,
          boot: r.dataset.engineBoot || null, result: r.getAttribute('data-result'),
          exact: h.dataset.exact, text: h.textContent.trim(),
          figures: [...r.querySelectorAll('.chq-figures dd')].map(d => d.title),
          note: (window.__chqEngine && window.__chqEngine.timings.note) || '',
          timings: (window.__chqEngine && window.__chqEngine.timings.worker) || {}};
}"""


def permalink(site_url: str, mechanic: str, params: dict[str, Any]) -> str:
    plain = {k: (str(v).lower() if isinstance(v, bool) else v) for k, v in params.items()}
    return url(site_url, PAGES[mechanic]) + "#" + urlencode(plain)


def wait_for(page: Any, condition: str, timeout: float = READY_MS) -> dict[str, Any]:
    page.wait_for_function(
        "() => { const w = document.querySelector('.chq-widget[data-mode=full]');"
        f" const r = w && w.dataset; return Boolean(r && ({condition})); }}",
        timeout=timeout,
    )
    return page.evaluate(STATE)


def headline_of(mechanic: str, result: dict[str, Any]) -> str:
    """The headline the widget shows, as its exact text: a fraction, or deploy's sentence."""
    key = presentation.headline_for(mechanic, result["inputs"])["key"]  # Hidden Units: p_found
    return result["summary"] if key is None else result[key]["exact"]


def shown_headline(mechanic: str, state: dict[str, Any]) -> str:
    return state["text"] if HEADLINES[mechanic] is None else state["exact"]


class HeldEngine:
    """Holds every request for the engine's files until ``release()``."""

    def __init__(self) -> None:
        self.held: list[Any] = []
        self.released = False

    def route(self, route: Any) -> None:
        if self.released:
            route.fallback()
        else:
            self.held.append(route)

    def release(self) -> None:
        self.released = True
        for route in self.held:
            route.fallback()
        self.held.clear()


@pytest.mark.parametrize(("mechanic", "params"), SMALL_CASES,
                         ids=[f"{m}-{i}" for i, (m, _) in enumerate(SMALL_CASES)])
def test_small_calculators_answer_before_the_engine(
    browser: Any, site_url: str, mechanic: str, params: dict[str, Any]
) -> None:
    expected = compute(mechanic, params)
    with watched_page(browser, site_url) as (context, page, log, errors):
        engine = HeldEngine()
        context.route("**/assets/engine/**", engine.route)
        page.goto(permalink(site_url, mechanic, params))
        early = wait_for(page, "r.state === 'ready'")
        assert (early["source"], early["engine"]) == ("build", "loading"), early
        assert shown_headline(mechanic, early) == headline_of(mechanic, expected)
        partial = json.loads(early["result"])
        assert partial["partial"] is True
        for key, value in partial.items():
            if isinstance(value, dict) and "exact" in value:
                assert value["exact"] == expected[key]["exact"], key
        engine.release()
        final = wait_for(page, "r.source === 'engine' && r.engine === 'ready'")
        assert json.loads(final["result"]) == reference(mechanic, params)
        assert shown_headline(mechanic, final) == shown_headline(mechanic, early)
        assert log.off_origin == []
        assert errors == []


def snapshot_file(built_site: Path) -> Path:
    (found,) = sorted((built_site / "assets" / "engine").glob("snapshot-*.bin"))
    return found


def truncated(data: bytes) -> bytes:
    return data[: len(data) // 2]


def corrupt(data: bytes) -> bytes:
    middle = len(data) // 2
    return data[:middle] + bytes(b ^ 0x5A for b in data[middle:middle + 64]) + data[middle + 64:]


def other_build(data: bytes) -> bytes:
    """A well-formed snapshot whose Pyodide build id is not this build's."""
    raw = bytearray(unpack_snapshot(gzip.decompress(data)))
    raw[20:40] = b"x" * 20  # inside Pyodide's build id
    return gzip.compress(pack_snapshot(bytes(raw)), compresslevel=1, mtime=0)


def run_overrun(data: bytes) -> bytes:
    """Well-formed gzip, our format, but a run that ends past the snapshot's size."""
    packed = bytearray(gzip.decompress(data))
    packed[16:20] = (2**31).to_bytes(4, "little")  # the first run's length
    return gzip.compress(bytes(packed), compresslevel=1, mtime=0)


def missing(data: bytes) -> bytes | None:
    return None


@pytest.mark.parametrize("mechanic,params", ENGINE_CASES, ids=[m for m, _ in ENGINE_CASES])
def test_snapshot_start_answers_as_the_full_boot(
    browser: Any, site_url: str, built_site: Path, mechanic: str, params: dict[str, Any]
) -> None:
    results = {}
    for boot in ("snapshot", "full"):
        with watched_page(browser, site_url) as (context, page, log, errors):
            if boot == "full":
                context.route("**/assets/engine/snapshot-*.bin", lambda route: route.fulfill(status=404))
            page.goto(permalink(site_url, mechanic, params))
            shown = wait_for(page, "r.source === 'engine' && r.engine === 'ready'", FULL_BOOT_MS)
            assert shown["boot"] == boot, shown
            results[boot] = shown["result"]
            assert errors == []
    assert results["snapshot"] == results["full"]
    assert json.loads(results["snapshot"]) == reference(mechanic, params)


# The snapshot's entry in the page's list of engine files (its size and hash), in the
# chq-engine meta tag (the one place the page's script reads it from).
SNAPSHOT_LISTED = re.compile(r'"snapshot-[0-9a-f]+\.bin": \{[^{}]*\}(, )?|, "snapshot-[0-9a-f]+\.bin": \{[^{}]*\}')


def unlisted_snapshot(route: Any) -> None:
    """The page as if its list of engine files did not name the snapshot."""
    response = route.fetch()
    text = response.text()
    body, count = SNAPSHOT_LISTED.subn("", text)
    assert count == 1, f"the snapshot is listed {count} times in the page, not once"
    route.fulfill(response=response, body=body)


@pytest.mark.parametrize("spoil", [truncated, corrupt, other_build, run_overrun, missing],
                         ids=["truncated", "corrupt", "other-build", "run-overrun", "missing"])
def test_a_bad_snapshot_falls_back_to_the_full_boot(
    browser: Any, site_url: str, built_site: Path, spoil: Callable[[bytes], bytes | None]
) -> None:
    mechanic, params = ENGINE_CASES[0]
    body = spoil(snapshot_file(built_site).read_bytes())
    with watched_page(browser, site_url) as (context, page, log, errors):
        context.route(url(site_url, PAGES[mechanic]), unlisted_snapshot)
        if body is None:
            context.route("**/assets/engine/snapshot-*.bin", lambda route: route.fulfill(status=404))
        else:
            context.route("**/assets/engine/snapshot-*.bin",
                          lambda route: route.fulfill(status=200, body=body,
                                                      content_type="application/octet-stream"))
        page.goto(permalink(site_url, mechanic, params))
        shown = wait_for(page, "r.source === 'engine' && r.engine === 'ready'", FULL_BOOT_MS)
        assert shown["boot"] == "full", shown
        assert shown["note"].startswith("snapshot not used:"), shown["note"]
        if spoil is other_build:
            assert "build id" in shown["note"], shown["note"]
        # Found while inflating, the reason is said, not what it led to (the runtime,
        # compiled meanwhile, is then refused the bytes: "invalid magic number").
        assert "magic number" not in shown["note"], shown["note"]
        if spoil is truncated:
            assert "truncated" in shown["note"], shown["note"]
        if spoil is run_overrun:
            assert "overrun" in shown["note"], shown["note"]
        if spoil is missing:  # known from the server's answer, before the runtime compiles
            assert "HTTP 404" in shown["note"] and "instantiated" not in shown["timings"], shown
        assert json.loads(shown["result"]) == reference(mechanic, params)
        assert errors == []


def test_a_listed_snapshot_that_stays_wrong_falls_back_to_the_full_boot(
    browser: Any, site_url: str, built_site: Path
) -> None:
    """Checked against the page's list, a cut snapshot is asked for again past the
    cache; still cut, it is given up (the note says why) and the normal boot answers."""
    mechanic, params = ENGINE_CASES[0]
    body = truncated(snapshot_file(built_site).read_bytes())
    asked: list[str] = []

    def cut(route: Any) -> None:
        asked.append(route.request.url)
        route.fulfill(status=200, body=body, content_type="application/octet-stream")

    with watched_page(browser, site_url) as (context, page, log, errors):
        context.route("**/assets/engine/snapshot-*.bin", cut)
        page.goto(permalink(site_url, mechanic, params))
        shown = wait_for(page, "r.source === 'engine' && r.engine === 'ready'", FULL_BOOT_MS)
        assert shown["boot"] == "full", shown
        assert "arrived damaged twice" in shown["note"] and "came instead of" in shown["note"], shown["note"]
        assert len(asked) == 2, asked
        assert json.loads(shown["result"]) == reference(mechanic, params)
        assert errors == []
