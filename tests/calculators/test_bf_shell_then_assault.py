"""Black-box check of "Shell it first?" (§8) against the reference enumerators.

The battery's fire is enumerated face by face (``bf.artillery_after``; with
``hit_faces: 6`` the fire always lands on the Blind, so every answer is rational and
compared exactly), the two Close Assaults, against an unsuppressed and a suppressed
unit, are solved by ``bf.close_assault``, and the two are mixed here by hand from the
reading: at best the assaulted unit is suppressed whenever the Blind has any
suppression after the fire, at worst only when it has one for every unit."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import bruteforce as bf
import pytest

from calculators import InputError, compute

T = bf.Tally("shell then assault")

COVERS = ["none", "light", "medium", "heavy"]
VARIANTS = ["armour-battles", "combat-hq"]


def suppressions_after(variant: str, fire: int, cover: str, already: int) -> dict[int, Fraction]:
    """P(S = s) after a fire that always lands on the Blind (Disruption Points summed out)."""
    out: dict[int, Fraction] = {}
    for (s, _dp), p in bf.artillery_after(fire, bf.artillery_reaction(variant, cover), already, 0)["states"].items():
        out[s] = out.get(s, Fraction(0)) + p
    return out


def mix(dist: dict[int, Fraction], units: int, win_plain, win_suppressed) -> tuple:
    """(best, worst) for the attacker, by hand from the reading."""
    best = sum((p * (win_suppressed if s >= 1 else win_plain) for s, p in dist.items()), Fraction(0))
    worst = sum((p * (win_suppressed if s >= units else win_plain) for s, p in dist.items()), Fraction(0))
    return best, worst


def _check(variant, fire, cover, already, units, att, dfn, extra=None):
    extra = extra or {}
    params = {"variant": variant, "fire_dice": fire, "hit_faces": 6, "suppressions": already,
              "units": units, "att_dice": att, "def_dice": dfn, "def_cover": cover, **extra}
    where = f"shell_then_assault {params}"
    got = compute("shell_then_assault", params)
    assault = {"att_dice": att, "def_dice": dfn, "def_cover": cover, **extra}
    plain = bf.close_assault({**assault, "def_suppressed": False})["p_attacker_wins"]
    suppressed = bf.close_assault({**assault, "def_suppressed": True})["p_attacker_wins"]
    after = suppressions_after(variant, fire, cover, already)
    best, worst = mix(after, units, plain, suppressed)
    no_best, no_worst = mix({already: Fraction(1)}, units, plain, suppressed)
    T.eq(got["p_win_best"], best, where + " p_win_best")
    T.eq(got["p_win_worst"], worst, where + " p_win_worst")
    T.eq(got["p_win_no_fire_best"], no_best, where + " p_win_no_fire_best")
    T.eq(got["p_win_no_fire_worst"], no_worst, where + " p_win_no_fire_worst")
    T.eq(got["p_any_suppressed"], sum((p for s, p in after.items() if s >= 1), Fraction(0)),
         where + " p_any_suppressed")
    T.eq(got["p_all_suppressed"], sum((p for s, p in after.items() if s >= units), Fraction(0)),
         where + " p_all_suppressed")
    T.dist(got["suppressions_after"], lambda e: e["suppressions"], after, where + " suppressions")


@pytest.mark.parametrize("cover", COVERS)
@pytest.mark.parametrize("variant", VARIANTS)
def test_sure_hit_grid(variant, cover):
    """Batteries of 0..4 dice on Blinds of 1..5 units already carrying 0..4
    suppressions (the cap of 4 meets the number of units on both sides), 3D against 2D."""
    for fire, already, units in itertools.product(range(0, 5), range(0, 5), range(1, 6)):
        _check(variant, fire, cover, already, units, 3, 2)


@pytest.mark.parametrize("extra", [{"att_flank": True}, {"att_move": "double", "def_no_at": True},
                                   {"att_class_penalty": True, "def_class_penalty": True},
                                   {"att_no_at": True, "att_move": "triple"}])
def test_sure_hit_assault_switches(extra):
    """The Close Assault switches are passed on as they are."""
    for fire, units, (att, dfn) in itertools.product([2, 5], [1, 2, 3], [(4, 3), (2, 4)]):
        _check("combat-hq", fire, "light", 0, units, att, dfn, extra)


def test_more_units_than_the_cap_are_never_all_suppressed():
    """A Blind holds at most 4 suppressions: with 5 or more units the worst case is
    an unsuppressed unit, whatever the fire."""
    r = compute("shell_then_assault", {"variant": "armour-battles", "fire_dice": 12, "hit_faces": 6,
                                       "suppressions": 4, "units": 5, "att_dice": 3, "def_dice": 2})
    plain = bf.close_assault({"att_dice": 3, "def_dice": 2})["p_attacker_wins"]
    suppressed = bf.close_assault({"att_dice": 3, "def_dice": 2, "def_suppressed": True})["p_attacker_wins"]
    T.eq(r["p_all_suppressed"], Fraction(0), "p_all_suppressed")
    T.eq(r["p_win_worst"], plain, "p_win_worst")
    T.eq(r["p_win_best"], suppressed, "p_win_best")


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("hit_faces", [0, 2, 5])
def test_the_deviation_geometry(variant, hit_faces):
    """Off a sure hit the landing is irrational: the fire mixes on-the-Blind, partly
    covered (Combat HQ: a bigger Reaction) and missing, by the reference geometry."""
    fire, units, cover = 5, 2, "medium"
    got = compute("shell_then_assault", {"variant": variant, "fire_dice": fire, "hit_faces": hit_faces,
                                         "units": units, "att_dice": 3, "def_dice": 3,
                                         "def_cover": cover})
    full, partial, miss = bf.artillery_geometry(variant, hit_faces, 6, 3, 3)
    dist = {0: Fraction(0)}
    for weight, partly in ((full, False), (partial, True)):
        for k, p in bf.inflicted(fire, bf.artillery_reaction(variant, cover, partial=partly)).items():
            s = min(k, 4)
            dist[s] = dist.get(s, 0) + weight * float(p)
    dist[0] += miss
    plain = float(bf.close_assault({"att_dice": 3, "def_dice": 3, "def_cover": cover})["p_attacker_wins"])
    suppressed = float(bf.close_assault({"att_dice": 3, "def_dice": 3, "def_cover": cover,
                                         "def_suppressed": True})["p_attacker_wins"])
    best = sum(p * (suppressed if s >= 1 else plain) for s, p in dist.items())
    worst = sum(p * (suppressed if s >= units else plain) for s, p in dist.items())
    for key, want in (("p_win_best", best), ("p_win_worst", worst),
                      ("p_any_suppressed", 1 - dist[0])):
        assert math.isclose(bf.as_float(got[key], key), want, abs_tol=1e-12), (key, got[key], want)
    T.n += 3


def test_an_assault_that_could_never_end_is_refused_only_when_it_can_be_met():
    """0D against a 1D unit without AT: unsuppressed it rolls 1D at 6+, suppressed it
    loses its die (7+) and neither side could ever win. That assault is met only if the
    unit can be suppressed."""
    base = {"variant": "armour-battles", "att_dice": 0, "def_dice": 1, "def_no_at": True}
    r = compute("shell_then_assault", {**base, "fire_dice": 0})
    assert r["p_win_best"] == r["p_win_worst"] == {"value": 0.0, "exact": "0/1"}
    with pytest.raises(InputError) as err:
        compute("shell_then_assault", {**base, "fire_dice": 3})
    assert err.value.field == "att_dice" and "could never end" in err.value.message


def test_report(capsys):
    T.report(capsys)
