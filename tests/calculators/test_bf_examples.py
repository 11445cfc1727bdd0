"""The rules' own worked examples, as named facts, each also compared with the
brute-force reference (tests/calculators/bruteforce.py)."""

from __future__ import annotations

import bruteforce as bf

from calculators import compute

T = bf.Tally("worked examples")

PANZER_VS_RIFLES = {"att_dice": 6, "att_flank": True,
                    "def_dice": 5, "def_suppressed": True, "def_no_at": True}


def test_panzer_iv_h_against_suppressed_rifle_platoon():
    """002: Panzer IV H (FP 6D, order -1, flank -1) rolls 6D at 2+; the
    suppressed rifle platoon without AT (4+ -> 5+ -> 7+) loses one die: 4D at 6+
    (the example text's later "5D" is a typo; the rule gives 4D)."""
    got = compute("close_assault", PANZER_VS_RIFLES)
    T.same(got["round1"], {"att_dice": 6, "att_tn": 2, "def_dice": 4, "def_tn": 6},
           "Panzer IV H round 1")
    ref = bf.close_assault(PANZER_VS_RIFLES)
    assert ref["round1"] == got["round1"]
    for key in ("p_attacker_wins", "p_defender_dispersed", "p_winner_suppressed",
                "expected_rounds"):
        T.eq(got[key], ref[key], f"Panzer IV H {key}")
    # "four successes against one: 3 Disruption Points and the Soviets are
    # Dispersed" -- a margin of 3 disperses a Cohesion 3 unit
    p3 = bf.as_fraction(next(e["p"] for e in got["attacker_margin"] if e["dp"] == 3))
    assert p3 > 0
    dispersed = bf.as_fraction(got["p_defender_dispersed"])
    at_least_3 = sum(bf.as_fraction(e["p"]) for e in got["attacker_margin"] if e["dp"] >= 3)
    T.same(dispersed, at_least_3, "Panzer IV H: Dispersed iff margin >= Cohesion 3")


def test_double_dice_chain_spot_rolls_six_dice():
    """001: "Normally he would roll 4D, but using the Double Dice Chain, he adds
    +2D for a total of 6D"."""
    for distance in (10, 18, 30, 40):
        plain = compute("spotting", {"distance": distance})
        chained = compute("spotting", {"distance": distance, "chain_dice": 2})
        T.same(plain["spotter_pool"], 4, f"spotting {distance} without chain")
        T.same(chained["spotter_pool"], 6, f"spotting {distance} Double Dice Chain")
        T.same(chained["owner_pool"], 3, f"spotting {distance} Blind in the open")
        ref = bf.spotting(distance, chain_dice=2)
        T.eq(chained["p_spotted"], ref["p_spotted"], f"spotting {distance} chain 2")


def test_blind_cover_dice():
    """001: "a Blind rolls 3D when in the open, but rolls 5D if in or behind
    medium cover"."""
    T.same(compute("spotting", {"distance": 18})["owner_pool"], 3, "Blind in the open")
    T.same(compute("spotting", {"distance": 18, "cover": "medium"})["owner_pool"], 5,
           "Blind in medium cover")


def test_25_pounder_battery_against_a_blind():
    """000: the 25-pounder battery scores a "Hit" and rolls 5D at 5+; the Blind
    rolls its 5D Reaction at 5+; two hits against no successes: two
    suppressions."""
    got = compute("artillery", {"variant": "armour-battles", "fire_dice": 5, "hit_faces": 6})
    ref = bf.artillery_after(5, 5, 0, 0)
    T.dist(got["outcomes"], lambda e: (e["suppressions"], e["disruption"]), ref["states"],
           "25-pounder outcomes")
    T.eq(got["p_new_suppression"], ref["p_new_suppression"], "25-pounder p_new_suppression")
    # the example's roll (battery 2 successes, Blind 0) is one way to 2 suppressions
    two = next(bf.as_fraction(e["p"]) for e in got["outcomes"]
               if (e["suppressions"], e["disruption"]) == (2, 0))
    assert two >= bf.successes(5, 5)[2] * bf.successes(5, 5)[0] > 0
    # and it is the Blind's 5D, not the Combat HQ 4D, that reacts
    assert ref["states"] != bf.artillery_after(5, 4, 0, 0)["states"]


def test_german_supply_check_with_staff_order():
    """004: Poor Artillery Supply (3D) plus a Staff Order: 4D against 3D."""
    got = compute("supply", {"supply_dice": 3, "staff_order": True})
    T.eq(got["p_continue"], bf.p_more(4, 4, 3, 4), "German supply check")
    assert bf.p_more(4, 4, 3, 4) != bf.p_more(3, 4, 3, 4)


def test_m11_39_deployment():
    """000: two suppressions on a Blind of three M11/39 tanks: two tanks suppressed."""
    units = compute("deploy", {"suppressions": 2, "disruption": 0, "units": 3})["allocation"]
    T.same(sorted((u["suppressed"], u["disruption"]) for u in units),
           [(False, 0), (True, 0), (True, 0)], "M11/39 deployment")
