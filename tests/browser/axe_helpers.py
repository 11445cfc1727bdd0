"""What the accessibility checks share: a colour scheme set, and axe-core's serious and
critical findings on a page, except in the parts of it that are the theme's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


def set_scheme(page: Any, scheme: str) -> None:
    """Switch Material's palette (light "default" / dark "slate") and let colours settle."""
    page.evaluate(
        "s => { document.body.setAttribute('data-md-color-scheme', s); }", scheme)
    page.mouse.move(0, 0)
    page.wait_for_timeout(400)  # Material's colour transitions (links: 125 ms)


# Parts of a calculator page this file does not own: their findings are printed, and
# reported to their owners, but do not fail the widget tests.
FOREIGN = (
    ".md-search",    # Material's search dialog (theme): no accessible name
    ".md-progress",  # Material's instant-navigation progress bar (theme): no accessible name
    ".md-header",    # Material's header (theme)
    ".md-footer",    # Material's footer (theme): "Made with" contrast 4.47:1
    ".chq-term",     # glossary links added to the page text (chq_site/glossary/glossary.py)
)


# Site-wide link styling (Material colours links, no underline): outside the widgets,
# reported to the site's stylesheet owner rather than failed here.
FOREIGN_RULES_OUTSIDE_WIDGETS = ("link-in-text-block",)


# Serious and critical findings, ours and not ours (a function body; its value a promise).
FINDINGS = """
const [foreign, foreignRules] = [arguments[0], arguments[1]];
return axe.run(document, {resultTypes: ['violations']}).then((r) => {
  const ours = [], theirs = [];
  for (const v of r.violations) {
    if (v.impact !== 'serious' && v.impact !== 'critical') continue;
    for (const n of v.nodes) {
      const el = document.querySelector(n.target[0]);
      const line = `${v.impact} ${v.id}: ${v.help} -> ${n.target.join(' ')}`;
      const inWidget = el && el.closest('.chq-widget');
      const notOurs = el && (foreign.some(sel => el.closest(sel))
                             || (!inWidget && foreignRules.includes(v.id)));
      (notOurs ? theirs : ours).push(line);
    }
  }
  return {ours, theirs};
});
"""

# axe-core run in the page by the driver (a function body, WebDriver's convention): its
# file sets window.axe itself. Not as a script element of the page: the site's policy
# refuses an inline script it did not write (chq_site/policy.py).
INJECT = "if (typeof window.axe === 'undefined') {\n%s\n}\nreturn typeof window.axe;"


def _ours(found: dict[str, list[str]], where: str) -> list[str]:
    for line in found["theirs"]:
        print(f"\n  (not ours) {where}: {line}")
    return list(found["ours"])


def axe_violations(page: Any) -> list[str]:
    """Serious and critical axe-core findings on a Playwright page, except in FOREIGN parts."""
    load_axe(page)
    found = page.evaluate(f"(args) => (function () {{ {FINDINGS} }}).apply(null, args)",
                          [list(FOREIGN), list(FOREIGN_RULES_OUTSIDE_WIDGETS)])
    return _ours(found, page.url)


def load_axe(page: Any) -> None:
    """axe-core in a Playwright page (evaluated by the driver, as INJECT: the site's
    policy refuses the inline script ``add_script_tag`` would write)."""
    body = INJECT % AXE.read_text()
    assert page.evaluate(f"() => {{ {body} }}") in ("object", "function"), "axe-core did not load"


def site_page_violations(page: Any) -> list[str]:
    """The same, on a page of the page API (tests/browser/page_api.py), in either engine."""
    assert page.run(INJECT % AXE.read_text()) in ("object", "function"), "axe-core did not load"
    found = page.run(FINDINGS, list(FOREIGN), list(FOREIGN_RULES_OUTSIDE_WIDGETS))
    return _ours(found, page.engine)
