"""Every output of every mechanic is described (calculators/outputs.py), every
description names a real output, and no output takes an input's name for another
number. The mechanics come from PARAMETERS, so a new one is checked as it lands."""

from __future__ import annotations

from typing import Any

import pytest

from calculators import MECHANICS, PARAMETERS, InputError, compute
from calculators.outputs import COMMON, DEPRECATED, OUTPUTS


def starting(mechanic: str) -> dict[str, Any]:
    """A value for each required parameter: the first choice, or 10 above its minimum
    (within range): a spotting distance in a range band, not automatic."""
    out: dict[str, Any] = {}
    for p in PARAMETERS[mechanic]:
        if p.required:
            if p.kind == "choice":
                out[p.name] = p.choices[0]
            else:
                assert p.minimum is not None and p.maximum is not None
                value = min(p.maximum, p.minimum + 10)
                out[p.name] = int(value) if p.kind == "int" else value
    return out


def variations(mechanic: str) -> list[dict[str, Any]]:
    """The starting input, each switch turned on, each choice taken: the outputs that
    only some inputs give (Hidden Units, a Dummy Blind) come up too."""
    base = starting(mechanic)
    found = [base]
    for p in PARAMETERS[mechanic]:
        if p.kind == "bool":
            found.append({**base, p.name: True})
        elif p.kind == "choice":
            found.extend({**base, p.name: choice} for choice in p.choices)
    return found


def results(mechanic: str) -> list[dict[str, Any]]:
    out = []
    for params in variations(mechanic):
        try:
            out.append(compute(mechanic, params))
        except InputError:  # a combination the rules refuse (att_suppressed in round 1)
            continue
    assert out, f"{mechanic}: no input of {variations(mechanic)} was accepted"
    return out


@pytest.mark.parametrize("mechanic", MECHANICS)
def test_every_output_is_described(mechanic: str) -> None:
    described = set(COMMON) | set(OUTPUTS.get(mechanic, {})) | set(DEPRECATED.get(mechanic, {}))
    for result in results(mechanic):
        missing = sorted(set(result) - described)
        assert not missing, (f"{mechanic} returns {missing} for {result['inputs']}, which "
                             "calculators/outputs.py does not describe (OUTPUTS)")


@pytest.mark.parametrize("mechanic", MECHANICS)
def test_every_description_names_an_output(mechanic: str) -> None:
    given = set().union(*(set(result) for result in results(mechanic)))
    stale = sorted(set(OUTPUTS.get(mechanic, {})) - given)
    assert not stale, f"calculators/outputs.py describes {stale}, which {mechanic} never returns"
    assert set(COMMON) <= given


def test_no_description_for_a_mechanic_that_is_not_there() -> None:
    assert set(OUTPUTS) <= set(MECHANICS) and set(DEPRECATED) <= set(MECHANICS)


@pytest.mark.parametrize("mechanic", MECHANICS)
def test_an_output_named_as_an_input_holds_that_input(mechanic: str) -> None:
    """A result key that is also a parameter's name must be that parameter's value
    (artillery's variant is); otherwise a script reads the wrong number. Old names
    kept for a release (DEPRECATED) are the one exception."""
    old = DEPRECATED.get(mechanic, {})
    for result in results(mechanic):
        for key in set(result) & set(result["inputs"]):
            if key not in old:
                assert result[key] == result["inputs"][key], (
                    f"{mechanic}: output {key!r} is {result[key]!r} but input {key!r} is "
                    f"{result['inputs'][key]!r}: give the output its own name")


@pytest.mark.parametrize(("mechanic", "params", "old", "new", "value"), [
    ("spotting", {"distance": 18, "cover": "medium"}, "owner_dice", "owner_pool", 5),
    ("spotting", {"distance": 18, "chain_dice": 2}, "spotter_dice", "spotter_pool", 6),
    ("spotting", {"distance": 4}, "owner_dice", "owner_pool", 0),
])
def test_renamed_outputs_keep_their_old_names_for_a_release(
        mechanic: str, params: dict[str, Any], old: str, new: str, value: int) -> None:
    result = compute(mechanic, params)
    assert result[new] == result[old] == value
    assert DEPRECATED[mechanic][old] == new


def test_deploy_allocation_and_its_old_name() -> None:
    result = compute("deploy", {"suppressions": 2, "units": 3})
    assert result["allocation"] == result["units"]
    assert [u["suppressed"] for u in result["allocation"]] == [True, True, False]
    assert result["inputs"]["units"] == 3
