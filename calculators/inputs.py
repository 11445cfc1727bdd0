"""A mechanic's inputs: :class:`Param` (one input, its check and its words), the
builders every mechanic makes its inputs with, and :func:`check_inputs` (the inputs
of the contract: docs/reference/scripting.md, the page "Scripting the calculators").

Each mechanic's module lists its own inputs (its ``MECHANIC.params``); they serve
three doors: ``compute()`` checks input with them, the command line builds its flags
and ``--help`` from them, and the site's build hook builds each widget's form from
them. Nothing here knows of a particular mechanic, or of the registry.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any, Literal

from .errors import InputError, refused, show

Kind = Literal["int", "number", "bool", "choice"]

DICE = (0, 40)
#: The words of a value in a unit (:attr:`Param.reads` when an input declares none):
#: dice, inches, a target number.
READS: dict[str, tuple[str, str]] = {"D": ("{} die", "{} dice"), "″": ("{}″", "{}″"), "TN": ("TN {}", "TN {}")}
INCHES = (0, 200)
#: A Blind's or a unit's cover, and the Cover Dice it adds (spotting, artillery, Close Assault).
COVER = ("none", "light", "medium", "heavy")
COVER_DICE = {"none": 0, "light": 1, "medium": 2, "heavy": 3}


@dataclass(frozen=True)
class Param:
    """One input of a mechanic."""

    name: str
    kind: Kind
    label: str
    default: Any = None
    required: bool = False
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple[str, ...] = ()
    unit: str = ""
    help: str = ""
    #: How a value of this input reads in a player's words, for 1 and for any other
    #: value, "{}" standing for the value: ("{} unit", "{} units"). Empty: the unit's
    #: words (:data:`READS`: dice, inches, a TN), else the label and the value.
    reads: tuple[str, str] | tuple[()] = ()

    @property
    def reading(self) -> tuple[str, str]:
        """The words a value of this input reads in, for 1 and for any other value
        ("{}" the value), as :meth:`amount` fills them and the page's panel does.

        >>> _dice("d", "Defender's dice").reading, _count("c", "Cohesion", 1, 10, 3).reading
        (('{} die', '{} dice'), ('Cohesion {}', 'Cohesion {}'))
        """
        return self.reads or READS.get(self.unit) or (f"{self.label} {{}}", f"{self.label} {{}}")

    def amount(self, value: float) -> str:
        """A value of this input in a player's words, in its own unit: "1 die",
        "3 Disruption Points", "18″", "TN 4", "Defender's Cohesion 2".

        >>> _dice("d", "D").amount(1), _inches("r", "Range").amount(18.0), Param("tn", "int", "TN", unit="TN").amount(4)
        ('1 die', '18″', 'TN 4')
        """
        one, many = self.reading
        return (one if value == 1 else many).replace("{}", _fmt(value))

    @property
    def typed(self) -> str | None:
        """What a person may type for this number, on the page or the command line:
        the pattern of :data:`TYPED` for its kind (None for a switch or a choice)."""
        return TYPED.get(self.kind)

    def describe_range(self) -> str:
        """The allowed values, as ``--help`` states them ("a whole number 0..40")."""
        if self.kind == "choice":
            return "one of " + ", ".join(self.choices)
        if self.kind == "bool":
            return "true or false"
        return f"{self._number()} {_fmt(self.minimum)}..{_fmt(self.maximum)}"

    def ask(self) -> str:
        """What to enter, in a player's words: the start of every refusal of a value.

        >>> _inches("distance", "Distance").ask(), _choice("cover", "Cover", COVER, "none").ask()
        ('enter a number from 0 to 200', 'choose one of none, light, medium, heavy')
        """
        if self.kind == "choice":
            return "choose one of " + ", ".join(self.choices)
        if self.kind == "bool":
            return "enter true or false"
        return f"enter {self._number()} from {_fmt(self.minimum)} to {_fmt(self.maximum)}"

    def _number(self) -> str:
        """A number parameter's kind in words: "a whole number" or "a number"."""
        return "a whole number" if self.kind == "int" else "a number"

    def refusal(self, value: Any) -> str:
        """The message for a value this parameter refuses (the page says the same).

        >>> _dice("disruption", "Disruption Points").refusal(41), _dice("d", "D").refusal("")
        ('enter a whole number from 0 to 40 (you entered 41)', 'enter a whole number from 0 to 40 (the field is empty)')
        """
        return refused(self.ask(), value)

    def check(self, value: Any) -> Any:
        """Return ``value`` if it is allowed, else raise :class:`InputError`."""
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise InputError(self.name, self.refusal(value))
            return value
        if self.kind == "choice":
            if not isinstance(value, str) or value not in self.choices:
                raise InputError(self.name, self.refusal(value))
            return value
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise InputError(self.name, self.refusal(value))
        if isinstance(value, float) and not math.isfinite(value):
            raise InputError(self.name, self.refusal(value))
        if self.kind == "int" and not isinstance(value, int):
            raise InputError(self.name, self.refusal(value))
        assert self.minimum is not None and self.maximum is not None
        if not self.minimum <= value <= self.maximum:
            raise InputError(self.name, self.refusal(value))
        if value == 0:
            return type(value)(0)  # -0.0 is 0.0 (the explanations never say "-0″")
        return value


#: The number syntax a person types, in a page's field (the widget spec carries these,
#: widgets.py) and in a command-line flag (api.read_typed): a JSON number, or one
#: with a "+" sign, leading zeros, or no digit on one side of the point ("+18",
#: "007", ".5", "18."); an exponent only where fractions are allowed. ASCII digits
#: only. The same text means the same number at both doors. (A field drops spaces
#: around its text, which a tablet's keyboard adds; a flag takes its text as given.
#: JSON text, ``--json`` and compute_json's requests, is read as JSON.)
TYPED: dict[str, str] = {
    "int": r"[+-]?[0-9]+",
    "number": r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?",
}


def _fmt(x: float | None) -> str:
    if x is None:
        return "?"
    return str(int(x)) if float(x).is_integer() else str(x)


# The builders each mechanic's module makes its inputs with.


def _dice(name: str, label: str, default: int | None = None, **kw: Any) -> Param:
    return Param(name, "int", label, default, default is None, DICE[0], DICE[1], unit="D", **kw)


def _inches(name: str, label: str, default: float | None = None, low: float = 0, **kw: Any) -> Param:
    return Param(name, "number", label, default, default is None, low, INCHES[1], unit="″", **kw)


def _flag(name: str, label: str, **kw: Any) -> Param:
    return Param(name, "bool", label, False, **kw)


def _choice(name: str, label: str, choices: tuple[str, ...], default: str | None, **kw: Any) -> Param:
    return Param(name, "choice", label, default, default is None, choices=choices, **kw)


def _count(name: str, label: str, low: int, high: int, default: int | None, **kw: Any) -> Param:
    return Param(name, "int", label, default, default is None, low, high, **kw)


def _taken(params: tuple[Param, ...], *names: str, **changes: Any) -> tuple[Param, ...]:
    """The inputs ``names`` of another mechanic's ``params``, in that order, each with
    ``changes`` applied where it has the field (a default given makes it optional)."""
    by_name = {param.name: param for param in params}
    if "default" in changes:
        changes.setdefault("required", changes["default"] is None)
    return tuple(replace(by_name[name], **changes) for name in names)


def check_inputs(mechanic: str, params: tuple[Param, ...], given: Any) -> dict[str, Any]:
    """Check ``given`` against a mechanic's ``params``; fill in defaults.

    >>> check_inputs("rally", (_dice("disruption", "DP"),), {"disruption": 2})
    {'disruption': 2}
    >>> check_inputs("rally", (_dice("disruption", "DP"),), {"disruption": 41})
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: disruption: enter a whole number from 0 to 40 (you entered 41)
    """
    if not isinstance(given, dict):
        raise InputError("params", f"must be an object of parameters, got {show(given)}")
    table = {p.name: p for p in params}
    for key in given:
        if key not in table:
            allowed = ", ".join(table)
            if isinstance(key, str) and key.isidentifier() and len(key) <= 40:
                raise InputError(key, f"unknown parameter for {mechanic}; allowed: {allowed}")
            raise InputError("params", f"unknown parameter {show(key)} for {mechanic}; allowed: {allowed}")
    out = {}
    for name, param in table.items():
        if name in given:
            out[name] = param.check(given[name])
        elif param.required:
            raise InputError(name, f"{param.ask()} (it is required)")
        else:
            out[name] = param.default
    return out
