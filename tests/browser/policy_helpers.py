"""The site's Content Security Policy as a story meets it: every violation noted.

A helper module (test modules import it; they import no other test module).

``LISTENER`` is in every page a story opens (Chromium: an init script of ChromiumPage;
WebKit: the probe, tests/webkit/probe.py; both before the page's own scripts and its
policy; not in WebKit's pages from a story's own server, which carry no probe): each
``securitypolicyviolation`` the document sees is kept in ``window.__chqViolations``
and said as a console error, so a story that checks ``page.errors()`` fails on it in
both engines. A violation in a worker is the worker's: what the worker was refused
fails the engine's start or the search, which the stories see.
"""

from __future__ import annotations

from typing import Any

LISTENER = """
(() => {
  if (window.__chqViolations) return;
  const seen = window.__chqViolations = [];
  addEventListener("securitypolicyviolation", (e) => {
    const what = `securitypolicyviolation: ${e.effectiveDirective || e.violatedDirective} refused `
      + `${e.blockedURI || "(inline)"} at ${e.sourceFile || "?"}:${e.lineNumber || 0} ${String(e.sample || "").slice(0, 80)}`;
    seen.push(what);
    console.error(what);
  }, true);
})();
"""


def violations(page: Any) -> list[str]:
    """The violations this document has seen (``LISTENER`` installed), in order."""
    seen = page.run("return window.__chqViolations || null;")
    return ["(no listener in this document)"] if seen is None else list(seen)
