"""Close Assault, revised rules (RULES-MATH §5), solved as an exact absorbing chain.

A round is one roll of both pools. A win ends the assault; a draw fights again
from a state that remembers who has been suppressed and that the attacker's
order bonus (first round only) is spent. The draw loop has no bound, so the
expected number of times each round-state is fought comes from solving the
chain in fractions, never from cutting it off.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .dice import Pool, successes_sixes, sum_of_d6
from .errors import InputError
from .markov import expected_visits
from .params import COVER_DICE
from .probability import prob

BASE_TN = 4
MOVE_PENALTY = {"single": 0, "double": 1, "triple": 2}
SUPPRESSED_RULE = ("“Suppressed units cannot be ordered to Close Assault, but a Command Dice "
                   "can be used to remove the suppression before issuing a Close Assault order.”")

READINGS = (
    "Both sides start from 4+ and apply the Close Assault Table; a TN of 7+ loses one die and rolls 6+.",
    "The attacker always has a Close Assault order: -1 TN in the first round only. "
    "The flank or rear bonus, the multiple-move dice penalty and the +2 TN penalties apply in every round.",
    "The attacker cannot start suppressed: a suppressed unit cannot be ordered to Close Assault.",
    "A draw suppresses the side that rolled fewer 6s (once: it does not stack) and the sides fight again; "
    "the draw loop is solved exactly, however long it could run.",
    "The loser takes Disruption Points equal to the difference and is suppressed; it is Dispersed when its "
    "Disruption Points reach its Cohesion, otherwise Forced Back its Fixed Move +1D″ per Disruption Point taken.",
    "The winner is suppressed if it rolled fewer 6s than the loser in the deciding round, or was already "
    "suppressed (before or during the assault).",
    "The example's text says \"The Soviets roll 5D\"; the rule gives 4D, and the calculator follows the rule.",
)


@dataclass(frozen=True)
class State:
    """A round about to be fought: the first round, or a later one, with who is suppressed."""

    first: bool
    att_suppressed: bool
    def_suppressed: bool

    def label(self) -> str:
        if self.first:
            return "round 1"
        who = [side for side, flag in (("attacker", self.att_suppressed),
                                       ("defender", self.def_suppressed)) if flag]
        return "later rounds" + (", " + " and ".join(who) + " suppressed" if who else "")


@dataclass(frozen=True)
class Round:
    """Exact results of one round in one state (counts over ``6**dice``, as fractions)."""

    att_margin: dict[int, Fraction]
    def_margin: dict[int, Fraction]
    att_wins_fewer_sixes: Fraction
    def_wins_fewer_sixes: Fraction
    draw_att_fewer: Fraction
    draw_def_fewer: Fraction
    draw_even: Fraction


def _margins(win: tuple[tuple[int, ...], ...], lose: tuple[tuple[int, ...], ...],
             total: int) -> dict[int, Fraction]:
    w = [sum(row) for row in win]
    lo = [sum(row) for row in lose]
    out = {}
    for m in range(1, len(w)):
        ways = sum(w[s + m] * lo[s] for s in range(min(len(lo), len(w) - m)))
        if ways:
            out[m] = Fraction(ways, total)
    return out


def _wins_with_fewer_sixes(win: tuple[tuple[int, ...], ...], lose: tuple[tuple[int, ...], ...],
                           total: int) -> Fraction:
    """P(the first pool scores more successes AND rolls fewer 6s than the second)."""
    width = len(lose)  # the loser's sixes run 0..len(lose)-1
    # prefix[sa][x]: ways for ``win`` to score sa successes with fewer than x sixes
    prefix = []
    for row in win:
        running, cells = 0, []
        for x in range(width + 1):
            cells.append(running)
            if x < len(row):
                running += row[x]
        prefix.append(cells)
    # below[s][x]: the same summed over every sa > s
    below = [[0] * (width + 1) for _ in range(width)]
    acc = [0] * (width + 1)
    for s in range(len(win) - 1, -1, -1):
        if s < width:
            below[s] = acc[:]
        acc = [u + v for u, v in zip(acc, prefix[s], strict=True)]
    ways = sum(count * below[sd][xd] for sd, row in enumerate(lose) for xd, count in enumerate(row)
               if count)
    return Fraction(ways, total)


def play_round(att: Pool, dfn: Pool) -> Round:
    """Every way one round can end, exactly."""
    a, d = successes_sixes(att.dice, att.tn), successes_sixes(dfn.dice, dfn.tn)
    total = 6 ** (att.dice + dfn.dice)
    fewer = more = even = 0
    for s in range(min(len(a), len(d))):
        ra, rd = a[s], d[s]
        running = 0  # ways for the defender to roll fewer than x sixes
        prefix = []
        for count in rd:
            prefix.append(running)
            running += count
        for xa, ca in enumerate(ra):
            if not ca:
                continue
            less = prefix[xa] if xa < len(prefix) else running
            equal = rd[xa] if xa < len(rd) else 0
            more += ca * less                       # defender rolled fewer 6s
            even += ca * equal
            fewer += ca * (running - less - equal)  # attacker rolled fewer 6s
    return Round(
        att_margin=_margins(a, d, total),
        def_margin=_margins(d, a, total),
        att_wins_fewer_sixes=_wins_with_fewer_sixes(a, d, total),
        def_wins_fewer_sixes=_wins_with_fewer_sixes(d, a, total),
        draw_att_fewer=Fraction(fewer, total),
        draw_def_fewer=Fraction(more, total),
        draw_even=Fraction(even, total),
    )


def pools(state: State, p: dict[str, Any]) -> tuple[Pool, Pool]:
    """Both sides' dice and TN in a round-state."""
    att_tn = (BASE_TN + state.att_suppressed + 2 * p["att_class_penalty"] + 2 * p["att_no_at"]
              - state.first - p["att_flank"])
    def_tn = BASE_TN + state.def_suppressed + 2 * p["def_class_penalty"] + 2 * p["def_no_at"]
    att = Pool.resolve(p["att_dice"] - MOVE_PENALTY[p["att_move"]], att_tn)
    dfn = Pool.resolve(p["def_dice"] + COVER_DICE[p["def_cover"]], def_tn)
    return att, dfn


def _check(p: dict[str, Any]) -> None:
    if p["att_suppressed"]:
        raise InputError("att_suppressed", "must be false: a suppressed unit cannot be ordered to "
                         "Close Assault (" + SUPPRESSED_RULE + ")")
    for side in ("att", "def"):
        dp, coh = p[f"{side}_disruption"], p[f"{side}_cohesion"]
        if dp >= coh:
            raise InputError(f"{side}_disruption", f"must be below {side}_cohesion ({coh}): a unit "
                             f"with {dp} Disruption Points is already Dispersed")


def _chain(p: dict[str, Any]) -> tuple[State, dict[State, Round], dict[State, dict[State, Fraction]]]:
    start = State(True, False, p["def_suppressed"])
    rounds: dict[State, Round] = {}
    moves: dict[State, dict[State, Fraction]] = {}
    todo = [start]
    while todo:
        state = todo.pop()
        if state in rounds:
            continue
        att, dfn = pools(state, p)
        if att.dice == 0 and dfn.dice == 0:
            when = "in round 1" if state.first else f"in {state.label()} (after a draw)"
            raise InputError("att_dice", f"the assault could never end: {when} neither side can "
                             f"roll a success (attacker {att}, defender {dfn})")
        rnd = rounds[state] = play_round(att, dfn)
        nxt: dict[State, Fraction] = {}
        for q, att_s, def_s in ((rnd.draw_att_fewer, True, state.def_suppressed),
                                (rnd.draw_def_fewer, state.att_suppressed, True),
                                (rnd.draw_even, state.att_suppressed, state.def_suppressed)):
            if q:
                target = State(False, state.att_suppressed or att_s, state.def_suppressed or def_s)
                nxt[target] = nxt.get(target, Fraction(0)) + q
                todo.append(target)
        moves[state] = nxt
    return start, rounds, moves


def _forced_back(margins: dict[int, Fraction], room: int) -> list[dict[str, Any]]:
    """Distance beyond the Fixed Move for a loser that is not Dispersed (+1D6″ per DP)."""
    acc: dict[int, Fraction] = {}
    for m, q in margins.items():
        if m >= room:
            continue  # Dispersed: removed, not Forced Back
        counts = sum_of_d6(m)
        for inches, c in enumerate(counts):
            if c:
                acc[inches] = acc.get(inches, Fraction(0)) + q * Fraction(c, 6**m)
    return [{"inches": x, "p": prob(q)} for x, q in sorted(acc.items())]


def close_assault(**p: Any) -> dict[str, Any]:
    """Resolve a Close Assault exactly: who wins, by how much, and what follows.

    >>> r = close_assault(att_dice=6, att_flank=True, att_move="single", att_class_penalty=False,
    ...     att_no_at=False, att_disruption=0, att_cohesion=3, att_suppressed=False, def_dice=5,
    ...     def_suppressed=True, def_class_penalty=False, def_no_at=True, def_cover="none",
    ...     def_disruption=0, def_cohesion=3)
    >>> r["round1"]
    {'att_dice': 6, 'att_tn': 2, 'def_dice': 4, 'def_tn': 6}
    """
    _check(p)
    start, rounds, moves = _chain(p)
    visits = expected_visits(start, moves)

    att_margin: dict[int, Fraction] = {}
    def_margin: dict[int, Fraction] = {}
    winner_suppressed = Fraction(0)
    table = []
    for state, n in visits.items():
        rnd = rounds[state]
        for m, q in rnd.att_margin.items():
            att_margin[m] = att_margin.get(m, Fraction(0)) + n * q
        for m, q in rnd.def_margin.items():
            def_margin[m] = def_margin.get(m, Fraction(0)) + n * q
        att_wins = sum(rnd.att_margin.values(), Fraction(0))
        def_wins = sum(rnd.def_margin.values(), Fraction(0))
        winner_suppressed += n * (att_wins if state.att_suppressed else rnd.att_wins_fewer_sixes)
        winner_suppressed += n * (def_wins if state.def_suppressed else rnd.def_wins_fewer_sixes)
        att, dfn = pools(state, p)
        stay = moves[state].get(state, Fraction(0))
        table.append({"when": state.label(), "att_dice": att.dice, "att_tn": att.tn,
                      "def_dice": dfn.dice, "def_tn": dfn.tn,
                      "p_reached": prob(n * (1 - stay)), "expected_times": prob(n)})
    p_att = sum(att_margin.values(), Fraction(0))
    p_def = sum(def_margin.values(), Fraction(0))
    def_room = p["def_cohesion"] - p["def_disruption"]
    att_room = p["att_cohesion"] - p["att_disruption"]
    att1, def1 = pools(start, p)

    explain = [f"attacker: 4+ base{_modifiers(p, 'att')} → {att1}" + _notes(att1),
               f"defender: 4+ base{_modifiers(p, 'def')} → {def1}" + _notes(def1),
               "more successes wins; the loser takes the difference in Disruption Points",
               "a draw suppresses the side with fewer 6s, then both roll again (no order bonus)"]
    table.sort(key=lambda row: (row["when"] != "round 1", row["when"]))
    return {
        "mechanic": "close_assault",
        "p_attacker_wins": prob(p_att),
        "p_defender_wins": prob(p_def),
        "attacker_margin": [{"dp": m, "p": prob(q)} for m, q in sorted(att_margin.items())],
        "defender_margin": [{"dp": m, "p": prob(q)} for m, q in sorted(def_margin.items())],
        "p_defender_dispersed": prob(sum((q for m, q in att_margin.items() if m >= def_room),
                                         Fraction(0))),
        "p_attacker_dispersed": prob(sum((q for m, q in def_margin.items() if m >= att_room),
                                         Fraction(0))),
        "p_winner_suppressed": prob(winner_suppressed),
        "expected_rounds": prob(sum(visits.values(), Fraction(0)), bounded=False),
        "round1": {"att_dice": att1.dice, "att_tn": att1.tn, "def_dice": def1.dice,
                   "def_tn": def1.tn},
        "rounds": table,
        "defender_forced_back": _forced_back(att_margin, def_room),
        "attacker_forced_back": _forced_back(def_margin, att_room),
        "explain": explain,
    }


def _modifiers(p: dict[str, Any], side: str) -> str:
    """The Close Assault Table lines that apply to one side, as the explain text shows them."""
    rows = [(True, ", -1 Close Assault order (round 1)")] if side == "att" else []
    rows += [
        (side == "att" and p["att_flank"], ", -1 flank/rear"),
        (side == "def" and p["def_suppressed"], ", +1 suppressed"),
        (p[f"{side}_class_penalty"], ", +2 unit type"),
        (p[f"{side}_no_at"], ", +2 no AT"),
    ]
    if side == "att" and MOVE_PENALTY[p["att_move"]]:
        rows.append((True, f", -{MOVE_PENALTY[p['att_move']]}D {p['att_move']} move"))
    if side == "def" and COVER_DICE[p["def_cover"]]:
        rows.append((True, f", +{COVER_DICE[p['def_cover']]}D {p['def_cover']} cover"))
    return "".join(text for applies, text in rows if applies)


def _notes(pool: Pool) -> str:
    return (" (" + "; ".join(pool.notes) + ")") if pool.notes else ""
