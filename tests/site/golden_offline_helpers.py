"""Golden values for the offline copy and the engine's file checks: what Python lists
of a file (``engine.check_of``: its bytes, the start of its SHA-256, its CRC-32; the
offline copy lists the same SHA-256 start, ``offline.file_digest``) and the address
that serves a built file (``offline.url_of``), which the service worker and the engine
worker compute again in JavaScript (tests/js/offline-decisions.test.mjs,
file-checks.test.mjs read them).
"""

from __future__ import annotations

from typing import Any

from chq_site.engine import engine
from chq_site.offline import offline

# Bytes whose checks the browser computes again: empty, short, a length that is no
# multiple of four (CRC-32 takes four bytes a step, then the rest), a web page.
SAMPLES = [
    b"",
    b"abc",
    bytes(range(256)) * 3 + b"\x00\xff\x7f",
    b"<!doctype html><title>Log in to the Wi-Fi</title>",
]
# Built files, as the site has them.
BUILT = ["index.html", "rules/blinds/index.html", "404.html", "assets/js/offline.js",
         "assets/engine/pyodide/pyodide.asm.wasm", "search/search_index.json", "sitemap.xml"]


def offline_vectors() -> dict[str, Any]:
    return {
        "checks": [{"hex": data.hex(), **engine.check_of(data)} for data in SAMPLES],
        "addresses": [{"file": rel, "url": offline.url_of(rel)} for rel in BUILT],
    }
