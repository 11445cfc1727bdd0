"""``compute()``: the one door every caller goes through (the contract:
docs/reference/scripting.md, the page "Scripting the calculators")."""

from __future__ import annotations

import functools
import json
import math
import re
from collections.abc import Callable
from typing import Any

from .errors import GIVEN_TWICE, InputError, NumberText, show
from .outputs import with_deprecated
from .params import TYPED, mechanic_name
from .registry import BY_NAME

#: "How this calculator reads the rules", shown beside every widget.
READINGS: dict[str, tuple[str, ...]] = {name: m.readings for name, m in BY_NAME.items()}

#: The result key each widget shows as its headline; rally's is P(no Disruption left);
#: shell_then_assault's is the low end of its range (the page shows p_win_worst–p_win_best).
HEADLINES: dict[str, str | None] = {name: m.headline.key for name, m in BY_NAME.items()}


def compute(mechanic: Any, params: Any = None) -> dict[str, Any]:
    """Run one calculator on plain data; return plain, JSON-able data.

    Raises :class:`~calculators.errors.InputError` naming the field on bad input.

    >>> compute("supply", {"supply_dice": 3})["p_continue"]
    {'value': 0.34375, 'exact': '11/32'}
    """
    found = BY_NAME[mechanic_name(mechanic)]
    checked = found.check({} if params is None else params)
    result = with_deprecated(found.name, found.compute(**checked))
    result["inputs"] = checked
    return result


def compute_json(request: Any) -> str:
    """The browser's entry point: a JSON request in, a JSON answer out.

    The request is ``{"mechanic": ..., "params": {...}}``; the answer is
    ``{"result": {...}}`` or ``{"error": {"field": ..., "message": ...}}``, whatever
    the request (it never raises on bad input). User input stays data: nothing is
    ever evaluated as Python.

    >>> compute_json('{"mechanic": "rally", "params": {"disruption": -1}}')
    '{"error": {"field": "disruption", "message": "enter a whole number from 0 to 40 (you entered -1)"}}'
    """
    return door_json(request, ("mechanic", "params"),
                     lambda data: compute(data.get("mechanic"), data.get("params")))


def door_json(request: Any, keys: tuple[str, ...], answer: Callable[[dict[str, Any]], Any]) -> str:
    """A browser door (compute_json, sweep_json, luck_json): ``request`` read as JSON,
    an object with no key but ``keys``, handed to ``answer``; its return value as
    ``{"result": ...}``, a refusal as ``{"error": {"field", "message"}}``.

    >>> print(door_json('{"a": 1, "b": 2}', ("a",), lambda data: data))
    {"error": {"field": "request", "message": "has an unknown key 'b'; it takes a"}}
    """
    takes = keys[0] if len(keys) == 1 else ", ".join(keys[:-1]) + " and " + keys[-1]
    try:
        data = read_json(request, "request")
        if not isinstance(data, dict):
            raise InputError("request", f"must be an object with {takes}")
        for key in data:
            if key not in keys:
                raise InputError("request", f"has an unknown key {show(key)}; it takes {takes}")
        return dumps({"result": answer(data)})
    except InputError as exc:
        return dumps({"error": {"field": exc.field, "message": exc.message}})


def dumps(data: Any) -> str:
    """The canonical JSON text: the same bytes from CPython and from Pyodide."""
    return json.dumps(data, sort_keys=True, ensure_ascii=False, allow_nan=False)


#: Deeper JSON than this is refused before parsing (a request is 2 levels deep).
MAX_DEPTH = 32
#: Integers longer than this are out of every range: kept as text, not converted.
_MAX_INT_DIGITS = 400
#: A string (closed or not, skipped whole: linear time) or a bracket.
_BRACKETS = re.compile(r'"(?:[^"\\]|\\.)*+"?|[\[{\]}]')


def read_json(text: Any, field: str) -> Any:
    """Parse JSON from a door (compute_json's request, ``--json``, a flag's number).

    The one reader of JSON text: refuses what :func:`json.loads` would let
    through quietly or crash on, as an :class:`InputError` on ``field``:
    NaN and Infinity, a key given twice (named), nesting deeper than
    :data:`MAX_DEPTH`. A number too large to hold (``1e400``) is kept as
    :class:`~calculators.errors.NumberText`, which every parameter refuses.

    >>> read_json('{"distance": 18.5, "cover": "light"}', "json")
    {'distance': 18.5, 'cover': 'light'}
    >>> read_json('{"distance": 1, "distance": 2}', "json")
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: distance: is given twice; give it once
    """
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise InputError(field, "is not UTF-8 text") from None
    if not isinstance(text, str):
        raise InputError(field, f"must be JSON text, got {show(text)}")
    _check_depth(text, field)
    try:
        return json.loads(text, parse_constant=_refuse_constant, parse_int=_read_int,
                          parse_float=_read_float,
                          object_pairs_hook=functools.partial(_no_repeats, field))
    except InputError:
        raise
    except (ValueError, RecursionError) as exc:
        raise InputError(field, f"is not valid JSON ({exc})") from None


def read_typed(text: str, kind: str) -> Any:
    """A number typed for a parameter of ``kind`` ("int" or "number") on the command
    line, read as a page's field reads it (:data:`~calculators.params.TYPED`): written
    as the JSON number it stands for, then read exactly as JSON reads it ("18." is
    18.0, a fraction; "007" is 7).

    Text that is not such a number comes back unchanged, for the parameter to refuse.

    >>> read_typed("1e-7", "number"), read_typed("+18", "int"), read_typed(".5", "number")
    (1e-07, 18, 0.5)
    >>> read_typed("18.", "number"), read_typed("-0.0", "number"), read_typed("1e2", "int")
    (18.0, -0.0, '1e2')
    """
    if not _TYPED[kind].fullmatch(text):
        return text
    sign = "-" if text.startswith("-") else ""
    mantissa, e, exponent = text.lstrip("+-").lower().partition("e")
    whole, point, fraction = mantissa.partition(".")
    number = (whole.lstrip("0") or "0") + ("." + (fraction or "0") if point else "")
    return read_json(sign + number + e + exponent, "number")


_TYPED = {kind: re.compile(pattern, re.ASCII) for kind, pattern in TYPED.items()}


def _check_depth(text: str, field: str) -> None:
    depth = 0
    for match in _BRACKETS.finditer(text):
        token = match.group()
        if token in ("[", "{"):
            depth += 1
            if depth > MAX_DEPTH:
                raise InputError(field, f"is nested deeper than {MAX_DEPTH} levels")
        elif token in ("]", "}"):
            depth -= 1


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number")


def _read_int(text: str) -> int | NumberText:
    return NumberText(text) if len(text) > _MAX_INT_DIGITS else int(text)


def _read_float(text: str) -> float | NumberText:
    value = float(text)
    return value if math.isfinite(value) else NumberText(text)


def _no_repeats(field: str, pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            if key.isidentifier() and len(key) <= 40:
                raise InputError(key, GIVEN_TWICE)
            raise InputError(field, f"gives the key {show(key)} twice; give it once")
        out[key] = value
    return out
