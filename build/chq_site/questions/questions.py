"""The two questions a player asks after the odds, on a calculator's own page:
"What do I need?" (``calculators.sweep``: the chance for each value of one
whole-number input, how it moves, and what it takes to reach a target) and "How lucky was that?"
(``calculators.luck``: how unusual an opposed roll was).

Here the build says which of a mechanic's inputs can be swept and which sides roll
against each other (the widget's ``data-spec``, ``questions``), and answers what it
can without a browser: the sweep at the page's starting inputs, shown as a table to a
reader without JavaScript, and the pools of the opposed roll at the starting inputs
and worked examples, so that "How lucky was that?" answers them before the engine
(the answer tables carry the pools of every setting they cover, ``roll_pools``).
The browser modules (``need.js``, ``luck.js``; their pure parts ``need-logic.js``,
``luck-logic.js``) answer every other setting, from the answer tables where they
cover it, else from the engine.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from calculators import InputError, sweep
from calculators.params import mechanic_name
from calculators.registry import BY_NAME
from calculators.sweep import DEFAULT_VALUES, amount
from chq_site.widget.permalinks import answer_key

#: The target a panel starts with, as a permalink writes it (need-logic.js START_TARGET).
START_TARGET = "0.8"


def questions_spec(mechanic: str) -> dict[str, Any]:
    """What the widget's script needs for the two panels: the whole-number inputs
    (``counts``: name, label, and the words a value reads in, ``one`` for 1 and
    ``many`` for any other, "{}" the value: ``Param.reading``), the one swept first
    (``sweep``, None when the mechanic has no chance to sweep or no such input), and
    the sides of its opposed roll (``opposed``, None when it has none).

    >>> questions_spec("supply")["counts"]
    [{'name': 'supply_dice', 'label': 'Artillery Supply Dice', 'one': '{} die', 'many': '{} dice'}]
    >>> questions_spec("rally")["counts"][0]["many"], questions_spec("supply")["sweep"]
    ('{} Disruption Points', 'supply_dice')
    """
    found = BY_NAME[mechanic_name(mechanic)]
    counts = [{"name": p.name, "label": p.label, "one": p.reading[0], "many": p.reading[1]} for p in found.counts]
    opposed = found.opposed and {"mine": found.opposed.mine, "theirs": found.opposed.theirs}
    return {"counts": counts, "sweep": counts[0]["name"] if counts and found.chances else None,
            "opposed": opposed or None}


def moving(mechanic: str, values: dict[str, Any]) -> list[str]:
    """The whole-number inputs that move the chance at ``values`` (a full set of
    inputs): those whose sweep over the values a panel sweeps (:func:`span`) is not
    "flat". The panel offers only these (need.js, need-logic.js ``moves``).

    >>> moving("close_assault", {"att_dice": 6, "def_dice": 5})
    ['att_dice', 'def_dice']
    """
    found = BY_NAME[mechanic_name(mechanic)]
    out = []
    for param in found.counts if found.chances else ():
        first, last = span(found.name, param.name, values.get(param.name))
        if sweep(found.name, values, param.name, f"{first}..{last}")["direction"] != "flat":
            out.append(param.name)
    return out


def span(mechanic: str, over: str, current: Any) -> tuple[int, int]:
    """The values a panel sweeps (need-logic.js ``span``): the package's 1 to 12,
    clipped to the input's range, widened to hold the value shown.

    >>> span("spotting", "chain_dice", 0), span("close_assault", "att_dice", 15)
    ((0, 3), (1, 15))
    """
    param = next(p for p in BY_NAME[mechanic].counts if p.name == over)
    low = max(int(param.minimum or 0), DEFAULT_VALUES[0])
    high = min(int(param.maximum or 0), DEFAULT_VALUES[1])
    shown = current if isinstance(current, int) and not isinstance(current, bool) else low
    return min(low, shown), max(high, shown)


@cache
def _starting_sweep(mechanic: str, params: tuple[tuple[str, Any], ...]) -> dict[str, Any] | None:
    values = dict(params)
    over = questions_spec(mechanic)["sweep"]
    if over is None:
        return None
    first, last = span(mechanic, over, values[over])
    answer = sweep(mechanic, values, over, f"{first}..{last}", START_TARGET)
    param = next(p for p in BY_NAME[mechanic].counts if p.name == over)
    rows = [(amount(param, point["value"]), point["p"], point["value"] == values[over])
            for point in answer["points"]]
    return {"words": answer["words"], "label": answer["figure_label"], "over": over, "rows": rows}


def starting_sweep(mechanic: str, values: dict[str, Any]) -> dict[str, Any] | None:
    """The sweep the page shows without JavaScript: at its starting inputs, of the
    input swept first, for 80%: ``words``, ``label`` (the chance swept), ``rows``
    (each value in words, its chance, whether it is the value shown); None for a
    mechanic with nothing to sweep."""
    return _starting_sweep(mechanic, tuple(sorted(values.items())))


def roll_pools(mechanic: str, values: dict[str, Any]) -> list[int] | None:
    """The pools of the opposed roll at a full set of inputs: [my dice, my TN, their
    dice, their TN], as ``calculators.luck`` rolls them (after the TN 7+ rule and Cover
    Dice); None for a mechanic with no opposed roll, inputs ``compute()`` refuses, or
    spotting at a distance where it is automatic (the panel says why). The answer
    tables carry them beside each answer (``answers``), the page for its starting
    inputs and worked examples (:func:`luck_pools`).

    >>> roll_pools("spotting", {"distance": 18}), roll_pools("spotting", {"distance": 3})
    ([4, 4, 3, 4], None)
    """
    found = BY_NAME[mechanic]
    if found.opposed is None:
        return None
    try:
        mine, theirs = found.opposed.pools(found.check(values))
    except InputError:  # spotting where it is automatic: no roll; refused inputs: the engine says why
        return None
    return [mine.dice, mine.tn, theirs.dice, theirs.tn]


def luck_pools(mechanic: str, examples: list[dict[str, Any]]) -> dict[str, list[int]]:
    """:func:`roll_pools` for each set of inputs in ``examples`` (the starting inputs,
    the worked examples), keyed by ``answer_key``; a set with none is left out.

    >>> list(luck_pools("spotting", [{"distance": 18}, {"distance": 3}]).values())
    [[4, 4, 3, 4]]
    """
    found = BY_NAME[mechanic]
    out: dict[str, list[int]] = {}
    for values in examples:
        pools = roll_pools(mechanic, values)
        if pools is not None:
            out[answer_key(mechanic, found.check(values))] = pools
    return out
