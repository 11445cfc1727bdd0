""""What do I need?"'s reading of its points (calculators.sweep): for every mechanic
of the registry and every whole-number input of it (read from calculators.registry,
no list here), at random inputs the mechanic accepts, ``direction``, ``reaching``,
``fewest`` and ``most`` are what a plain reading of compute()'s answers gives, value
by value, in exact fractions (a value compute() refuses is left out); and the words
say the value the direction calls for, in the input's own unit."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculators import InputError, compute, sweep
from calculators.inputs import Param
from calculators.printing import pct
from calculators.registry import BY_NAME
from calculators.sweep import target_text

SETTINGS = settings(max_examples=15, deadline=None, derandomize=True, database=None)
SWEPT = [(m.name, p.name) for m in BY_NAME.values() if m.chances for p in m.counts]
# Dice pools kept small so that a sweep of Close Assault stays quick.
MOST_DICE = 8


def test_every_mechanic_with_a_chance_and_a_whole_number_input_is_here() -> None:
    assert {name for name, _ in SWEPT} == {m.name for m in BY_NAME.values() if m.chances and m.counts}
    assert len(SWEPT) == sum(len(m.counts) for m in BY_NAME.values() if m.chances)


def value_of(param: Param) -> st.SearchStrategy[Any]:
    """A value ``param`` accepts (dice kept to a few)."""
    if param.kind == "bool":
        return st.booleans()
    if param.kind == "choice":
        return st.sampled_from(param.choices)
    low, high = param.minimum or 0, param.maximum or 0
    if param.kind == "int":
        return st.integers(int(low), int(min(high, MOST_DICE)) if param.unit == "D" else int(high))
    return st.one_of(st.sampled_from(sorted({low, high, *(x for x in (3, 6, 12, 18, 30, 40) if low <= x <= high)})),
                     st.floats(low, high))


def chance(p: dict[str, Any]) -> Fraction:
    """A chance as a fraction: exact where the package has it, else its float exactly."""
    return Fraction(p["exact"]) if p["exact"] else Fraction(p["value"])


def plain_reading(mechanic: str, params: dict[str, Any], over: str, values: list[int],
                  figure: str) -> list[tuple[int, Fraction, bool]]:
    """(value, chance, known exactly?) for each value compute() answers with ``figure``,
    one call a value."""
    read = []
    for value in values:
        try:
            result = compute(mechanic, {**params, over: value})
        except InputError:
            continue
        if figure in result:
            read.append((value, chance(result[figure]), bool(result[figure]["exact"])))
    return read


def runs_of(values: list[int]) -> list[tuple[int, int]]:
    """Ascending values as runs of whole numbers in a row: (first, last)."""
    runs: list[tuple[int, int]] = []
    for value in values:
        runs[-1:] = [(runs[-1][0], value)] if runs and value == runs[-1][1] + 1 else [*runs[-1:], (value, value)]
    return runs


def listed_values(param: Param, text: str) -> tuple[int, int]:
    """The run a part of the words names: "7 to 12 dice" (the input's words for many,
    "{}" the run) or one value in its own words."""
    for value in range(int(param.minimum or 0), int(param.maximum or 0) + 1):
        if text == param.amount(value):
            return value, value
    one, _, after = param.reading[1].partition("{}")
    first, _, last = text.removeprefix(one).removesuffix(after).partition(" to ")
    return int(first), int(last)


def plain_direction(read: list[tuple[int, Fraction, bool]]) -> str:
    """Each step from one value to the next: a rise, a fall or none (two chances known
    only as floats within 1e-12 of each other are none: sweep.FLOAT_SAME)."""
    steps = []
    for (_, a, exact_a), (_, b, exact_b) in zip(read, read[1:]):
        same = a == b if exact_a and exact_b else abs(b - a) <= Fraction(1e-12) * max(1, abs(a), abs(b))
        steps.append("same" if same else "rise" if b > a else "fall")
    if "rise" in steps and "fall" in steps:
        return "mixed"
    return "up" if "rise" in steps else "down" if "fall" in steps else "flat"


@pytest.mark.parametrize(("mechanic", "over"), SWEPT)
@SETTINGS
@given(data=st.data())
def test_direction_and_the_values_reaching_are_a_plain_reading(mechanic: str, over: str,
                                                               data: st.DataObject) -> None:
    found = BY_NAME[mechanic]
    params = {p.name: data.draw(value_of(p), label=p.name) for p in found.params}
    param = next(p for p in found.counts if p.name == over)
    low, high = int(param.minimum or 0), int(param.maximum or 0)
    if param.unit == "D":
        high = min(high, MOST_DICE)
    first = data.draw(st.integers(low, high), label="first")
    last = data.draw(st.integers(first, min(high, first + 6)), label="last")
    figure = data.draw(st.sampled_from([None, *found.chances]), label="figure")
    values = list(range(first, last + 1))
    try:
        plain = sweep(mechanic, params, over, values, figure=figure)
    except InputError as refused:  # a chance this mechanic gives at none of these values
        assert refused.field == "figure" and figure is not None
        assert plain_reading(mechanic, params, over, values, figure) == []
        return
    read = plain_reading(mechanic, params, over, values, plain["figure"])
    assert [p["value"] for p in plain["points"] if p["p"] is not None] == [v for v, _, _ in read]
    assert plain["direction"] == plain_direction(read)
    # A target: one of the chances read (reached exactly), or any chance above 0.
    targets = [c for _, c, _ in read if 0 < c <= 1]
    target = data.draw(st.one_of(st.sampled_from(targets) if targets else st.nothing(),
                                 st.fractions(Fraction(1, 1000), 1, max_denominator=1000)), label="target")
    answer = sweep(mechanic, params, over, values, target=target,
                   figure=figure)
    reaching = [v for v, c, _ in read if c >= target]
    assert answer["reaching"] == reaching
    assert answer["fewest"] == (min(reaching) if reaching else None)
    assert answer["most"] == (max(reaching) if reaching else None)
    assert answer["direction"] == plain["direction"]
    # The words name the value the direction calls for, in the input's own unit.
    at = {v: c for v, c, _ in read}
    wanted = target_text(target)
    words = answer["words"]
    if not read:
        assert words.endswith("can be answered")
    elif answer["direction"] == "flat":
        assert words.startswith(f"The chance does not change with {param.label} here: {pct(read[0][1])}")
    elif not reaching:
        best = max(read, key=lambda vc: (vc[1], -vc[0]))
        assert words == (f"No value from {first} to {last} reaches {wanted}: at best {pct(best[1])}, "
                         f"with {param.amount(best[0])}")
    elif answer["direction"] == "up":
        assert words == f"You need {param.amount(reaching[0])} for {wanted}: {pct(at[reaching[0]])}"
    elif answer["direction"] == "down":
        assert words == f"{wanted} holds up to {param.amount(reaching[-1])}: {pct(at[reaching[-1]])}"
    else:
        assert words.startswith(f"{wanted} is reached with ")
        listed = words.removeprefix(f"{wanted} is reached with ").replace(" or ", ", ").split(", ")
        assert [listed_values(param, text) for text in listed] == runs_of(reaching), words


# Inputs at which a sweep moves each way, found by drawing inputs at random: spotting's
# owner's dice both lower and raise the chance the Hidden Units are found; Shell it
# first?'s chance is the same at every number of Fire Dice, known only as a float.
CASES = [
    ("spotting", {"distance": 30, "cover": "heavy", "suppressed": True, "chain_dice": 2, "target": "hidden",
                  "spotter_dice": 3}, "owner_dice", "1..12", "mixed"),
    ("shell_then_assault", {"variant": "combat-hq", "hit_faces": 4, "suppressions": 4, "units": 2, "att_dice": 5,
                            "att_flank": True, "att_class_penalty": True, "def_dice": 2, "def_no_at": True,
                            "def_cover": "heavy"}, "fire_dice", "1..12", "flat"),
    ("close_assault", {"att_dice": 6, "def_dice": 5}, "def_dice", "1..12", "down"),
    ("close_assault", {"att_dice": 6, "def_dice": 5}, "att_dice", "1..12", "up"),
    ("close_assault", {"att_dice": 6, "def_dice": 5}, "def_cohesion", "1..10", "flat"),
]


@pytest.mark.parametrize(("mechanic", "params", "over", "values", "moves"), CASES,
                         ids=[f"{c[0]}-{c[2]}-{c[4]}" for c in CASES])
def test_each_direction_is_read_as_the_points_say(mechanic: str, params: dict[str, Any], over: str,
                                                  values: str, moves: str) -> None:
    first, last = map(int, values.split(".."))
    answer = sweep(mechanic, params, over, values, target="1/5")
    read = plain_reading(mechanic, params, over, list(range(first, last + 1)), answer["figure"])
    assert plain_direction(read) == moves  # (the case still moves as named)
    assert answer["direction"] == moves
    assert answer["reaching"] == [v for v, c, _ in read if c >= Fraction(1, 5)]
