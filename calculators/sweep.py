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
from collections.abc import Iterable
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
TARGET_ASK = "enter a chance such as 80%, 0.8 or 4/5"


def sweep(mechanic: Any, params: Any = None, over: Any = None, values: Any = None,
          target: Any = None, figure: Any = None) -> dict[str, Any]:
    """The chance ``figure`` for each value of the whole-number input ``over``.

    ``values``: the values to step through, as "A..B" or any iterable of whole
    numbers (default 1..12, clipped to the input's range; a value given outside the
    range is refused). ``direction``: how the chance moves as the value grows
    (:func:`direction`: "up", "down", "flat" or "mixed"). ``target``: a chance above 0
    and at most 1 (:func:`read_target`: 0.8, "80%", "80" or "4/5"); with it the
    answer names ``reaching``, every value whose chance is at least the target, in
    order, ``fewest`` and ``most``, the smallest and the largest of them (None: no
    value reaches it), and says what it takes in ``words``, as the chance moves.
    ``figure``: a chance of the mechanic (``p_...``), by default its headline for
    these inputs. A value at which the calculator refuses the inputs (an assault no
    side can win) is a point with ``p`` None and the refusal.

    >>> r = sweep("supply", {}, "supply_dice", "1..6", target=0.5)
    >>> [point["p"]["exact"] for point in r["points"]][:3], r["direction"], r["fewest"], r["words"]
    (['1/16', '3/16', '11/32'], 'up', 4, 'You need 4 dice for 50%: 50.0%')
    >>> r = sweep("close_assault", {"att_dice": 6, "def_dice": 5}, "def_dice", "3..7", target="80%")
    >>> r["direction"], r["reaching"], r["most"], r["words"]
    ('down', [3, 4, 5], 5, "80% holds up to 5 defender's dice: 82.6%")
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
    out["direction"] = direction(points)
    if wanted is not None:
        reaching = [p["value"] for p in points if reaches(p, wanted)]
        out["target"] = {"value": float(wanted), "exact": f"{wanted.numerator}/{wanted.denominator}"}
        out["fewest"] = reaching[0] if reaching else None
        out["most"] = reaching[-1] if reaching else None
        out["reaching"] = reaching
        out["words"] = _words(param, points, out["direction"], reaching, wanted)
    return out


def sweep_json(request: Any) -> str:
    """The browser's door to :func:`sweep` (the engine's ``sweep`` message), as
    :func:`~calculators.api.compute_json` is to compute(): a JSON request of
    ``mechanic``, ``params``, ``over`` and, if wanted, ``values``, ``target`` and
    ``figure``, in; ``{"result": ...}`` or ``{"error": {"field", "message"}}`` out.

    >>> print(sweep_json('{"mechanic": "supply", "params": {}, "over": "supply_dice", "values": "1..3", "target": "30"}')[-43:])
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
    nearest it), and so are "80%", "80" and "4/5": a number above 1 and at most 100
    with no "%" is a percentage. 0, and anything above 100%, is refused naming ``target``.

    >>> read_target(0.8), read_target("80%"), read_target("80"), read_target("4/5")
    (Fraction(4, 5), Fraction(4, 5), Fraction(4, 5), Fraction(4, 5))
    >>> read_target("1"), read_target(50), read_target("1.5")
    (Fraction(1, 1), Fraction(1, 2), Fraction(3, 200))
    """
    value: Fraction | None = None
    percent = False
    if isinstance(target, Fraction):
        value = target
    elif isinstance(target, int) and not isinstance(target, bool):
        value = Fraction(target)
    elif isinstance(target, float) and math.isfinite(target):
        value = Fraction(repr(target))
    elif isinstance(target, str) and 0 < len(target) <= 40:
        text = target.strip()
        percent = text.endswith("%")
        try:
            value = Fraction(text.removesuffix("%").strip())
        except (ValueError, ZeroDivisionError):
            value = None
    if value is not None and (percent or 1 < value <= 100):
        value /= 100
    if value is None or not 0 < value <= 1:
        raise InputError("target", refused(TARGET_ASK, target))
    return value


def direction(points: list[dict[str, Any]]) -> str:
    """How the chance moves as the value grows, over the points answered (a refused
    point is left out), exactly: "up" (never falls, rises at least once), "down"
    (never rises, falls at least once), "flat" (the same at every point) or "mixed".
    (Two chances known only as floats are the same within :data:`FLOAT_SAME`.)

    >>> p = lambda *xs: [{"p": None if x is None else {"value": 0.0, "exact": x}} for x in xs]
    >>> direction(p("1/4", "1/2", "1/2")), direction(p("1/2", None, "1/4")), direction(p("1/2", "1/2"))
    ('up', 'down', 'flat')
    >>> direction(p("1/4", "1/2", "1/3")), direction(p(None)), direction([])
    ('mixed', 'flat', 'flat')
    """
    chances = [p["p"] for p in points if p["p"] is not None]
    steps = [_compare(a, b) for a, b in zip(chances, chances[1:], strict=False)]
    rises, falls = 1 in steps, -1 in steps
    return "mixed" if rises and falls else "up" if rises else "down" if falls else "flat"


#: Two chances known only as floats (the artillery geometry's, ``exact`` null) this
#: close, relative to the larger, are one chance to :func:`direction`: the closed form
#: is good to about 1e-15, and its rounding is no rise or fall.
FLOAT_SAME = 1e-12


def _compare(a: dict[str, Any], b: dict[str, Any]) -> int:
    """1 when chance ``b`` is above ``a``, -1 below, 0 the same: exactly, or within
    :data:`FLOAT_SAME` when either is known only as a float."""
    if a.get("exact") and b.get("exact"):
        exact_a, exact_b = Fraction(a["exact"]), Fraction(b["exact"])
        return (exact_b > exact_a) - (exact_b < exact_a)
    x, y = float(a["value"]), float(b["value"])
    if abs(y - x) <= FLOAT_SAME * max(1.0, abs(x), abs(y)):
        return 0
    return (y > x) - (y < x)


def reaches(point: dict[str, Any], target: Fraction) -> bool:
    """Is ``point``'s chance at least ``target`` (a refused point never is)?"""
    chance = None if point["p"] is None else ratio(point["p"])
    return chance is not None and chance >= target


def amount(param: Param, value: int) -> str:
    """A value of a whole-number input in a player's words, in its own unit
    (:meth:`~calculators.inputs.Param.amount`): "8 dice", "1 die", "3 Disruption
    Points", or the input's label and the value ("Attacker's Cohesion 4").

    >>> amount(BY_NAME["supply"].params[0], 1), amount(BY_NAME["close_assault"].params[6], 4)
    ('1 die', "Attacker's Cohesion 4")
    >>> amount(BY_NAME["rally"].params[0], 3), amount(BY_NAME["deploy"].params[2], 4)
    ('3 Disruption Points', '4 units')
    """
    return param.amount(value)


def target_text(target: Fraction) -> str:
    """A target as a player says it: "80%", "82.5%" (no ".0").

    >>> target_text(Fraction(4, 5)), target_text(Fraction(33, 40))
    ('80%', '82.5%')
    """
    return pct(target).replace(".0%", "%")


def _words(param: Param, points: list[dict[str, Any]], moves: str, reaching: list[int],
           target: Fraction) -> str:
    """The answer in a player's words, as the chance moves (``moves``): the fewest
    that reaches the target (up), the most that keeps it (down), that the input
    makes no difference (flat), the values that reach it (mixed), or the best there is."""
    answered = [p for p in points if p["p"] is not None]
    wanted = target_text(target)
    if not answered:
        return f"No value from {points[0]['value']} to {points[-1]['value']} can be answered"
    at = {p["value"]: p for p in answered}
    if moves == "flat":
        every = "every value" if len(answered) == len(points) else "every value it answers"
        verdict = "enough for" if reaching else "short of"
        return (f"The chance does not change with {param.label} here: {pct(answered[0]['p'])} at {every}, "
                f"{verdict} {wanted}")
    if not reaching:
        best = max(answered, key=lambda p: (ratio(p["p"]) or 0, -p["value"]))
        return (f"No value from {points[0]['value']} to {points[-1]['value']} reaches {wanted}: "
                f"at best {pct(best['p'])}, with {amount(param, best['value'])}")
    if moves == "up":
        return f"You need {amount(param, reaching[0])} for {wanted}: {pct(at[reaching[0]]['p'])}"
    if moves == "down":
        return f"{wanted} holds up to {amount(param, reaching[-1])}: {pct(at[reaching[-1]]['p'])}"
    return f"{wanted} is reached with {either(spans(param, reaching))}"


def spans(param: Param, values: list[int]) -> list[str]:
    """Ascending values in a player's words, each run of whole numbers in a row as one
    ("7 to 12 dice"), in the input's own unit.

    >>> spans(BY_NAME["supply"].params[0], [1, 3, 4, 5, 8, 9])
    ['1 die', '3 to 5 dice', '8 to 9 dice']
    """
    runs: list[list[int]] = []
    for value in values:
        if runs and value == runs[-1][-1] + 1:
            runs[-1].append(value)
        else:
            runs.append([value])
    return [amount(param, run[0]) if len(run) == 1 else param.reading[1].replace("{}", f"{run[0]} to {run[-1]}")
            for run in runs]


def either(items: Iterable[str]) -> str:
    """Words joined as a player lists choices: "a", "a or b", "a, b or c".

    >>> either(["1 die"]), either(["1 die", "3 dice"]), either("abc")
    ('1 die', '1 die or 3 dice', 'a, b or c')
    """
    words = list(items)
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


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
