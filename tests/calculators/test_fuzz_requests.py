"""Throw generated requests, valid and not, at two doors, each request at both:

* compute(): nothing but a result (JSON-able, probabilities in [0, 1]) or an
  InputError naming a field may come out;
* the command line (in this process, through calculators.cli.main): exit 0 with JSON,
  or exit 2 with exactly one ``error: <field>: <message>`` line, the very words
  compute() raises.

The two doors share the requests Hypothesis draws: its own work is nearly all of a
fuzzed door's CPU (fuzz_inputs.BATCH), so each door still gets EXAMPLES requests, and
the drawing is paid for once."""

from __future__ import annotations

import json
from typing import Any

from fuzz_inputs import (
    COUNTS,
    EXAMPLES,
    FUZZ,
    as_flags,
    batches,
    check_cli,
    check_error,
    check_result,
    depth,
    faithful_json,
    requests,
    run,
)
from hypothesis import given
from hypothesis import strategies as st

from calculators import InputError, compute, dumps
from calculators.api import MAX_DEPTH


@FUZZ
@given(batches(st.tuples(requests(), st.booleans())))
def _fuzz_doors(batch: list[tuple[tuple[str, Any], bool]]) -> None:
    for request, use_json in batch:
        _one_compute(*request)
        _one_cli(request, use_json)


def _one_compute(mechanic: str, params: Any) -> None:
    COUNTS["compute"] += 1
    try:
        result = compute(mechanic, params)
    except InputError as exc:
        check_error(exc)
    else:
        check_result(result)


def _one_cli(request: tuple[str, Any], use_json: bool) -> None:
    mechanic, params = request
    COUNTS["cli"] += 1
    as_json = faithful_json(params)
    if (use_json or not isinstance(params, dict)) and as_json is not None:
        argv = [mechanic, "--json", as_json]
        status, out, err = run(argv)
        line = check_cli(status, out, err, argv)
        if not isinstance(params, dict) or depth(params) > MAX_DEPTH:
            return  # compute() takes any Python data; the command line refuses such JSON on json
        # one place: the command line says exactly what compute() says
        try:
            expected = dumps(compute(mechanic, json.loads(as_json))) + "\n"
        except InputError as exc:
            assert line == f"error: {exc.field}: {exc.message}\n", (argv, line)
        else:
            assert line is None and out == expected
    elif isinstance(params, dict):
        argv = [mechanic, *as_flags(params)]
        check_cli(*run(argv), argv)


def test_compute_answers_and_the_command_line_prints_json_or_one_error_line() -> None:
    before = dict(COUNTS)
    _fuzz_doors()
    # each door did get all its inputs
    assert COUNTS["compute"] - before["compute"] >= EXAMPLES
    assert COUNTS["cli"] - before["cli"] >= EXAMPLES
