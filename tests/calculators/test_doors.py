"""Both doors, compute()/compute_json() and the command line, reject every bad
input with one line naming the field, and read numbers the same way."""

from __future__ import annotations

import contextlib
import io
import json
import math
import os
import re
import subprocess
import sys
from typing import Any

import pytest

from calculators import InputError, compute, compute_json, dumps, params
from calculators.cli import main
from calculators.errors import show

# JSON's number syntax: what compute_json and --json read (RFC 8259 §6, ASCII digits).
NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?", re.ASCII)

ACCEPTED = ["18", "18.0", "1.8e1", "1.8E1", "1.8e+1", "180e-1", "0", "-0", "-0.0", "-0e0",
            "0.5", "1e-7", "200", "2E2", "1e-400"]
# What a person may also type in a flag, as in a page's field (params.TYPED), and the
# JSON number it stands for.
TYPED = [("+18", "18"), (".5", "0.5"), ("18.", "18.0"), ("018", "18"), ("00", "0"),
         ("1.e1", "1.0e1"), ("+.5e1", "0.5e1"), ("0018.50", "18.50"), ("-.0", "-0.0"), ("-00", "-0")]
REFUSED = ["0x12", "1_8", "1e", "1e+", "18e", "--18", "+-18", "++18", ".", "+", "-", "e5", ".e5",
           "1.2.3", "", "Infinity", "-Infinity", "NaN", "inf", "nan", "\u0663", "\uff11\uff18", "18 m"]
REFUSED_ON_THE_COMMAND_LINE = [" 18", "18 ", "\t18"]


def cli(*argv: str) -> tuple[int, str, str]:
    """The command line in this process: (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(argv))
    return status, out.getvalue(), err.getvalue()


def run_module(*argv: str) -> subprocess.CompletedProcess[str]:
    """``python -m calculators`` as a user runs it."""
    return subprocess.run([sys.executable, "-m", "calculators", *argv],
                          capture_output=True, text=True, timeout=60)


def error_line(status: int, out: str, err: str) -> tuple[str, str]:
    """Assert the command line's bad-input answer; return (field, message)."""
    assert status == 2, (status, out, err)
    assert out == ""
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert "Traceback" not in err
    prefix, field, message = err[:-1].split(": ", 2)
    assert prefix == "error" and field and message, err
    return field, message


def cli_error(*argv: str) -> tuple[str, str]:
    return error_line(*cli(*argv))


def json_error(request: Any) -> dict[str, str]:
    """compute_json's answer to a bad request: its ``error`` object."""
    answer = json.loads(compute_json(request))
    assert set(answer) == {"error"}, answer
    assert set(answer["error"]) == {"field", "message"}, answer
    error: dict[str, str] = answer["error"]
    return error


def compute_error(mechanic: Any, params: Any) -> InputError:
    with pytest.raises(InputError) as caught:
        compute(mechanic, params)
    return caught.value


def request(mechanic: str, params_text: str) -> str:
    """A compute_json request with the params object written out as text."""
    return '{"mechanic": "' + mechanic + '", "params": ' + params_text + "}"


def obj(key: str, value_text: str) -> str:
    """A JSON object of one key, its value written out as text (so any literal can go in)."""
    return '{"' + key + '": ' + value_text + "}"


# -- 1. stray arguments ------------------------------------------------------------


def test_an_empty_argument_is_one_error_line_not_a_traceback() -> None:
    run = run_module("spotting", "--distance", "18", "")
    assert (run.returncode, run.stdout) == (2, "")
    assert run.stderr == "error: arguments: unexpected '': give parameters as --name VALUE\n"


@pytest.mark.parametrize("stray", ["", "18", "foo", "-", "--", "-x", "--distance 18", "\udcff"])
def test_stray_arguments_name_the_arguments(stray: str) -> None:
    field, _ = cli_error("spotting", "--distance", "18", stray)
    assert field in ("arguments", "x"), stray


# -- 2. nesting --------------------------------------------------------------------


def nested(depth: int, inner: str = "1") -> str:
    return "[" * depth + inner + "]" * depth


def nested_objects(depth: int) -> str:
    return '{"a": ' * depth + "1" + "}" * depth


@pytest.mark.parametrize("text", [nested(2000), nested_objects(2000), nested(60_000),
                                  obj("distance", nested(2000)), nested(40)],
                         ids=["list-2000", "object-2000", "list-60000", "param-2000", "list-40"])
def test_deep_json_on_the_command_line_is_refused(text: str) -> None:
    run = run_module("spotting", "--json", text)
    assert (run.returncode, run.stdout) == (2, "")
    assert run.stderr.startswith("error: json: ") and run.stderr.count("\n") == 1, run.stderr[:300]


@pytest.mark.parametrize("text", [
    request("spotting", obj("distance", nested(2000))),
    request("spotting", nested_objects(2000)),
    nested(2000),
    nested(1_000_000),
    '{"mechanic": "spotting", "params": {"distance": 18}, "x": ' + nested(5000) + "}",
], ids=["param-2000", "params-2000", "request-2000", "request-1000000", "extra-key-5000"])
def test_compute_json_answers_deep_requests_with_an_error(text: str) -> None:
    error = json_error(text)
    assert error["field"] == "request"
    assert "nested" in error["message"]


def test_compute_json_never_raises_on_non_text() -> None:
    for req in (None, 5, ["x"], b"\xff\xfe", b'{"mechanic": "rally", "params": {"disruption": 2}}'):
        answer = json.loads(compute_json(req))
        assert set(answer) <= {"result", "error"} and len(answer) == 1
    assert json_error(None)["field"] == "request"


def test_compute_json_refuses_unknown_request_keys() -> None:
    error = json_error('{"mechanic": "rally", "params": {"disruption": 2}, "extra": 1}')
    assert error["field"] == "request" and "extra" in error["message"]


def test_compute_door_takes_deep_python_data_without_recursion() -> None:
    value: Any = 1
    for _ in range(100_000):
        value = [value]
    assert compute_error("spotting", {"distance": value}).field == "distance"


# -- 3. abbreviations ----------------------------------------------------------------


@pytest.mark.parametrize(("argv", "field", "flag"), [
    (("spotting", "--dist", "18", "--cov", "heavy"), "dist", "--dist"),
    (("spotting", "--distance", "18", "--cov", "heavy"), "cov", "--cov"),
    (("spotting", "--dist=18"), "dist", "--dist"),
    (("spotting", "--distance", "18", "--tab"), "tab", "--tab"),
    (("spotting", "--js", '{"distance": 18}'), "js", "--js"),
    (("close-assault", "--att", "3", "--def-dice", "3"), "att", "--att"),
])
def test_abbreviated_flags_are_refused_naming_the_flag(argv: tuple[str, ...], field: str, flag: str) -> None:
    got_field, message = cli_error(*argv)
    assert got_field == field
    assert flag in message


def test_an_abbreviated_mechanic_is_refused() -> None:
    assert cli_error("spot", "--distance", "18")[0] == "mechanic"


# -- 4. one value per parameter ------------------------------------------------------


@pytest.mark.parametrize("argv", [
    ("spotting", "--distance", "18", "--json", '{"distance": 300}'),
    ("spotting", "--json", '{"distance": 300}', "--distance", "18"),
    ("spotting", "--distance", "18", "--json", '{"distance": 18}'),
    ("spotting", "--distance", "300", "--distance", "18"),
    ("spotting", "--distance", "18", "--json", '{"distance": 300, "distance": 18}'),
    ("spotting", "--json", '{"distance": 300, "distance": 18}'),
])
def test_a_parameter_given_twice_is_an_error_naming_it(argv: tuple[str, ...]) -> None:
    field, message = cli_error(*argv)
    assert field == "distance"
    assert "once" in message


def test_json_given_twice_is_an_error() -> None:
    assert cli_error("spotting", "--json", '{"distance": 18}', "--json", '{"cover": "heavy"}')[0] == "json"


def test_duplicate_keys_in_compute_json_are_an_error_naming_the_key() -> None:
    assert json_error(request("spotting", '{"distance": 300, "distance": 18}'))["field"] == "distance"
    assert json_error('{"mechanic": "x", "mechanic": "rally", "params": {"disruption": 1}}')["field"] == "mechanic"


def test_help_states_the_rules_of_the_command_line() -> None:
    run = run_module("spotting", "--help")
    assert run.returncode == 0
    text = " ".join(run.stdout.split())
    assert "once" in text and "abbreviat" in text and "JSON number" in text and "page's fields" in text


# -- 5. the mechanic -----------------------------------------------------------------


@pytest.mark.parametrize("name", ["teleport", "", "--json", "SPOTTING"])
def test_an_unknown_mechanic_is_the_same_error_at_both_doors(name: str) -> None:
    expected = compute_error(name, {})
    assert expected.field == "mechanic"
    assert cli(name) == (2, "", f"error: mechanic: {expected.message}\n")
    assert json_error(json.dumps({"mechanic": name, "params": {}})) == {
        "field": "mechanic", "message": expected.message}


def test_a_missing_mechanic_is_named() -> None:
    assert cli_error()[0] == "mechanic"
    assert json_error('{"params": {}}')["field"] == "mechanic"


# -- 6. brief numbers ----------------------------------------------------------------

LONG_DIGITS = re.compile(r"[0-9]{21}")
HUGE = ["1e308", "1e400", "1" + "0" * 400, "9" * 5000, "-" + "9" * 5000, "9" * 5000 + ".5",
        "1e" + "9" * 5000]


def assert_brief(message: str) -> None:
    assert len(message) < 160 and not LONG_DIGITS.search(message), message


@pytest.mark.parametrize("text", HUGE, ids=["1e308", "1e400", "401 digits", "5000 nines", "-5000 nines",
                                          "5000 digits .5", "5000-digit exponent"])
def test_huge_numbers_are_shown_briefly_at_both_doors(text: str) -> None:
    field, message = cli_error("spotting", "--distance", text)
    assert field == "distance"
    assert_brief(message)
    error = json_error(request("spotting", obj("distance", text)))
    assert error["field"] == "distance"
    assert error["message"] == message
    field, message = cli_error("spotting", "--json", obj("distance", text))
    assert field == "distance" and error["message"] == message


def test_1e308_is_shown_as_1e308() -> None:
    assert cli_error("spotting", "--distance", "1e308")[1] == "enter a number from 0 to 200 (you entered 1e+308)"


@pytest.mark.parametrize("value", [1e308, 10**308, 10**5000, -(10**400), 2**64, 12345678901234567890123],
                         ids=["1e308", "10**308", "10**5000", "-10**400", "2**64", "23 digits"])
def test_huge_python_numbers_are_shown_briefly(value: float) -> None:
    error = compute_error("spotting", {"distance": value})
    assert error.field == "distance"
    assert_brief(error.message)
    assert_brief(compute_error("rally", {"disruption": value}).message)


# -- 7. negative zero ----------------------------------------------------------------


@pytest.mark.parametrize("params", [{"distance": -0.0}, {"distance": -0.0, "target": "hidden"}])
def test_negative_zero_becomes_zero(params: dict[str, Any]) -> None:
    result = compute("spotting", params)
    assert math.copysign(1, result["inputs"]["distance"]) == 1
    assert "-0" not in dumps(result)
    assert compute("spotting", params) == compute("spotting", {**params, "distance": 0.0})
    assert "-0" not in compute("blind_move", {"target": -0.0})["explain"][0]


@pytest.mark.parametrize("text", ["-0", "-0.0", "-0e0", "-0.0E+5", "-1e-400"])
def test_negative_zero_at_both_doors(text: str) -> None:
    status, out, err = cli("spotting", "--distance", text)
    assert (status, err) == (0, "")
    assert "-0" not in out
    answer = compute_json(request("spotting", obj("distance", text)))
    assert '"result"' in answer and "-0" not in answer


# -- 8. one number syntax --------------------------------------------------------------


@pytest.mark.parametrize("text", ACCEPTED)
def test_the_command_line_accepts_every_json_number(text: str) -> None:
    assert NUMBER.fullmatch(text)
    status, out, err = cli("blind_move", "--target", text)
    assert (status, err) == (0, "")
    by_json = json.loads(compute_json(request("blind_move", obj("target", text))))
    assert json.loads(out) == by_json["result"] == compute("blind_move", {"target": json.loads(text)})


@pytest.mark.parametrize(("text", "json_text"), TYPED)
def test_the_command_line_reads_a_typed_number_as_its_json_number(text: str, json_text: str) -> None:
    assert NUMBER.fullmatch(json_text) and not NUMBER.fullmatch(text)
    assert re.fullmatch(params.TYPED["number"], text)
    status, out, err = cli("blind_move", "--target", text)
    assert (status, err) == (0, "")
    by_json = json.loads(compute_json(request("blind_move", obj("target", json_text))))
    assert json.loads(out) == by_json["result"]
    # JSON text is read as JSON: the typed form is not a JSON number
    assert json_error(request("blind_move", obj("target", text)))["field"] == "request"


@pytest.mark.parametrize("text", REFUSED)
def test_both_doors_refuse_what_is_not_a_number(text: str) -> None:
    assert not NUMBER.fullmatch(text) and not re.fullmatch(params.TYPED["number"], text)
    field, message = cli_error("blind_move", "--target", text)
    assert field == "target", message
    if text:
        assert message == f"enter a number from 0 to 200 (you entered {show(text)})"
    assert "error" in json.loads(compute_json(request("blind_move", obj("target", text))))


@pytest.mark.parametrize("text", REFUSED_ON_THE_COMMAND_LINE)
def test_the_command_line_refuses_spaces_around_a_number(text: str) -> None:
    assert cli_error("blind_move", "--target", text)[0] == "target"


def test_a_negative_exponent_value_follows_its_flag() -> None:
    # argparse alone takes "-1e-7" for an option; the value belongs to --target
    field, message = cli_error("blind_move", "--target", "-1e-7")
    assert (field, message) == ("target", "enter a number from 0 to 200 (you entered -1e-07)")
    assert cli("blind_move", "--target", "1e-7")[0] == 0


@pytest.mark.parametrize(("text", "typed", "json_ok"), [
    ("2", True, True), ("-0", True, True), ("2.0", False, False), ("2e0", False, False),
    ("2.", False, False), ("02", True, False), ("+2", True, False)])
def test_whole_numbers_take_the_integer_form_at_both_doors(text: str, typed: bool, json_ok: bool) -> None:
    status, _, err = cli("spotting", "--distance", "18", "--chain-dice", text)
    assert (status == 0) is typed, err
    assert bool(re.fullmatch(params.TYPED["int"], text)) is typed
    if not typed:  # refused as the page refuses it: the text, quoted
        assert err == f"error: chain_dice: enter a whole number from 0 to 3 (you entered '{text}')\n"
    answer = json.loads(compute_json(request("spotting", '{"distance": 18, "chain_dice": ' + text + "}")))
    assert ("result" in answer) is json_ok


# -- one place: the same message at both doors --------------------------------------


@pytest.mark.parametrize(("mechanic", "params"), [
    ("spotting", {"distance": 300}),
    ("spotting", {"distance": 18, "cover": "jungle"}),
    ("spotting", {"distance": "far"}),
    ("spotting", {"distance": None}),
    ("spotting", {"distance": 18, "chain_dice": 2.5}),
    ("spotting", {"distance": 18, "moving": 1}),
    ("spotting", {"distance": 18, "range": 3}),
    ("spotting", {}),
    ("close_assault", {"att_dice": 3, "def_dice": 3, "att_suppressed": True}),
    ("rally", {"disruption": 41}),
])
def test_the_same_bad_input_gives_the_same_line_at_every_door(mechanic: str, params: dict[str, Any]) -> None:
    expected = compute_error(mechanic, params)
    line = f"error: {expected.field}: {expected.message}\n"
    assert cli(mechanic, "--json", json.dumps(params)) == (2, "", line)
    assert json_error(json.dumps({"mechanic": mechanic, "params": params})) == {
        "field": expected.field, "message": expected.message}


def test_keys_that_are_not_names_are_reported_on_params() -> None:
    for key in ("a: b", "x\ny", "é" * 50, ""):
        error = compute_error("rally", {"disruption": 1, key: 2})
        assert error.field == "params" and "\n" not in error.message


# -- output the terminal cannot encode -------------------------------------------------


@pytest.mark.parametrize("encoding", ["ascii", "cp1252"])
def test_a_terminal_without_the_inch_sign_still_gets_the_answer(encoding: str) -> None:
    # ″ (U+2033) is in every explanation; a Windows code page or PYTHONIOENCODING=ascii lacks it
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    run = subprocess.run([sys.executable, "-m", "calculators", "spotting", "--distance", "18"],
                         capture_output=True, text=True, timeout=60, env=env)
    assert (run.returncode, run.stderr) == (0, "")
    assert json.loads(run.stdout) == compute("spotting", {"distance": 18})
    run = subprocess.run([sys.executable, "-m", "calculators", "spotting", "--distance", "18", "--table"],
                         capture_output=True, text=True, timeout=60, env=env)
    assert (run.returncode, run.stderr) == (0, "")
    assert "Traceback" not in run.stdout and "18\\u2033" in run.stdout

