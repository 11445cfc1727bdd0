"""Properties every answer must have, whatever the inputs."""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from calculators import compute

SETTINGS = settings(max_examples=150, deadline=None, derandomize=True, database=None)
COVERS = ("none", "light", "medium", "heavy")


def exact(p: dict[str, Any]) -> Fraction:
    assert p["exact"] is not None
    return Fraction(p["exact"])


spotting_mods = st.fixed_dictionaries({
    "moving": st.booleans(), "suppressed": st.booleans(), "recon": st.booleans(),
    "ties": st.sampled_from(("owner", "spotter")),
})


@SETTINGS
@given(st.floats(0, 200), spotting_mods, st.integers(0, 2), st.sampled_from(COVERS[:-1]))
def test_spotting_monotone(distance: float, mods: dict[str, Any], chain: int, cover: str) -> None:
    base = {"distance": distance, "chain_dice": chain, "cover": cover, **mods}
    p = exact(compute("spotting", base)["p_spotted"])
    more_dice = exact(compute("spotting", {**base, "chain_dice": chain + 1})["p_spotted"])
    more_cover = exact(compute("spotting", {**base, "cover": COVERS[COVERS.index(cover) + 1]})["p_spotted"])
    assert more_dice >= p >= more_cover
    bands = [exact(b["p_spotted"]) for b in compute("spotting", base)["bands"]]
    assert all(near >= far for near, far in pairwise(bands))


@SETTINGS
@given(st.floats(6.01, 200), spotting_mods, st.booleans(), st.sampled_from(COVERS), st.integers(0, 3))
def test_hidden_units_three_outcomes_sum_to_one(distance: float, mods: dict[str, Any],
                                               needs_spot: bool, cover: str, chain: int) -> None:
    r = compute("spotting", {"distance": distance, "target": "hidden", "cover": cover,
                             "fumble_needs_spot": needs_spot, "chain_dice": chain, **mods})
    parts = [exact(r[k]) for k in ("p_deployed", "p_blind", "p_hidden")]
    assert sum(parts) == 1 and all(0 <= x <= 1 for x in parts)
    # placed or deployed needs at least the spotting success or a fumble
    assert exact(r["p_blind"]) <= exact(r["p_spotted"])


ca_side = st.fixed_dictionaries({
    "att_flank": st.booleans(), "att_move": st.sampled_from(("single", "double", "triple")),
    "att_class_penalty": st.booleans(), "att_no_at": st.booleans(),
    "def_suppressed": st.booleans(), "def_class_penalty": st.booleans(), "def_no_at": st.booleans(),
    "def_cover": st.sampled_from(COVERS),
})


@SETTINGS
@given(st.integers(2, 10), st.integers(1, 10), ca_side)
def test_close_assault_exact_and_monotone(att: int, dfn: int, mods: dict[str, Any]) -> None:
    params = {"att_dice": att, "def_dice": dfn, **mods}
    r = compute("close_assault", params)
    p_att, p_def = exact(r["p_attacker_wins"]), exact(r["p_defender_wins"])
    assert p_att + p_def == 1
    assert sum(exact(m["p"]) for m in r["attacker_margin"]) == p_att
    assert sum(exact(m["p"]) for m in r["defender_margin"]) == p_def
    assert exact(r["expected_rounds"]) >= 1
    assert 0 <= exact(r["p_winner_suppressed"]) <= 1
    stronger = compute("close_assault", {**params, "att_dice": att + 1})
    assert exact(stronger["p_attacker_wins"]) >= p_att
    forced = sum(exact(x["p"]) for x in r["defender_forced_back"])
    assert forced + exact(r["p_defender_dispersed"]) == p_att


@SETTINGS
@given(st.sampled_from(("armour-battles", "combat-hq")), st.integers(0, 12), st.integers(0, 6),
       st.integers(0, 4), st.integers(0, 6), st.sampled_from(COVERS),
       st.floats(0.5, 12), st.floats(0.5, 12), st.floats(0, 8))
def test_artillery_distributions_sum_to_one(variant: str, fire: int, hit: int, supp: int, dp: int,
                                            cover: str, w: float, h: float, radius: float) -> None:
    r = compute("artillery", {"variant": variant, "fire_dice": fire, "hit_faces": hit,
                              "suppressions": supp, "disruption": dp, "cover": cover, "dummy": True,
                              "blind_width": w, "blind_depth": h, "template_radius": radius})
    landing = r["p_full"]["value"] + r["p_partial"]["value"] + r["p_miss"]["value"]
    assert abs(landing - 1) < 1e-12
    assert abs(sum(o["p"]["value"] for o in r["outcomes"]) - 1) < 1e-12
    assert all(supp <= o["suppressions"] <= 4 and o["disruption"] >= dp for o in r["outcomes"])
    # every suppression inflicted shows in the Blind's state (a capped one as a Disruption Point)
    gained = sum(o["p"]["value"] * (o["suppressions"] + o["disruption"] - supp - dp) for o in r["outcomes"])
    assert abs(gained - r["expected_new_suppressions"]["value"]) < 1e-9
    unchanged = sum(o["p"]["value"] for o in r["outcomes"] if (o["suppressions"], o["disruption"]) == (supp, dp))
    assert abs(unchanged - (1 - r["p_new_suppression"]["value"])) < 1e-9
    assert 0 <= r["p_dummy_removed"]["value"] <= 1
    if hit == 6:  # always on target: every answer is rational
        assert r["p_full"]["exact"] == "1/1"
        assert sum(exact(o["p"]) for o in r["outcomes"]) == 1


@SETTINGS
@given(st.integers(0, 40), st.floats(0, 200), st.booleans(), st.booleans(), st.integers(0, 40))
def test_small_mechanics_sum_to_one(dp: int, target: float, suppressed: bool, obstacle: bool,
                                    supply_dice: int) -> None:
    assert sum(exact(x["p"]) for x in compute("rally", {"disruption": dp})["remaining"]) == 1
    move = compute("blind_move", {"target": target, "suppressed": suppressed, "obstacle": obstacle})
    assert sum(exact(x["p"]) for x in move["distribution"]) == 1
    further = compute("blind_move", {"target": min(200, target + 1), "suppressed": suppressed,
                                     "obstacle": obstacle})
    assert exact(further["p_reach"]) <= exact(move["p_reach"])
    s = compute("supply", {"supply_dice": supply_dice})
    s_staff = compute("supply", {"supply_dice": supply_dice, "staff_order": True})
    assert exact(s_staff["p_continue"]) >= exact(s["p_continue"])
    ks = [exact(t["p"]) for t in s["turns"]]
    assert all(a >= b for a, b in pairwise(ks))


@SETTINGS
@given(st.integers(0, 4), st.integers(0, 40), st.integers(1, 20))
def test_deploy_allocation_rules(supp: int, dp: int, units: int) -> None:
    r = compute("deploy", {"suppressions": supp, "disruption": dp, "units": units})["allocation"]
    assert len(r) == units
    assert sum(u["suppressed"] for u in r) == min(supp, units)
    assert sum(u["disruption"] for u in r) == dp + max(0, supp - units)
    counts = [u["disruption"] for u in r]
    assert max(counts) - min(counts) <= 1  # nobody gets a second before all have one
