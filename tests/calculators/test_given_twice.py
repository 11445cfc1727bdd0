"""A parameter given twice is refused in the same words at every door: two flags,
a flag and --json, a key twice in --json or in compute_json's request, and (the page's
words come from the widget spec the build writes) a permalink's key twice. The page's
refusals are shortened by the rule :func:`calculators.errors.show` follows, also
written into the spec."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from chq_site.widget.widgets import widget_spec

from calculators import compute_json
from calculators.errors import GIVEN_TWICE, PAGE_RULES, NumberText, show

ROOT = Path(__file__).resolve().parents[2]


def cli_error(*argv: str) -> str:
    done = subprocess.run([sys.executable, "-m", "calculators", *argv], capture_output=True, text=True,
                          cwd=ROOT, check=False)
    assert done.returncode == 2, done
    return done.stderr.rstrip("\n")


@pytest.mark.parametrize("argv", [
    ("spotting", "--distance", "1", "--distance", "30"),
    ("spotting", "--distance=18", "--distance=18"),
    ("spotting", "--json", '{"distance": 1, "distance": 30}'),
])
def test_the_command_line_refuses_a_parameter_given_twice_in_one_set_of_words(argv: tuple[str, ...]) -> None:
    assert cli_error(*argv) == f"error: distance: {GIVEN_TWICE}"


def test_compute_json_refuses_a_key_given_twice_in_the_same_words() -> None:
    answer = json.loads(compute_json('{"mechanic": "spotting", "params": {"distance": 1, "distance": 30}}'))
    assert (answer["error"]["field"], answer["error"]["message"]) == ("distance", GIVEN_TWICE)


def test_the_widget_spec_carries_the_doors_rules() -> None:
    spec = widget_spec("spotting", compact=False, start={"distance": 18}, canonical="./")
    assert spec["refusals"] == PAGE_RULES
    assert PAGE_RULES["twice"] == GIVEN_TWICE
    # The page cuts a long number as show() does: its first characters, then its digits.
    long = "9" * 10_000
    lead = PAGE_RULES["number_lead"]
    assert show(NumberText(long)) == f"{long[:lead]}... (a 10000-digit number)"
    most = PAGE_RULES["shown_chars"]
    assert show("x" * (most + 1)) == repr("x" * (most - 3) + "...") and show("x" * most) == repr("x" * most)
