""""What do I need?" (calculators.sweep): every point is compute()'s answer for that
input, exactly; ``fewest`` is the smallest value that reaches the target; every
mechanic with a whole-number input and a chance can be swept, found from its
declaration; refusals name the field."""

from __future__ import annotations

from fractions import Fraction

import pytest
from bruteforce import as_fraction
from hypothesis import given, settings
from hypothesis import strategies as st

from calculators import InputError, compute, sweep
from calculators.printing import pct
from calculators.registry import BY_NAME
from calculators.sweep import read_target

SETTINGS = settings(max_examples=60, deadline=None, derandomize=True, database=None)

# Inputs each mechanic requires (the swept input replaces its own).
BASE = {
    "spotting": {"distance": 18},
    "artillery": {"variant": "armour-battles"},
    "close_assault": {"att_dice": 6, "def_dice": 5},
    "supply": {"supply_dice": 3},
    "rally": {"disruption": 2},
    "blind_move": {"target": 24},
    "deploy": {"units": 3},
    "shell_then_assault": {"variant": "armour-battles"},
}
SWEPT = [(m.name, p.name) for m in BY_NAME.values() if m.chances for p in m.counts]


def test_every_mechanic_has_inputs_here() -> None:
    assert set(BASE) == set(BY_NAME)


def test_the_inputs_swept_come_from_the_declarations() -> None:
    assert ("close_assault", "att_dice") in SWEPT and ("shell_then_assault", "units") in SWEPT
    assert ("spotting", "chain_dice") in SWEPT and ("artillery", "fire_dice") in SWEPT
    assert not any(name in ("deploy", "blind_move") for name, _ in SWEPT)


def _same_as_compute(answer: dict, mechanic: str, params: dict) -> None:
    for point in answer["points"]:
        inputs = {**params, answer["over"]: point["value"]}
        try:
            result = compute(mechanic, inputs)
            expected = result.get(answer["figure"])
        except InputError as exc:
            assert point["p"] is None
            assert point["refused"] == {"field": exc.field, "message": exc.message}
        else:
            assert point["p"] == expected, (inputs, point)
            if expected is None:  # a chance given only for some inputs
                assert point["refused"]["field"] == "figure"


@pytest.mark.parametrize(("mechanic", "over"), SWEPT)
def test_every_point_is_compute(mechanic: str, over: str) -> None:
    low = int(next(p for p in BY_NAME[mechanic].counts if p.name == over).minimum or 0)
    answer = sweep(mechanic, BASE[mechanic], over, f"{low}..{low + 2}", target=0.5)
    assert [p["value"] for p in answer["points"]] == [low, low + 1, low + 2]
    _same_as_compute(answer, mechanic, BASE[mechanic])
    for chance in BY_NAME[mechanic].chances:
        result = compute(mechanic, BASE[mechanic])
        if chance in result:
            _same_as_compute(sweep(mechanic, BASE[mechanic], over, f"{low}..{low + 1}", figure=chance),
                             mechanic, BASE[mechanic])


ASSAULT = st.fixed_dictionaries({
    "att_dice": st.integers(0, 7), "def_dice": st.integers(0, 7),
    "att_flank": st.booleans(), "att_move": st.sampled_from(["single", "double", "triple"]),
    "att_no_at": st.booleans(), "def_suppressed": st.booleans(),
    "def_cover": st.sampled_from(["none", "light", "medium", "heavy"]),
    "att_disruption": st.integers(0, 3), "def_cohesion": st.integers(1, 4),
})
SPOTTING = st.fixed_dictionaries({
    "distance": st.sampled_from([3, 6, 9, 12, 18, 30, 40]), "cover": st.sampled_from(["none", "heavy"]),
    "moving": st.booleans(), "suppressed": st.booleans(), "recon": st.booleans(),
    "target": st.sampled_from(["blind", "hidden"]), "chain_dice": st.integers(0, 3),
})


def _fewest(answer: dict, target: Fraction) -> int | None:
    """The smallest value whose chance reaches ``target``, from compute() alone."""
    reached = []
    for point in answer["points"]:
        try:
            chance = compute(answer["mechanic"], {**answer["inputs_used"], answer["over"]: point["value"]})
        except InputError:
            continue
        if as_fraction(chance[answer["figure"]]) >= target:
            reached.append(point["value"])
    return min(reached, default=None)


@SETTINGS
@given(data=st.data(), target=st.fractions(Fraction(1, 100), 1).map(lambda f: f.limit_denominator(100)))
def test_fewest_is_the_smallest_value_reaching_the_target(data: st.DataObject, target: Fraction) -> None:
    mechanic, over = data.draw(st.sampled_from([("close_assault", "att_dice"), ("close_assault", "def_dice"),
                                                ("close_assault", "att_cohesion"), ("spotting", "chain_dice"),
                                                ("spotting", "spotter_dice"), ("supply", "supply_dice")]))
    params = {"close_assault": lambda: data.draw(ASSAULT), "spotting": lambda: data.draw(SPOTTING),
              "supply": lambda: {"staff_order": data.draw(st.booleans())}}[mechanic]()
    param = next(p for p in BY_NAME[mechanic].counts if p.name == over)
    low = data.draw(st.integers(int(param.minimum or 0), min(int(param.maximum or 0), 6)))
    high = data.draw(st.integers(low, min(int(param.maximum or 0), 7)))
    try:
        answer = sweep(mechanic, params, over, f"{low}..{high}", target=target)
    except InputError as exc:  # the other inputs refused as compute() refuses them
        with pytest.raises(InputError) as refused:
            compute(mechanic, params)
        assert (refused.value.field, refused.value.message) == (exc.field, exc.message)
        return
    _same_as_compute(answer, mechanic, params)
    assert answer["fewest"] == _fewest({**answer, "inputs_used": params}, target)
    if over not in params and param.required:
        assert answer["current"] is None
        return
    assert answer["current"]["value"] == params.get(over, param.default)
    _same_as_compute({**answer, "points": [answer["current"]]}, mechanic, params)


def test_words_and_the_current_value() -> None:
    answer = sweep("close_assault", {"att_dice": 6, "def_dice": 5}, "att_dice", target=0.8)
    assert [p["value"] for p in answer["points"]] == list(range(1, 13))
    assert answer["fewest"] == 6 and answer["words"] == "You need 6 dice for 80%: 82.6%"
    assert answer["current"] == answer["points"][5]
    assert answer["figure"] == "p_attacker_wins" and answer["figure_label"] == "Chance the attacker wins"
    assert answer["target"] == {"value": 0.8, "exact": "4/5"}
    short = sweep("close_assault", {"def_dice": 12}, "att_dice", "1..6", target=0.9)
    assert short["fewest"] is None and short["most"] is None and short["reaching"] == []
    assert short["current"] is None and short["direction"] == "up"
    best = short["points"][-1]["p"]
    assert short["words"] == f"No value from 1 to 6 reaches 90%: at best {pct(best)}, with 6 dice"
    held = sweep("close_assault", {"att_dice": 6, "def_dice": 5}, "def_dice", target=0.8)
    assert held["direction"] == "down" and held["reaching"] == [1, 2, 3, 4, 5] and held["most"] == 5
    assert held["words"] == "80% holds up to 5 defender's dice: 82.6%"
    flat = sweep("close_assault", {"att_dice": 6, "def_dice": 5}, "def_cohesion", target=0.8)
    assert flat["direction"] == "flat" and flat["reaching"] == list(range(1, 11))
    assert flat["words"] == ("The chance does not change with Defender's Cohesion here: 82.6% at every value, "
                             "enough for 80%")
    assert "fewest" not in sweep("supply", {}, "supply_dice")  # no target, no fewest


@pytest.mark.parametrize(("written", "read"), [
    (0.8, Fraction(4, 5)), ("80%", Fraction(4, 5)), (" 0.8 ", Fraction(4, 5)), ("80", Fraction(4, 5)),
    (80, Fraction(4, 5)), ("4/5", Fraction(4, 5)), ("50", Fraction(1, 2)), ("1/2", Fraction(1, 2)),
    (Fraction(1, 2), Fraction(1, 2)), ("1", Fraction(1)), (1, Fraction(1)), ("100", Fraction(1)),
    ("100%", Fraction(1)), ("1.5", Fraction(3, 200)), (80.0, Fraction(4, 5)), ("0.5%", Fraction(1, 200)),
    ("400/5", Fraction(4, 5)),
])
def test_a_bare_number_above_1_is_a_percentage(written: object, read: Fraction) -> None:
    assert read_target(written) == read


@pytest.mark.parametrize("written", [0, "0", "0%", 0.0, "101", 101, "150%", 1000, "-80", -0.5, "1/0", "abc", "",
                                     True, None, "100.0001", Fraction(201, 2)])
def test_0_and_above_100_percent_are_refused_naming_target(written: object) -> None:
    with pytest.raises(InputError) as refused:
        read_target(written)
    assert refused.value.field == "target"
    assert refused.value.message.startswith("enter a chance such as 80%, 0.8 or 4/5 (")


def test_a_target_is_read_as_written() -> None:
    assert read_target(0.8) == read_target("80%") == read_target(" 0.8 ") == Fraction(4, 5)
    # 4D against 3D at 4+ keeps firing exactly half the time: 0.5 is reached, 0.5000001 is not
    assert sweep("supply", {}, "supply_dice", "1..5", target=0.5)["fewest"] == 4
    assert sweep("supply", {}, "supply_dice", "1..5", target="50.00001%")["fewest"] == 5


def test_defaults_and_headline_follow_the_inputs() -> None:
    spot = sweep("spotting", {"distance": 18, "target": "hidden"}, "chain_dice")
    assert [p["value"] for p in spot["points"]] == [1, 2, 3]  # 1..12 within 0..3
    assert spot["figure"] == "p_found" and spot["current"]["value"] == 0
    assert sweep("shell_then_assault", BASE["shell_then_assault"], "units")["figure"] == "p_win_worst"


def test_a_value_the_calculator_refuses_is_a_point_without_a_chance() -> None:
    answer = sweep("close_assault", {"att_dice": 6, "def_dice": 5}, "att_disruption", target=0.5)
    refused = [p["value"] for p in answer["points"] if p["p"] is None]
    assert refused == list(range(3, 10))  # Dispersed at Cohesion 3
    assert answer["points"][3]["refused"]["field"] == "att_disruption"


@pytest.mark.parametrize(("args", "field", "words"), [
    (("close_assault", {"def_dice": 5}, "att_flank"), "sweep",
     "choose one of close_assault's whole-number inputs: att_dice, att_disruption, att_cohesion, def_dice, "
     "def_disruption, def_cohesion (you entered 'att_flank')"),
    (("blind_move", {"target": 24}, "target"), "sweep", "blind_move has no whole-number input to step through"),
    (("deploy", {"units": 3}, "units"), "sweep", "deploy gives no chance to step through"),
    (("close_assault", {"def_dice": 5}, "att_dice", "0..41"), "values",
     "enter whole numbers from 0 to 40 for att_dice, as A..B (you entered '0..41')"),
    (("close_assault", {"def_dice": 5}, "att_dice", "5..2"), "values", "(you entered '5..2')"),
    (("close_assault", {"def_dice": 5}, "att_dice", [1, 41]), "values", "(you entered 41)"),
    (("close_assault", {"def_dice": 5}, "att_dice", None, 0), "target",
     "enter a chance such as 80%, 0.8 or 4/5 (you entered 0)"),
    (("close_assault", {"def_dice": 5}, "att_dice", None, 150), "target", "(you entered 150)"),
    (("close_assault", {"def_dice": 5}, "att_dice", None, "lots"), "target", "(you entered 'lots')"),
    (("close_assault", {"def_dice": 5}, "att_dice", None, True), "target", "(you entered true)"),
    (("close_assault", {"def_dice": 5}, "att_dice", None, None, "expected_rounds"), "figure",
     "choose one of close_assault's chances: p_attacker_wins"),
    (("spotting", {"distance": 18}, "chain_dice", None, None, "p_deployed"), "figure",
     "spotting gives p_deployed only for some inputs"),
    (("close_assault", {"def_dice": 41}, "att_dice"), "def_dice", "enter a whole number from 0 to 40"),
    (("close_assault", {"att_dice": 41, "def_dice": 5}, "att_dice"), "att_dice", "(you entered 41)"),
])
def test_refusals_name_the_field(args: tuple, field: str, words: str) -> None:
    with pytest.raises(InputError) as refused:
        sweep(*args)
    assert refused.value.field == field
    assert words in refused.value.message
