""""What do I need?": one chance of a mechanic for each value of one of its
whole-number inputs, every other input as set, and the fewest that reaches a target.

A player asks it before committing ("how many dice for a 4-in-5 chance?"). Each
point is exactly what :func:`~calculators.api.compute` answers for those inputs (the
same function, called once per value), so a sweep can never disagree with the
calculator. The inputs it can step through and the chances it can read are those
the mechanic declares (:attr:`~calculators.mechanic.Mechanic.counts`,
:attr:`~calculators.mechanic.Mechanic.chances`): a new mechanic is swept with no
change here.

Refusals name the field as the command line and the page name it: ``sweep`` (the
input stepped through, the argument ``over``), ``values``, ``target``, ``figure``.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction
from typing import Any

from .api import compute, door_json
from .errors import InputError, refused
from .inputs import Param
from .labels import FIGURES, headline_for
from .mechanic import Mechanic
from .params import mechanic_name
from .printing import exactly, pct, ratio
from .registry import BY_NAME

#: The values swept when none are given (clipped to the input's range).
DEFAULT_VALUES = (1, 12)
#: "A..B" (or one value "A"), as ``--values`` and the page's permalink write it.
_SPAN = re.compile(r"\s*([+-]?[0-9]{1,6})\s*(?:\.\.\s*([+-]?[0-9]{1,6})\s*)?", re.ASCII)
TARGET_ASK = "enter a chance above 0 and at most 1, such as 0.8 or 80%"


def sweep(mechanic: Any, params: Any = None, over: Any = None, values: Any = None,
          target: Any = None, figure: Any = None) -> dict[str, Any]:
    """The chance ``figure`` for each value of the whole-number input ``over``.

    ``values``: the values to step through, as "A..B" or any iterable of whole
    numbers (default 1..12, clipped to the input's range; a value given outside the
    range is refused). ``target``: a chance in (0, 1] (a number, or text "0.8" or
    "80%"); with it the answer names ``fewest``, the smallest value whose chance is at
    least the target (None: no value reaches it), and says so in ``words``.
    ``figure``: a chance of the mechanic (``p_...``), by default its headline for
    these inputs. A value at which the calculator refuses the inputs (an assault no
    side can win) is a point with ``p`` None and the refusal.

    >>> r = sweep("supply", {}, "supply_dice", "1..6", target=0.5)
    >>> [point["p"]["exact"] for point in r["points"]][:3], r["fewest"], r["words"]
    (['1/16', '3/16', '11/32'], 4, 'You need 4 dice for 50%: 50.0%')
    """
    found = BY_NAME[mechanic_name(mechanic)]
    given = {} if params is None else params
    param = _over(found, over)
    if not isinstance(given, dict) or param.name in given:
        checked = found.check(given)  # the input swept, as given, is the current value
        current = checked[param.name]
    else:  # checked with any value of it: compute() then takes each swept value
        checked = found.check({**given, param.name: _any_value(param)})
        current = param.default
    key = _figure(found, checked, figure)
    chosen = _values(param, values)
    wanted = None if target is None else read_target(target)

    def point(value: int) -> dict[str, Any]:
        try:
            result = compute(found.name, {**given, param.name: value})
        except InputError as exc:
            return {"value": value, "p": None, "refused": {"field": exc.field, "message": exc.message}}
        if key not in result:  # (Shell it first? with no fire meets no suppressed unit)
            return {"value": value, "p": None, "refused": {"field": "figure", "message": refused(
                f"{found.name} gives {key} only for some inputs ({found.outputs[key]})", key)}}
        return {"value": value, "p": result[key]}

    points = [point(value) for value in chosen]
    if all(p["p"] is None and p["refused"]["field"] == "figure" for p in points):
        raise InputError("figure", points[0]["refused"]["message"])
    out: dict[str, Any] = {"mechanic": found.name, "over": param.name, "figure": key,
                           "figure_label": _figure_label(found, checked, key), "points": points}
    if current is None:
        out["current"] = None
    else:
        out["current"] = next((p for p in points if p["value"] == current), None) or point(current)
    if wanted is not None:
        reached = [p for p in points if p["p"] is not None and (ratio(p["p"]) or 0) >= wanted]
        fewest = min(reached, key=lambda p: p["value"]) if reached else None
        out["target"] = {"value": float(wanted), "exact": f"{wanted.numerator}/{wanted.denominator}"}
        out["fewest"] = None if fewest is None else fewest["value"]
        out["words"] = _words(param, points, fewest, wanted)
    return out


def sweep_json(request: Any) -> str:
    """The browser's door to :func:`sweep` (the engine's ``sweep`` message), as
    :func:`~calculators.api.compute_json` is to compute(): a JSON request of
    ``mechanic``, ``params``, ``over`` and, if wanted, ``values``, ``target`` and
    ``figure``, in; ``{"result": ...}`` or ``{"error": {"field", "message"}}`` out.

    >>> print(sweep_json('{"mechanic": "supply", "params": {}, "over": "supply_dice", "values": "1..3", "target": "0.3"}')[-43:])
    "words": "You need 3 dice for 30%: 34.4%"}}
    >>> print(sweep_json('{"mechanic": "supply", "params": {}, "over": "staff_order"}'))
    {"error": {"field": "sweep", "message": "choose one of supply's whole-number inputs: supply_dice (you entered 'staff_order')"}}
    """
    return door_json(request, ("mechanic", "params", "over", "values", "target", "figure"),
                     lambda data: sweep(data.get("mechanic"), data.get("params"), data.get("over"),
                                        data.get("values"), data.get("target"), data.get("figure")))


def sweep_text(answer: dict[str, Any]) -> str:
    """A sweep's answer as ``--table`` prints it: the chance read, one line per value
    (the current one marked), and the answer in words.

    >>> print(sweep_text(sweep("supply", {"supply_dice": 3}, "supply_dice", "2..4", target="50%")))
    What do I need? Chance the battery keeps firing, by supply_dice
      2 dice:  18.8%  (exactly 3/16)
      3 dice:  34.4%  (exactly 11/32)  <- as set
      4 dice:  50.0%  (exactly 1/2)
    <BLANKLINE>
      You need 4 dice for 50%: 50.0%
    """
    param = next(p for p in BY_NAME[answer["mechanic"]].counts if p.name == answer["over"])
    current = answer["current"]["value"] if answer["current"] else None
    rows = []
    for point in answer["points"]:
        chance = (f"{pct(point['p'])}  ({exactly(point['p'])})" if point["p"] is not None
                  else f"–  ({point['refused']['field']}: {point['refused']['message']})")
        rows.append((amount(param, point["value"]) + ":", chance, "  <- as set" if point["value"] == current else ""))
    width = max(len(row[0]) for row in rows)
    lines = [f"What do I need? {answer['figure_label']}, by {answer['over']}"]
    lines += [f"  {label.ljust(width)}  {chance}{mark}" for label, chance, mark in rows]
    if "words" in answer:
        lines += ["", "  " + answer["words"]]
    return "\n".join(lines)


def read_target(target: Any) -> Fraction:
    """A target chance, exactly as a person wrote it: 0.8 is 4/5 (not the float
    nearest it), "80%" is 4/5 too; outside (0, 1] it is refused naming ``target``.

    >>> read_target(0.8), read_target("80%"), read_target("1")
    (Fraction(4, 5), Fraction(4, 5), Fraction(1, 1))
    """
    value: Fraction | None = None
    if isinstance(target, Fraction):
        value = target
    elif isinstance(target, int) and not isinstance(target, bool):
        value = Fraction(target)
    elif isinstance(target, float) and math.isfinite(target):
        value = Fraction(repr(target))
    elif isinstance(target, str) and 0 < len(target) <= 40:
        text = target.strip()
        scale = 100 if text.endswith("%") else 1
        try:
            value = Fraction(text.removesuffix("%").strip()) / scale
        except (ValueError, ZeroDivisionError):
            value = None
    if value is None or not 0 < value <= 1:
        raise InputError("target", refused(TARGET_ASK, target))
    return value


def amount(param: Param, value: int) -> str:
    """A value of a whole-number input in a player's words: "8 dice", "1 die", or the
    input's label and the value ("Attacker's Cohesion 4").

    >>> amount(BY_NAME["supply"].params[0], 1), amount(BY_NAME["close_assault"].params[6], 4)
    ('1 die', "Attacker's Cohesion 4")
    """
    if param.unit == "D":
        return f"{value} {'die' if value == 1 else 'dice'}"
    return f"{param.label} {value}"


def target_text(target: Fraction) -> str:
    """A target as a player says it: "80%", "82.5%" (no ".0").

    >>> target_text(Fraction(4, 5)), target_text(Fraction(33, 40))
    ('80%', '82.5%')
    """
    return pct(target).replace(".0%", "%")


def _words(param: Param, points: list[dict[str, Any]], fewest: dict[str, Any] | None,
           target: Fraction) -> str:
    """The answer in a player's words: what it takes, or the best there is."""
    if fewest is not None:
        return f"You need {amount(param, fewest['value'])} for {target_text(target)}: {pct(fewest['p'])}"
    answered = [p for p in points if p["p"] is not None]
    if not answered:
        return f"No value from {points[0]['value']} to {points[-1]['value']} can be answered"
    best = max(answered, key=lambda p: (ratio(p["p"]) or 0, -p["value"]))
    if best is answered[-1]:
        return f"Even {amount(param, best['value'])} give only {pct(best['p'])}, short of {target_text(target)}"
    return f"At best {pct(best['p'])} (with {amount(param, best['value'])}), short of {target_text(target)}"


def _over(found: Mechanic, over: Any) -> Param:
    counts = {param.name: param for param in found.counts}
    if not counts:
        raise InputError("sweep", f"{found.name} has no whole-number input to step through")
    if not isinstance(over, str) or over not in counts:
        raise InputError("sweep", refused(f"choose one of {found.name}'s whole-number inputs: "
                                          + ", ".join(counts), over))
    if not found.chances:
        raise InputError("sweep", f"{found.name} gives no chance to step through ({found.title} "
                                  "is not a probability)")
    return counts[over]


def _any_value(param: Param) -> int:
    """A value of ``param`` that its check accepts, to check the other inputs with."""
    return int(param.default if param.default is not None else param.minimum or 0)


def _figure(found: Mechanic, checked: dict[str, Any], figure: Any) -> str:
    if figure is None:
        return str(headline_for(found.name, checked)["key"])
    if not isinstance(figure, str) or figure not in found.chances:
        raise InputError("figure", refused(f"choose one of {found.name}'s chances: "
                                           + ", ".join(found.chances), figure))
    return figure


def _figure_label(found: Mechanic, checked: dict[str, Any], key: str) -> str:
    """The words of the chance swept: the headline's label, a figure's, or what the
    output is (its description in the contract)."""
    headline = headline_for(found.name, checked)
    if headline["key"] == key:
        return str(headline["label"])
    labels = {name: label for name, label, _ in FIGURES.get(found.name, ())}
    return labels.get(key) or found.outputs[key][0].upper() + found.outputs[key][1:]


def _values(param: Param, values: Any) -> list[int]:
    """The values to sweep, ascending and each once."""
    low, high = int(param.minimum or 0), int(param.maximum or 0)
    ask = f"enter whole numbers from {low} to {high} for {param.name}, as A..B"
    if values is None:
        return list(range(max(low, DEFAULT_VALUES[0]), min(high, DEFAULT_VALUES[1]) + 1))
    if isinstance(values, str):
        span = _SPAN.fullmatch(values)
        first = last = None
        if span is not None:
            first = int(span.group(1))
            last = first if span.group(2) is None else int(span.group(2))
        if first is None or last is None or not low <= first <= last <= high:
            raise InputError("values", refused(ask, values))
        return list(range(first, last + 1))
    if not isinstance(values, (list, tuple, range)) or not 0 < len(values) <= high - low + 1:
        raise InputError("values", refused(ask, values))
    for value in values:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise InputError("values", refused(ask, value))
    return sorted(set(values))
