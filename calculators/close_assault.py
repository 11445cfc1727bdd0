"""Close Assault, revised rules, solved as an exact absorbing chain.

A round is one roll of both pools. A win ends the assault; a draw fights again
from a state that remembers who has been suppressed and that the attacker's
order bonus (first round only) is spent. The draw loop has no bound, so the
expected number of times each round-state is fought comes from solving the
chain in fractions, never from cutting it off.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from typing import Any

from .dice import Pool, sum_of_d6
from .errors import InputError
from .inputs import COVER, COVER_DICE, _choice, _count, _dice, _flag
from .markov import expected_visits
from .mechanic import Chart, Details, Figure, Headline, Mechanic, Opposed
from .opposed import differences, draws_fewer_sixes, wins_fewer_sixes
from .probability import prob

BASE_TN = 4
# The Close Assault Table's TN modifiers.
ORDER_TN = -1  # the attacker's Close Assault order, first round only
FLANK_TN = -1
SUPPRESSED_TN = +1
CLASS_TN = +2  # a heavy weapon, gun, close support unit or tank destroyer
NO_AT_TN = +2  # no AT against armour: rolls FP
MOVE_PENALTY = {"single": 0, "double": 1, "triple": 2}  # dice lost for the attacker's move
COHESION = 3
SUPPRESSED_RULE = ("“Suppressed units cannot be ordered to Close Assault, but a Command Dice "
                   "can be used to remove the suppression before issuing a Close Assault order.”")

READINGS = (
    "Both sides start from 4+ and apply the Close Assault Table; a TN of 7+ loses one die and rolls 6+.",
    "The attacker always has a Close Assault order: -1 TN in the first round only. "
    "The flank or rear bonus, the multiple-move dice penalty and the +2 TN penalties apply in every round.",
    "The attacker cannot start the assault suppressed: a suppressed unit cannot be ordered to Close Assault.",
    "Round 'later' picks a fight up after a draw: no order bonus; each side suppressed as the draws left "
    "it (the attacker too); Disruption Points as before the assault (a draw inflicts none). The dice and "
    "TN shown for round 1 are then those of the round about to be fought, and the expected number of "
    "rounds counts from it.",
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
    """One round fought in one state, as counts of face sequences out of ``total``.

    ``att_margin[m - 1]`` counts the attacker winning by m (``def_margin`` likewise);
    ``att_wins_suppressed`` the attacker winning and ending suppressed (it rolled fewer
    6s than the loser, or was suppressed already); ``draws`` the draws, by the state
    the next round is fought in.
    """

    total: int
    att_margin: tuple[int, ...]
    def_margin: tuple[int, ...]
    att_wins_suppressed: int
    def_wins_suppressed: int
    draws: dict[State, int]


def play_round(state: State, att: Pool, dfn: Pool) -> Round:
    """Every way one round can end, exactly: only what the state needs is computed
    (a side already suppressed makes its count of 6s irrelevant).

    >>> r = play_round(State(True, False, False), Pool(1, 3), Pool(1, 4))
    >>> r.total, r.att_margin, r.def_margin, sum(r.draws.values())
    (36, (12,), (6,), 18)
    """
    diff = differences(att.dice, att.tn, dfn.dice, dfn.tn)  # attacker's successes minus defender's
    att_margin, def_margin = diff[dfn.dice + 1:], diff[dfn.dice - 1::-1] if dfn.dice else ()
    a, d = (att.dice, att.tn), (dfn.dice, dfn.tn)
    att_fewer = 0 if state.att_suppressed else draws_fewer_sixes(*a, *d)
    def_fewer = 0 if state.def_suppressed else draws_fewer_sixes(*d, *a)
    draws: dict[State, int] = {}
    for ways, att_s, def_s in ((att_fewer, True, state.def_suppressed),
                               (def_fewer, state.att_suppressed, True),
                               (diff[dfn.dice] - att_fewer - def_fewer, state.att_suppressed,
                                state.def_suppressed)):
        if ways:
            target = State(False, att_s, def_s)
            draws[target] = draws.get(target, 0) + ways
    return Round(
        total=6 ** (att.dice + dfn.dice),
        att_margin=att_margin,
        def_margin=def_margin,
        att_wins_suppressed=sum(att_margin) if state.att_suppressed else wins_fewer_sixes(*a, *d),
        def_wins_suppressed=sum(def_margin) if state.def_suppressed else wins_fewer_sixes(*d, *a),
        draws=draws,
    )


def pools(state: State, p: dict[str, Any]) -> tuple[Pool, Pool]:
    """Both sides' dice and TN in a round-state."""
    att_tn = (BASE_TN + SUPPRESSED_TN * state.att_suppressed + CLASS_TN * p["att_class_penalty"]
              + NO_AT_TN * p["att_no_at"] + ORDER_TN * state.first + FLANK_TN * p["att_flank"])
    def_tn = (BASE_TN + SUPPRESSED_TN * state.def_suppressed + CLASS_TN * p["def_class_penalty"]
              + NO_AT_TN * p["def_no_at"])
    att = Pool.resolve(p["att_dice"] - MOVE_PENALTY[p["att_move"]], att_tn)
    dfn = Pool.resolve(p["def_dice"] + COVER_DICE[p["def_cover"]], def_tn)
    return att, dfn


def _check(p: dict[str, Any]) -> None:
    if p["att_suppressed"] and p["start"] == "first":
        raise InputError("att_suppressed", "must be false: a suppressed unit cannot be ordered to "
                         "Close Assault (" + SUPPRESSED_RULE + ")")
    for side in ("att", "def"):
        dp, coh = p[f"{side}_disruption"], p[f"{side}_cohesion"]
        if dp >= coh:
            raise InputError(f"{side}_disruption", f"must be below {side}_cohesion ({coh}): a unit "
                             f"with {dp} Disruption Points is already Dispersed")


def start_state(p: dict[str, Any]) -> State:
    """The round the chain begins in: round 1, or (``start="later"``) a round after a draw."""
    if p["start"] == "later":
        return State(False, p["att_suppressed"], p["def_suppressed"])
    return State(True, False, p["def_suppressed"])


def round_pools(p: dict[str, Any]) -> tuple[Pool, Pool]:
    """The attacker's pool and the defender's in the round the inputs describe (the
    first, or with ``start="later"`` a round after a draw), the inputs checked as
    :func:`close_assault` checks them."""
    _check(p)
    return pools(start_state(p), p)


def _chain(p: dict[str, Any]) -> tuple[State, dict[State, Round], dict[State, dict[State, Fraction]]]:
    start = start_state(p)
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
        rnd = rounds[state] = play_round(state, att, dfn)
        moves[state] = {target: Fraction(ways, rnd.total) for target, ways in rnd.draws.items()}
        todo.extend(rnd.draws)
    return start, rounds, moves


def _weights(visits: dict[State, Fraction], rounds: dict[State, Round]) -> tuple[dict[State, int], int]:
    """Each state's expected visits over its round's total, as integers over one denominator.

    A result summed over the states is then one integer sum and one division, with
    the same exact value as summing the fractions.
    """
    per_way = {state: n / rounds[state].total for state, n in visits.items()}
    denominator = lcm(*(q.denominator for q in per_way.values()))
    return {state: q.numerator * (denominator // q.denominator)
            for state, q in per_way.items()}, denominator


def _forced_back(ways: dict[int, int], denominator: int, room: int) -> list[dict[str, Any]]:
    """Distance beyond the Fixed Move for a loser that is not Dispersed (+1D6″ per DP).

    ``ways[m] / denominator`` is P(the loser takes m Disruption Points).
    """
    taken = [m for m in ways if m < room]  # the others are Dispersed: removed, not Forced Back
    if not taken:
        return []
    top = max(taken)
    acc: dict[int, int] = {}
    for m in taken:
        scale = ways[m] * 6 ** (top - m)  # m dice over 6**m, brought to 6**top
        for inches, c in enumerate(sum_of_d6(m)):
            if c:
                acc[inches] = acc.get(inches, 0) + scale * c
    whole = denominator * 6**top
    return [{"inches": x, "p": prob(Fraction(v, whole))} for x, v in sorted(acc.items())]


def close_assault(**p: Any) -> dict[str, Any]:
    """Resolve a Close Assault exactly: who wins, by how much, and what follows.

    >>> r = close_assault(att_dice=6, att_flank=True, att_move="single", att_class_penalty=False,
    ...     att_no_at=False, att_disruption=0, att_cohesion=3, att_suppressed=False, def_dice=5,
    ...     def_suppressed=True, def_class_penalty=False, def_no_at=True, def_cover="none",
    ...     def_disruption=0, def_cohesion=3, start="first")
    >>> r["round1"]
    {'att_dice': 6, 'att_tn': 2, 'def_dice': 4, 'def_tn': 6}
    """
    _check(p)
    start, rounds, moves = _chain(p)
    visits = expected_visits(start, moves)
    weight, denominator = _weights(visits, rounds)

    att_ways: dict[int, int] = {}  # over ``denominator``: P(the attacker wins by m)
    def_ways: dict[int, int] = {}
    winner_suppressed = 0
    table = []
    for state, n in visits.items():
        rnd, w = rounds[state], weight[state]
        for ways, margins in ((rnd.att_margin, att_ways), (rnd.def_margin, def_ways)):
            for m, c in enumerate(ways, 1):
                if c:
                    margins[m] = margins.get(m, 0) + w * c
        winner_suppressed += w * (rnd.att_wins_suppressed + rnd.def_wins_suppressed)
        att, dfn = pools(state, p)
        stay = moves[state].get(state, Fraction(0))
        table.append({"when": state.label(), "att_dice": att.dice, "att_tn": att.tn,
                      "def_dice": dfn.dice, "def_tn": dfn.tn,
                      "p_reached": prob(n * (1 - stay)), "expected_times": prob(n),
                      "notes": [f"{who}: {note}" for who, pool in (("attacker", att), ("defender", dfn))
                                for note in pool.notes]})
    def_room = p["def_cohesion"] - p["def_disruption"]
    att_room = p["att_cohesion"] - p["att_disruption"]
    att1, def1 = pools(start, p)

    def share(ways: Iterable[int]) -> dict[str, Any]:
        return prob(Fraction(sum(ways), denominator))

    explain = [f"attacker: {BASE_TN}+ base{_modifiers(p, 'att', start)} → {att1}" + _notes(att1),
               f"defender: {BASE_TN}+ base{_modifiers(p, 'def', start)} → {def1}" + _notes(def1),
               "more successes wins; the loser takes the difference in Disruption Points",
               "a draw suppresses the side with fewer 6s, then both roll again (no order bonus)"]
    if not start.first:
        explain.insert(0, "starting in a round after a draw: no Close Assault order bonus")
    table.sort(key=lambda row: (row["when"] != "round 1", row["when"]))
    return {
        "mechanic": "close_assault",
        "p_attacker_wins": share(att_ways.values()),
        "p_defender_wins": share(def_ways.values()),
        "attacker_margin": [{"dp": m, "p": share((c,))} for m, c in sorted(att_ways.items())],
        "defender_margin": [{"dp": m, "p": share((c,))} for m, c in sorted(def_ways.items())],
        "p_defender_dispersed": share(c for m, c in att_ways.items() if m >= def_room),
        "p_attacker_dispersed": share(c for m, c in def_ways.items() if m >= att_room),
        "p_winner_suppressed": share((winner_suppressed,)),
        "expected_rounds": prob(sum(visits.values(), Fraction(0)), bounded=False),
        "round1": {"att_dice": att1.dice, "att_tn": att1.tn, "def_dice": def1.dice,
                   "def_tn": def1.tn},
        "rounds": table,
        "defender_forced_back": _forced_back(att_ways, denominator, def_room),
        "attacker_forced_back": _forced_back(def_ways, denominator, att_room),
        "explain": explain,
    }


def _modifiers(p: dict[str, Any], side: str, start: State) -> str:
    """The Close Assault Table lines that apply to one side in the first round computed,
    as the explain text shows them."""
    rows = [(start.first, f", {ORDER_TN:+d} Close Assault order (round 1)")] if side == "att" else []
    rows += [
        (side == "att" and p["att_flank"], f", {FLANK_TN:+d} flank/rear"),
        (side == "att" and start.att_suppressed, f", {SUPPRESSED_TN:+d} suppressed"),
        (side == "def" and start.def_suppressed, f", {SUPPRESSED_TN:+d} suppressed"),
        (p[f"{side}_class_penalty"], f", {CLASS_TN:+d} unit type"),
        (p[f"{side}_no_at"], f", {NO_AT_TN:+d} no AT"),
    ]
    if side == "att" and MOVE_PENALTY[p["att_move"]]:
        rows.append((True, f", -{MOVE_PENALTY[p['att_move']]}D {p['att_move']} move"))
    if side == "def" and COVER_DICE[p["def_cover"]]:
        rows.append((True, f", +{COVER_DICE[p['def_cover']]}D {p['def_cover']} cover"))
    return "".join(text for applies, text in rows if applies)


def _notes(pool: Pool) -> str:
    return (" (" + "; ".join(pool.notes) + ")") if pool.notes else ""


MECHANIC = Mechanic(
    name="close_assault",
    order=30,
    title="Close Assault",
    compute=close_assault,
    # "Shell it first?" takes some of these as they are (shell_then_assault.py).
    params=(
        _dice("att_dice", "Attacker's dice", help="FP or AT dice as the rules call for"),
        _flag("att_flank", "Flank or rear attack", help=f"{FLANK_TN:+d} TN"),
        _choice("att_move", "Attacker's move", tuple(MOVE_PENALTY), "single",
                help=f"double -{MOVE_PENALTY['double']}D, triple -{MOVE_PENALTY['triple']}D"),
        _flag("att_class_penalty", "Attacker is a heavy weapon, gun, close support unit or tank destroyer",
              help=f"{CLASS_TN:+d} TN"),
        _flag("att_no_at", "Attacker has no AT against armour", help=f"rolls FP at {NO_AT_TN:+d} TN"),
        _count("att_disruption", "Attacker's Disruption Points", 0, 9, 0,
               reads=("{} attacker's Disruption Point", "{} attacker's Disruption Points")),
        _count("att_cohesion", "Attacker's Cohesion", 1, 10, COHESION),
        _choice("start", "Round", ("first", "later"), "first",
                help="later: a round after a draw (no order bonus; the attacker may be suppressed)"),
        _flag("att_suppressed", "Attacker is suppressed",
              help=f"{SUPPRESSED_TN:+d} TN; round later only (a suppressed unit cannot be ordered to "
                   "Close Assault)"),
        _dice("def_dice", "Defender's dice", help="FP or AT dice as the rules call for",
              reads=("{} defender's die", "{} defender's dice")),
        _flag("def_suppressed", "Defender is suppressed", help=f"{SUPPRESSED_TN:+d} TN"),
        _flag("def_class_penalty", "Defender is a heavy weapon, gun, close support unit or tank destroyer",
              help=f"{CLASS_TN:+d} TN"),
        _flag("def_no_at", "Defender has no AT against armour", help=f"rolls FP at {NO_AT_TN:+d} TN"),
        _choice("def_cover", "Defender's cover", COVER, "none", help="+1/+2/+3D"),
        _count("def_disruption", "Defender's Disruption Points", 0, 9, 0,
               reads=("{} defender's Disruption Point", "{} defender's Disruption Points")),
        _count("def_cohesion", "Defender's Cohesion", 1, 10, COHESION),
    ),
    outputs={
        "p_attacker_wins": "chance the attacker wins the assault",
        "p_defender_wins": "chance the defender wins the assault",
        "attacker_margin": "when the attacker wins, the Disruption Points the defender takes: entries of dp, p",
        "defender_margin": "when the defender wins, the Disruption Points the attacker takes: entries of dp, p",
        "p_defender_dispersed": "chance the defender is Dispersed",
        "p_attacker_dispersed": "chance the attacker is Dispersed",
        "p_winner_suppressed": "chance the winner ends suppressed",
        "expected_rounds": "rounds fought, on average",
        "round1": "each side's roll in the first round: att_dice, att_tn, def_dice, def_tn",
        "rounds": "each kind of round that can be fought: when, each side's dice and tn, "
                  "p_reached, expected_times",
        "defender_forced_back": "how far the losing defender falls back: entries of inches, p",
        "attacker_forced_back": "how far the losing attacker falls back: entries of inches, p",
    },
    headline=Headline("p_attacker_wins", "Chance the attacker wins"),
    figures=(
        Figure("p_defender_wins", "Defender wins", "pct"),
        Figure("p_defender_dispersed", "Defender Dispersed", "pct"),
        Figure("p_attacker_dispersed", "Attacker Dispersed", "pct"),
        Figure("p_winner_suppressed", "Winner ends suppressed", "pct"),
        Figure("expected_rounds", "Rounds fought, on average", "num"),
    ),
    charts=(
        Chart("attacker_margin", "Attacker wins: Disruption Points the defender takes",
              label="{dp} DP", value="p", cumulative=True),
        Chart("defender_margin", "Defender wins: Disruption Points the attacker takes",
              label="{dp} DP", value="p", cumulative=True),
    ),
    details=Details("rounds", "Each side's dice and TN, round by round", (
        ("Round", "{when}"),
        ("Attacker", "{att_dice}D at {att_tn}+"),
        ("Defender", "{def_dice}D at {def_tn}+"),
        ("Chance this round is fought", "pct:p_reached"),
    )),
    readings=READINGS,
    opposed=Opposed(round_pools, mine="the attacker", theirs="the defender"),
)
