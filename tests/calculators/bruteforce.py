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
"""

from __future__ import annotations

import math
import re
from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import product

FACES = range(1, 7)
COVER_DICE = {"none": 0, "light": 1, "medium": 2, "heavy": 3}


# ---------------------------------------------------------------------------
# §1 dice and target numbers
# ---------------------------------------------------------------------------

def limit_tn(dice: int, tn: int) -> tuple[int, int]:
    """Apply §1's limits to a pool: TN below 2 is 2; TN 7 or more costs exactly
    one die and becomes 6.  A pool never goes below 0 dice."""
    dice = max(0, dice)
    if tn < 2:
        tn = 2
    if tn >= 7:
        dice = max(0, dice - 1)
        tn = 6
    return dice, tn


@cache
def pool(n: int, tn: int) -> dict[tuple[int, int, int], Fraction]:
    """Joint distribution of (successes, sixes, ones) for n dice at tn+,
    by listing every one of the 6**n face combinations."""
    assert 0 <= n <= 15 and 2 <= tn <= 6
    # each face is written as one number: successes + 16 * sixes + 256 * ones;
    # adding those numbers over the dice of one combination adds the three
    # counts separately (each count is at most 15, so no digit overflows).
    code = {f: (1 if f >= tn else 0) + 16 * (1 if f == 6 else 0) + 256 * (1 if f == 1 else 0)
            for f in FACES}
    summed: Counter[int] = Counter(map(sum, product([code[f] for f in FACES], repeat=n)))
    counts: Counter[tuple[int, int, int]] = Counter()
    for c, k in summed.items():
        counts[(c % 16, (c // 16) % 16, c // 256)] += k
    total = 6**n
    assert sum(counts.values()) == total
    return {k: Fraction(v, total) for k, v in counts.items()}


@cache
def successes(n: int, tn: int) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for (s, _six, _one), p in pool(n, tn).items():
        out[s] = out.get(s, Fraction(0)) + p
    return out


@cache
def successes_sixes(n: int, tn: int) -> dict[tuple[int, int], Fraction]:
    out: dict[tuple[int, int], Fraction] = {}
    for (s, six, _one), p in pool(n, tn).items():
        out[(s, six)] = out.get((s, six), Fraction(0)) + p
    return out


def p_more(n1: int, tn1: int, n2: int, tn2: int, ties_win: bool = False) -> Fraction:
    """P(pool 1 scores more successes than pool 2) (or >= with ties_win)."""
    total = Fraction(0)
    for a, pa in successes(n1, tn1).items():
        for b, pb in successes(n2, tn2).items():
            if a > b or (ties_win and a == b):
                total += pa * pb
    return total


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
# §4 artillery, geometry (numerical, rigorous error bound)
# ---------------------------------------------------------------------------

def _bisect(g, lo: float, hi: float) -> float:
    """The crossing of a monotone function g on [lo, hi] (g(lo), g(hi) of
    opposite signs, or zero), to full double precision."""
    glo = g(lo)
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if mid in (lo, hi):
            break
        gm = g(mid)
        if (gm <= 0) == (glo <= 0):
            lo, glo = mid, gm
        else:
            hi = mid
    return 0.5 * (lo + hi)


def _threshold_interval(h, level: float, increasing: bool) -> tuple[float, float]:
    """The set of theta in [0, pi/2] where h(theta) <= level, for h monotone on
    [0, pi/2] (increasing or decreasing), as an interval (lo, hi) (empty when
    lo > hi).  The crossing is found by bisection."""
    q = math.pi / 2
    h0, h1 = h(0.0), h(q)
    if increasing:
        if h0 > level:
            return (1.0, 0.0)
        if h1 <= level:
            return (0.0, q)
        return (0.0, _bisect(lambda t: h(t) - level, 0.0, q))
    if h1 > level:
        return (1.0, 0.0)
    if h0 <= level:
        return (0.0, q)
    return (_bisect(lambda t: h(t) - level, 0.0, q), q)


def _intersect(*ivs: tuple[float, float]) -> tuple[float, float]:
    return (max(i[0] for i in ivs), min(i[1] for i in ivs))


def _union_measure(ivs: list[tuple[float, float]]) -> float:
    ivs = sorted(i for i in ivs if i[0] < i[1])
    total = 0.0
    cur_lo = cur_hi = None
    for lo, hi in ivs:
        if cur_hi is None or lo > cur_hi:
            if cur_hi is not None:
                total += cur_hi - cur_lo
            cur_lo, cur_hi = lo, hi
        else:
            cur_hi = max(cur_hi, hi)
    if cur_hi is not None:
        total += cur_hi - cur_lo
    return total


def quadrant_sets(r: float, a: float, b: float, radius: float | None):
    """Intervals of theta in [0, pi/2] (first quadrant; the Blind and the
    rounded Blind are symmetric in both axes, and the aim point is the centre)
    where the point (r cos t, r sin t) is on the rectangle [-a, a] x [-b, b],
    and where it is within `radius` of it."""
    def x(t: float) -> float:  # decreasing on [0, pi/2]
        return r * math.cos(t)

    def y(t: float) -> float:  # increasing on [0, pi/2]
        return r * math.sin(t)

    on = [_intersect(_threshold_interval(x, a, False), _threshold_interval(y, b, True))]
    if radius is None:
        return on, None
    R = radius
    # within R of the rectangle = the union of three pieces (a stadium-like
    # rounded rectangle): the rectangle widened by R in x, widened by R in y,
    # and the disc of radius R about the corner (a, b).
    wide_x = _intersect(_threshold_interval(x, a + R, False), _threshold_interval(y, b, True))
    wide_y = _intersect(_threshold_interval(x, a, False), _threshold_interval(y, b + R, True))
    # corner disc: squared distance to (a, b) along the circle depends on t
    # only through cos(t - phi), phi = atan2(b, a); it increases with |t - phi|.
    phi = math.atan2(b, a)

    def dist2(u: float) -> float:
        return (r * math.cos(phi + u) - a) ** 2 + (r * math.sin(phi + u) - b) ** 2

    if dist2(0.0) > R * R:
        corner = (1.0, 0.0)
    elif dist2(math.pi) <= R * R:
        corner = (0.0, math.pi / 2)
    else:
        alpha = _bisect(lambda u: dist2(u) - R * R, 0.0, math.pi)
        corner = _intersect((phi - alpha, phi + alpha), (0.0, math.pi / 2))
    return on, [wide_x, wide_y, corner]


@cache
def landing_fractions(r: float, width: float, depth: float,
                      radius: float | None) -> tuple[float, float]:
    """(P on the Blind, P within `radius` of the Blind) for a point at distance r
    in a uniform direction from the Blind's centre: measure of the crossing
    intervals in one quadrant, over pi/2."""
    on, near = quadrant_sets(r, width / 2, depth / 2, radius)
    p_on = _union_measure(on) / (math.pi / 2)
    p_near = p_on if near is None else _union_measure(near) / (math.pi / 2)
    return p_on, p_near


def lipschitz_fraction(r: float, f, tol: float = 1e-14,
                       max_steps: int = 2_000_000) -> tuple[float, float]:
    """A second, independent integrator (full circle, no symmetry used):
    fraction of theta in [0, 2 pi) with f(r cos t, r sin t) <= 0, for f
    1-Lipschitz in the point (so r-Lipschitz in t).  An interval whose midpoint
    value exceeds r * half-width in magnitude has one sign throughout.  Returns
    (fraction, error bound).  Slow near tangencies: use it on sizes without."""
    inside = 0.0
    undecided = 0.0
    stack = [(0.0, 2 * math.pi)]
    steps = 0
    while stack:
        steps += 1
        if steps > max_steps:
            raise RuntimeError("lipschitz_fraction: too many steps (tangency?)")
        lo, hi = stack.pop()
        mid = 0.5 * (lo + hi)
        half = 0.5 * (hi - lo)
        v = f(r * math.cos(mid), r * math.sin(mid))
        if abs(v) > r * half * (1 + 1e-9) + 1e-15:
            if v <= 0:
                inside += hi - lo
            continue
        if hi - lo < tol:
            undecided += hi - lo
            inside += 0.5 * (hi - lo)
            continue
        stack.append((lo, mid))
        stack.append((mid, hi))
    return inside / (2 * math.pi), undecided / (2 * math.pi)


def rect_excess(a: float, b: float):
    """f(x, y) <= 0 iff on the closed rectangle [-a, a] x [-b, b]; 1-Lipschitz."""
    return lambda x, y: max(abs(x) - a, abs(y) - b)


def rect_distance_minus(a: float, b: float, R: float):
    """Euclidean distance to the rectangle minus R; 1-Lipschitz."""
    return lambda x, y: math.hypot(max(0.0, abs(x) - a), max(0.0, abs(y) - b)) - R


def artillery_geometry(variant: str, hit_faces: int, width: float, depth: float,
                       radius: float) -> tuple[float, float, float]:
    """(p_full, p_partial, p_miss) by averaging the landing fractions over the
    six distance faces."""
    p_hit = hit_faces / 6
    full = 0.0
    near = 0.0
    for d in FACES:
        if variant == "armour-battles":
            on, nr = landing_fractions(float(d), width, depth, None)
        else:
            on, nr = landing_fractions(float(d + 3), width, depth, float(radius))
        full += on / 6
        near += nr / 6
    p_full = p_hit + (1 - p_hit) * full
    p_partial = (1 - p_hit) * (near - full)
    return p_full, p_partial, 1 - p_full - p_partial


# ---------------------------------------------------------------------------
# §5 close assault
# ---------------------------------------------------------------------------

MOVE_PENALTY = {"single": 0, "double": 1, "triple": 2}


def assault_pools(params: dict, first_round: bool, att_supp: bool,
                  def_supp: bool) -> tuple[int, int, int, int]:
    """(att_dice, att_tn, def_dice, def_tn) for one round."""
    g = params.get
    att_tn = 4
    if first_round:
        att_tn -= 1
    if g("att_flank", False):
        att_tn -= 1
    if att_supp:
        att_tn += 1
    if g("att_class_penalty", False):
        att_tn += 2
    if g("att_no_at", False):
        att_tn += 2
    att_dice = params["att_dice"] - MOVE_PENALTY[g("att_move", "single")]
    def_tn = 4
    if def_supp:
        def_tn += 1
    if g("def_class_penalty", False):
        def_tn += 2
    if g("def_no_at", False):
        def_tn += 2
    def_dice = params["def_dice"] + COVER_DICE[g("def_cover", "none")]
    ad, at = limit_tn(att_dice, att_tn)
    dd, dt = limit_tn(def_dice, def_tn)
    return ad, at, dd, dt


@cache
def one_round(ad: int, at: int, dd: int, dt: int):
    """Enumerate one round.  Returns (wins, draws):
    wins[(winner, margin, winner_fewer_sixes)] = p, winner in {"att", "def"};
    draws[(att_becomes_supp, def_becomes_supp)] = p  (fewer 6s -> suppressed)."""
    wins: dict[tuple[str, int, bool], Fraction] = {}
    draws: dict[tuple[bool, bool], Fraction] = {}
    for (a, a6), pa in successes_sixes(ad, at).items():
        for (d, d6), pd in successes_sixes(dd, dt).items():
            p = pa * pd
            if a > d:
                key = ("att", a - d, a6 < d6)
                wins[key] = wins.get(key, Fraction(0)) + p
            elif d > a:
                key = ("def", d - a, d6 < a6)
                wins[key] = wins.get(key, Fraction(0)) + p
            else:
                key2 = (a6 < d6, d6 < a6)
                draws[key2] = draws.get(key2, Fraction(0)) + p
    return wins, draws


class Unresolvable(Exception):
    """A reachable round where neither side can roll a success."""

    def __init__(self, state):
        super().__init__(f"reachable round with no possible success: {state}")
        self.state = state


class SuppressedAttacker(Exception):
    """Round 1 with a suppressed attacker: no such assault (it cannot be ordered)."""


def close_assault(params: dict) -> dict:
    """Exact close-assault outcome by hand-solving the draw loop.

    States: ("R1", False, def_supp0) for round 1, then ("L", sa, sd) for every
    later round.  Suppression is only ever added, so states can be visited in
    the order R1, L00, L01, L10, L11 (no transition goes backwards); the
    expected number of visits of a state is (probability of entering it) / (1 -
    its self-loop probability): the sum of the geometric series.

    ``start: "later"`` (§5, "Starting after a draw"): the chain begins in the
    later-round state ("L", att_suppressed, def_suppressed) instead of R1 (no
    order bonus there, by assault_pools); states before it in the order are
    never entered.  With ``start: "first"`` a suppressed attacker is refused."""
    att0 = bool(params.get("att_suppressed", False))
    def0 = bool(params.get("def_suppressed", False))
    later = params.get("start", "first") == "later"
    if att0 and not later:
        raise SuppressedAttacker(params)
    order = [("R1", False, def0), ("L", False, False), ("L", False, True),
             ("L", True, False), ("L", True, True)]
    first = ("L", att0, def0) if later else order[0]
    rounds = {}
    for st in order:
        ad, at, dd, dt = assault_pools(params, st[0] == "R1", st[1], st[2])
        wins, draws = one_round(ad, at, dd, dt)
        rounds[st] = (wins, draws, (ad, at, dd, dt))
    entering = {st: Fraction(0) for st in order}
    entering[first] = Fraction(1)
    visits: dict = {}
    for st in order:
        wins, draws, pools_ = rounds[st]
        if entering[st] == 0:
            visits[st] = Fraction(0)
            continue
        if pools_[0] == 0 and pools_[2] == 0:
            raise Unresolvable(st)
        # where a draw in this state leads to
        self_loop = Fraction(0)
        outflow: dict = {}
        for (att_new, def_new), p in draws.items():
            nxt = ("L", st[1] or att_new, st[2] or def_new)
            if nxt == st:
                self_loop += p
            else:
                outflow[nxt] = outflow.get(nxt, Fraction(0)) + p
        assert self_loop < 1
        visits[st] = entering[st] / (1 - self_loop)
        for nxt, p in outflow.items():
            assert order.index(nxt) > order.index(st)
            entering[nxt] += visits[st] * p
    att_margin: dict[int, Fraction] = {}
    def_margin: dict[int, Fraction] = {}
    p_winner_supp = Fraction(0)
    for st in order:
        n = visits[st]
        if n == 0:
            continue
        wins = rounds[st][0]
        for (winner, margin, fewer6), p in wins.items():
            q = n * p
            if winner == "att":
                att_margin[margin] = att_margin.get(margin, Fraction(0)) + q
                if fewer6 or st[1]:
                    p_winner_supp += q
            else:
                def_margin[margin] = def_margin.get(margin, Fraction(0)) + q
                if fewer6 or st[2]:
                    p_winner_supp += q
    p_att = sum(att_margin.values(), Fraction(0))
    p_def = sum(def_margin.values(), Fraction(0))
    assert p_att + p_def == 1
    g = params.get
    att_dp, att_coh = g("att_disruption", 0), g("att_cohesion", 3)
    def_dp, def_coh = g("def_disruption", 0), g("def_cohesion", 3)
    return {
        "p_attacker_wins": p_att,
        "p_defender_wins": p_def,
        "attacker_margin": att_margin,
        "defender_margin": def_margin,
        "p_defender_dispersed": sum((p for m, p in att_margin.items()
                                     if def_dp + m >= def_coh), Fraction(0)),
        "p_attacker_dispersed": sum((p for m, p in def_margin.items()
                                     if att_dp + m >= att_coh), Fraction(0)),
        "p_winner_suppressed": p_winner_supp,
        "expected_rounds": sum(visits.values(), Fraction(0)),
        "round1": dict(zip(("att_dice", "att_tn", "def_dice", "def_tn"),
                           rounds[first][2], strict=True)),
        "visits": visits,
    }


@cache
def sum_of_d6(k: int) -> dict[int, Fraction]:
    counts: Counter[int] = Counter(sum(faces) for faces in product(FACES, repeat=k))
    return {x: Fraction(c, 6**k) for x, c in counts.items()}


def forced_back(margin: dict[int, Fraction], disruption: int, cohesion: int) -> dict[int, Fraction]:
    """Distance beyond the Fixed Move that the loser is Forced Back: kD6 for k
    Disruption Points taken, when the loser is not Dispersed.  Unconditional
    (sums to P(this side loses and is not Dispersed))."""
    out: dict[int, Fraction] = {}
    for k, p in margin.items():
        if disruption + k >= cohesion:
            continue
        for x, q in sum_of_d6(k).items():
            out[x] = out.get(x, Fraction(0)) + p * q
    return out


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
