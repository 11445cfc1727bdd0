"""The parameters of every mechanic, and their validation (the inputs of the contract:
docs/reference/scripting.md, the page "Scripting the calculators").

One table serves three doors: :func:`validate` checks input at ``compute()``,
the command line builds its flags and ``--help`` from it, and the site's build
hook builds each widget's form from it. :class:`Param` and the builders are in
:mod:`calculators.inputs`, and are re-exported here.
"""

from __future__ import annotations

from typing import Any

from .errors import InputError, show
from .inputs import (
    COVER,
    COVER_DICE,
    DICE,
    INCHES,
    TYPED,
    Kind,
    Param,
    _choice,
    _count,
    _dice,
    _flag,
    _inches,
    _taken,
    check_inputs,
)

__all__ = ["COVER", "COVER_DICE", "DICE", "INCHES", "MECHANICS", "PARAMETERS", "TYPED", "Kind", "Param",
           "mechanic_name", "validate"]


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
    return check_inputs(mechanic, PARAMETERS[mechanic], params)
