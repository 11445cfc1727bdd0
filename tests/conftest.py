"""Fixtures shared by the site and browser tests.

The site is built once per test session with ``mkdocs build --strict`` and served
over real HTTP from this machine (loopback only), both at the root and under the
``/rules/`` sub-path a club might use.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

# (the helpers' names, here too: the browser tests and tools/ import them from here)
from tests import cpu_report, run_order
from tests.serving import ROOT, QuietHTTPServer, RequestLog, SiteHandler, StaticServer, log_requests
from tests.site_build import SiteBuild, session_build

# Fixtures that several test modules use, loaded here: a test module imports no other,
# and a second conftest.py would be imported under the same module name as this one
# (--doctest-modules then refuses to collect this file: "import file mismatch").
pytest_plugins = ["tests.club_bundle.bundle_fixtures", "tests.browser.offline_update_helpers",
                  "tests.browser.reader_fixtures", "tests.webkit.webkit_fixtures",
                  "tests.browser.page_fixtures"]

__all__ = ["ROOT", "QuietHTTPServer", "RequestLog", "SiteHandler", "StaticServer"]
ARTIFACTS = ROOT / ".artifacts"
CHROMIUM = "/usr/bin/chromium"
# The tests drive Chromium's headless shell (Debian's chromium-headless-shell: the
# same Blink and V8 as CHROMIUM, without the browser's own windows and UI), as
# Playwright does by default for headless runs. A player's page costs 24 % less
# CPU in it (1.3 vs 1.7 CPU-s a visit here), and the suite is CPU-bound on 2 cores.
# The benchmarks (tools/) measure CHROMIUM, the browser a player runs.
TEST_CHROMIUM = "/usr/bin/chromium-headless-shell"
# Chromium keeps only the last --disable-features it is given, so ours repeats the
# list Playwright passes (its chromiumSwitches; tests/browser/test_browser_flags.py
# checks that none is lost) and adds the address bar's popup: Chromium 156 renders
# it (chrome://omnibox-popup.top-chrome, a page of its own in a renderer of its own)
# at every start, headless too, where it is never shown; on a 2-core machine that
# was 1-2 s of CPU in the first 2 s of every browser start, taken from the page.
# (The popup is CHROMIUM's, which the benchmarks measure; TEST_CHROMIUM has no
# address bar, and takes the same switches.)
PLAYWRIGHT_DISABLED_FEATURES = [
    "AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose",
    "HttpsUpgrades", "HttpsFirstBalancedModeAutoEnable", "LensOverlay", "MediaRouter",
    "PaintHolding", "ThirdPartyStoragePartitioning", "AvoidCorsURLLoaderRestartOnRedirect",
    "TcpPortRandomizationWin", "OptimizationHints", "NetworkTimeServiceQuerying",
    "AimEnabled", "PreconnectToSearch", "msForceBrowserSignIn",
    "msEdgeUpdateLaunchServicesPreferredVersion",
]
UNSHOWN_BROWSER_UI = ["WebUIOmniboxPopup", "WebUIOmniboxFullPopup", "WebUIOmniboxAimPopup"]
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    "--disable-features=" + ",".join(PLAYWRIGHT_DISABLED_FEATURES + UNSHOWN_BROWSER_UI),
    # No host but the test servers' resolves: a request to another host fails in the
    # browser, at once, without a route (tests/serving.py RequestLog notes it).
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]


@pytest.fixture(scope="session")
def site_build(tmp_path_factory: pytest.TempPathFactory) -> SiteBuild:
    """The one strict build of the run (shared by its pytest-xdist workers:
    tests/site_build.py): its folder and its duration."""
    build = session_build(tmp_path_factory)
    print(f"\nsite built in {build.seconds:.1f} s")
    return build


@pytest.fixture(scope="session")
def built_site(site_build: SiteBuild) -> Path:
    """The built site folder (built once per session)."""
    return site_build.path


@pytest.fixture(scope="session")
def site_url(built_site: Path) -> Iterator[str]:
    """The built site served over HTTP at the root: ``http://127.0.0.1:PORT/``."""
    with StaticServer(built_site) as server:
        yield server.origin + "/"


@pytest.fixture(scope="session")
def subpath_site_url(built_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The same site served under ``/rules/``, as a club's web server might."""
    root = tmp_path_factory.mktemp("subpath")
    (root / "rules").symlink_to(built_site, target_is_directory=True)
    with StaticServer(root) as server:
        yield server.origin + "/rules/"


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """Debian's Chromium (its headless shell) driven by Playwright."""
    playwright_api = pytest.importorskip("playwright.sync_api")
    if not Path(TEST_CHROMIUM).exists():
        pytest.fail(f"{TEST_CHROMIUM} is missing: run `make browser` "
                    "(apt-get install -y chromium-headless-shell)")
    with playwright_api.sync_playwright() as p:
        instance = p.chromium.launch(executable_path=TEST_CHROMIUM, args=CHROMIUM_ARGS)
        yield instance
        instance.close()


@pytest.fixture
def new_context(browser: object, site_url: str) -> Iterator[object]:
    """Factory: ``new_context(**options)`` gives a context whose ``.requests`` log
    notes every request; one that leaves the site's origin fails in the browser."""
    contexts = []
    origin = site_url.rstrip("/")

    def make(**options: object) -> object:
        context = browser.new_context(**options)  # type: ignore[attr-defined]
        log_requests(context, origin)
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """Folder for screenshots and PDFs a person should look at (not committed)."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


#: Fixtures that start a browser: a test that asks for one (directly or through
#: another fixture) is marked ``browser``, wherever it lives.
BROWSER_FIXTURES = frozenset({"browser", "new_context", "xvfb_display", "new_webkit", "site_page"})
#: Folders whose every test drives a browser.
BROWSER_FOLDERS = (ROOT / "tests" / "browser", ROOT / "tests" / "webkit")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that needs a browser ``browser``, so that ``-m "not browser"``
    (``make test-fast``) runs all the rest: the test functions of a browser folder
    (not the doctests of their helpers), and any other test whose fixtures start one
    (the bundle's calculator in Chromium)."""
    for item in items:
        path = Path(str(item.path))
        in_folder = any(path.is_relative_to(folder) for folder in BROWSER_FOLDERS)
        fixtures = set(getattr(item, "fixturenames", ()))
        if (in_folder and isinstance(item, pytest.Function)) or fixtures & BROWSER_FIXTURES:
            item.add_marker(pytest.mark.browser)
    # The files' order: the longest first, the site's build overlapped (tests/run_order.py).
    seconds = json.loads(run_order.SECONDS.read_text(encoding="utf-8")) if run_order.SECONDS.is_file() else {}
    items[:] = run_order.ordered(
        items, lambda item: Path(str(item.path)).relative_to(ROOT).as_posix(),
        lambda item: "built_site" in getattr(item, "fixturenames", ()), seconds)


_CPU = cpu_report.Recorder(os.environ[cpu_report.ENV]) if os.environ.get(cpu_report.ENV) else None


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    """With CHQ_CPU_REPORT set: the CPU each test uses (tests/cpu_report.py)."""
    if _CPU is not None:
        _CPU.start(item.nodeid)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_teardown(item: pytest.Item) -> None:
    if _CPU is not None:
        _CPU.stop(item.nodeid)


def brute_force_counts() -> dict[str, int]:
    """How many brute-force comparisons each calculators test module of this process
    made (a :class:`bruteforce.Tally` named ``T``), by the tally's name."""
    bf = sys.modules.get("bruteforce")
    if bf is None:
        return {}
    counts: dict[str, int] = {}
    for _, module in sorted(list(sys.modules.items())):
        if isinstance(getattr(module, "T", None), bf.Tally):
            counts[module.T.name] = counts.get(module.T.name, 0) + module.T.n
    return counts


#: The counts the test processes sent back (``make test`` runs several: pytest-xdist).
WORKER_COUNTS: dict[str, int] = {}


def pytest_sessionfinish(session: pytest.Session) -> None:
    """In a pytest-xdist worker: send this process's counts to the main one."""
    output = getattr(session.config, "workeroutput", None)
    if output is not None:
        output["brute_force"] = brute_force_counts()


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: object, error: object) -> None:
    for name, n in getattr(node, "workeroutput", {}).get("brute_force", {}).items():
        WORKER_COUNTS[name] = WORKER_COUNTS.get(name, 0) + n


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Reporting, not testing: how many brute-force comparisons each calculators test
    module made, printed once at the end of the run (summed over the test
    processes); the checks themselves assert."""
    counts = WORKER_COUNTS or brute_force_counts()
    if not counts:
        return
    terminalreporter.section("brute-force comparisons")
    for name, n in counts.items():
        terminalreporter.write_line(f"[{name}] {n} comparisons")
    terminalreporter.write_line(f"all modules: {sum(counts.values())}")
