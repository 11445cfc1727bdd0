"""The two questions on the command line: ``--sweep PARAM [--values A..B] [--target P]
[--figure OUTPUT]`` and ``--rolled MINE,THEIRS``. The JSON is what sweep() and luck()
return; ``--table`` prints their words; a refusal is one line naming the field, exit 2."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from calculators import InputError, compute, luck, sweep
from calculators.cli import main, parse


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_sweep_prints_what_sweep_returns(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "close-assault", "--att-dice", "6", "--def-dice", "5", "--def-cover", "light",
                         "--sweep", "att_dice", "--values", "3..9", "--target", "80%")
    assert (code, err) == (0, "")
    expected = sweep("close_assault", {"att_dice": 6, "def_dice": 5, "def_cover": "light"}, "att_dice",
                     "3..9", "80%")
    assert json.loads(out) == json.loads(json.dumps(expected))
    assert expected["fewest"] == 7


def test_sweep_table_words(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "close-assault", "--att-dice", "6", "--def-dice", "5", "--sweep", "att_dice",
                       "--target", "0.8", "--table")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "What do I need? Chance the attacker wins, by att_dice"
    assert lines[1].startswith("  1 die:") and "(exactly 11894323591/497587843584)" in lines[1]
    assert lines[6].startswith("  6 dice:") and lines[6].endswith("<- as set")
    assert lines[-1] == "  You need 6 dice for 80%: 82.6%"


def test_spotting_keeps_its_target_input(capsys: pytest.CaptureFixture[str]) -> None:
    """Spotting has an input named target (a Blind or Hidden Units): there the sweep's
    target is --sweep-target, and a number given to --target says so."""
    code, out, _ = run(capsys, "spotting", "--distance", "18", "--target", "hidden", "--sweep", "chain_dice",
                       "--sweep-target", "0.75")
    assert code == 0
    answer = json.loads(out)
    assert (answer["figure"], answer["fewest"]) == ("p_found", 2)
    code, _, err = run(capsys, "spotting", "--distance", "18", "--sweep", "chain_dice", "--target", "0.75")
    assert code == 2
    assert err == ("error: target: choose one of blind, hidden (you entered '0.75'): here --target is the "
                   "input 'Target'; the target of --sweep is --sweep-target\n")



def test_a_number_input_named_target_is_checked_as_itself(capsys: pytest.CaptureFixture[str]) -> None:
    """Moving a Blind has a number input named target: --sweep without --target was a
    traceback (the hint read a target never given), and a valid --target 5 was refused
    as if --target had to be one of a choice's words. Now the input's own check decides,
    and the sweep refuses what it cannot step through, naming sweep."""
    for argv in (("blind-move", "--sweep", "target"), ("blind-move", "--target", "5", "--sweep", "target")):
        code, out, err = run(capsys, *argv)
        assert (code, out) == (2, ""), argv
        assert err.startswith("error: sweep: ") and err.count("\n") == 1, (argv, err)
        assert "here --target" not in err, (argv, err)
    code, _, err = run(capsys, "blind-move", "--target", "500", "--sweep", "target")
    assert code == 2
    assert err == ("error: target: enter a number from 0 to 200 (you entered 500): here --target is the input "
                   "'Distance the Blind must cover'; the target of --sweep is --sweep-target\n")

def test_rolled_prints_what_luck_returns(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "close-assault", "--att-dice", "6", "--def-dice", "5", "--rolled", "5,1")
    assert (code, err) == (0, "")
    assert json.loads(out) == json.loads(json.dumps(luck("close_assault", {"att_dice": 6, "def_dice": 5}, 5, 1)))
    code, out, _ = run(capsys, "spotting", "--distance", "18", "--rolled", "3,0", "--table")
    assert code == 0
    assert out.splitlines()[0] == "How lucky was that? 1 in 16: a lucky roll"


@pytest.mark.parametrize(("argv", "line"), [
    (["close-assault", "--def-dice", "5", "--sweep", "att_flank"],
     "error: sweep: choose one of close_assault's whole-number inputs: att_dice, att_disruption, att_cohesion, "
     "def_dice, def_disruption, def_cohesion (you entered 'att_flank')"),
    (["close-assault", "--def-dice", "5", "--sweep", "att_dice", "--values", "0..41"],
     "error: values: enter whole numbers from 0 to 40 for att_dice, as A..B (you entered '0..41')"),
    (["close-assault", "--def-dice", "5", "--sweep", "att_dice", "--values", "-1..3"],
     "error: values: enter whole numbers from 0 to 40 for att_dice, as A..B (you entered '-1..3')"),
    (["close-assault", "--def-dice", "5", "--sweep", "att_dice", "--target", "0"],
     "error: target: enter a chance such as 80%, 0.8 or 4/5 (you entered '0')"),
    (["close-assault", "--def-dice", "5", "--sweep", "att_dice", "--target", "120%"],
     "error: target: enter a chance such as 80%, 0.8 or 4/5 (you entered '120%')"),
    (["close-assault", "--def-dice", "5", "--sweep", "att_dice", "--target", "101"],
     "error: target: enter a chance such as 80%, 0.8 or 4/5 (you entered '101')"),
    # luck() refuses first what compute() refuses for the same inputs, naming its field
    (["close-assault", "--att-dice", "0", "--def-dice", "0", "--rolled", "0,0"],
     "error: att_dice: the assault could never end: in round 1 neither side can roll a success "
     "(attacker 0D at 3+, defender 0D at 4+)"),
    (["close-assault", "--def-dice", "5", "--sweep", "att_dice", "--figure", "rounds"],
     "error: figure: choose one of close_assault's chances: p_attacker_wins, p_defender_wins, "
     "p_defender_dispersed, p_attacker_dispersed, p_winner_suppressed (you entered 'rounds')"),
    (["close-assault", "--def-dice", "5", "--target", "0.8"],
     "error: target: goes with --sweep PARAM (the input to step through)"),
    (["close-assault", "--att-dice", "6", "--def-dice", "5", "--rolled", "7,1"],
     "error: rolled: the attacker rolls 6D at 3+: enter their successes from 0 to 6 (you entered 7)"),
    (["close-assault", "--att-dice", "6", "--def-dice", "5", "--rolled", "5"],
     "error: rolled: enter two whole numbers, MINE,THEIRS: the successes each side rolled (5,3) "
     "(you entered '5')"),
    (["close-assault", "--att-dice", "6", "--def-dice", "5", "--rolled", "5,1", "--sweep", "att_dice"],
     "error: rolled: ask one question at a time: --rolled or --sweep, not both"),
    (["spotting", "--distance", "4", "--rolled", "1,0"],
     "error: distance: spotting is automatic at 6″ or less: no dice are rolled; enter a distance over 6″ "
     "(you entered 4)"),
    (["supply", "--supply-dice", "3", "--rolled", "1,0"],
     "error: rolled: is for the opposed rolls (spotting, close_assault); supply rolls no pools against "
     "each other"),
    (["supply", "--supply-dice", "3", "--sweep", "supply_dice", "--sweep", "supply_dice"],
     "error: sweep: is given twice; give it once"),
])
def test_refusals_are_one_line_naming_the_field(capsys: pytest.CaptureFixture[str], argv: list[str],
                                                line: str) -> None:
    code, out, err = run(capsys, *argv)
    assert (code, out, err) == (2, "", line + "\n")


# Inputs compute() refuses, as flags: the roll is refused first for them.
REFUSED = [
    ["close-assault", "--att-dice", "0", "--def-dice", "0"],
    ["close-assault", "--att-dice", "3", "--def-dice", "2", "--att-disruption", "3"],
    ["close-assault", "--att-dice", "1", "--def-dice", "1", "--def-class-penalty", "--def-no-at", "--att-move",
     "double"],
    ["close-assault", "--att-dice", "2", "--def-dice", "2", "--def-cohesion", "1", "--def-disruption", "4"],
]


@pytest.mark.parametrize("argv", REFUSED, ids=lambda argv: " ".join(argv[1:]))
def test_rolled_refuses_first_what_compute_refuses(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    """--rolled at inputs compute() refuses: exit 2, compute()'s own refusal (its field
    and words) on stderr, nothing on stdout; luck() raises the same."""
    code, out, err = run(capsys, *argv)  # compute(): refused
    assert code == 2 and out == "" and err.startswith("error: "), err
    for rolled in ("0,0", "1,0", "9,9"):
        assert run(capsys, *argv, "--rolled", rolled) == (2, "", err), rolled
    mechanic, params, _, _ = parse(argv)
    with pytest.raises(InputError) as computed:
        compute(mechanic, params)
    with pytest.raises(InputError) as judged:
        luck(mechanic, params, 0, 0)
    assert (judged.value.field, judged.value.message) == (computed.value.field, computed.value.message)
    assert err == f"error: {computed.value.field}: {computed.value.message}\n"


def test_no_roll_is_said_to_be_1_in_1(capsys: pytest.CaptureFixture[str]) -> None:
    """A roll every roll does at least as well as is said in words, never "1 in 1"."""
    code, out, _ = run(capsys, "spotting", "--distance", "40", "--spotter-dice", "1", "--owner-dice", "0",
                       "--rolled", "0,0", "--table")
    assert code == 0 and "1 in 1" not in out
    assert out.splitlines()[0] == "How lucky was that? Every roll does at least as well: an ordinary roll"
    assert "0 or more in 100.0% of rolls (every roll)" in out


def test_the_command_runs_as_a_program() -> None:
    done = subprocess.run([sys.executable, "-m", "calculators", "supply", "--sweep", "supply_dice",
                           "--values", "1..6", "--target", "0.5", "--table"],
                          capture_output=True, text=True, timeout=120, check=False)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.splitlines()[-1] == "  You need 4 dice for 50%: 50.0%"
    assert "--sweep PARAM" in subprocess.run([sys.executable, "-m", "calculators", "supply", "--help"],
                                             capture_output=True, text=True, timeout=120, check=True).stdout
