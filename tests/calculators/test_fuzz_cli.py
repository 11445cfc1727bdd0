"""Throw generated requests, valid and not, at the command line (in this process,
through calculators.cli.main): exit 0 with JSON, or exit 2 with exactly one
``error: <field>: <message>`` line, the very words compute() raises."""

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
def _fuzz_cli(batch: list[tuple[tuple[str, Any], bool]]) -> None:
    for request, use_json in batch:
        _one_cli(request, use_json)


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


def test_command_line_prints_json_or_one_error_line() -> None:
    before = COUNTS["cli"]
    _fuzz_cli()
    assert COUNTS["cli"] - before >= EXAMPLES
