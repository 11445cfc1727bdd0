"""The contract (docs/reference/scripting.md): shapes, defaults, and bad input at every door."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from fractions import Fraction
from typing import Any

import pytest

from calculators import HEADLINES, MECHANICS, PARAMETERS, InputError, compute, compute_json
from calculators.cli import main

TYPICAL: dict[str, dict[str, Any]] = {
    "spotting": {"distance": 18, "cover": "medium"},
    "artillery": {"variant": "combat-hq"},
    "close_assault": {"att_dice": 6, "def_dice": 5},
    "supply": {"supply_dice": 3},
    "rally": {"disruption": 3},
    "blind_move": {"target": 24},
    "deploy": {"units": 3, "suppressions": 2},
    "shell_then_assault": {"variant": "combat-hq", "def_cover": "light"},
}

REQUIRED_KEYS = {
    "spotting": {"automatic", "spotter_pool", "spotter_tn", "owner_pool", "owner_tn", "p_spotted",
                 "bands", "explain"},
    "artillery": {"p_full", "p_partial", "p_miss", "outcomes", "p_new_suppression",
                  "expected_new_suppressions", "explain"},
    "close_assault": {"p_attacker_wins", "p_defender_wins", "attacker_margin", "defender_margin",
                      "p_defender_dispersed", "p_attacker_dispersed", "p_winner_suppressed",
                      "expected_rounds", "round1", "explain"},
    "supply": {"p_continue", "turns", "explain"},
    "rally": {"remaining", "explain"},
    "blind_move": {"p_reach", "distribution", "explain"},
    "deploy": {"allocation", "summary", "explain"},
    "shell_then_assault": {"p_win_best", "p_win_worst", "p_win_no_fire_best", "p_win_no_fire_worst",
                           "p_any_suppressed", "p_all_suppressed", "suppressions", "explain"},
}


def is_prob(obj: Any) -> bool:
    return isinstance(obj, dict) and set(obj) == {"value", "exact"}


def check_prob(obj: Any) -> None:
    assert is_prob(obj), obj
    assert isinstance(obj["value"], float) and math.isfinite(obj["value"])
    if obj["exact"] is not None:
        assert float(Fraction(obj["exact"])) == obj["value"]


@pytest.mark.parametrize("mechanic", MECHANICS)
def test_result_has_the_api_keys_and_is_json(mechanic: str) -> None:
    result = compute(mechanic, TYPICAL[mechanic])
    assert REQUIRED_KEYS[mechanic] <= set(result)
    assert json.loads(json.dumps(result, allow_nan=False)) == result
    if HEADLINES[mechanic]:
        check_prob(result[HEADLINES[mechanic]])


@pytest.mark.parametrize("mechanic", MECHANICS)
def test_missing_parameters_take_the_defaults(mechanic: str) -> None:
    required = {p.name: TYPICAL[mechanic][p.name] for p in PARAMETERS[mechanic] if p.required}
    defaults = {p.name: p.default for p in PARAMETERS[mechanic] if not p.required}
    assert compute(mechanic, required) == compute(mechanic, {**required, **defaults})


def test_spotting_hidden_outputs_sum_to_one() -> None:
    r = compute("spotting", {"distance": 20, "target": "hidden", "cover": "light"})
    total = sum(Fraction(r[k]["exact"]) for k in ("p_deployed", "p_blind", "p_hidden"))
    assert total == 1
    assert [b["band"] for b in r["bands"]] == ["0-6", "6-12", "12-24", "24-36", "36+"]


def test_irrational_answers_have_no_exact_fraction() -> None:
    r = compute("artillery", {"variant": "combat-hq"})
    assert r["p_partial"]["exact"] is None
    assert r["p_full"]["exact"] == "1/3"  # with 1D+3″ deviation only a "Hit" lands on a 6″ x 3″ Blind


@pytest.mark.parametrize(
    ("mechanic", "params", "field", "words"),
    [
        ("artillery", {"variant": "combat-hq", "fire_dice": 41}, "fire_dice", "enter a whole number from 0 to 40 (you entered 41)"),
        ("artillery", {"fire_dice": 5}, "variant", "choose one of armour-battles, combat-hq (it is required)"),
        ("spotting", {"distance": ""}, "distance", "enter a number from 0 to 200 (the field is empty)"),
        ("spotting", {"distance": float("nan")}, "distance", "(you entered nan)"),
        ("spotting", {"distance": float("inf")}, "distance", "(you entered inf)"),
        ("spotting", {"distance": True}, "distance", "(you entered true)"),
        ("spotting", {"distance": 10, "chain_dice": 2.0}, "chain_dice", "whole number"),
        ("spotting", {"distance": 10, "cover": "jungle"}, "cover", "choose one of none, light, medium, heavy (you entered 'jungle')"),
        ("spotting", {"distance": 10, "moving": 1}, "moving", "enter true or false (you entered 1)"),
        ("spotting", {"distance": 10, "range": 3}, "range", "unknown parameter"),
        ("spotting", {"distance": 201}, "distance", "enter a number from 0 to 200 (you entered 201)"),
        ("close_assault", {"att_dice": 3, "def_dice": 3, "att_suppressed": True}, "att_suppressed",
         "cannot be ordered to Close Assault"),
        ("close_assault", {"att_dice": 3, "def_dice": 3, "def_disruption": 3}, "def_disruption",
         "already Dispersed"),
        ("close_assault", {"att_dice": 0, "def_dice": 0}, "att_dice", "could never end"),
        ("close_assault", {"att_dice": 1, "att_move": "double", "def_dice": 0}, "att_dice",
         "in round 1"),
        ("deploy", {"units": 0}, "units", "enter a whole number from 1 to 20 (you entered 0)"),
        ("rally", [], "params", "must be an object"),
        ("teleport", {}, "mechanic", "must be one of"),
    ],
)
def test_bad_input_names_the_field(mechanic: str, params: Any, field: str, words: str) -> None:
    with pytest.raises(InputError) as caught:
        compute(mechanic, params)
    assert caught.value.field == field
    assert words in str(caught.value)


def test_an_assault_that_cannot_end_after_a_draw_is_rejected_naming_the_round() -> None:
    # 1D at 6+ becomes 0D at 7+ once the order bonus is gone; the defender has no dice
    with pytest.raises(InputError, match="later rounds") as caught:
        compute("close_assault", {"att_dice": 1, "att_no_at": True, "att_class_penalty": True, "att_flank": True,
                                  "def_dice": 0})
    assert caught.value.field == "att_dice"


def test_compute_json_never_evaluates_input() -> None:
    answer = json.loads(compute_json('{"mechanic": "rally", "params": {"disruption": "__import__(\'os\')"}}'))
    assert answer["error"]["field"] == "disruption"
    assert json.loads(compute_json("not json"))["error"]["field"] == "request"
    assert json.loads(compute_json('{"mechanic": "rally", "params": {"disruption": NaN}}'))["error"]


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "calculators", *args],
                          capture_output=True, text=True, timeout=60)


def test_cli_json_and_flags_agree_with_compute() -> None:
    by_json = run_cli("spotting", "--json", '{"distance": 18, "cover": "medium"}')
    by_flags = run_cli("spotting", "--distance", "18", "--cover", "medium")
    assert by_json.returncode == by_flags.returncode == 0
    assert json.loads(by_json.stdout) == json.loads(by_flags.stdout) == compute(
        "spotting", {"distance": 18, "cover": "medium"})
    assert by_json.stdout.count("\n") == 1


def test_cli_bad_input_is_one_line_and_exit_2() -> None:
    run = run_cli("artillery", "--variant", "combat-hq", "--fire-dice", "41")
    assert run.returncode == 2
    assert run.stdout == ""
    assert run.stderr == "error: fire_dice: enter a whole number from 0 to 40 (you entered 41)\n"
    for args, field in [(("spotting", "--distance", "abc"), "distance"),
                        (("spotting", "--json", "{bad"), "json"),
                        (("spotting", "--distance", "9", "--speed", "3"), "speed"),
                        (("close-assault", "--att-dice", "3"), "def_dice"),
                        ((), "mechanic")]:
        run = run_cli(*args)
        assert run.returncode == 2, args
        assert run.stderr.startswith(f"error: {field}: "), run.stderr
        assert "Traceback" not in run.stderr and run.stderr.count("\n") == 1


def test_cli_help_lists_every_parameter_with_default_and_range() -> None:
    for mechanic in MECHANICS:
        run = run_cli(mechanic.replace("_", "-"), "--help")
        assert run.returncode == 0
        text = " ".join(run.stdout.split())
        for param in PARAMETERS[mechanic]:
            assert "--" + param.name.replace("_", "-") in text
            assert param.describe_range() in text


def test_cli_table_is_readable_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["close-assault", "--att-dice", "6", "--def-dice", "5", "--table"]) == 0
    out = capsys.readouterr().out
    assert "Chance the attacker wins:" in out and "%" in out and not out.startswith("{")  # the page's label
