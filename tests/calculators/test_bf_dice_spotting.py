"""Black-box check of spotting a Blind (§2) and Hidden Units (§3) against an
exhaustive enumeration of every die face (tests/calculators/bruteforce.py).

Only the public contract is used: ``compute("spotting", params)``."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import bruteforce as bf
import pytest

from calculators import compute

T = bf.Tally("spotting")

# one distance inside each dice band (the band edges have their own test)
BAND_DISTANCES = [7, 13, 25, 37]
MODS = list(itertools.product([False, True], repeat=3))  # moving, suppressed, recon
CHAINS = [0, 1, 2, 3]
COVERS = ["none", "light", "medium", "heavy"]


# ---------------------------------------------------------------------------
# the reference checks itself first
# ---------------------------------------------------------------------------

def test_reference_pool_against_multinomial_formula():
    """The enumerated joint (successes, sixes, ones) of n dice equals the
    multinomial formula (faces split into: one, 2..tn-1 failures, tn..5
    successes, six)."""
    for n in range(0, 7):
        for tn in range(2, 7):
            dist = bf.pool(n, tn)
            assert sum(dist.values()) == 1
            for (s, six, one), p in dist.items():
                # s successes of which `six` are sixes; `one` ones among failures
                mid_succ = s - six          # successes showing tn..5
                fails = n - s
                mid_fail = fails - one      # failures showing 2..tn-1
                n_mid_succ = 6 - tn         # faces tn..5
                n_mid_fail = tn - 2         # faces 2..tn-1
                ways = (math.comb(n, s) * math.comb(s, six) * n_mid_succ**mid_succ
                        * math.comb(fails, one) * n_mid_fail**mid_fail)
                assert p == Fraction(ways, 6**n), (n, tn, s, six, one)


def test_reference_hand_cases():
    assert bf.p_more(1, 4, 1, 4) == Fraction(1, 4)
    assert bf.p_more(1, 4, 1, 4, ties_win=True) == Fraction(3, 4)
    assert bf.p_more(1, 2, 0, 4) == Fraction(5, 6)
    assert bf.p_more(0, 4, 1, 4, ties_win=True) == Fraction(1, 2)
    # 1D at 4+ against 1D owner: deployed needs a spotter success (1/2) and the
    # owner's 1 (1/6); spotted & not deployed: spotter success, owner fails,
    # owner not a 1: 1/2 * 2/6
    r = bf._spot_probs(1, 4, 1, 4, False, False)
    assert r["p_deployed"] == Fraction(1, 12)
    assert r["p_blind"] == Fraction(1, 6)
    assert r["p_found"] == Fraction(1, 4)
    assert bf.limit_tn(4, 7) == (3, 6) and bf.limit_tn(4, 9) == (3, 6)
    assert bf.limit_tn(0, 8) == (0, 6) and bf.limit_tn(3, 1) == (3, 2)


# ---------------------------------------------------------------------------
# the package against the reference
# ---------------------------------------------------------------------------

def _band_distance(label: str) -> float | None:
    """A distance inside a band labelled like "6-12" or "36+" (None: automatic)."""
    low = float(label.replace("\u2013", "-").replace("+", "").split("-")[0])
    return None if low == 0 else low + 0.5


def _check_blind(distance, cover, moving, suppressed, recon, chain, ties):
    params = {"distance": distance, "cover": cover, "moving": moving,
              "suppressed": suppressed, "recon": recon, "chain_dice": chain, "ties": ties}
    where = f"spotting {params}"
    got = compute("spotting", params)
    ref = bf.spotting(distance, cover, moving, suppressed, recon, chain, ties)
    T.same(got["automatic"], False, where + " automatic")
    for key in ("spotter_pool", "spotter_tn", "owner_pool", "owner_tn"):
        T.same(got[key], ref[key], f"{where} {key}")
    T.eq(got["p_spotted"], ref["p_spotted"], where + " p_spotted")
    return got, params


def _check_bands(got, params):
    seen_tn_bases = set()
    for entry in got["bands"]:
        d = _band_distance(entry["band"])
        if d is None:
            T.eq(entry["p_spotted"], Fraction(1), f"{params} band {entry['band']}")
            continue
        seen_tn_bases.add(bf.spotting_base_tn(d))
        ref = bf.spotting(d, params["cover"], params["moving"], params["suppressed"],
                          params["recon"], params["chain_dice"], params["ties"])
        T.same(entry["tn"], ref["spotter_tn"], f"{params} band {entry['band']} tn")
        T.eq(entry["p_spotted"], ref["p_spotted"], f"{params} band {entry['band']}")
    assert seen_tn_bases == {3, 4, 5, 6}, got["bands"]


@pytest.mark.parametrize("ties", ["owner", "spotter"])
@pytest.mark.parametrize("cover", COVERS)
def test_spotting_blind_grid(cover, ties):
    for distance, (moving, suppressed, recon), chain in itertools.product(
            BAND_DISTANCES, MODS, CHAINS):
        got, params = _check_blind(distance, cover, moving, suppressed, recon, chain, ties)
        if distance == BAND_DISTANCES[0]:
            _check_bands(got, params)


@pytest.mark.parametrize("fumble_needs_spot", [False, True])
@pytest.mark.parametrize("ties", ["owner", "spotter"])
@pytest.mark.parametrize("cover", COVERS)
def test_spotting_hidden_grid(cover, ties, fumble_needs_spot):
    for distance, (moving, suppressed, recon), chain in itertools.product(
            BAND_DISTANCES, MODS, CHAINS):
        params = {"distance": distance, "cover": cover, "moving": moving,
                  "suppressed": suppressed, "recon": recon, "chain_dice": chain,
                  "ties": ties, "target": "hidden", "fumble_needs_spot": fumble_needs_spot}
        where = f"spotting {params}"
        got = compute("spotting", params)
        ref = bf.spotting(distance, cover, moving, suppressed, recon, chain, ties,
                          fumble_needs_spot)
        for key in ("p_spotted", "p_deployed", "p_blind", "p_hidden", "p_found"):
            T.eq(got[key], ref[key], f"{where} {key}")
        total = sum(bf.as_fraction(got[k]) for k in ("p_deployed", "p_blind", "p_hidden"))
        assert total == 1, where
        # the contract: p_found = p_deployed + p_blind, exactly
        assert bf.as_fraction(got["p_found"]) == (bf.as_fraction(got["p_deployed"])
                                                 + bf.as_fraction(got["p_blind"])), where


@pytest.mark.parametrize("distance", [0, 1, 3, 5, 5.5, 6])
@pytest.mark.parametrize("target", ["blind", "hidden"])
def test_spotting_automatic(distance, target):
    for (moving, suppressed, recon), cover, chain in itertools.product(MODS, COVERS, [0, 3]):
        params = {"distance": distance, "cover": cover, "moving": moving,
                  "suppressed": suppressed, "recon": recon, "chain_dice": chain,
                  "target": target}
        got = compute("spotting", params)
        T.same(got["automatic"], True, f"{params} automatic")
        T.eq(got["p_spotted"], Fraction(1), f"{params} p_spotted")
        if target == "hidden":
            T.eq(got["p_blind"], Fraction(1), f"{params} p_blind")
            T.eq(got["p_deployed"], Fraction(0), f"{params} p_deployed")
            T.eq(got["p_hidden"], Fraction(0), f"{params} p_hidden")
            T.eq(got["p_found"], Fraction(1), f"{params} p_found")
        else:
            T.same("p_found" in got, False, f"{params} no p_found for a Blind")


@pytest.mark.parametrize("distance", [6.01, 6.5, 11.9, 12, 12.01, 12.5, 23.99, 24, 24.5,
                                      35.5, 36, 36.01, 36.5, 48, 100, 200])
def test_spotting_band_edges(distance):
    """Band edges belong to the nearer band; fractional inches are distances too."""
    for (moving, suppressed, recon), ties in itertools.product(MODS, ["owner", "spotter"]):
        _check_blind(distance, "light", moving, suppressed, recon, 1, ties)
