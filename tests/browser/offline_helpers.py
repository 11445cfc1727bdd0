"""Shared by test_offline.py and the tests that use its pages, fixtures and checks
(moved out of the test module, unchanged: a test module imports no other test module)."""

from __future__ import annotations

import json
import struct
from pathlib import Path

from playwright.sync_api import expect

from tests.serving import log_requests

DESKTOP = {"width": 1366, "height": 1024}
DESKTOP_SIZE = (DESKTOP["width"], DESKTOP["height"])


READY_TIMEOUT = 120_000  # precaching ~15 MB on a busy 2-core machine


ENGINE_TIMEOUT = 90_000


CALCULATOR = "calculators/spotting/"


PYODIDE = "assets/engine/pyodide/"


# ----------------------------------------------------------------- the built folder


def precache_list(site: Path) -> list[list]:
    """The ``FILES`` list of the generated sw.js: [url, hash, bytes]."""
    text = (site / "sw.js").read_text(encoding="utf-8")
    start = text.index("const FILES = [") + len("const FILES = ")
    return json.loads(text[start : text.index("];", start) + 1])


def file_for(site: Path, address: str) -> Path:
    path = site / address
    return path / "index.html" if address.endswith("/") else path


def has_calculators(site: Path) -> bool:
    page = site / CALCULATOR / "index.html"
    return page.is_file() and "data-calculator" in page.read_text(encoding="utf-8")


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    return struct.unpack(">II", data[16:24])


# -------------------------------------------------------------------------- browser


def make_context(browser, origin: str, **options):
    """A context that notes its requests (like ``new_context``)."""
    context = browser.new_context(viewport=DESKTOP, **options)
    log_requests(context, origin)
    return context


def wait_ready_offline(page) -> str:
    """Wait for the header's "Ready offline"; return the build it names."""
    badge = page.locator(".chq-offline")
    expect(badge).to_be_visible(timeout=READY_TIMEOUT)
    expect(badge).to_contain_text("Ready offline")
    return badge.get_attribute("data-build") or ""


def new_fragment(page) -> str:
    """A permalink for the page's widget that this test has never opened: every
    number input set to a value inside its range, other than its start value."""
    spec = json.loads(page.locator("[data-calculator]").first.get_attribute("data-spec"))
    parts = []
    for param in spec["params"]:
        if param["kind"] in ("number", "int") and param.get("min") is not None:
            low, high = param["min"], param["max"] if param.get("max") is not None else param["min"] + 10
            value = low + (high - low) // 3 + 1
            if value == param.get("default"):
                value += 1
            parts.append(f"{param['name']}={int(value)}")
    return "#" + "&".join(parts[:2])


# ------------------------------------------------------- on the page API, both engines

# The header's "Ready offline": the build it names, once shown.
READY_OFFLINE = ("const b = document.querySelector('.chq-offline');"
                 " return b && !b.hidden && b.textContent.includes('Ready offline') ? b.dataset.build : null;")

# The badge's words on screen ("Ready offline" on a tablet; on a phone the tick alone),
# the button's name (its words, shown or for a screen reader and its tooltip), and its
# box: no part of it past the screen's right edge.
BADGE_SHOWN = """
const badge = document.querySelector('.chq-offline');
const button = badge.querySelector('button');
const words = [...badge.querySelectorAll('button span')].filter(s => {
  const box = s.getBoundingClientRect();
  return box.width > 1 && box.height > 1;
}).map(s => s.textContent.trim());
return {words, name: button.textContent.trim(), tip: button.title,
        inside: button.getBoundingClientRect().right <= innerWidth};
"""

# The page's title in sight, holding arguments[0] (the content's: the search's results
# are articles with titles too).
H1_SHOWN = ("const h = document.querySelector('.md-content__inner h1');"
            " return Boolean(h && h.offsetParent !== null && h.textContent.includes(arguments[0]));")

# Below 60em Material's search field is clipped away until its icon is tapped.
NARROW = "return !matchMedia('(min-width: 60em)').matches;"

# A permalink no other step of the offline story opens (and none of the page's worked examples).
OFFLINE_MECHANIC = "close_assault"
OFFLINE_CASE = {"att_dice": 7, "att_move": "double", "def_dice": 4, "def_cover": "light"}


# ------------------------------------------------------------------ a new build


MARKER = "Club errata: this sentence exists only in the second build."

