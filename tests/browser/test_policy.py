"""The site's Content Security Policy holds in both engines: a script the site did not
write does not run (chq_site/policy.py).

A story, in Chromium and in WebKitGTK: a calculator's page, its engine started, into
which the test writes, as an injection would, an inline script, an element with an
inline event handler and one with a style attribute. None takes effect, and the page
reports each refusal (``securitypolicyviolation``); the page still answers. The walk of
every page under the policy, with no violation, is test_site_pages' (and the search's,
the compare's, the fight's and the offline copy's stories: policy_helpers.LISTENER).
"""

from __future__ import annotations

from collections.abc import Callable

from tests.browser.page_api import SitePage
from tests.browser.policy_helpers import violations

PAGE = "calculators/spotting/"

# What an injection would write into the page, and whether each took effect.
INJECT = """
const script = document.createElement('script');
script.textContent = 'window.__chqInjected = "ran";';
document.body.appendChild(script);
const handler = document.createElement('div');
handler.setAttribute('onclick', 'window.__chqClicked = "ran";');
document.body.appendChild(handler);
handler.click();
const styled = document.createElement('div');
styled.setAttribute('style', 'color: rgb(1, 2, 3)');
document.body.appendChild(styled);
return {script: window.__chqInjected || null, handler: window.__chqClicked || null,
        style: getComputedStyle(styled).color === 'rgb(1, 2, 3)'};
"""
POLICY = """
const meta = document.querySelector('meta[http-equiv="Content-Security-Policy"]');
const head = [...document.head.children];
return {policy: meta ? meta.content : '', at: head.indexOf(meta),
        firstScript: head.findIndex(e => e.tagName === 'SCRIPT' && !e.textContent.includes('__chqViolations'))};
"""


def test_an_injected_inline_script_does_not_run(site_page: Callable[..., SitePage]) -> None:
    page = site_page()
    page.open(PAGE)
    page.widget_when("r.state === 'ready' && r.engine === 'ready'", what="the engine's answer")
    meta = page.run(POLICY)
    assert "script-src 'self' 'wasm-unsafe-eval' 'sha256-" in meta["policy"], meta
    assert "unsafe-inline" not in meta["policy"] and "'unsafe-eval'" not in meta["policy"], meta
    assert 0 <= meta["at"] < meta["firstScript"], f"the policy must come before the page's scripts: {meta}"
    assert violations(page) == [], "the page itself asks for nothing its policy refuses"
    took = page.run(INJECT)
    assert took == {"script": None, "handler": None, "style": False}, took
    refused = page.wait("return window.__chqViolations.length >= 3 && window.__chqViolations",
                        what="the three refusals reported")
    kinds = sorted(line.split(" ")[1] for line in refused)
    assert kinds == ["script-src-attr", "script-src-elem", "style-src-attr"], refused
