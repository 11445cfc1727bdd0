"""The parameters of every mechanic, and their validation (the inputs of the contract:
docs/reference/scripting.md, the page "Scripting the calculators").

One table serves three doors: :func:`validate` checks input at ``compute()``,
the command line builds its flags and ``--help`` from it, and the site's build
hook builds each widget's form from it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any, Literal

from .errors import InputError, show

Kind = Literal["int", "number", "bool", "choice"]

DICE = (0, 40)
INCHES = (0, 200)
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

        >>> PARAMETERS["spotting"][0].ask(), PARAMETERS["spotting"][1].ask()
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

        >>> PARAMETERS["rally"][0].refusal(41), PARAMETERS["rally"][0].refusal("")
        ('enter a whole number from 0 to 40 (you entered 41)', 'enter a whole number from 0 to 40 (the field is empty)')
        """
        entered = "the field is empty" if value == "" else f"you entered {show(value)}"
        return f"{self.ask()} ({entered})"

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


#: Close Assault's inputs; "Shell it first?" takes some of them as they are.
_CLOSE_ASSAULT: tuple[Param, ...] = (
    _dice("att_dice", "Attacker's dice", help="FP or AT dice as the rules call for"),
    _flag("att_flank", "Flank or rear attack", help="-1 TN"),
    _choice("att_move", "Attacker's move", ("single", "double", "triple"), "single",
            help="double -1D, triple -2D"),
    _flag("att_class_penalty", "Attacker is a heavy weapon, gun, close support unit or tank destroyer",
          help="+2 TN"),
    _flag("att_no_at", "Attacker has no AT against armour", help="rolls FP at +2 TN"),
    _count("att_disruption", "Attacker's Disruption Points", 0, 9, 0),
    _count("att_cohesion", "Attacker's Cohesion", 1, 10, 3),
    _choice("start", "Round", ("first", "later"), "first",
            help="later: a round after a draw (no order bonus; the attacker may be suppressed)"),
    _flag("att_suppressed", "Attacker is suppressed",
          help="+1 TN; round later only (a suppressed unit cannot be ordered to Close Assault)"),
    _dice("def_dice", "Defender's dice", help="FP or AT dice as the rules call for"),
    _flag("def_suppressed", "Defender is suppressed", help="+1 TN"),
    _flag("def_class_penalty", "Defender is a heavy weapon, gun, close support unit or tank destroyer",
          help="+2 TN"),
    _flag("def_no_at", "Defender has no AT against armour", help="rolls FP at +2 TN"),
    _choice("def_cover", "Defender's cover", COVER, "none", help="+1/+2/+3D"),
    _count("def_disruption", "Defender's Disruption Points", 0, 9, 0),
    _count("def_cohesion", "Defender's Cohesion", 1, 10, 3),
)


def _taken(params: tuple[Param, ...], *names: str, **changes: Any) -> tuple[Param, ...]:
    """The inputs ``names`` of another mechanic's ``params``, in that order, each with
    ``changes`` applied where it has the field (a default given makes it optional)."""
    by_name = {param.name: param for param in params}
    if "default" in changes:
        changes.setdefault("required", changes["default"] is None)
    return tuple(replace(by_name[name], **changes) for name in names)


PARAMETERS: dict[str, tuple[Param, ...]] = {
    "spotting": (
        _inches("distance", "Distance to the Blind", help="inches from the spotting unit"),
        _choice("cover", "Blind's cover", COVER, "none", help="owner adds +1/+2/+3D"),
        _flag("moving", "Blind is moving", help="-1 TN"),
        _flag("suppressed", "Spotter is suppressed", help="+1 TN"),
        _flag("recon", "Spotter is a recon unit", help="-1 TN"),
        _count("chain_dice", "Dice Chain dice", 0, 3, 0, unit="D", help="Double Dice Chain = +2D"),
        _choice("ties", "A tie goes to", ("owner", "spotter"), "owner",
                help="owner: a tie leaves the Blind unspotted"),
        _choice("target", "Target", ("blind", "hidden"), "blind",
                help="a Blind, or Hidden Units in a Blind-sized area"),
        _flag("fumble_needs_spot", "Deploy on 1s only if spotted",
              help="Hidden Units: more 1s than 6s deploys only when the attempt also succeeds"),
        _dice("spotter_dice", "Spotter's base dice", 4, help="the rules give 4D"),
        _dice("owner_dice", "Owner's base dice", 3, help="the rules give 3D"),
    ),
    "artillery": (
        _choice("variant", "Rules", ("armour-battles", "combat-hq"), None,
                help="armour-battles: Hidden Units update (000); combat-hq: fire missions (004)"),
        _dice("fire_dice", "Battery's Fire Dice", 5),
        _choice("cover", "Blind's cover", COVER, "none", help="combat-hq only: +1/+2/+3D Reaction"),
        _count("hit_faces", "\"Hit\" faces on the Deviation Dice", 0, 6, 2),
        _inches("blind_width", "Blind width", 6, low=0.5),
        _inches("blind_depth", "Blind depth", 3, low=0.5),
        _inches("template_radius", "Fire Template radius", 3, help="combat-hq only"),
        _count("suppressions", "Suppressions already on the Blind", 0, 4, 0),
        _count("disruption", "Disruption Points already on the Blind", 0, 40, 0),
        _flag("dummy", "It is a Dummy Blind", help="removed at 4 Disruption Points from artillery"),
    ),
    "close_assault": _CLOSE_ASSAULT,
    "supply": (
        _dice("supply_dice", "Artillery Supply Dice"),
        _flag("staff_order", "Staff Order spent", help="+1D"),
    ),
    "rally": (
        _dice("disruption", "Disruption Points on the Blind"),
    ),
    "blind_move": (
        _inches("target", "Distance the Blind must cover"),
        _flag("suppressed", "Blind is suppressed", help="Variable Move (3D6″) only"),
        _flag("obstacle", "Crosses an obstacle",
              help="costs one Fixed Move; a suppressed Blind needs its entire move"),
    ),
    "deploy": (
        _count("suppressions", "Suppressions on the Blind", 0, 4, 0),
        _count("disruption", "Disruption Points on the Blind", 0, 40, 0),
        _count("units", "Units deploying", 1, 20, None),
    ),
    "shell_then_assault": (
        _choice("variant", "Rules", ("armour-battles", "combat-hq"), None,
                help="armour-battles: Hidden Units update (000); combat-hq: fire missions (004)"),
        _dice("fire_dice", "Battery's Fire Dice", 5, help="0: no fire"),
        _count("hit_faces", "\"Hit\" faces on the Deviation Dice", 0, 6, 2),
        _count("suppressions", "Suppressions already on the Blind", 0, 4, 0),
        _count("units", "Units in the Blind", 1, 12, 3),
        *_taken(_CLOSE_ASSAULT, "att_dice", default=6),
        *_taken(_CLOSE_ASSAULT, "att_flank", "att_move", "att_class_penalty", "att_no_at"),
        *_taken(_CLOSE_ASSAULT, "def_dice", default=5, help="the assaulted unit's FP or AT dice"),
        *_taken(_CLOSE_ASSAULT, "def_class_penalty", "def_no_at"),
        _choice("def_cover", "Defender's cover (the Blind's)", COVER, "none",
                help="+1/+2/+3D in the assault; in the fire, combat-hq only"),
    ),
}

MECHANICS: tuple[str, ...] = tuple(PARAMETERS)


def mechanic_name(name: Any) -> str:
    """The canonical name of a mechanic (``close-assault`` is accepted too)."""
    if isinstance(name, str):
        canonical = name.replace("-", "_")
        if canonical in PARAMETERS:
            return canonical
    raise InputError("mechanic", f"must be one of {', '.join(MECHANICS)}, got {show(name)}")


def validate(mechanic: str, params: Any) -> dict[str, Any]:
    """Check ``params`` against the mechanic's table; fill in defaults.

    >>> validate("rally", {"disruption": 2})
    {'disruption': 2}
    >>> validate("rally", {"disruption": 41})
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: disruption: enter a whole number from 0 to 40 (you entered 41)
    """
    if not isinstance(params, dict):
        raise InputError("params", f"must be an object of parameters, got {show(params)}")
    table = {p.name: p for p in PARAMETERS[mechanic]}
    for key in params:
        if key not in table:
            allowed = ", ".join(table)
            if isinstance(key, str) and key.isidentifier() and len(key) <= 40:
                raise InputError(key, f"unknown parameter for {mechanic}; allowed: {allowed}")
            raise InputError("params", f"unknown parameter {show(key)} for {mechanic}; allowed: {allowed}")
    out = {}
    for name, param in table.items():
        if name in params:
            out[name] = param.check(params[name])
        elif param.required:
            raise InputError(name, f"{param.ask()} (it is required)")
        else:
            out[name] = param.default
    return out
