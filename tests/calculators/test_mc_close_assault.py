"""Seeded Monte Carlo of whole Close Assaults (§5), the draw loop played out
die by die, against compute()'s P(attacker wins), P(winner suppressed),
P(defender Dispersed) and expected number of rounds, within 4 standard errors."""

from __future__ import annotations

import math
import random

import bruteforce as bf
import pytest

from calculators import compute

SAMPLES = 100_000

MATCHUPS = {
    "panzer-iv-h-vs-rifles": {"att_dice": 6, "att_flank": True, "def_dice": 5,
                              "def_suppressed": True, "def_no_at": True},
    "1D-vs-1D": {"att_dice": 1, "def_dice": 1},
    # both sides at 6+ from round 2 on: draws (mostly 0-0) dominate
    "2D-vs-2D-at-6+": {"att_dice": 2, "att_class_penalty": True,
                       "def_dice": 2, "def_class_penalty": True},
    "1D-no-AT-vs-1D-heavy-weapon": {"att_dice": 1, "att_no_at": True,
                                    "def_dice": 1, "def_class_penalty": True},
    "double-move-vs-medium-cover": {"att_dice": 4, "att_move": "double", "att_flank": True,
                                    "def_dice": 2, "def_cover": "medium"},
    "even-3D-defender-suppressed": {"att_dice": 3, "def_dice": 3, "def_suppressed": True,
                                    "att_disruption": 1, "def_cohesion": 2},
    # picked up after a draw (start: "later"): no order bonus, suppressions as the draws left them
    "later-attacker-suppressed": {"att_dice": 4, "att_flank": True, "def_dice": 3, "start": "later",
                                  "att_suppressed": True, "def_cohesion": 2},
    "later-nobody-suppressed": {"att_dice": 2, "def_dice": 2, "start": "later"},
    # 4 + 1 + 2 = 7+: 1D at 6+ on each side, draws (mostly 0-0) dominate
    "later-both-suppressed-6+": {"att_dice": 2, "att_class_penalty": True, "def_dice": 2,
                                 "def_class_penalty": True, "start": "later",
                                 "att_suppressed": True, "def_suppressed": True},
}


def _roll(rng, dice, tn):
    successes = sixes = 0
    for _ in range(dice):
        face = int(rng.random() * 6) + 1
        if face >= tn:
            successes += 1
        if face == 6:
            sixes += 1
    return successes, sixes


def _tn_and_dice(base_dice, tn):
    """§1 written out again: TN below 2 is 2, 7+ costs one die and is 6."""
    base_dice = max(0, base_dice)
    if tn >= 7:
        return max(0, base_dice - 1), 6
    return base_dice, max(2, tn)


def _play(params, rng):
    """One assault; returns (attacker won, winner suppressed, rounds, margin)."""
    g = params.get
    later = g("start", "first") == "later"
    att_supp = bool(g("att_suppressed", False))
    def_supp = bool(g("def_suppressed", False))
    att_base = params["att_dice"] - {"single": 0, "double": 1, "triple": 2}[g("att_move", "single")]
    def_base = params["def_dice"] + {"none": 0, "light": 1, "medium": 2, "heavy": 3}[
        g("def_cover", "none")]
    rounds = 0
    while True:
        rounds += 1
        att_tn = (4 - (1 if rounds == 1 and not later else 0) - (1 if g("att_flank") else 0)
                  + (1 if att_supp else 0) + (2 if g("att_class_penalty") else 0)
                  + (2 if g("att_no_at") else 0))
        def_tn = (4 + (1 if def_supp else 0) + (2 if g("def_class_penalty") else 0)
                  + (2 if g("def_no_at") else 0))
        a, a6 = _roll(rng, *_tn_and_dice(att_base, att_tn))
        d, d6 = _roll(rng, *_tn_and_dice(def_base, def_tn))
        if a > d:
            return True, att_supp or a6 < d6, rounds, a - d
        if d > a:
            return False, def_supp or d6 < a6, rounds, d - a
        if a6 < d6:
            att_supp = True
        elif d6 < a6:
            def_supp = True


@pytest.mark.parametrize("name", list(MATCHUPS))
def test_close_assault_monte_carlo(name):
    params = MATCHUPS[name]
    got = compute("close_assault", params)
    rng = random.Random(12345)
    wins = winner_supp = def_dispersed = 0
    rounds_sum = rounds_sq = 0
    def_dp, def_coh = params.get("def_disruption", 0), params.get("def_cohesion", 3)
    for _ in range(SAMPLES):
        att_won, w_supp, rounds, margin = _play(params, rng)
        wins += att_won
        def_dispersed += att_won and def_dp + margin >= def_coh
        winner_supp += w_supp
        rounds_sum += rounds
        rounds_sq += rounds * rounds
    for key, count in (("p_attacker_wins", wins), ("p_winner_suppressed", winner_supp),
                       ("p_defender_dispersed", def_dispersed)):
        p = bf.as_float(got[key])
        se = math.sqrt(p * (1 - p) / SAMPLES)
        freq = count / SAMPLES
        assert abs(freq - p) <= 4 * se + 1e-15, (
            f"{name} {key}: computed {p:.6f}, sampled {freq:.6f} (4 SE = {4 * se:.6f})")
    mean = rounds_sum / SAMPLES
    var = rounds_sq / SAMPLES - mean * mean
    se = math.sqrt(var / SAMPLES)
    expected = bf.as_float(got["expected_rounds"])
    assert abs(mean - expected) <= 4 * se + 1e-15, (
        f"{name} expected_rounds: computed {expected:.6f}, sampled {mean:.6f} "
        f"(4 SE = {4 * se:.6f})")


def test_monte_carlo_draws_are_likely_where_meant():
    """The draw-heavy match-ups do exercise the loop (guards the test itself)."""
    for name in ("1D-vs-1D", "2D-vs-2D-at-6+", "1D-no-AT-vs-1D-heavy-weapon", "later-both-suppressed-6+"):
        got = compute("close_assault", MATCHUPS[name])
        assert bf.as_float(got["expected_rounds"]) > 1.5, name
