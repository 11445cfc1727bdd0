"""`make test-fast` is the everyday loop: every test that needs no browser. These
check what it selects (pytest's own collection, as the Makefile runs it): no test
that starts Chromium or WebKit, and still the bulk of the suite."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def selected() -> list[str]:
    """The ids `make test-fast` runs (its -m expression, collection only)."""
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-m", "not browser", "-p", "no:randomly"],
        cwd=ROOT, capture_output=True, text=True, check=False,
        # (without the caller's PYTEST_ADDOPTS: -v would change the listing read here)
        env={**{k: v for k, v in os.environ.items() if k != "PYTEST_ADDOPTS"},
             "CHQ_FUZZ_EXAMPLES": "1000"})
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    return [line for line in run.stdout.splitlines() if "::" in line]


def test_no_browser_test_is_in_the_fast_loop(selected: list[str]) -> None:
    functions = [t for t in selected if "." not in t.split("::")[1].split("[")[0]]  # not doctests
    browsers = [t for t in functions if t.startswith(("tests/browser/", "tests/webkit/"))]
    assert browsers == []
    assert any(t.startswith("tests/browser/site_helpers.py::") for t in selected)  # its doctests
    # a browser test outside those folders, marked by the fixture it asks for
    assert not any("test_calculator_computes_from_the_bundle" in t for t in selected)


def test_the_fast_loop_keeps_the_bulk_of_the_suite(selected: list[str]) -> None:
    """At least 300 tests, from every part that needs no browser."""
    assert len(selected) >= 300, len(selected)
    parts = {re.sub(r"/[^/]*$", "", t.split("::")[0]) for t in selected}
    for part in ("tests/calculators", "tests/site", "tests", "calculators", "build/chq_site"):
        assert part in parts, (part, sorted(parts))
    assert any(t.startswith("tests/club_bundle/test_zip.py::") for t in selected)
