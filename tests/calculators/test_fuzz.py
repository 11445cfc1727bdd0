"""Throw generated input, valid and not, at compute() and the command line:
nothing but a result or an InputError (exit 2 with one error line) may come out."""

from __future__ import annotations

import contextlib
import io
import json
import math
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from calculators import MECHANICS, PARAMETERS, InputError, Param, compute
from calculators.cli import main

EXAMPLES = 10_000
COUNTS = {"compute": 0, "cli": 0}

JUNK = st.one_of(
    st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(allow_nan=True),
    st.text(max_size=12), st.lists(st.integers(), max_size=2), st.dictionaries(st.text(max_size=3), st.integers(), max_size=1),
)


def valid(param: Param) -> st.SearchStrategy[Any]:
    if param.kind == "bool":
        return st.booleans()
    if param.kind == "choice":
        return st.sampled_from(param.choices)
    assert param.minimum is not None and param.maximum is not None
    # keep dice pools moderate most of the time so 10,000 runs stay quick
    high = min(param.maximum, 12) if param.unit == "D" else param.maximum
    ints = st.integers(int(math.ceil(param.minimum)), int(high))
    if param.kind == "int":
        return st.one_of(ints, st.integers(int(param.minimum), int(param.maximum)))
    return st.one_of(ints, st.floats(param.minimum, param.maximum))


def value(param: Param) -> st.SearchStrategy[Any]:
    return st.one_of(valid(param), valid(param), valid(param), JUNK)


@st.composite
def requests(draw: st.DrawFn) -> tuple[str, Any]:
    mechanic = draw(st.sampled_from(MECHANICS))
    if draw(st.integers(0, 50)) == 0:
        return mechanic, draw(JUNK)  # not even a dict
    params = {}
    for param in PARAMETERS[mechanic]:
        include = param.required or draw(st.booleans())
        if include and not (param.required and draw(st.integers(0, 30)) == 0):  # sometimes leave it out
            params[param.name] = draw(value(param))
    if draw(st.integers(0, 20)) == 0:
        params[draw(st.text(min_size=1, max_size=8))] = draw(JUNK)
    return mechanic, params


def check_result(result: Any) -> None:
    text = json.dumps(result, allow_nan=False)  # JSON-able, no NaN or infinity
    assert text
    for key, item in result.items():
        is_probability = isinstance(item, dict) and set(item) == {"value", "exact"}
        if is_probability and not key.startswith("expected"):
            assert 0 <= item["value"] <= 1, (key, item)


@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
@given(requests())
def test_compute_gives_a_result_or_an_input_error(request: tuple[str, Any]) -> None:
    mechanic, params = request
    COUNTS["compute"] += 1
    try:
        result = compute(mechanic, params)
    except InputError as exc:
        assert isinstance(exc.field, str) and exc.field
        assert exc.message and "Traceback" not in exc.message
    else:
        check_result(result)


def as_flags(params: dict[str, Any]) -> list[str]:
    argv = []
    for key, val in params.items():
        argv.append("--" + str(key).replace("_", "-"))
        argv.append(json.dumps(val) if not isinstance(val, str) else val)
    return argv


@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
@given(requests(), st.booleans())
def test_command_line_prints_json_or_one_error_line(request: tuple[str, Any], use_json: bool) -> None:
    mechanic, params = request
    COUNTS["cli"] += 1
    argv = ([mechanic, "--json", json.dumps(params)] if use_json or not isinstance(params, dict)
            else [mechanic, *as_flags(params)])
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as exc:  # only --help may exit; it is never generated
            raise AssertionError(f"exited {exc.code} for {argv}") from None
    if status == 0:
        assert err.getvalue() == ""
        check_result(json.loads(out.getvalue()))
    else:
        assert status == 2, argv
        assert out.getvalue() == ""
        line = err.getvalue()
        assert line.startswith("error: ") and line.count("\n") == 1, line
        assert len(line.split(": ", 2)) == 3


def test_fuzz_counts() -> None:
    # Runs after the two fuzz tests in file order; says how many inputs were thrown.
    print(f"\nfuzz: {COUNTS['compute']} inputs at compute(), {COUNTS['cli']} at the command line")
    assert COUNTS["compute"] >= EXAMPLES or COUNTS["compute"] == 0
