"""Artillery geometry (§4): P(full) / P(partial) / P(miss) for both rule
variants, several Blind sizes, every hit_faces 0..6 and template radius 1..6,
checked (a) against numerical integration over the deviation direction
(tests/calculators/bruteforce.py: crossing angles by bisection, cross-checked
by a second, Lipschitz-bounded adaptive integrator) to 1e-12, and (b) against a
seeded Monte Carlo within 4 standard errors.  Also the mixture of the
geometry with the dice (outcomes for hit_faces < 6)."""

from __future__ import annotations

import itertools
import math
import random

import bruteforce as bf
import pytest

from calculators import compute

T = bf.Tally("geometry")

SIZES = [(6, 3), (3.5, 2.5), (5.3, 2.7), (4.1, 1.9), (7.7, 3.3), (2, 2), (2.5, 3.5), (10, 1)]
TOL = 1e-12


def test_reference_integrators_agree():
    """The two reference integrators agree where the second is usable (sizes
    with no tangency at the integer deviation distances)."""
    for (w, h), R, r in itertools.product([(5.3, 2.7), (4.1, 1.9), (7.7, 3.3)],
                                          [0.9, 2.2, 4.3], range(1, 10)):
        on, near = bf.landing_fractions(float(r), w, h, R)
        on2, err1 = bf.lipschitz_fraction(float(r), bf.rect_excess(w / 2, h / 2))
        near2, err2 = bf.lipschitz_fraction(float(r), bf.rect_distance_minus(w / 2, h / 2, R))
        assert err1 < 1e-13 and err2 < 1e-13
        assert abs(on - on2) < 1e-13 + err1, (w, h, R, r)
        assert abs(near - near2) < 1e-13 + err2, (w, h, R, r)


def test_reference_hand_cases():
    # a deviation of 1" from the centre of a 6" x 3" Blind always stays on it
    assert bf.landing_fractions(1.0, 6, 3, None) == (1.0, 1.0)
    # 4"..9" always leave a 6" x 3" Blind: combat-hq P(full) = hit chance
    assert bf.artillery_geometry("combat-hq", 2, 6, 3, 3)[0] == pytest.approx(1 / 3, abs=1e-15)
    # 2" from the centre of a 6" x 3" Blind: off it where |2 sin t| > 1.5
    on, _ = bf.landing_fractions(2.0, 6, 3, None)
    assert on == pytest.approx(4 * math.asin(0.75) / (2 * math.pi), abs=1e-15)
    # a template of radius 6 reaches the whole 6" x 3" Blind from 9" only along
    # directions within 6 of the rectangle: near the long axis
    _, near = bf.landing_fractions(9.0, 6, 3, 6.0)
    assert 0 < near < 1


def _params(variant, hf, size, radius, **extra):
    p = {"variant": variant, "hit_faces": hf, "blind_width": size[0],
         "blind_depth": size[1], **extra}
    if variant == "combat-hq":
        p["template_radius"] = radius
    return p


def _check_geometry(variant, hf, size, radius):
    params = _params(variant, hf, size, radius)
    got = compute("artillery", params)
    ref = bf.artillery_geometry(variant, hf, size[0], size[1], radius)
    for key, expected in zip(("p_full", "p_partial", "p_miss"), ref, strict=True):
        value = bf.as_float(got[key], f"{params} {key}")
        T.n += 1
        bf.Tally.total += 1
        assert abs(value - expected) <= TOL, (
            f"{params} {key}: got {value!r}, integrated {expected!r}")
    total = sum(bf.as_float(got[k]) for k in ("p_full", "p_partial", "p_miss"))
    assert abs(total - 1) <= 1e-12
    if variant == "armour-battles":
        assert bf.as_float(got["p_partial"]) == 0.0
    return got, ref


@pytest.mark.parametrize("size", SIZES)
def test_geometry_combat_hq_integration(size):
    for hf, radius in itertools.product(range(0, 7), [1, 2, 2.5, 3, 4, 5, 6]):
        _check_geometry("combat-hq", hf, size, radius)


@pytest.mark.parametrize("size", SIZES)
def test_geometry_armour_battles_integration(size):
    for hf in range(0, 7):
        _check_geometry("armour-battles", hf, size, 3)


@pytest.mark.parametrize("variant", ["armour-battles", "combat-hq"])
@pytest.mark.parametrize("size", [(6, 3), (3.5, 2.5), (5.3, 2.7)])
def test_outcomes_mix_geometry_and_dice(variant, size):
    """For hit_faces < 6 the Blind's state after the fire is
    P(full) x (full-hit dice) + P(partial) x (partial dice) + P(miss) x (unchanged)."""
    for hf, radius, cover, (s, d) in itertools.product(
            [0, 2, 4], [1, 3, 6], ["none", "medium"], [(0, 0), (3, 2)]):
        if variant == "armour-battles" and radius != 3:
            continue
        params = _params(variant, hf, size, radius, fire_dice=5, cover=cover,
                         suppressions=s, disruption=d, dummy=True)
        got = compute("artillery", params)
        p_full, p_partial, p_miss = bf.artillery_geometry(variant, hf, size[0], size[1], radius)
        full = bf.artillery_after(5, bf.artillery_reaction(variant, cover), s, d)
        part = bf.artillery_after(5, bf.artillery_reaction(variant, cover, partial=True), s, d)
        states: dict = {(s, d): p_miss}
        for st, p in full["states"].items():
            states[st] = states.get(st, 0.0) + p_full * float(p)
        for st, p in part["states"].items():
            states[st] = states.get(st, 0.0) + p_partial * float(p)
        listed = {(e["suppressions"], e["disruption"]): bf.as_float(e["p"])
                  for e in got["outcomes"]}
        for st in set(states) | set(listed):
            T.n += 1
            bf.Tally.total += 1
            assert abs(listed.get(st, 0.0) - states.get(st, 0.0)) <= TOL, (params, st)
        for key in ("p_new_suppression", "expected_new_suppressions", "p_dummy_removed"):
            expected = p_full * float(full[key]) + p_partial * float(part[key])
            if key == "p_dummy_removed" and d >= 4:
                expected += p_miss
            T.n += 1
            bf.Tally.total += 1
            assert abs(bf.as_float(got[key]) - expected) <= TOL, (params, key)


# ---------------------------------------------------------------------------
# (b) seeded Monte Carlo
# ---------------------------------------------------------------------------

MC_SAMPLES = 200_000
MC_CASES = [
    ("armour-battles", 2, (6, 3), 3),
    ("armour-battles", 0, (3.5, 2.5), 3),
    ("armour-battles", 5, (5.3, 2.7), 3),
    ("armour-battles", 0, (10, 1), 3),
    ("combat-hq", 2, (6, 3), 3),
    ("combat-hq", 0, (6, 3), 1),
    ("combat-hq", 0, (6, 3), 6),
    ("combat-hq", 2, (3.5, 2.5), 3),
    ("combat-hq", 0, (3.5, 2.5), 5),
    ("combat-hq", 1, (5.3, 2.7), 2.5),
    ("combat-hq", 4, (7.7, 3.3), 4),
    ("combat-hq", 0, (2, 2), 6),
]


def _monte_carlo(variant, hf, size, radius, n, rng):
    a, b = size[0] / 2, size[1] / 2
    full = partial = 0
    two_pi = 2 * math.pi
    for _ in range(n):
        if rng.randrange(6) < hf:
            full += 1
            continue
        dist = rng.randrange(1, 7) + (3 if variant == "combat-hq" else 0)
        theta = rng.random() * two_pi
        x = abs(dist * math.cos(theta))
        y = abs(dist * math.sin(theta))
        if x <= a and y <= b:
            full += 1
        elif variant == "combat-hq" and math.hypot(max(0.0, x - a), max(0.0, y - b)) <= radius:
            partial += 1
    return full / n, partial / n, (n - full - partial) / n


@pytest.mark.parametrize("variant, hf, size, radius", MC_CASES)
def test_geometry_monte_carlo(variant, hf, size, radius):
    rng = random.Random(12345)
    params = _params(variant, hf, size, radius)
    got = compute("artillery", params)
    sampled = _monte_carlo(variant, hf, size, radius, MC_SAMPLES, rng)
    for key, freq in zip(("p_full", "p_partial", "p_miss"), sampled, strict=True):
        p = bf.as_float(got[key])
        se = math.sqrt(max(p * (1 - p), 0.0) / MC_SAMPLES)
        assert abs(freq - p) <= 4 * se + 1e-15, (
            f"{params} {key}: computed {p:.6f}, sampled {freq:.6f} (4 SE = {4 * se:.6f})")
