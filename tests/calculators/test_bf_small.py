"""Black-box check of the smaller mechanics (§6: supply, rally, blind_move) and
the deployment allocation (§4a) against plain enumerations
(tests/calculators/bruteforce.py), plus the validation facts §5/§7 state."""

from __future__ import annotations

import itertools
from fractions import Fraction

import bruteforce as bf
import pytest

from calculators import InputError, compute

T = bf.Tally("small mechanics")


def test_reference_hand_cases():
    # 1D supply at 4+ against 3D: it must succeed while all three fail
    assert bf.supply(1)["p_continue"] == Fraction(1, 2) * Fraction(1, 8)
    assert bf.rally(1) == {0: Fraction(1, 2), 1: Fraction(1, 2)}
    assert bf.rally(0) == {0: Fraction(1)}
    assert bf.blind_move(21)["p_reach"] == 1
    assert bf.blind_move(36)["p_reach"] == Fraction(1, 216)
    assert bf.blind_move(3, suppressed=True)["p_reach"] == 1
    assert bf.blind_move(19, suppressed=True)["p_reach"] == 0
    assert bf.deploy(2, 0, 3) == {"suppressed_units": 2, "dps": [0, 0, 0]}
    assert bf.deploy(4, 1, 2) == {"suppressed_units": 2, "dps": [1, 2]}
    assert bf.deploy(0, 7, 3) == {"suppressed_units": 0, "dps": [2, 2, 3]}


@pytest.mark.parametrize("staff_order", [False, True])
def test_supply(staff_order):
    for dice in range(0, 9):
        params = {"supply_dice": dice, "staff_order": staff_order}
        got = compute("supply", params)
        ref = bf.supply(dice, staff_order)
        T.eq(got["p_continue"], ref["p_continue"], f"supply {params} p_continue")
        T.dist(got["turns"], lambda e: e["k"], ref["turns"], f"supply {params} turns")
        assert sorted(e["k"] for e in got["turns"]) == list(range(1, 7)) or ref["p_continue"] == 0


def test_rally():
    for dp in range(0, 8):
        got = compute("rally", {"disruption": dp})
        T.dist(got["remaining"], lambda e: e["disruption"], bf.rally(dp), f"rally {dp}")


@pytest.mark.parametrize("suppressed", [False, True])
def test_blind_move(suppressed):
    targets = [x / 2 for x in range(0, 81)] + [0.1, 17.99, 20.999, 21.001, 36.0001, 50, 200]
    for target in targets:
        params = {"target": target, "suppressed": suppressed}
        got = compute("blind_move", params)
        ref = bf.blind_move(target, suppressed)
        T.eq(got["p_reach"], ref["p_reach"], f"blind_move {params} p_reach")
        T.dist(got["distribution"], lambda e: e["inches"], ref["distribution"],
               f"blind_move {params} distribution")


def test_deploy():
    for s, d, n in itertools.product(range(0, 5), range(0, 9), range(1, 7)):
        params = {"suppressions": s, "disruption": d, "units": n}
        got = compute("deploy", params)["allocation"]
        ref = bf.deploy(s, d, n)
        T.same(len(got), n, f"deploy {params} units listed")
        T.same(sum(1 for u in got if u["suppressed"] is True), ref["suppressed_units"],
               f"deploy {params} suppressed units")
        T.same(sorted(u["disruption"] for u in got), ref["dps"],
               f"deploy {params} Disruption Points per unit")


@pytest.mark.parametrize("mechanic, params, field", [
    ("spotting", {"distance": 18, "chain_dice": 4}, "chain_dice"),
    ("spotting", {"distance": 201}, "distance"),
    ("spotting", {"distance": 18, "no_such_key": 1}, "no_such_key"),
    ("artillery", {"variant": "combat-hq", "hit_faces": 7}, "hit_faces"),
    ("artillery", {"variant": "combat-hq", "suppressions": 5}, "suppressions"),
    ("close_assault", {"att_dice": 3, "def_dice": 3, "att_suppressed": True}, "att_suppressed"),
    ("close_assault", {"att_dice": 3, "def_dice": 3, "att_cohesion": 11}, "att_cohesion"),
    ("close_assault", {"att_dice": 41, "def_dice": 3}, "att_dice"),
])
def test_rejected_inputs_name_the_field(mechanic, params, field):
    with pytest.raises(InputError) as info:
        compute(mechanic, params)
    assert isinstance(info.value, ValueError)
    assert info.value.field == field


@pytest.mark.parametrize("side", ["att", "def"])
def test_already_dispersed_is_rejected(side):
    for coh in range(1, 5):
        with pytest.raises(InputError):
            compute("close_assault", {"att_dice": 3, "def_dice": 3,
                                      f"{side}_disruption": coh, f"{side}_cohesion": coh})
