"""Throw generated requests, valid and not, at compute(): nothing but a result (JSON-able,
probabilities in [0, 1]) or an InputError naming a field may come out."""

from __future__ import annotations

from typing import Any

from fuzz_inputs import COUNTS, EXAMPLES, FUZZ, batches, check_error, check_result, requests
from hypothesis import given

from calculators import InputError, compute


@FUZZ
@given(batches(requests()))
def _fuzz_compute(batch: list[tuple[str, Any]]) -> None:
    for mechanic, params in batch:
        COUNTS["compute"] += 1
        try:
            result = compute(mechanic, params)
        except InputError as exc:
            check_error(exc)
        else:
            check_result(result)


def test_compute_gives_a_result_or_an_input_error() -> None:
    before = COUNTS["compute"]
    _fuzz_compute()
    assert COUNTS["compute"] - before >= EXAMPLES  # the fuzzer did run all its inputs
