"""The browser's doors to the two questions after the odds (the engine's ``sweep`` and
``luck`` messages): calculators.sweep_json and luck_json answer exactly what sweep()
and luck() return, refuse as they refuse (naming the field), and never raise, as
compute_json never does."""

from __future__ import annotations

import json

import pytest

from calculators import InputError, dumps, luck, luck_json, sweep, sweep_json


def _reply(door, request: dict) -> dict:
    return json.loads(door(json.dumps(request)))


@pytest.mark.parametrize("request_", [
    {"mechanic": "close_assault", "params": {"att_dice": 6, "def_dice": 5}, "over": "att_dice", "target": "0.8"},
    {"mechanic": "spotting", "params": {"distance": 18, "target": "hidden"}, "over": "chain_dice",
     "values": "0..3", "target": "80%"},
    {"mechanic": "supply", "params": {}, "over": "supply_dice"},
])
def test_sweep_json_is_sweep(request_: dict) -> None:
    want = sweep(request_["mechanic"], request_["params"], request_["over"], request_.get("values"),
                 request_.get("target"))
    assert sweep_json(json.dumps(request_)) == dumps({"result": want})


def test_luck_json_is_luck() -> None:
    request = {"mechanic": "close_assault", "params": {"att_dice": 6, "def_dice": 5}, "mine": 5, "theirs": 3}
    assert luck_json(json.dumps(request)) == dumps({"result": luck("close_assault", request["params"], 5, 3)})


@pytest.mark.parametrize(("door", "request_", "field"), [
    (sweep_json, {"mechanic": "supply", "params": {}, "over": "staff_order"}, "sweep"),
    (sweep_json, {"mechanic": "supply", "params": {}, "over": "supply_dice", "values": "0..99"}, "values"),
    (sweep_json, {"mechanic": "supply", "params": {}, "over": "supply_dice", "target": "150"}, "target"),
    (luck_json, {"mechanic": "close_assault", "params": {"att_dice": 0, "def_dice": 0}, "mine": 0, "theirs": 0},
     "att_dice"),
    (sweep_json, {"mechanic": "supply", "params": {}, "over": "supply_dice", "target": "0"}, "target"),
    (sweep_json, {"mechanic": "supply", "params": {}, "over": "supply_dice", "dice": 3}, "request"),
    (luck_json, {"mechanic": "spotting", "params": {"distance": 18}, "mine": 9, "theirs": 0}, "rolled"),
    (luck_json, {"mechanic": "spotting", "params": {"distance": 18}, "mine": 1, "theirs": -1}, "rolled"),
    (luck_json, {"mechanic": "supply", "params": {}, "mine": 1, "theirs": 0}, "rolled"),
])
def test_refusals_name_the_field(door, request_: dict, field: str) -> None:
    assert _reply(door, request_)["error"]["field"] == field


def test_automatic_spotting_is_refused_in_words() -> None:
    with pytest.raises(InputError) as refused:
        luck("spotting", {"distance": 2}, 1, 0)
    error = _reply(luck_json, {"mechanic": "spotting", "params": {"distance": 2}, "mine": 1, "theirs": 0})["error"]
    assert error == {"field": refused.value.field, "message": refused.value.message}


@pytest.mark.parametrize("text", ["", "null", "[1]", "{", '{"mechanic": "supply", "params": {"supply_dice": NaN}}'])
def test_no_request_makes_a_door_raise(text: str) -> None:
    for door in (sweep_json, luck_json):
        assert set(json.loads(door(text))) == {"error"}
