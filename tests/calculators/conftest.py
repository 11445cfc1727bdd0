"""Reporting, not testing: how many brute-force comparisons each module made,
printed once at the end of the run (the checks themselves assert)."""

from __future__ import annotations

import sys

import bruteforce as bf
import pytest


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """One line per test module that keeps a :class:`bruteforce.Tally` named ``T``."""
    tallies = [module.T for _, module in sorted(list(sys.modules.items()))
               if isinstance(getattr(module, "T", None), bf.Tally)]
    if not tallies:
        return
    terminalreporter.section("brute-force comparisons")
    for tally in tallies:
        terminalreporter.write_line(f"[{tally.name}] {tally.n} comparisons")
    terminalreporter.write_line(f"all modules: {bf.Tally.total}")
