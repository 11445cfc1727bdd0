"""The registry (calculators/registry.py) and the tables that are its views.

Each mechanic is declared once, in its own module (``MECHANIC``); the tables keyed by
a mechanic's name (PARAMETERS, READINGS, TITLES, OUTPUTS, ...) are derived from the
registry. ``mechanic_tables.json`` is every one of those tables as it was written out
by hand before that change (issue "One place for each thing", stage 1), encoded with
its types (tuple or list, dict key order, each Param's fields, each function by
name): the views must give exactly the same, so no consumer (the command line, the
site build, the tests) sees a difference. A change to a mechanic's words or inputs
changes this file too: write it again with ``python -m tests.calculators.test_registry``.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from calculators import api, labels, outputs, params, registry
from calculators.mechanic import Mechanic

TABLES = Path(__file__).with_name("mechanic_tables.json")


def encode(value: Any) -> Any:
    """``value`` as JSON that keeps what JSON alone would lose: each container's type
    and order, each dataclass's fields, each function's name."""
    if isinstance(value, dict):
        return {type(value).__name__: [[encode(k), encode(v)] for k, v in value.items()]}
    if isinstance(value, (tuple, list)):
        return {type(value).__name__: [encode(v) for v in value]}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}
        return {type(value).__name__: encode(fields)}
    if callable(value):
        return {"function": f"{value.__module__}.{value.__qualname__}"}
    assert value is None or isinstance(value, (str, int, float, bool)), type(value)
    return value


def tables() -> dict[str, Any]:
    return {
        "params.PARAMETERS": params.PARAMETERS, "params.MECHANICS": params.MECHANICS,
        "api.READINGS": api.READINGS, "api.HEADLINES": api.HEADLINES,
        # (api._FUNCTIONS, the compute function by name, is each mechanic's compute now)
        "api._FUNCTIONS": {name: m.compute for name, m in registry.BY_NAME.items()},
        "labels.TITLES": labels.TITLES, "labels.HEADLINE_LABELS": labels.HEADLINE_LABELS,
        "labels.HEADLINE_WHEN": labels.HEADLINE_WHEN, "labels.HEADLINE_RANGE": labels.HEADLINE_RANGE,
        "labels.FIGURES": labels.FIGURES, "labels.CHARTS": labels.CHARTS, "labels.DETAILS": labels.DETAILS,
        "outputs.OUTPUTS": outputs.OUTPUTS, "outputs.DEPRECATED": outputs.DEPRECATED,
        "outputs.COMMON": outputs.COMMON,
    }


@pytest.mark.parametrize("name", list(tables()))
def test_a_view_is_the_table_it_replaced(name: str) -> None:
    want = json.loads(TABLES.read_text(encoding="utf-8"))[name]
    assert json.dumps(encode(tables()[name]), ensure_ascii=False) == json.dumps(want, ensure_ascii=False)


def test_every_mechanic_module_is_found_in_order() -> None:
    found = registry.discover()
    assert [m.name for m in found] == list(registry.BY_NAME) == list(params.MECHANICS)
    assert [m.order for m in found] == sorted(m.order for m in found)
    for mechanic in found:  # declared in the module of its own name
        assert mechanic.compute.__module__ == f"calculators.{mechanic.name}"
        assert isinstance(mechanic, Mechanic)


def test_every_key_a_mechanic_names_is_an_output_or_an_input() -> None:
    """The headline, figures, charts, details and renamed keys of each mechanic are
    keys its outputs describe; a ``when`` names one of its inputs."""
    for m in registry.BY_NAME.values():
        keys = [m.headline.key, *(f.key for f in m.figures), *(c.key for c in m.charts),
                *([m.details.key] if m.details else []), *m.renamed.values()]
        if m.headline.range:
            r = m.headline.range
            keys += [r.high, r.beside_low, r.beside_high]
        keys += [w.key for w in m.headline.when]
        assert {k for k in keys if k is not None} <= set(m.outputs), m.name
        assert {w.param for w in m.headline.when} <= {p.name for p in m.params}, m.name


if __name__ == "__main__":  # write mechanic_tables.json from the tables as they are now
    TABLES.write_text(json.dumps({k: encode(v) for k, v in tables().items()}, indent=1,
                                 ensure_ascii=False) + "\n", encoding="utf-8")
