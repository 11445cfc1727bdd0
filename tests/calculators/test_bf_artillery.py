"""Black-box check of the dice part of artillery against a Blind (§4).

With ``hit_faces: 6`` the fire is always on target (the template centre stays
on the Blind), so the Blind's state after the fire is rational and is compared
exactly with an enumeration of every face of the battery's and the Blind's
dice (tests/calculators/bruteforce.py)."""

from __future__ import annotations

import itertools
from fractions import Fraction

import bruteforce as bf
import pytest

from calculators import compute

T = bf.Tally("artillery dice")

VARIANTS = ["armour-battles", "combat-hq"]
COVERS = ["none", "light", "medium", "heavy"]


def test_reference_hand_cases():
    # 1 battery die against a 1-die Reaction, both 5+: the Blind escapes only
    # when it succeeds and the battery fails (1/3 * 2/3); one suppression when
    # the battery succeeds (1/3)
    assert bf.inflicted(1, 1) == {0: Fraction(2, 3), 1: Fraction(1, 3)}
    assert bf.inflicted(0, 5) == {0: Fraction(1)}
    assert bf.apply_suppressions(3, 0, 3) == (4, 2)
    assert bf.apply_suppressions(4, 1, 2) == (4, 3)
    assert bf.apply_suppressions(0, 0, 4) == (4, 0)
    assert bf.artillery_reaction("armour-battles", "heavy") == 5
    assert bf.artillery_reaction("combat-hq", "heavy") == 7
    assert bf.artillery_reaction("combat-hq", "light", partial=True) == 6


def _check(variant, fire, cover, s, d, dummy, size=(6, 3), radius=3):
    params = {"variant": variant, "fire_dice": fire, "cover": cover, "hit_faces": 6,
              "suppressions": s, "disruption": d, "dummy": dummy,
              "blind_width": size[0], "blind_depth": size[1]}
    if variant == "combat-hq":
        params["template_radius"] = radius
    where = f"artillery {params}"
    got = compute("artillery", params)
    ref = bf.artillery_after(fire, bf.artillery_reaction(variant, cover), s, d)
    T.eq(got["p_full"], Fraction(1), where + " p_full")
    for key in ("p_partial", "p_miss"):
        assert bf.as_float(got[key], where) == 0.0, f"{where} {key}: {got[key]}"
    T.dist(got["outcomes"], lambda e: (e["suppressions"], e["disruption"]),
           ref["states"], where + " outcomes")
    T.eq(got["p_new_suppression"], ref["p_new_suppression"], where + " p_new_suppression")
    T.eq(got["expected_new_suppressions"], ref["expected_new_suppressions"],
         where + " expected_new_suppressions")
    if dummy:
        T.eq(got["p_dummy_removed"], ref["p_dummy_removed"], where + " p_dummy_removed")


@pytest.mark.parametrize("cover", COVERS)
@pytest.mark.parametrize("variant", VARIANTS)
def test_artillery_full_hit_grid(variant, cover):
    """Every battery size 0..8 against every Reaction pool the rules give
    (armour-battles: 5D whatever the cover; combat-hq: 4D + cover), from every
    starting state 0..4 suppressions, 0..3 Disruption Points."""
    for fire, s, d, dummy in itertools.product(range(0, 9), range(0, 5), range(0, 4),
                                               [False, True]):
        _check(variant, fire, cover, s, d, dummy)


@pytest.mark.parametrize("variant", VARIANTS)
def test_artillery_full_hit_geometry_irrelevant(variant):
    """On a sure hit the Blind's size and the template radius change nothing."""
    for size, radius, fire in itertools.product([(3.5, 2.5), (6, 3), (9, 4)], [1, 6],
                                                [2, 5]):
        _check(variant, fire, "medium", 1, 1, True, size, radius)


@pytest.mark.parametrize("variant", VARIANTS)
def test_artillery_dummy_overflow(variant):
    """Heavier batteries against a Blind already at the cap: overflow into
    Disruption Points and the Dummy's removal at 4 DP."""
    for fire, d in itertools.product(range(4, 8), range(0, 4)):
        _check(variant, fire, "none", 4, d, True)
