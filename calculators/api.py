"""``compute()``: the one door every caller goes through (RULES-MATH §7, API.md)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from . import artillery, blind_move, close_assault, deploy, rally, spotting, supply
from .params import PARAMETERS, mechanic_name, validate

Mechanic = Callable[..., dict[str, Any]]

_FUNCTIONS: dict[str, Mechanic] = {
    "spotting": spotting.spotting,
    "artillery": artillery.artillery,
    "close_assault": close_assault.close_assault,
    "supply": supply.supply,
    "rally": rally.rally,
    "blind_move": blind_move.blind_move,
    "deploy": deploy.deploy,
}

#: "How this calculator reads the rules", shown beside every widget.
READINGS: dict[str, tuple[str, ...]] = {
    "spotting": spotting.READINGS,
    "artillery": artillery.READINGS,
    "close_assault": close_assault.READINGS,
    "supply": supply.READINGS,
    "rally": rally.READINGS,
    "blind_move": blind_move.READINGS,
    "deploy": deploy.READINGS,
}

#: The result key each widget shows as its headline (API.md); rally's is P(no Disruption left).
HEADLINES: dict[str, str | None] = {
    "spotting": "p_spotted",
    "artillery": "p_new_suppression",
    "close_assault": "p_attacker_wins",
    "supply": "p_continue",
    "rally": "p_all_removed",
    "blind_move": "p_reach",
    "deploy": None,
}

assert set(_FUNCTIONS) == set(PARAMETERS) == set(READINGS) == set(HEADLINES)


def compute(mechanic: Any, params: Any = None) -> dict[str, Any]:
    """Run one calculator on plain data; return plain, JSON-able data.

    Raises :class:`~calculators.errors.InputError` naming the field on bad input.

    >>> compute("supply", {"supply_dice": 3})["p_continue"]
    {'value': 0.34375, 'exact': '11/32'}
    """
    name = mechanic_name(mechanic)
    checked = validate(name, {} if params is None else params)
    result = _FUNCTIONS[name](**checked)
    result["inputs"] = checked
    return result


def compute_json(request: str) -> str:
    """The browser's entry point: a JSON request in, a JSON answer out.

    The request is ``{"mechanic": ..., "params": {...}}``; the answer is
    ``{"result": {...}}`` or ``{"error": {"field": ..., "message": ...}}``.
    User input stays data: nothing is ever evaluated as Python.

    >>> compute_json('{"mechanic": "rally", "params": {"disruption": -1}}')
    '{"error": {"field": "disruption", "message": "must be a whole number 0..40, got -1"}}'
    """
    from .errors import InputError

    try:
        try:
            data = json.loads(request, parse_constant=_reject_constant)
        except ValueError as exc:
            raise InputError("request", f"is not valid JSON ({exc})") from None
        if not isinstance(data, dict):
            raise InputError("request", "must be an object with mechanic and params")
        return dumps({"result": compute(data.get("mechanic"), data.get("params"))})
    except InputError as exc:
        return dumps({"error": {"field": exc.field, "message": exc.message}})


def dumps(data: Any) -> str:
    """The canonical JSON text: the same bytes from CPython and from Pyodide."""
    return json.dumps(data, sort_keys=True, ensure_ascii=False, allow_nan=False)


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number")
