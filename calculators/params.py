"""The inputs of every mechanic by its name, and their validation at ``compute()``
(the inputs of the contract: docs/reference/scripting.md, the page "Scripting the
calculators").

Each mechanic lists its own inputs in its module (``MECHANIC.params``); the table
here is a view of the registry (:mod:`calculators.registry`). :class:`Param`, the
builders and the shared rule values (Cover Dice) are in :mod:`calculators.inputs`,
and are re-exported here.
"""

from __future__ import annotations

from typing import Any

from .errors import InputError, show
from .inputs import COVER, COVER_DICE, DICE, INCHES, TYPED, Kind, Param
from .registry import BY_NAME

__all__ = ["COVER", "COVER_DICE", "DICE", "INCHES", "MECHANICS", "PARAMETERS", "TYPED", "Kind", "Param",
           "mechanic_name", "validate"]

PARAMETERS: dict[str, tuple[Param, ...]] = {name: m.params for name, m in BY_NAME.items()}
MECHANICS: tuple[str, ...] = tuple(BY_NAME)


def mechanic_name(name: Any) -> str:
    """The canonical name of a mechanic (``close-assault`` is accepted too)."""
    if isinstance(name, str):
        canonical = name.replace("-", "_")
        if canonical in PARAMETERS:
            return canonical
    raise InputError("mechanic", f"must be one of {', '.join(MECHANICS)}, got {show(name)}")


def validate(mechanic: str, params: Any) -> dict[str, Any]:
    """Check ``params`` against the mechanic's inputs; fill in defaults.

    >>> validate("rally", {"disruption": 2})
    {'disruption': 2}
    >>> validate("rally", {"disruption": 41})
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: disruption: enter a whole number from 0 to 40 (you entered 41)
    """
    return BY_NAME[mechanic].check(params)
