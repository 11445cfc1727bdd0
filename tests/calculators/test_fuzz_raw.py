"""Throw raw text at the doors: argv items of every shape at the command line, and
request strings (JSON or not, deep, cut short, keys twice) at compute_json(), which
always answers JSON with "result" or "error"."""

from __future__ import annotations

import json

from fuzz_inputs import (
    COUNTS,
    RAW_EXAMPLES,
    RAW_FUZZ,
    argvs,
    batches,
    check_cli,
    check_error,
    check_result,
    request_texts,
    run,
)
from hypothesis import event, given

from calculators import InputError, compute_json


@RAW_FUZZ
@given(batches(argvs()))
def _fuzz_argv(batch: list[list[str]]) -> None:
    for argv in batch:
        COUNTS["argv"] += 1
        line = check_cli(*run(argv), argv)
        event("exit 0" if line is None else "exit 2 on " + line.split(": ")[1])


def test_any_argv_prints_json_or_one_error_line() -> None:
    before = COUNTS["argv"]
    _fuzz_argv()
    assert COUNTS["argv"] - before >= RAW_EXAMPLES


@RAW_FUZZ
@given(batches(request_texts()))
def _fuzz_compute_json(batch: list[str]) -> None:
    for request in batch:
        _one_compute_json(request)


def _one_compute_json(request: str) -> None:
    COUNTS["compute_json"] += 1
    answer = json.loads(compute_json(request))
    assert isinstance(answer, dict) and len(answer) == 1, answer
    event("result" if "result" in answer else "error on " + answer["error"]["field"])
    if "result" in answer:
        check_result(answer["result"])
    else:
        error = answer["error"]
        assert set(error) == {"field", "message"}
        check_error(InputError(error["field"], error["message"]))


def test_compute_json_always_answers_result_or_error() -> None:
    before = COUNTS["compute_json"]
    _fuzz_compute_json()
    assert COUNTS["compute_json"] - before >= RAW_EXAMPLES
