"""Shell it first? Artillery on a Blind, then a Close Assault on one of its units
(RULES-MATH §8).

Not a new rule: the artillery, deploy and Close Assault calculators chained, each
called as it is (nothing of theirs is copied here). The battery fires at the Blind;
the Blind deploys its units with the suppressions it then carries, one per unit; the
attacker assaults one unit. The owner chooses which units take the suppressions and
the attacker which unit to assault, so the answer is a range with both ends exact.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from . import artillery, close_assault, deploy
from .inputs import COVER, _choice, _count, _taken
from .mechanic import Chart, Figure, Headline, Mechanic, Range
from .probability import Number, prob

READINGS = (
    "A plan, not a new rule: the artillery, deploy and Close Assault calculators are run "
    "one after the other, each exactly as on its own page.",
    "The battery fires at the Blind as the artillery calculator has it, on a 6″ x 3″ Blind "
    "(a 3″ Fire Template in Combat HQ). The Blind's cover is the defender's cover; Armour "
    "Battles ignores it for the fire, as the artillery calculator does, but the defender "
    "still adds its Cover Dice in the assault.",
    "The Blind holds at most 4 suppressions after the fire; a Blind of 5 or more units can "
    "never have every unit suppressed.",
    "An assault comes within 6″, so the Blind is spotted and its units deploy: one "
    "suppression per unit, and the owner chooses which units take them when there are "
    "fewer suppressions than units.",
    "The attacker then assaults one deployed unit, with the Close Assault calculator's "
    "reading; the unit fights suppressed (+1 TN) or not, as the deployment left it.",
    "The owner picks which units are suppressed and the attacker picks the target, so the "
    "answer is a range: at best the attacker meets a suppressed unit whenever the Blind "
    "has any suppression; at worst only when every unit is suppressed.",
    "The chance without the fire is read the same way, from the suppressions already on "
    "the Blind. Disruption Points do not change who wins the assault and are left out.",
)

#: The Close Assault inputs this plan passes on as they are; the rest take the Close
#: Assault calculator's own defaults (first round, no Disruption Points, Cohesion 3).
ASSAULT_INPUTS = ("att_dice", "att_flank", "att_move", "att_class_penalty", "att_no_at",
                  "def_dice", "def_class_penalty", "def_no_at", "def_cover")


def _number(p: dict[str, Any]) -> Number:
    """A probability as the calculators write it, read back without loss: the
    exact fraction when there is one, else the float (the geometry's)."""
    return Fraction(p["exact"]) if p["exact"] else float(p["value"])


def fire(p: dict[str, Any]) -> tuple[dict[str, Any], dict[int, Number]]:
    """The artillery calculator's answer for this plan, and the distribution of the
    suppressions on the Blind after the fire (at most 4; Disruption Points left out)."""
    inputs = artillery.MECHANIC.check({"variant": p["variant"], "fire_dice": p["fire_dice"],
                                       "hit_faces": p["hit_faces"], "cover": p["def_cover"],
                                       "suppressions": p["suppressions"]})
    shot = artillery.artillery(**inputs)
    new = {entry["suppressions"]: _number(entry["p"]) for entry in shot["inflicted"]}
    # No new suppression: the rest, so that a fire that can inflict none (no Fire
    # Dice) leaves the Blind as it was with certainty, exactly (not a float sum of
    # landing odds that comes to 1 only nearly).
    new[0] = 1 - sum((q for k, q in new.items() if k > 0), Fraction(0))
    after: dict[int, Number] = {}
    for k, q in new.items():
        s, _ = artillery.after_fire(p["suppressions"], 0, k)
        after[s] = after.get(s, Fraction(0)) + q
    return shot, after


def assault(p: dict[str, Any], suppressed: bool) -> dict[str, Any]:
    """The Close Assault calculator's answer against a unit suppressed or not."""
    inputs = close_assault.MECHANIC.check({**{k: p[k] for k in ASSAULT_INPUTS},
                                           "def_suppressed": suppressed})
    return close_assault.close_assault(**inputs)


def target_suppressed(s: int, units: int) -> tuple[bool, bool]:
    """Whether the assaulted unit is suppressed when the Blind deploys ``units`` units
    with ``s`` suppressions: (best case for the attacker, worst case).

    The deploy calculator shares them out; the attacker can pick a suppressed unit
    when there is one, but the owner can keep one unsuppressed unless all are.

    >>> target_suppressed(1, 3), target_suppressed(3, 3), target_suppressed(0, 1)
    ((True, False), (True, True), (False, False))
    """
    deployed = deploy.deploy(suppressions=s, disruption=0, units=units)["allocation"]
    flags = [unit["suppressed"] for unit in deployed]
    return any(flags), all(flags)


def shell_then_assault(**p: Any) -> dict[str, Any]:
    """Shell a Blind, then assault one of its units: the attacker's chance, as a range.

    >>> r = shell_then_assault(variant="armour-battles", fire_dice=0, hit_faces=2,
    ...     suppressions=0, units=3, att_dice=6, def_dice=5, def_cover="none",
    ...     att_flank=False, att_move="single", att_class_penalty=False, att_no_at=False,
    ...     def_class_penalty=False, def_no_at=False)
    >>> r["p_win_best"] == r["p_win_no_fire_worst"], r["p_any_suppressed"]["exact"]
    (True, '0/1')
    """
    units = p["units"]
    shot, after = fire(p)
    answers: dict[bool, dict[str, Any]] = {}

    def win(suppressed: bool) -> Number:
        if suppressed not in answers:
            answers[suppressed] = assault(p, suppressed)
        return _number(answers[suppressed]["p_attacker_wins"])

    def chance(dist: dict[int, Number], case: int) -> Number:
        total: Number = Fraction(0)
        for s, q in sorted(dist.items()):
            if q:
                total += q * win(target_suppressed(s, units)[case])
        return total

    before: dict[int, Number] = {p["suppressions"]: Fraction(1)}
    p_any: Number = sum((q for s, q in after.items() if s >= 1), Fraction(0))
    p_all: Number = sum((q for s, q in after.items() if s >= units), Fraction(0))
    result: dict[str, Any] = {
        "mechanic": "shell_then_assault",
        "p_win_best": prob(chance(after, 0)),
        "p_win_worst": prob(chance(after, 1)),
        "p_win_no_fire_best": prob(chance(before, 0)),
        "p_win_no_fire_worst": prob(chance(before, 1)),
        "p_any_suppressed": prob(p_any),
        "p_all_suppressed": prob(p_all),
        "suppressions_after": [{"suppressions": s, "p": prob(q)} for s, q in sorted(after.items()) if q],
    }
    for suppressed, key in ((False, "p_win_unsuppressed"), (True, "p_win_suppressed")):
        if suppressed in answers:  # the assaults the plan can meet (only these are fought)
            result[key] = prob(win(suppressed))
    result["explain"] = _explain(p, shot, answers)
    return result


def _explain(p: dict[str, Any], shot: dict[str, Any], answers: dict[bool, dict[str, Any]]) -> list[str]:
    units = p["units"]
    steps = [f"the fire: {step}" for step in shot["explain"]]
    steps.append(f"the Blind deploys {units} unit{'s' if units != 1 else ''}, one suppression per "
                 "unit; the owner chooses which")
    if units > artillery.MAX_SUPPRESSIONS:
        steps.append(f"a Blind holds at most {artillery.MAX_SUPPRESSIONS} suppressions: "
                     f"its {units} units can never all be suppressed")
    for suppressed, label in ((False, "an unsuppressed unit"), (True, "a suppressed unit")):
        if suppressed not in answers:
            continue
        first = answers[suppressed]["explain"]
        steps.append(f"assaulting {label}: {first[0]}; {first[1]}")
    steps.append("best for the attacker: it assaults a suppressed unit whenever there is one; "
                 "worst: only when every unit is suppressed")
    return steps


_FIRE = artillery.MECHANIC.params
_ASSAULT = close_assault.MECHANIC.params

MECHANIC = Mechanic(
    name="shell_then_assault",
    order=80,
    title="Shell it first?",
    compute=shell_then_assault,
    params=(
        *_taken(_FIRE, "variant"),
        *_taken(_FIRE, "fire_dice", help="0: no fire"),
        *_taken(_FIRE, "hit_faces", "suppressions"),
        _count("units", "Units in the Blind", 1, 12, 3, reads=("{} unit", "{} units")),
        *_taken(_ASSAULT, "att_dice", default=6),
        *_taken(_ASSAULT, "att_flank", "att_move", "att_class_penalty", "att_no_at"),
        *_taken(_ASSAULT, "def_dice", default=5, help="the assaulted unit's FP or AT dice"),
        *_taken(_ASSAULT, "def_class_penalty", "def_no_at"),
        _choice("def_cover", "Defender's cover (the Blind's)", COVER, "none",
                help="+1/+2/+3D in the assault; in the fire, combat-hq only"),
    ),
    outputs={
        "p_win_best": "chance the attacker wins after the fire, assaulting the unit best for the "
                      "attacker (a suppressed one when there is one)",
        "p_win_worst": "the same, when the owner keeps the assaulted unit unsuppressed if any is",
        "p_win_no_fire_best": "chance the attacker wins without the fire (best case: the Blind "
                              "with the suppressions it already has, shared out the same way)",
        "p_win_no_fire_worst": "chance the attacker wins without the fire (worst case)",
        "p_any_suppressed": "chance at least one unit comes out of the Blind suppressed",
        "p_all_suppressed": "chance every unit comes out suppressed",
        "suppressions_after": "the Blind's suppressions after the fire: entries of suppressions, p",
        "p_win_unsuppressed": "chance the attacker wins against an unsuppressed unit (only when the plan can meet one)",
        "p_win_suppressed": "chance the attacker wins against a suppressed unit (only when the plan can meet one)",
    },
    # (first named as the input it follows, which holds the count before the fire)
    renamed={"suppressions": "suppressions_after"},
    # A range, "worst–best" (the headline key is the low end), each end named as the
    # readings decide it (the attacker picks a suppressed unit when there is one; the
    # owner keeps one unsuppressed unless all are), and beside it the chance without the
    # fire, with the difference the fire makes in percentage points.
    headline=Headline("p_win_worst", "Chance the attacker wins after the shelling",
                      range=Range("p_win_best", "p_win_no_fire_worst", "p_win_no_fire_best",
                                  "Without the fire",
                                  ends=("if the owner keeps an unsuppressed unit to assault", "if you find a suppressed unit"),
                                  plan="the fire")),
    figures=(
        Figure("p_any_suppressed", "The Blind has a suppression after the fire", "pct"),
        Figure("p_all_suppressed", "Every unit is suppressed after the fire", "pct"),
        Figure("p_win_unsuppressed", "Attacker wins against an unsuppressed unit", "pct"),
        Figure("p_win_suppressed", "Attacker wins against a suppressed unit", "pct"),
    ),
    charts=(
        Chart("suppressions_after",
              f"Suppressions on the Blind after the fire (at most {artillery.MAX_SUPPRESSIONS})",
              label="{suppressions}", value="p", cumulative=True),
    ),
    readings=READINGS,
)
