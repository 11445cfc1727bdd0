"""Share and compare in WebKit (Safari's engine), Pyodide and all.

Pin as A, change an input with a real click, and both setups are shown, each
side's headline equal to ``compute()``'s for its own inputs; Share (no share sheet
here) copies the address, through the clipboard API or the copy command, or shows
the link selected when neither works; that address opened in a new WebKit session
(a fresh profile) shows both setups again; Unpin returns to one setup.
"""

from __future__ import annotations

from typing import Any

from selenium.webdriver.common.by import By

from tests.browser.share_compare_helpers import BOTH_SIDES, BY_NAME, check_panel, check_vs
from tests.browser.site_helpers import url
from tests.browser.widgets_helpers import PAGES, fragment
from tests.webkit.driver import ENGINE_TIMEOUT_S, STEP_TIMEOUT_S, page_errors, run_js, wait_js

TABLET = (820, 1180)
MAIN = ".chq-widget[data-mode=full]"

# The main widget shows B's whole answer and both sides the engine's: one snapshot.
SIDES = f"return ({BOTH_SIDES})(arguments[0]);"

# No share sheet, and a record of what was copied: the clipboard API's writes that
# succeeded, and the selection at each copy command.
INSTRUMENT = """
delete Navigator.prototype.share;
window.__written = [];
window.__copied = [];
document.addEventListener('copy', () => window.__copied.push(String(document.getSelection())), true);
if (navigator.clipboard && navigator.clipboard.writeText) {
  const write = navigator.clipboard.writeText.bind(navigator.clipboard);
  navigator.clipboard.writeText = (text) => write(text).then(() => { window.__written.push(text); });
}
"""

NOTE = ("const n = document.querySelector(arguments[0] + ' .chq-tools__note');"
        " const f = document.querySelector(arguments[0] + ' .chq-tools__link');"
        " return n && n.textContent ? {note: n.textContent, field: f ? f.value : null,"
        " written: window.__written, copied: window.__copied} : null;")


def click(driver: Any, selector: str) -> None:
    driver.find_element(By.CSS_SELECTOR, selector).click()


def test_pin_share_and_reopen_in_webkit(probe_site: str, new_webkit: Any) -> None:
    mechanic, a, (_, param, _), b = BY_NAME["close_assault"]
    driver = new_webkit(*TABLET)
    driver.get(url(probe_site, PAGES[mechanic]) + f"#{fragment(a)}")
    wait_js(driver, "const r = document.querySelector(arguments[0]);"
            " return r && r.dataset.state === 'ready' && r.dataset.engine === 'ready';",
            MAIN, timeout=ENGINE_TIMEOUT_S, what="the Close Assault widget and its engine")

    click(driver, f'{MAIN} [data-action="pin"]')
    snap = wait_js(driver, SIDES, a, timeout=ENGINE_TIMEOUT_S, what="both sides, just pinned")
    check_panel(mechanic, a, a, snap, "WebKit, just pinned")
    click(driver, f'{MAIN} [data-param="{param}"] .chq-switch')
    snap = wait_js(driver, SIDES, b, timeout=ENGINE_TIMEOUT_S, what="both sides after the change")
    check_panel(mechanic, a, b, snap, "WebKit, after the change")
    check_vs(mechanic, snap["hash"], a)
    link = snap["href"]

    # Share: copied (clipboard API or copy command), or shown selected to copy by hand.
    run_js(driver, INSTRUMENT)
    click(driver, f'{MAIN} [data-action="share"]')
    said = wait_js(driver, NOTE, MAIN, timeout=STEP_TIMEOUT_S, what="Share's note")
    assert run_js(driver, "return location.href") == link
    if said["note"] == "Link copied":
        assert link in said["written"] + said["copied"], said
    else:
        assert said["note"] == "Copy this link:" and said["field"] == link, said
    print(f"\nWebKit Share: {said['note']!r} (clipboard API {bool(said['written'])},"
          f" copy command {bool(said['copied'])})")
    # No clipboard API (a club server on plain http): the copy command, or the link shown.
    run_js(driver, "Object.defineProperty(Navigator.prototype, 'clipboard', {get: () => undefined});"
           " window.__written = []; window.__copied = [];"
           " document.querySelector(arguments[0] + ' .chq-tools__note').textContent = '';", MAIN)
    click(driver, f'{MAIN} [data-action="share"]')
    said = wait_js(driver, NOTE, MAIN, timeout=STEP_TIMEOUT_S, what="Share's note, no clipboard API")
    if said["note"] == "Link copied":
        assert said["copied"] == [link] and said["written"] == [], said
    else:
        assert said["note"] == "Copy this link:" and said["field"] == link, said
    print(f"WebKit Share without the clipboard API: {said['note']!r}")

    # The address in a new WebKit session: both setups again, from its own engine.
    other = new_webkit(*TABLET)
    other.get(link)
    shown = wait_js(other, SIDES, b, timeout=ENGINE_TIMEOUT_S, what="both sides, reopened")
    check_panel(mechanic, a, b, shown, "WebKit, reopened")
    assert page_errors(other) == []

    # Unpin: one setup, and vs= leaves the address.
    click(driver, f'{MAIN} [data-action="pin"]')
    wait_js(driver, "const r = document.querySelector(arguments[0]);"
            " return !location.hash.includes('vs=') && r.querySelector('[data-compare]').hidden"
            " && r.querySelector('[data-action=pin]').getAttribute('aria-pressed') === 'false';",
            MAIN, timeout=STEP_TIMEOUT_S, what="one setup again")
    assert page_errors(driver) == []
