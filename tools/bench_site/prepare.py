"""The site the benchmark serves: a strict build, and the bare Pyodide boot page
added to the temporary copy (and to its service worker's precache list)."""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path
from typing import Any

from chq_site.runner import BuildFailed, strict_build

from tools.bench_site.common import BARE, BARE_WORKER, ROOT

BARE_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Bare Pyodide boot (benchmark)</title>
<link rel="icon" href="data:,">
<script>
// Started from <head>, the earliest a page can (a calculator page starts its worker from
// its page script, engine/engine.js start(): this bare page has the head start).
window.__bare = null;
(function () {
  var worker = new Worker(new URL("bench-bare-worker.js", location.href).href, { type: "module" });
  worker.onmessage = function (event) {
    var at = performance.now();
    if (performance.mark) performance.mark("bench-bare-ready");
    window.__bare = Object.assign({ at: at }, event.data);
  };
  worker.onerror = function (event) { window.__bare = { error: String(event.message || "worker error") }; };
})();
</script></head>
<body><p>Bare Pyodide boot: loadPyodide() in a module worker, no snapshot, no wheel.</p></body></html>
"""

BARE_WORKER_JS = """// Bare Pyodide boot (benchmark): the site's own pyodide.mjs, loadPyodide, nothing else.
import { loadPyodide } from "./assets/engine/pyodide/pyodide.mjs";

const indexURL = new URL("./assets/engine/pyodide/", self.location.href).href;
try {
  const pyodide = await loadPyodide({ indexURL, stdout: () => {}, stderr: () => {} });
  self.postMessage({ ok: pyodide.runPython("1+1") === 2 });
} catch (error) {
  self.postMessage({ error: String((error && error.message) || error) });
}
"""

def build_site(out: Path) -> None:
    try:
        strict_build(out, ROOT)
    except BuildFailed as exc:
        raise SystemExit(str(exc)) from None


def sw_files(site: Path) -> list[list[Any]]:
    """The precache list ``[url, sha256 start, bytes]`` of the site's ``sw.js``."""
    text = (site / "sw.js").read_text(encoding="utf-8")
    start = text.index("const FILES = ") + len("const FILES = ")
    files: list[list[Any]] = json.loads(text[start : text.index("];", start) + 1])
    return files


def add_bare_page(site: Path) -> None:
    """Add the bare boot page and its worker to the temporary copy, and to its
    service worker's precache list (so both sides are answered from the same cache)."""
    entries = []
    for name, text in ((BARE, BARE_PAGE), (BARE_WORKER, BARE_WORKER_JS)):
        data = text.encode("utf-8")
        (site / name).write_bytes(data)
        entries.append([name, hashlib.sha256(data).hexdigest()[:16], len(data)])
    sw = site / "sw.js"
    text = sw.read_text(encoding="utf-8")
    head = "const FILES = ["
    if text.count(head) != 1:
        raise SystemExit(
            "sw.js: cannot find its precache list (const FILES = [...]); tools/bench_site/prepare.py needs updating"
        )
    added = "".join(json.dumps(entry) + "," for entry in entries)
    sw.write_text(text.replace(head, head + added), encoding="utf-8")
    packed = site / "sw.js.gz"
    if packed.exists():
        packed.write_bytes(gzip.compress(sw.read_bytes(), mtime=0))
    if not {BARE, BARE_WORKER} <= {f[0] for f in sw_files(site)}:
        raise SystemExit("sw.js: the bare page did not make it into the precache list")
