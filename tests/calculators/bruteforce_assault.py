"""Brute-force reference, §5 Close Assault: one round enumerated exhaustively, the
draw loop solved by hand as an absorbing chain (see bruteforce.py)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import product

from bruteforce_dice import COVER_DICE, FACES, limit_tn, successes_sixes

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


