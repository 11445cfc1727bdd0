"""A new build reaching two tabs, one of them a first visit, in WebKit (issue 34, item 3).

As tests/browser/test_offline_update.py's first-visit test: tab A opens a calculator
on a first visit (no service worker controls it as it loads; the one that then saves
the site takes it over, of the same build, and it does not reload for that). The club
publishes a new build; tab B takes it (Reload). Tab A moves to the new build too: its
page and scripts are the new build's, and a link in it gives the new build's page.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.browser.offline_helpers import CALCULATOR, MARKER
from tests.browser.offline_update_helpers import LOG_KEY, Builds, Club
from tests.browser.site_helpers import url
from tests.webkit.driver import ENGINE_TIMEOUT_S, run_js, wait_js

DESKTOP = (1366, 1024)
READY_OFFLINE = (
    "const b = document.querySelector('.chq-offline');"
    " return b && !b.hidden && b.textContent.includes('Ready offline') ? b.dataset.build : null;"
)
# The build of this document's HTML (its footer) and of the script running it, and
# whether this document was loaded by a reload.
SEEN = f"""
const footer = document.querySelector('.md-copyright');
return {{html: ((footer && footer.textContent.match(/test build (\\d)/)) || [])[1] || '',
         js: window.__testBuild || '', marked: Boolean(window.__firstDocument),
         how: performance.getEntriesByType('navigation')[0].type,
         log: JSON.parse(sessionStorage.getItem('{LOG_KEY}') || '[]')}};
"""
# The site's service workers, by state, and the page's build and offline notices.
WORKERS = """
return navigator.serviceWorker.getRegistration().then((r) => ({
  active: r && r.active && r.active.state, waiting: r && r.waiting && r.waiting.state,
  installing: r && r.installing && r.installing.state, page: location.pathname,
  badge: document.querySelector('.chq-offline')?.dataset.build,
  notice: document.querySelector('.chq-update')?.textContent || null}));
"""


def test_a_first_visit_tab_moves_to_the_new_build_too(builds: Builds, tmp_path: Path, new_webkit: Any) -> None:
    club = Club(tmp_path, builds.first)
    with club.server:
        base = club.server.origin + "/site/"
        driver = new_webkit(*DESKTOP)
        driver.get(url(base, CALCULATOR))
        assert run_js(driver, "return navigator.serviceWorker.controller === null"), "not a first visit"
        old_build = wait_js(driver, READY_OFFLINE, timeout=ENGINE_TIMEOUT_S, what='"Ready offline" in tab A')
        wait_js(driver, "return navigator.serviceWorker.controller !== null", what="the worker to take tab A over")
        run_js(driver, "window.__firstDocument = true")
        tab_a = driver.current_window_handle

        driver.switch_to.new_window("tab")
        tab_b = driver.current_window_handle
        driver.get(url(base, "rules/hidden-units/"))
        assert wait_js(driver, READY_OFFLINE, timeout=ENGINE_TIMEOUT_S, what='"Ready offline" in tab B') == old_build
        # Taken over by the worker of its own build, tab A did not reload for that.
        driver.switch_to.window(tab_a)
        seen = run_js(driver, SEEN)
        assert (seen["marked"], seen["how"], seen["js"]) == (True, "navigate", "1"), seen
        driver.switch_to.window(tab_b)

        club.swap(builds.second)
        driver.refresh()
        wait_js(driver, "const n = document.querySelector('.chq-update:not(.chq-update--damaged)');"
                " return n && n.getBoundingClientRect().height > 0;",
                timeout=ENGINE_TIMEOUT_S, what="the new-version notice in tab B", explain=WORKERS)
        run_js(driver, "document.querySelector('.chq-update__reload').click()")
        wait_js(driver, "return window.__testBuild === '2'", timeout=60, what="tab B on build 2")
        assert run_js(driver, "return location.pathname").endswith("/rules/hidden-units/"), "not tab B"

        driver.switch_to.window(tab_a)
        wait_js(driver, "return window.__testBuild === '2'", timeout=60, what="tab A on build 2",
                explain=SEEN)
        wait_js(driver, "return document.querySelector('[data-calculator]')?.dataset.engine === 'ready'",
                timeout=ENGINE_TIMEOUT_S, what="tab A's engine ready")
        run_js(driver, "document.querySelector('article a[href$=\"/rules/spotting/\"]').click()")
        wait_js(driver, "return location.pathname.endsWith('/rules/spotting/')"
                " && document.querySelector('article').textContent.includes(arguments[0])",
                MARKER, what="the new build's page after a link in tab A", explain=SEEN)
        seen = run_js(driver, SEEN)
        mixed = [entry for entry in seen["log"] if entry["js"] != entry["html"]]
        assert mixed == [], f"tab A rendered pages of one build with the other's script: {mixed}"
        assert seen["html"] == seen["js"] == "2", seen
