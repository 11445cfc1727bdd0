"""serve.py's security headers: the site's Content Security Policy as a header, with
frame-ancestors (which a page's meta tag cannot carry), nosniff, no referrer, and a
window of its own (Cross-Origin-Opener-Policy), on a page, an asset, the 404 page, the
service worker and the engine's worker; a calculator page under them in Chromium,
its engine started, with no violation."""

from __future__ import annotations

import gzip
import re
from pathlib import Path

from chq_site import policy

from tests.browser.policy_helpers import LISTENER
from tests.club_bundle.bundle_helpers import CALCULATOR, PAGE, fetch, request, serve_source
from tests.serving import log_requests

SAFE = {"x-content-type-options": "nosniff", "referrer-policy": "no-referrer",
        "cross-origin-opener-policy": "same-origin"}
META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">')
FRAMES = "; frame-ancestors 'none'"


def meta_policy(html: bytes) -> str:
    found = META.search(html.decode("utf-8"))
    assert found, "the page carries no policy"
    return found.group(1)


def assert_safe(headers: dict[str, str], what: str) -> None:
    assert {k: headers.get(k) for k in SAFE} == SAFE, what


def test_serve_py_sends_the_sites_policy(served: str, unpacked: Path) -> None:
    """The policy without hashes is the build's (chq_site/policy.py), kept in step."""
    assert policy.policy() == serve_source.POLICY
    assert serve_source.POLICY.startswith("default-src 'self'; script-src 'self' 'wasm-unsafe-eval';")


def test_a_page_gets_its_own_policy_with_frame_ancestors(served: str, unpacked: Path) -> None:
    for gz in (False, True):
        status, headers, body = fetch(served + PAGE, gzip=gz)
        assert status == 200
        html = gzip.decompress(body) if headers.get("content-encoding") == "gzip" else body
        assert headers["content-security-policy"] == meta_policy(html) + FRAMES, gz
        assert "'sha256-" in headers["content-security-policy"]
        assert_safe(headers, PAGE)
    # A 304 says the same.
    _, first, _ = fetch(served + PAGE, gzip=False)
    status, headers, _ = request(served + PAGE, headers={"If-None-Match": first["etag"]})
    assert status == 304 and headers["content-security-policy"] == first["content-security-policy"]


def test_files_and_workers_get_the_policy_without_hashes(served: str) -> None:
    for rel in ("sw.js", "assets/js/engine-worker.js", "assets/js/search-worker.js",
                "assets/engine/pyodide/pyodide.asm.wasm", "manifest.webmanifest"):
        status, headers, _ = request(served + rel, "HEAD")
        assert status == 200, rel
        assert headers["content-security-policy"] == policy.policy() + FRAMES, rel
        assert_safe(headers, rel)


def test_the_404_page_gets_its_own_policy(served: str, unpacked: Path) -> None:
    status, headers, body = fetch(served + "rules/no-such-page/", gzip=False)
    assert status == 404 and b"404 - Not found" in body
    own = meta_policy((unpacked / "site" / "404.html").read_bytes())
    assert headers["content-security-policy"] == own + FRAMES
    assert "base-uri 'self'" in own, "its first script sets <base> to the site root it finds"
    assert_safe(headers, "404")
    status, headers, _ = request(served + "no-such-folder/", "HEAD")
    assert status == 404 and headers["content-security-policy"].endswith(FRAMES)


def test_a_calculator_under_serve_py_headers_sees_no_violation(served: str, browser) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        log = log_requests(context, served)
        context.add_init_script(LISTENER)
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
        page.goto(served + CALCULATOR)
        page.wait_for_function(
            "() => ['ready', 'error'].includes(document.querySelector('[data-calculator]').dataset.engine)",
            timeout=90_000)
        assert page.locator("[data-calculator]").first.get_attribute("data-engine") == "ready"
        page.click("input.md-search__input")  # the search box, its worker under the same policy
        page.keyboard.type("blind")
        page.wait_for_function("() => document.querySelectorAll('.md-search-result__item').length > 0",
                               timeout=30_000)
        assert page.evaluate("() => window.__chqViolations") == []
        page.goto(served + "rules/no-such-page/")
        page.wait_for_function("() => document.querySelector('h1')?.textContent.includes('404')")
        assert page.evaluate("() => window.__chqViolations") == []
        assert [e for e in errors if "404" not in e] == []
        assert log.off_origin == []
    finally:
        context.close()
