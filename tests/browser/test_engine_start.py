"""How the engine starts, and what a player sees before it has.

* From the build's memory snapshot (``data-engine-boot="snapshot"``): the same answers
  as the normal boot, byte for byte.
* A snapshot that cannot be used (missing, truncated, corrupt, from another Pyodide
  build) makes the worker boot the normal way (``data-engine-boot="full"``): slower,
  the same answers, no error shown or logged. The worker checks its size and hash
  against the page's list first (tests/browser/test_engine_integrity.py; a listed one
  that stays cut: test_engine_early.py); what it finds while inflating one the list
  does not name (a page saved before the list existed) is tested here.
* The small calculators answer any permalink from the build's answer table
  (``data-source="build"``) while the engine is held back, and the engine's answer
  agrees exactly.

Real Chromium, the built site over HTTP; the engine is held back or its snapshot
replaced with Playwright's request routing.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from calculators import compute
from tests.browser.engine_start_helpers import (
    ENGINE_CASES,
    FULL_BOOT_MS,
    SMALL_CASES,
    HeldEngine,
    corrupt,
    headline_of,
    missing,
    other_build,
    permalink,
    run_overrun,
    shown_headline,
    snapshot_file,
    truncated,
    unlisted_snapshot,
    wait_for,
)
from tests.browser.site_helpers import url
from tests.browser.widgets_helpers import PAGES, reference, watched_page


@pytest.mark.parametrize(("mechanic", "params"), SMALL_CASES,
                         ids=[f"{m}-{i}" for i, (m, _) in enumerate(SMALL_CASES)])
def test_small_calculators_answer_before_the_engine(
    browser: Any, site_url: str, mechanic: str, params: dict[str, Any]
) -> None:
    expected = compute(mechanic, params)
    with watched_page(browser, site_url) as (context, page, log, errors):
        engine = HeldEngine()
        context.route("**/assets/engine/**", engine.route)
        page.goto(permalink(site_url, mechanic, params))
        early = wait_for(page, "r.state === 'ready'")
        assert (early["source"], early["engine"]) == ("build", "loading"), early
        assert shown_headline(mechanic, early) == headline_of(mechanic, expected)
        partial = json.loads(early["result"])
        assert partial["partial"] is True
        for key, value in partial.items():
            if isinstance(value, dict) and "exact" in value:
                assert value["exact"] == expected[key]["exact"], key
        engine.release()
        final = wait_for(page, "r.source === 'engine' && r.engine === 'ready'")
        assert json.loads(final["result"]) == reference(mechanic, params)
        assert shown_headline(mechanic, final) == shown_headline(mechanic, early)
        assert log.off_origin == []
        assert errors == []


@pytest.mark.parametrize("mechanic,params", ENGINE_CASES, ids=[m for m, _ in ENGINE_CASES])
def test_snapshot_start_answers_as_the_full_boot(
    browser: Any, site_url: str, built_site: Path, mechanic: str, params: dict[str, Any]
) -> None:
    results = {}
    for boot in ("snapshot", "full"):
        with watched_page(browser, site_url) as (context, page, log, errors):
            if boot == "full":
                context.route("**/assets/engine/snapshot-*.bin", lambda route: route.fulfill(status=404))
            page.goto(permalink(site_url, mechanic, params))
            shown = wait_for(page, "r.source === 'engine' && r.engine === 'ready'", FULL_BOOT_MS)
            assert shown["boot"] == boot, shown
            results[boot] = shown["result"]
            assert errors == []
    assert results["snapshot"] == results["full"]
    assert json.loads(results["snapshot"]) == reference(mechanic, params)


@pytest.mark.parametrize("spoil", [truncated, corrupt, other_build, run_overrun, missing],
                         ids=["truncated", "corrupt", "other-build", "run-overrun", "missing"])
def test_a_bad_snapshot_falls_back_to_the_full_boot(
    browser: Any, site_url: str, built_site: Path, spoil: Callable[[bytes], bytes | None]
) -> None:
    mechanic, params = ENGINE_CASES[0]
    body = spoil(snapshot_file(built_site).read_bytes())
    with watched_page(browser, site_url) as (context, page, log, errors):
        context.route(url(site_url, PAGES[mechanic]), unlisted_snapshot)
        if body is None:
            context.route("**/assets/engine/snapshot-*.bin", lambda route: route.fulfill(status=404))
        else:
            context.route("**/assets/engine/snapshot-*.bin",
                          lambda route: route.fulfill(status=200, body=body,
                                                      content_type="application/octet-stream"))
        page.goto(permalink(site_url, mechanic, params))
        shown = wait_for(page, "r.source === 'engine' && r.engine === 'ready'", FULL_BOOT_MS)
        assert shown["boot"] == "full", shown
        assert shown["note"].startswith("snapshot not used:"), shown["note"]
        if spoil is other_build:
            assert "build id" in shown["note"], shown["note"]
        # Found while inflating, the reason is said, not what it led to (the runtime,
        # compiled meanwhile, is then refused the bytes: "invalid magic number").
        assert "magic number" not in shown["note"], shown["note"]
        if spoil is truncated:
            assert "truncated" in shown["note"], shown["note"]
        if spoil is run_overrun:
            assert "overrun" in shown["note"], shown["note"]
        if spoil is missing:  # known from the server's answer, before the runtime compiles
            assert "HTTP 404" in shown["note"] and "instantiated" not in shown["timings"], shown
        assert json.loads(shown["result"]) == reference(mechanic, params)
        assert errors == []
