"""Independent reference enumerators for the black-box verification tests.

Written straight from the rules, without looking at the
``calculators`` package.  Every probability here comes from enumerating every
face of every die (``itertools.product(range(1, 7), repeat=n)``) and counting,
with exact ``fractions.Fraction`` results.  Speed is not a goal; being plainly
correct is.  Pools are enumerated one at a time and then combined pairwise,
which is still an exhaustive enumeration of all faces of all dice (the pools
are independent).

The only non-enumerative step is the Close Assault draw loop (which has no
bound): one round is enumerated exhaustively, and the resulting absorbing chain
is solved by hand -- states are visited in a fixed order (suppression only ever
gets added), and a state's self-loop is summed as a geometric series.

The artillery geometry (irrational) is measured numerically: for each
deviation distance r, the directions that land on the Blind (or within the
template radius of it) form, in one quadrant, a union of at most three
intervals whose ends are found by bisection of monotone functions to full
double precision.  A second integrator (adaptive bisection of the whole circle,
sound because the distance to the region is r-Lipschitz in the angle) serves to
cross-check the first on sizes without tangencies.

The enumerators are kept by part: bruteforce_dice.py (§1 dice and target numbers),
bruteforce_geometry.py (§4 artillery geometry) and bruteforce_assault.py (§5 Close
Assault); this module has the rest and gathers them, so a test reads each as
``bf.<name>``.
"""

from __future__ import annotations

import re
from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import product

# (the parts' names, read by the tests as bf.<name>)
from bruteforce_assault import (  # noqa: F401
    MOVE_PENALTY,
    SuppressedAttacker,
    Unresolvable,
    assault_pools,
    close_assault,
    forced_back,
    one_round,
    sum_of_d6,
)
from bruteforce_dice import COVER_DICE, FACES, limit_tn, p_more, pool, successes, successes_sixes  # noqa: F401
from bruteforce_geometry import (  # noqa: F401
    artillery_geometry,
    landing_fractions,
    lipschitz_fraction,
    quadrant_sets,
    rect_distance_minus,
    rect_excess,
)

# ---------------------------------------------------------------------------
# §2 / §3 spotting
# ---------------------------------------------------------------------------

def spotting_base_tn(distance: float) -> int | None:
    """None = automatic (6" or less).  Band edges belong to the nearer band."""
    if distance <= 6:
        return None
    if distance <= 12:
        return 3
    if distance <= 24:
        return 4
    if distance <= 36:
        return 5
    return 6


def spotting_pools(distance: float, cover: str = "none", moving: bool = False,
                   suppressed: bool = False, recon: bool = False,
                   chain_dice: int = 0) -> tuple[int, int, int, int] | None:
    """(spotter_pool, spotter_tn, owner_pool, owner_tn) or None if automatic."""
    base = spotting_base_tn(distance)
    if base is None:
        return None
    tn = base
    if moving:
        tn -= 1
    if suppressed:
        tn += 1
    if recon:
        tn -= 1
    sd, stn = limit_tn(4 + chain_dice, tn)
    return sd, stn, 3 + COVER_DICE[cover], 4


def spotting(distance: float, cover: str = "none", moving: bool = False,
             suppressed: bool = False, recon: bool = False, chain_dice: int = 0,
             ties: str = "owner", fumble_needs_spot: bool = False) -> dict:
    pools = spotting_pools(distance, cover, moving, suppressed, recon, chain_dice)
    if pools is None:
        return {"automatic": True, "p_spotted": Fraction(1), "p_deployed": Fraction(0),
                "p_blind": Fraction(1), "p_hidden": Fraction(0), "p_found": Fraction(1)}
    sd, stn, od, otn = pools
    return {"automatic": False, "spotter_pool": sd, "spotter_tn": stn,
            "owner_pool": od, "owner_tn": otn,
            **_spot_probs(sd, stn, od, otn, ties == "spotter", fumble_needs_spot)}


@cache
def _spot_probs(sd: int, stn: int, od: int, otn: int, ties_win: bool,
                fumble_needs_spot: bool) -> dict:
    spotted = Fraction(0)
    deployed = Fraction(0)
    blind = Fraction(0)
    hidden = Fraction(0)
    found = Fraction(0)
    for (a, _a6, _a1), pa in pool(sd, stn).items():
        for (b, b6, b1), pb in pool(od, otn).items():
            p = pa * pb
            success = a > b or (ties_win and a == b)
            fumble = b1 > b6
            # deployed: the spotter scores one or more successes and the owner
            # rolls more 1s than 6s; with the option, the attempt must also
            # have succeeded (an extra condition: a 0-0 tie won by the spotter
            # under ties="spotter" still has no spotter success)
            is_deployed = a >= 1 and fumble and (success or not fumble_needs_spot)
            if success:
                spotted += p
            if is_deployed:
                deployed += p
            elif success:
                blind += p
            else:
                hidden += p
            # found at all: deployed, or the attempt succeeded (a Blind is placed)
            if is_deployed or success:
                found += p
    assert deployed + blind + hidden == 1
    return {"p_spotted": spotted, "p_deployed": deployed, "p_blind": blind,
            "p_hidden": hidden, "p_found": found}


# ---------------------------------------------------------------------------
# §4 artillery, dice part
# ---------------------------------------------------------------------------

def artillery_reaction(variant: str, cover: str = "none", partial: bool = False) -> int:
    if variant == "armour-battles":
        return 5  # cover dice are not used
    return (5 if partial else 4) + COVER_DICE[cover]


def inflicted(fire_dice: int, reaction_dice: int) -> dict[int, Fraction]:
    """Distribution of suppressions inflicted by one fire: the battery at 5+
    against the Blind's Reaction at 5+, every face of both pools listed."""
    out: dict[int, Fraction] = {}
    for a, pa in successes(fire_dice, 5).items():
        for b, pb in successes(reaction_dice, 5).items():
            k = 0 if b > a else a
            out[k] = out.get(k, Fraction(0)) + pa * pb
    return out


def apply_suppressions(s: int, d: int, k: int) -> tuple[int, int]:
    """Add k suppressions one at a time: at most 4, each beyond becomes a DP."""
    for _ in range(k):
        if s < 4:
            s += 1
        else:
            d += 1
    return s, d


def artillery_after(fire_dice: int, reaction_dice: int, s: int, d: int) -> dict:
    dist = inflicted(fire_dice, reaction_dice)
    states: dict[tuple[int, int], Fraction] = {}
    for k, p in dist.items():
        st = apply_suppressions(s, d, k)
        states[st] = states.get(st, Fraction(0)) + p
    return {
        "states": states,
        "p_new_suppression": sum((p for k, p in dist.items() if k >= 1), Fraction(0)),
        "expected_new_suppressions": sum((k * p for k, p in dist.items()), Fraction(0)),
        "p_dummy_removed": sum((p for (_s, dd), p in states.items() if dd >= 4), Fraction(0)),
    }


# ---------------------------------------------------------------------------
# §6 smaller mechanics, §4a deploy
# ---------------------------------------------------------------------------

def supply(supply_dice: int, staff_order: bool = False) -> dict:
    n = supply_dice + (1 if staff_order else 0)
    p = p_more(n, 4, 3, 4)
    return {"p_continue": p, "turns": {k: p**k for k in range(1, 7)}}


def rally(disruption: int) -> dict[int, Fraction]:
    counts: Counter[int] = Counter()
    for faces in product(FACES, repeat=disruption):
        counts[disruption - sum(1 for f in faces if f >= 4)] += 1
    return {left: Fraction(c, 6**disruption) for left, c in counts.items()}


def blind_move(target: float, suppressed: bool = False) -> dict:
    base = 0 if suppressed else 18
    counts: Counter[int] = Counter(base + sum(faces) for faces in product(FACES, repeat=3))
    dist = {x: Fraction(c, 216) for x, c in counts.items()}
    return {"distribution": dist,
            "p_reach": sum((p for x, p in dist.items() if x >= target), Fraction(0))}


def deploy(suppressions: int, disruption: int, units: int) -> dict:
    """Hand out the markers one at a time, as the rule describes.
    Returns the number of suppressed units and the sorted list of DPs per unit
    (the owner chooses which unit gets what, so pairing is not fixed)."""
    supp = [False] * units
    dps = [0] * units
    extra = 0
    for _ in range(suppressions):
        if False in supp:
            supp[supp.index(False)] = True
        else:
            extra += 1
    for _ in range(disruption + extra):
        # give the next DP to a unit holding the fewest so far
        i = dps.index(min(dps))
        dps[i] += 1
    return {"suppressed_units": sum(supp), "dps": sorted(dps)}


# ---------------------------------------------------------------------------
# helpers for the tests: reading the contract's probability objects
# ---------------------------------------------------------------------------

_EXACT = re.compile(r"-?\d+/\d+")


def opposed_luck(ad: int, at: int, dd: int, dt: int, mine: int, theirs: int) -> tuple[Fraction, Fraction, Fraction]:
    """"How lucky was that?" for ``mine`` successes rolled on ad dice at at+ against
    ``theirs`` on dd dice at dt+, by listing every face of both pools:
    (P(my successes >= mine), P(mine - theirs >= the difference rolled),
    P(mine - theirs <= the difference rolled))."""
    margin = mine - theirs
    at_least = better = worse = Fraction(0)
    for s1, p1 in successes(ad, at).items():
        if s1 >= mine:
            at_least += p1
        for s2, p2 in successes(dd, dt).items():
            if s1 - s2 >= margin:
                better += p1 * p2
            if s1 - s2 <= margin:
                worse += p1 * p2
    return at_least, better, worse


def opposed_luck_joint(ad: int, at: int, dd: int, dt: int) -> dict[tuple[int, int], Fraction]:
    """P(my successes, theirs) from one product over every face of both pools at once
    (small pools only)."""
    assert ad + dd <= 7
    counts = Counter((sum(f >= at for f in faces[:ad]), sum(f >= dt for f in faces[ad:]))
                     for faces in product(FACES, repeat=ad + dd))
    return {k: Fraction(v, 6 ** (ad + dd)) for k, v in counts.items()}


def as_fraction(prob: object, where: str = "") -> Fraction:
    """Parse a contract probability {"value": float, "exact": "n/d"}; check the
    shape and that the float agrees with the fraction."""
    assert isinstance(prob, dict), f"{where}: not a probability object: {prob!r}"
    assert "value" in prob and "exact" in prob, f"{where}: keys {sorted(prob)}"
    ex = prob["exact"]
    assert isinstance(ex, str) and _EXACT.fullmatch(ex), f"{where}: exact {ex!r} is not 'n/d'"
    f = Fraction(ex)
    v = prob["value"]
    assert isinstance(v, (int, float)) and not isinstance(v, bool), f"{where}: value {v!r}"
    assert abs(v - float(f)) <= 1e-12 * max(1.0, abs(float(f))), f"{where}: value {v} vs exact {ex}"
    return f


def as_float(prob: object, where: str = "") -> float:
    """Value of a probability object whose exact part may be null; if the exact
    part is given it must agree with the value."""
    assert isinstance(prob, dict) and "value" in prob and "exact" in prob, f"{where}: {prob!r}"
    if prob["exact"] is not None:
        as_fraction(prob, where)
    return float(prob["value"])


class Tally:
    """Counts the brute-force comparisons a test module makes."""

    total = 0

    def __init__(self, name: str) -> None:
        self.name = name
        self.n = 0

    def eq(self, prob: object, expected: Fraction, where: str = "") -> None:
        got = as_fraction(prob, where)
        self.n += 1
        Tally.total += 1
        assert got == expected, (f"{where}: got {got} ({float(got):.9f}), "
                                 f"expected {expected} ({float(expected):.9f})")

    def same(self, got: object, expected: object, where: str = "") -> None:
        """A non-probability fact (dice, TN, flags) compared to the reference."""
        self.n += 1
        Tally.total += 1
        assert got == expected, f"{where}: got {got!r}, expected {expected!r}"

    def dist(self, entries: list, key, expected: dict, where: str = "") -> None:
        """A list of {...key fields..., "p": prob} against {key: Fraction};
        zero-probability entries may be listed or left out."""
        assert isinstance(entries, list), f"{where}: not a list: {entries!r}"
        got: dict = {}
        for e in entries:
            k = key(e)
            assert k not in got, f"{where}: {k} listed twice"
            got[k] = as_fraction(e["p"], f"{where}[{k}]")
        got = {k: v for k, v in got.items() if v != 0}
        exp = {k: v for k, v in expected.items() if v != 0}
        self.n += max(1, len(exp))
        Tally.total += max(1, len(exp))
        assert got == exp, f"{where}: got {_show(got)}, expected {_show(exp)}"

    def report(self, capsys) -> None:
        with capsys.disabled():
            print(f"\n[{self.name}] brute force: {self.n} comparisons "
                  f"(all modules so far: {Tally.total})")


def _show(d: dict) -> str:
    return "{" + ", ".join(f"{k}: {v}" for k, v in sorted(d.items())) + "}"
