"""Shared by test_engine_start.py and the tests that use its pages, fixtures and checks
(moved out of the test module, unchanged: a test module imports no other test module)."""

from __future__ import annotations

import gzip
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from chq_site.engine.engine import pack_snapshot, unpack_snapshot
from chq_site.widget import presentation

from calculators import HEADLINES
from tests.browser.site_helpers import url
from tests.browser.widgets_helpers import PAGES, READY_MS

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


def permalink_path(mechanic: str, params: dict[str, Any]) -> str:
    """The calculator's page with ``params`` in its fragment, relative to the site."""
    plain = {k: (str(v).lower() if isinstance(v, bool) else v) for k, v in params.items()}
    return PAGES[mechanic] + "#" + urlencode(plain)


def permalink(site_url: str, mechanic: str, params: dict[str, Any]) -> str:
    return url(site_url, permalink_path(mechanic, params))


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
