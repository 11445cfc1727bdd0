"""Close Assault picked up after a draw from the command line (``start``: "later"):
``--start later --att-suppressed`` is accepted and answers as compute()
does; ``--att-suppressed`` in the first round is refused with one line naming the
field, exit status 2, as a user running ``python -m calculators`` sees it."""

from __future__ import annotations

import json
import subprocess
import sys

from calculators import InputError, compute
from calculators.params import PARAMETERS

FLAGS = ("--att-dice", "4", "--def-dice", "5", "--def-cover", "light")
PARAMS = {"att_dice": 4, "def_dice": 5, "def_cover": "light"}


def run(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "calculators", "close-assault", *argv],
                          capture_output=True, text=True, timeout=60, check=False)


def test_start_later_with_the_attacker_suppressed_answers_as_compute() -> None:
    done = run(*FLAGS, "--start", "later", "--att-suppressed")
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    want = json.loads(json.dumps(compute("close_assault", {**PARAMS, "start": "later",
                                                           "att_suppressed": True})))
    got = json.loads(done.stdout)
    assert got == want
    # the attacker is suppressed and has no order bonus: 4+ base, +1 -> 5+
    assert got["round1"]["att_tn"] == 5 and got["inputs"]["att_suppressed"] is True


def test_att_suppressed_in_the_first_round_is_one_error_line() -> None:
    done = run(*FLAGS, "--att-suppressed")
    with_start = run(*FLAGS, "--start", "first", "--att-suppressed")
    try:
        compute("close_assault", {**PARAMS, "att_suppressed": True})
    except InputError as error:
        line = f"error: att_suppressed: {error.message}\n"
    else:  # pragma: no cover - the assertion below reports it
        line = "(compute() accepted it)"
    for answer in (done, with_start):
        assert (answer.returncode, answer.stdout, answer.stderr) == (2, "", line)
    assert "cannot be ordered to Close Assault" in line


def test_help_says_att_suppressed_is_allowed_in_a_later_round() -> None:
    param = next(p for p in PARAMETERS["close_assault"] if p.name == "att_suppressed")
    assert "not allowed" not in param.help and "later" in param.help
    done = run("--help")
    assert done.returncode == 0
    flat = " ".join(done.stdout.split())
    assert "Attacker is suppressed: true or false (default false); +1 TN; round later only" in flat
