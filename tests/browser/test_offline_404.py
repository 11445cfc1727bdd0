"""The "not found" page at any depth, at the root and under a sub-path.

A web server answers every missing address with the site's ``404.html`` (nginx
``error_page 404 /rules/404.html;``), and the service worker does the same when
offline. That page is then shown at ``/rules/x/y/``, ``/rules/rules/blindz/``...:
its styles, scripts and links must still reach the site root (chq_site/theme/material/404.html),
with not one failed request.
"""

from __future__ import annotations

import functools
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from tests.browser.offline_helpers import DESKTOP, wait_ready_offline
from tests.conftest import CHROMIUM_ARGS, TEST_CHROMIUM, QuietHTTPServer, SiteHandler
from tests.serving import log_requests

# Material's header has an opaque colour (the site's brown) only with its stylesheet:
# unstyled, it is transparent, "rgba(0, 0, 0, 0)".
OPAQUE = re.compile(r"^rgb\(")


class ErrorPageHandler(SiteHandler):
    """Like nginx with ``error_page 404 <prefix>404.html``: every missing address
    under ``prefix`` is answered with that page, status 404, at its own address."""

    prefix = "/"

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        page = Path(self.directory) / self.prefix.lstrip("/") / "404.html"
        if code != 404 or not self.path.startswith(self.prefix) or not page.is_file():
            super().send_error(code, message, explain)
            return
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


class ErrorPageServer:
    """The folder ``root`` over HTTP on 127.0.0.1, misses under ``prefix`` answered
    with ``<prefix>404.html``; ``with`` gives the site's base URL."""

    def __init__(self, root: Path, prefix: str) -> None:
        handler = type("Handler", (ErrorPageHandler,), {"prefix": prefix})
        self.prefix = prefix
        self.httpd = QuietHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(root)))
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> str:
        self.thread.start()
        host, port = str(self.httpd.server_address[0]), self.httpd.server_address[1]
        return f"http://{host}:{port}{self.prefix}"

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture(scope="module")
def error_page_sites(built_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """The built site with a 404 error page, at the root and under ``/rules/``."""
    folder = tmp_path_factory.mktemp("errorpage")
    (folder / "rules").symlink_to(built_site, target_is_directory=True)
    with ErrorPageServer(built_site, "/") as at_root, ErrorPageServer(folder, "/rules/") as under:
        yield {"root": at_root, "subpath": under}


class Watched(NamedTuple):
    """A context and what went wrong in it: failed requests and HTTP errors
    (other than the 404 of the page itself), uncaught script errors."""

    context: Any
    failures: list[str]
    errors: list[str]
    opened: set[str]


def published(site: Path, base: str, url: str) -> bool:
    """Whether ``url`` is a file of the built ``site`` served at ``base``.

    >>> site = Path(__file__).parents[2] / "docs"
    >>> published(site, "http://h/rules/", "http://h/rules/index.md?x=1")
    True
    >>> published(site, "http://h/rules/", "http://h/rules/x/y/index.md")
    False
    >>> published(site, "http://h/rules/", "http://h/index.md")
    False
    """
    if not url.startswith(base):
        return False
    path = site / urlsplit(url).path[len(urlsplit(base).path) :]
    return (path / "index.html").is_file() if url.endswith("/") else path.is_file()


def watched_context(browser: Any, base: str, site: Path, **options: Any) -> Watched:
    """A context at ``base`` (the built ``site``) that records what went wrong.

    Going to the next page cancels what the last one was still fetching (the
    search worker, the favicon): such a request ends ``net::ERR_ABORTED``. That is
    no failure when it asked for a file the site has at the right place; one asked
    for at the wrong depth still is.
    """
    context = browser.new_context(viewport=DESKTOP, **options)
    parts = urlsplit(base)
    log = log_requests(context, f"{parts.scheme}://{parts.netloc}")
    failures: list[str] = []
    errors: list[str] = []
    opened: set[str] = set()  # missing addresses the test opens

    def on_response(response: Any) -> None:
        if response.status >= 400 and response.request.resource_type != "document":
            if is_root_probe(response.request):
                return  # on a first visit, the 404 page asks each folder above it for the site's manifest
            failures.append(f"HTTP {response.status} {response.url}")

    def on_failed(request: Any) -> None:
        # Offline, the service worker tries the network for the missing page itself
        # before it answers with the saved 404 page: that one may fail.
        if request.service_worker and request.url in opened:
            return
        if request.failure == "net::ERR_ABORTED" and published(site, base, request.url):
            return
        failures.append(f"failed {request.url} {request.failure}")

    context.on("requestfailed", on_failed)
    context.on("response", on_response)
    context.on("page", lambda page: page.on("pageerror", lambda error: errors.append(str(error))))
    context.requests = log
    return Watched(context, failures, errors, opened)


def is_root_probe(request: Any) -> bool:
    """A request of the 404 page's search for the site root (chq_site/theme/material/404.html)."""
    return request.resource_type == "xhr" and urlsplit(request.url).path.endswith("/manifest.webmanifest")


def check_not_found_page(page: Any, base: str) -> None:
    """The page shown is the site's 404 page, styled, its links at the site root."""
    expect(page.locator("article h1")).to_have_text("404 - Not found")
    # The stylesheets applied (the header's colour comes from Material's CSS) ...
    expect(page.locator(".md-header")).to_have_css("background-color", OPAQUE)
    # ... Material's script ran (it removes "no-js") ...
    page.wait_for_function("() => !document.documentElement.classList.contains('no-js')")
    # ... Home is the site's home page ...
    home = page.locator("a.md-header__button.md-logo")
    assert home.evaluate("a => a.href") == base
    # ... and the navigation leads into the site.
    link = page.locator('.md-nav--primary a.md-nav__link[href$="rules/blinds/"]').first
    assert link.evaluate("a => a.href") == base + "rules/blinds/"
    # The search index was fetched from the root too (Material fetches it at start).
    page.wait_for_function(
        "base => performance.getEntriesByType('resource')"
        ".some(e => e.name === base + 'search/search_index.json')",
        arg=base,
    )


MISSING = ("x/", "x/y/", "x/y/z/page.html", "rules/no-such-rule/", "calculators/spotting/nope/deeper/")


@pytest.mark.parametrize("where", ["root", "subpath"])
def test_not_found_from_the_server_at_any_depth(
    browser: Any, built_site: Path, error_page_sites: dict[str, str], where: str
) -> None:
    """After one page of the site (the tablet knows where the site is), every
    missing address shows a working 404 page: styled, links into the site."""
    base = error_page_sites[where]
    watch = watched_context(browser, base, built_site, service_workers="block")
    try:
        page = watch.context.new_page()
        page.goto(base)
        expect(page.locator("article h1").first).to_be_visible()
        for missing in MISSING:
            response = page.goto(base + missing)
            assert response is not None and response.status == 404, missing
            check_not_found_page(page, base)
            assert page.evaluate("window.__chqRoot.from") == "visited"
        # A click from the 404 page lands on the rules.
        page.locator('.md-nav--primary a.md-nav__link[href$="rules/blinds/"]').first.click()
        page.wait_for_url(base + "rules/blinds/")
        expect(page.locator("article h1").first).to_contain_text("Blind")
        assert watch.failures == [], watch.failures
        assert watch.context.requests.off_origin == []
        assert watch.errors == [], watch.errors
    finally:
        watch.context.close()


@pytest.mark.parametrize(
    ("where", "missing"),
    [
        ("subpath", "no-such-page/"),  # "rules" is also a section of the site: no guess from names
        ("subpath", "rules/blindz/"),
        ("subpath", "calculators/spotting/nope/"),
        ("subpath", "reference/glossary/x/y/"),
        ("root", "rules/blindz/"),
        ("root", "x/y/"),
    ],
)
def test_not_found_on_a_first_visit(
    browser: Any, built_site: Path, error_page_sites: dict[str, str], where: str, missing: str
) -> None:
    """A browser that never saw the site opens a broken link: the page asks the
    server for the site's manifest in each folder above the address, deepest first,
    and takes the first that has it as the root (no section name is needed)."""
    base = error_page_sites[where]
    watch = watched_context(browser, base, built_site, service_workers="block")
    try:
        page = watch.context.new_page()
        probes: list[str] = []
        page.on("request", lambda request: probes.append(request.url) if is_root_probe(request) else None)
        response = page.goto(base + missing)
        assert response is not None and response.status == 404
        check_not_found_page(page, base)
        assert page.evaluate("window.__chqRoot") == {"href": base, "from": "server"}
        print(f"\n{missing} under {urlsplit(base).path}: root {urlsplit(base).path} after "
              f"{len(probes)} probe(s): {[urlsplit(u).path for u in probes]}")
        assert probes[-1] == base + "manifest.webmanifest"
        assert watch.failures == [], watch.failures
        assert watch.errors == [], watch.errors
    finally:
        watch.context.close()


def test_not_found_on_plain_http(browser: Any, built_site: Path, error_page_sites: dict[str, str]) -> None:
    """A club's tablets on plain http://<laptop>/rules/: not a secure context, so no
    service worker. After one page of the site, a missing address at any depth is
    still the site's page, styled."""
    port = urlsplit(error_page_sites["subpath"]).port
    base = f"http://club.test:{port}/rules/"
    club = browser.browser_type.launch(
        executable_path=TEST_CHROMIUM, args=[*CHROMIUM_ARGS, "--host-resolver-rules=MAP club.test 127.0.0.1"]
    )
    try:
        watch = watched_context(club, base, built_site)
        page = watch.context.new_page()
        page.goto(base)
        expect(page.locator("article h1").first).to_be_visible()
        assert page.evaluate("window.isSecureContext") is False
        for missing in ("x/", "x/y/z/"):
            response = page.goto(base + missing)
            assert response is not None and response.status == 404
            check_not_found_page(page, base)
            assert page.evaluate("window.__chqRoot.from") == "visited"
        assert watch.failures == [], watch.failures
        assert watch.errors == [], watch.errors
    finally:
        club.close()


def test_not_found_offline_from_the_service_worker(
    browser: Any, built_site: Path, error_page_sites: dict[str, str]
) -> None:
    """Offline under /rules/: the service worker answers a missing address with the
    saved 404 page, which finds the root from the worker: styled, zero failures."""
    base = error_page_sites["subpath"]
    watch = watched_context(browser, base, built_site)
    try:
        page = watch.context.new_page()
        page.goto(base + "rules/blinds/")
        wait_ready_offline(page)
        watch.context.set_offline(True)
        for missing in ("x/", "x/y/z/", "rules/no-such-rule/deeper/"):
            watch.opened.add(base + missing)
            response = page.goto(base + missing)
            assert response is not None and response.status == 404 and response.from_service_worker
            check_not_found_page(page, base)
            assert page.evaluate("window.__chqRoot.from") == "service-worker"
        assert watch.failures == [], watch.failures
        assert watch.context.requests.off_origin == []
    finally:
        watch.context.close()
