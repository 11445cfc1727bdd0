""""How lucky was that?" (calculators.luck): the two chances equal the enumeration of
the two pools (tests/calculators/bruteforce.py, written from the rules: its own pools,
every face of every die), over the inputs of spotting and of Close Assault's round;
refusals name the field."""

from __future__ import annotations

import re
from fractions import Fraction

import bruteforce as bf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculators import InputError, compute, luck
from calculators.luck import how_often, one_in_text

SETTINGS = settings(max_examples=120, deadline=None, derandomize=True, database=None)

SPOTTING = st.fixed_dictionaries({
    "distance": st.sampled_from([6.5, 9, 12, 12.5, 18, 24, 30, 36, 40]),
    "cover": st.sampled_from(["none", "light", "medium", "heavy"]),
    "moving": st.booleans(), "suppressed": st.booleans(), "recon": st.booleans(),
    "chain_dice": st.integers(0, 3),
})
ASSAULT = st.fixed_dictionaries({
    "att_dice": st.integers(0, 7), "def_dice": st.integers(0, 4),  # 7 dice at most: every face listed
    "att_flank": st.booleans(), "att_move": st.sampled_from(["single", "double", "triple"]),
    "att_class_penalty": st.booleans(), "att_no_at": st.booleans(),
    "def_suppressed": st.booleans(), "def_class_penalty": st.booleans(), "def_no_at": st.booleans(),
    "def_cover": st.sampled_from(["none", "light", "medium", "heavy"]),
    "start": st.sampled_from(["first", "later"]),
}).flatmap(lambda p: st.fixed_dictionaries(
    {**{k: st.just(v) for k, v in p.items()},
     "att_suppressed": st.just(False) if p["start"] == "first" else st.booleans()}))


def _check(answer: dict, pools: tuple[int, int, int, int], mine: int, theirs: int) -> None:
    ad, at, dd, dt = pools
    assert answer["pools"] == {"mine": {"dice": ad, "tn": at}, "theirs": {"dice": dd, "tn": dt}}
    at_least, better, worse = bf.opposed_luck(ad, at, dd, dt, mine, theirs)
    assert bf.as_fraction(answer["p_mine_at_least"]) == at_least
    assert bf.as_fraction(answer["p_margin_at_least"]) == better
    assert bf.as_fraction(answer["p_margin_at_most"]) == worse
    assert answer["one_in"] == float(1 / better)


@SETTINGS
@given(params=SPOTTING, data=st.data())
def test_spotting_equals_enumeration(params: dict, data: st.DataObject) -> None:
    pools = bf.spotting_pools(**params)
    assert pools is not None
    mine, theirs = data.draw(st.integers(0, pools[0])), data.draw(st.integers(0, pools[2]))
    _check(luck("spotting", params, mine, theirs), pools, mine, theirs)


@SETTINGS
@given(params=ASSAULT, data=st.data())
def test_close_assault_round_equals_enumeration(params: dict, data: st.DataObject) -> None:
    """At inputs compute() answers, the enumeration's chances; at inputs it refuses
    (no side can ever win), its refusal, the same field and words, whatever the roll."""
    first = params["start"] == "first"
    pools = bf.assault_pools(params, first, params["att_suppressed"], params["def_suppressed"])
    mine, theirs = data.draw(st.integers(0, pools[0])), data.draw(st.integers(0, pools[2]))
    try:
        compute("close_assault", params)
    except InputError as computed:
        with pytest.raises(InputError) as judged:
            luck("close_assault", params, mine, theirs)
        assert (judged.value.field, judged.value.message) == (computed.field, computed.message)
        return
    _check(luck("close_assault", params, mine, theirs), pools, mine, theirs)


@SETTINGS
@given(params=st.one_of(SPOTTING.map(lambda p: ("spotting", p)), ASSAULT.map(lambda p: ("close_assault", p))),
       data=st.data())
def test_no_roll_is_said_to_be_1_in_1(params: tuple[str, dict], data: st.DataObject) -> None:
    """However likely a roll, its words and working never say "1 in 1": a roll every
    roll does at least as well as is said so, in words."""
    mechanic, inputs = params
    try:
        compute(mechanic, inputs)
    except InputError:
        return
    pools = bf.spotting_pools(**inputs) if mechanic == "spotting" else bf.assault_pools(
        inputs, inputs["start"] == "first", inputs["att_suppressed"], inputs["def_suppressed"])
    assert pools is not None
    mine, theirs = data.draw(st.integers(0, pools[0])), data.draw(st.integers(0, pools[2]))
    answer = luck(mechanic, inputs, mine, theirs)
    said = " ".join([answer["words"], *answer["explain"]])
    assert not re.search(r"\b1 in 1\b(?![.,0-9])", said), said
    better = bf.as_fraction(answer["p_margin_at_least"])
    if better == 1:
        assert "(every roll)" in answer["explain"][-1]
    if answer["words"].endswith("an ordinary roll") and better == 1:
        assert answer["words"] == "Every roll does at least as well: an ordinary roll"


def test_how_often_in_words() -> None:
    assert [how_often(Fraction(1, n)) for n in (1, 2, 16)] == ["every roll", "1 in 2", "1 in 16"]
    # 1/p below 1.05 prints as "1": said "nearly every roll"; from 1.05 it is "1 in 1.1"
    assert how_often(Fraction(20, 21)) == "1 in 1.1" and how_often(Fraction(21, 22)) == "nearly every roll"
    assert luck("spotting", {"distance": 40, "spotter_dice": 1, "owner_dice": 0}, 0, 0)["words"] == \
        "Every roll does at least as well: an ordinary roll"


@pytest.mark.parametrize(("ad", "at", "dd", "dt"), [(4, 4, 3, 4), (3, 3, 3, 6), (1, 6, 5, 5), (0, 4, 2, 4)])
def test_one_product_over_every_face_of_both_pools(ad: int, at: int, dd: int, dt: int) -> None:
    """Small pools, counted over all faces of both at once, agree with the pairwise count."""
    joint = bf.opposed_luck_joint(ad, at, dd, dt)
    for mine in range(ad + 1):
        for theirs in range(dd + 1):
            answer = luck_of_pools(ad, at, dd, dt, mine, theirs)
            assert bf.as_fraction(answer["p_mine_at_least"]) == sum(
                p for (s1, _), p in joint.items() if s1 >= mine)
            assert bf.as_fraction(answer["p_margin_at_least"]) == sum(
                p for (s1, s2), p in joint.items() if s1 - s2 >= mine - theirs)


def luck_of_pools(ad: int, at: int, dd: int, dt: int, mine: int, theirs: int) -> dict:
    """luck() of Close Assault inputs whose later round rolls exactly these pools."""
    params = {"att_dice": ad, "def_dice": dd, "start": "later", "att_class_penalty": at == 6,
              "att_flank": at == 3, "def_class_penalty": dt == 6, "def_suppressed": dt == 5}
    answer = luck("close_assault", params, mine, theirs)
    assert answer["pools"] == {"mine": {"dice": ad, "tn": at}, "theirs": {"dice": dd, "tn": dt}}
    return answer


def test_rolled_at_the_table() -> None:
    """The spotter rolls 4D at 4+ and scores 3; the owner 3D at 4+ scores none."""
    answer = luck("spotting", {"distance": 18}, 3, 0)
    assert answer["p_margin_at_least"] == {"value": 1 / 16, "exact": "1/16"}
    assert answer["p_mine_at_least"]["exact"] == "5/16"
    assert answer["words"] == "1 in 16: a lucky roll"
    assert answer["sides"] == {"mine": "the spotter", "theirs": "the owner"}
    assert luck("close_assault", {"att_dice": 6, "def_dice": 5}, 4, 2)["words"].endswith("an ordinary roll")
    assert luck("close_assault", {"att_dice": 6, "def_dice": 5}, 0, 4)["words"] == \
        "An exceptionally unlucky roll: 1 in 1,296 do as badly"


def test_one_in_words() -> None:
    assert [one_in_text(Fraction(1, n)) for n in (1, 2, 3, 12, 1000)] == ["1", "2", "3", "12", "1,000"]
    assert one_in_text(Fraction(3, 4)) == "1.3"


@pytest.mark.parametrize(("args", "field", "words"), [
    (("spotting", {"distance": 18}, 5, 0), "rolled",
     "the spotter rolls 4D at 4+: enter their successes from 0 to 4 (you entered 5)"),
    (("spotting", {"distance": 18, "cover": "heavy"}, 0, 7), "rolled",
     "the owner rolls 6D at 4+: enter their successes from 0 to 6 (you entered 7)"),
    (("spotting", {"distance": 18}, -1, 0), "rolled", "(you entered -1)"),
    (("spotting", {"distance": 18}, True, 0), "rolled", "(you entered true)"),
    (("spotting", {"distance": 18}, 1.0, 0), "rolled", "(you entered 1.0)"),
    (("spotting", {"distance": 6}, 1, 0), "distance",
     "spotting is automatic at 6″ or less: no dice are rolled; enter a distance over 6″ (you entered 6)"),
    (("close_assault", {"att_dice": 6, "def_dice": 5, "att_move": "triple"}, 5, 0), "rolled",
     "the attacker rolls 4D at 3+"),
    (("close_assault", {"att_dice": 6, "def_dice": 5, "att_suppressed": True}, 1, 0), "att_suppressed",
     "must be false"),
    (("close_assault", {"def_dice": 5}, 1, 0), "att_dice", "(it is required)"),
    (("close_assault", {"att_dice": 0, "def_dice": 0}, 0, 0), "att_dice", "the assault could never end"),
    (("close_assault", {"att_dice": 3, "def_dice": 2, "def_cohesion": 2, "def_disruption": 2}, 0, 0),
     "def_disruption", "must be below def_cohesion"),
    (("supply", {"supply_dice": 3}, 1, 1), "rolled",
     "is for the opposed rolls (spotting, close_assault); supply rolls no pools against each other"),
])
def test_refusals_name_the_field(args: tuple, field: str, words: str) -> None:
    with pytest.raises(InputError) as refused:
        luck(*args)
    assert refused.value.field == field
    assert words in refused.value.message
