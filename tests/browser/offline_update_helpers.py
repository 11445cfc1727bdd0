"""Shared by test_offline_update.py and the tests that use its pages, fixtures and checks
(moved out of the test module, unchanged: a test module imports no other test module)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from chq_site.runner import strict_build
from playwright.sync_api import expect

from tests.browser.offline_helpers import (
    MARKER,
    READY_TIMEOUT,
    precache_list,
)
from tests.conftest import ROOT, StaticServer
from tests.site_build import run_folder, shared_made

LOG_KEY = "chq-test-builds"


# Every document a tab loads (not instant navigation), by path, in the tab's sessionStorage.
LOADS_KEY = "chq-test-loads"


COUNT_LOADS = f"""(() => {{
  if (window.top !== window || location.protocol !== "http:") return;
  const loads = JSON.parse(sessionStorage.getItem("{LOADS_KEY}") || "[]");
  sessionStorage.setItem("{LOADS_KEY}", JSON.stringify([...loads, location.pathname]));
}})();"""


def build_marked(out: Path, project: Path, number: int) -> None:
    """Build a copy of the project as "test build <number>" into ``out``; build 2
    also has :data:`MARKER` on the spotting page. The real docs are never touched."""
    if project.exists():
        shutil.rmtree(project)
    project.mkdir(parents=True)
    shutil.copytree(ROOT / "docs", project / "docs")
    for name in ("build",):
        (project / name).symlink_to(ROOT / name, target_is_directory=True)
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for key in ("copyright", "extra_javascript"):
        assert f"\n{key}:" not in config, f"mkdocs.yml has a {key} line: mark the builds elsewhere"
    # The build's own script: a deferred one of the site's (after Material's bundle and
    # the site build's scripts), in every page as ours are.
    (project / "mkdocs.yml").write_text(
        config + f"\ncopyright: test build {number}\n"
        "extra_javascript:\n  - {path: assets/js/test-build.js, defer: true}\n",
        encoding="utf-8",
    )
    script = project / "docs" / "assets" / "js" / "test-build.js"
    script.parent.mkdir(parents=True, exist_ok=True)
    script.write_text(
        f"""(() => {{
  window.__testBuild = "{number}";
  if (typeof document$ === "undefined") return;
  document$.subscribe(() => {{
    const footer = document.querySelector(".md-copyright");
    const html = ((footer && footer.textContent.match(/test build (\\d)/)) || [])[1] || "";
    const seen = JSON.parse(sessionStorage.getItem("{LOG_KEY}") || "[]");
    seen.push({{ js: "{number}", html, path: location.pathname }});
    sessionStorage.setItem("{LOG_KEY}", JSON.stringify(seen));
  }});
}})();
""",
        encoding="utf-8",
    )
    if number == 2:
        page = project / "docs" / "rules" / "spotting.md"
        page.write_text(page.read_text(encoding="utf-8").rstrip("\n") + f"\n\n{MARKER}\n", encoding="utf-8")
    strict_build(out, project)


class Builds(NamedTuple):
    first: Path
    second: Path


def build_both(folder: Path) -> None:
    """Test builds 1 and 2 into ``folder`` (build1/, build2/)."""
    for number in (1, 2):
        build_marked(folder / f"build{number}", folder / f"project{number}", number)


@pytest.fixture(scope="session")
def builds(tmp_path_factory: pytest.TempPathFactory) -> Builds:
    """The two test builds, made once for the run (its workers share them: the stories
    only read them, a club's server serving one and then the other)."""
    folder, _ = shared_made(run_folder(tmp_path_factory, "update-builds"), build_both)
    first, second = folder / "build1", folder / "build2"
    assert precache_list(first) != precache_list(second)
    return Builds(first, second)


class Club:
    """A web server whose /site/ is one build, swapped for another as a club would."""

    def __init__(self, folder: Path, build: Path) -> None:
        self.served = folder / "served"
        self.served.symlink_to(build, target_is_directory=True)
        (folder / "www").mkdir()
        (folder / "www" / "site").symlink_to(self.served, target_is_directory=True)
        self.server = StaticServer(folder / "www")
        self.base = ""

    def swap(self, build: Path) -> None:
        swapped = self.served.with_name("served.new")
        swapped.symlink_to(build, target_is_directory=True)
        swapped.replace(self.served)


def take_update(page: Any) -> None:
    """In ``page``: find the new build, wait for the notice, press Reload."""
    page.reload()
    notice = page.locator(".chq-update")
    expect(notice).to_be_visible(timeout=READY_TIMEOUT)
    with page.expect_navigation(timeout=60_000):
        notice.get_by_role("button", name="Reload").click()
    expect(page.locator(".md-copyright")).to_contain_text("test build 2", timeout=15_000)


def builds_seen(page: Any) -> dict[str, Any]:
    """In one go: the build of this document's HTML, of the script that runs it, and
    the log of every page this tab rendered."""
    seen: dict[str, Any] = page.evaluate(
        f"""() => {{
          const footer = document.querySelector(".md-copyright");
          return {{ html: ((footer && footer.textContent.match(/test build (\\d)/)) || [])[1] || "",
                   js: window.__testBuild || "",
                   log: JSON.parse(sessionStorage.getItem("{LOG_KEY}") || "[]") }};
        }}"""
    )
    return seen


# --------------------------------------------------------------------------- #
# The same on the page API (tests/browser/page_api.py), in either engine      #
# --------------------------------------------------------------------------- #

# The build of this document's HTML (its footer) and of the script running it, the
# tab's log of every page it rendered, whether this document carries the story's mark
# (set on it before: it was not loaded anew since) and how it was loaded.
SEEN = f"""
const footer = document.querySelector('.md-copyright');
return {{html: ((footer && footer.textContent.match(/test build (\\d)/)) || [])[1] || '',
         js: window.__testBuild || '', marked: Boolean(window.__firstDocument),
         how: performance.getEntriesByType('navigation')[0].type,
         log: JSON.parse(sessionStorage.getItem('{LOG_KEY}') || '[]')}};
"""
# The page's notice of a new version, on screen.
NEW_VERSION = ("const n = document.querySelector('.chq-update:not(.chq-update--damaged)');"
               " return n && n.getBoundingClientRect().height > 0;")


def take_update_in(page: Any) -> None:
    """In ``page`` (the page API's): find the new build, wait for the notice, tap
    Reload; the page is then build 2's, its HTML and its script."""
    page.reload()
    page.wait(NEW_VERSION, what="the new-version notice", timeout=READY_TIMEOUT / 1000)
    page.tap(".chq-update__reload")
    page.wait("return window.__testBuild === '2' && document.querySelector('.md-copyright')"
              ".textContent.includes('test build 2');", what="the page on build 2", timeout=60)
