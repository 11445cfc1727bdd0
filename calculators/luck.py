""""How lucky was that?": after an opposed roll, how unusual the result was.

Two pools rolled against each other (a mechanic that declares
:class:`~calculators.mechanic.Opposed`: spotting, Close Assault's round as its inputs
set it) and the successes each side rolled: the chance of rolling at least as many
successes, and the chance of a difference at least as good, exact, with "1 in N"
and a word for it. The pools are the mechanic's own (``Opposed.pools``: after the
TN 7+ rule and Cover Dice), so the question is asked of the roll the calculator
describes.

Refusals name the field as the command line and the page name it: first whatever
:func:`~calculators.api.compute` refuses for the same inputs, naming the same field
(an assault no side can win), then the mechanic's own inputs where no dice are
rolled (spotting's ``distance``), then ``rolled`` (the two counts).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from .api import compute, door_json
from .dice import Pool, successes
from .errors import InputError, refused
from .opposed import differences
from .params import mechanic_name
from .printing import MINUS, fixed, pct
from .probability import prob
from .registry import BY_NAME

#: A chance of doing at least as well (or as badly) at most this: the word for it.
WORDS: tuple[tuple[Fraction, str, str], ...] = (
    (Fraction(1, 100), "an exceptionally lucky roll", "an exceptionally unlucky roll"),
    (Fraction(1, 20), "a very lucky roll", "a very unlucky roll"),
    (Fraction(1, 6), "a lucky roll", "an unlucky roll"),
    (Fraction(1, 3), "a good roll", "a poor roll"),
)
ORDINARY = "an ordinary roll"


def luck(mechanic: Any, params: Any = None, mine: Any = None, theirs: Any = None) -> dict[str, Any]:
    """How unusual it is to roll ``mine`` successes against ``theirs``.

    ``p_mine_at_least``: my side scores at least ``mine``; ``p_margin_at_least``: my
    successes less theirs is at least the difference rolled; ``one_in`` is
    1 / p_margin_at_least; ``p_margin_at_most`` the chance of doing as badly or worse.

    >>> r = luck("spotting", {"distance": 18}, 3, 0)
    >>> r["p_margin_at_least"]["exact"], r["one_in"], r["words"]
    ('1/16', 16.0, '1 in 16: a lucky roll')
    """
    found = BY_NAME[mechanic_name(mechanic)]
    if found.opposed is None:
        opposed = ", ".join(name for name, m in BY_NAME.items() if m.opposed)
        raise InputError("rolled", f"is for the opposed rolls ({opposed}); {found.name} rolls no "
                                   "pools against each other")
    given = {} if params is None else params
    compute(found.name, given)  # what the calculator refuses for these inputs, refused first, in its words
    me, them = found.opposed.pools(found.check(given))
    _count(mine, me, found.opposed.mine)
    _count(theirs, them, found.opposed.theirs)
    margin = mine - theirs
    ways = differences(me.dice, me.tn, them.dice, them.tn)  # index k: a difference of k - them.dice
    at = them.dice + margin
    total = 6 ** (me.dice + them.dice)
    mine_ways = successes(me.dice, me.tn)
    p_mine = Fraction(sum(mine_ways[mine:]), 6**me.dice)
    p_better = Fraction(sum(ways[at:]), total)
    p_worse = Fraction(sum(ways[:at + 1]), total)
    words = _words(p_better, p_worse)
    side, other = found.opposed.mine, found.opposed.theirs
    return {
        "mechanic": found.name,
        "pools": {"mine": {"dice": me.dice, "tn": me.tn}, "theirs": {"dice": them.dice, "tn": them.tn}},
        "sides": {"mine": side, "theirs": other},
        "rolled": {"mine": mine, "theirs": theirs},
        "p_mine_at_least": prob(p_mine),
        "p_margin_at_least": prob(p_better),
        "p_margin_at_most": prob(p_worse),
        "one_in": float(1 / p_better),
        "words": words,
        "explain": [
            f"{side} rolls {me}, {other} rolls {them}",
            f"{side} scores {mine} or more successes: {pct(prob(p_mine))} of rolls",
            f"{side}'s successes less {other}'s: {signed(margin)} or more in {pct(prob(p_better))} "
            f"of rolls ({how_often(p_better)}), {signed(margin)} or less in {pct(prob(p_worse))}",
        ],
    }


def luck_json(request: Any) -> str:
    """The browser's door to :func:`luck` (the engine's ``luck`` message): a JSON
    request of ``mechanic``, ``params``, ``mine`` and ``theirs`` in; ``{"result": ...}``
    or ``{"error": {"field", "message"}}`` out.

    >>> luck_json('{"mechanic": "spotting", "params": {"distance": 18}, "mine": 9, "theirs": 0}')
    '{"error": {"field": "rolled", "message": "the spotter rolls 4D at 4+: enter their successes from 0 to 4 (you entered 9)"}}'
    """
    return door_json(request, ("mechanic", "params", "mine", "theirs"),
                     lambda data: luck(data.get("mechanic"), data.get("params"), data.get("mine"), data.get("theirs")))


def luck_text(answer: dict[str, Any]) -> str:
    """A luck answer as ``--table`` prints it: the words, then how they were worked out.

    >>> print(luck_text(luck("spotting", {"distance": 18}, 3, 0)))
    How lucky was that? 1 in 16: a lucky roll
      the spotter rolls 4D at 4+, the owner rolls 3D at 4+
      the spotter scores 3 or more successes: 31.3% of rolls
      the spotter's successes less the owner's: +3 or more in 6.3% of rolls (1 in 16), +3 or less in 99.2%
    """
    return "\n".join([f"How lucky was that? {answer['words']}", *("  " + step for step in answer["explain"])])


def one_in_text(p: Fraction) -> str:
    """1 / ``p`` as "1 in N" writes it: one decimal below 10, whole above.

    >>> one_in_text(Fraction(11, 128)), one_in_text(Fraction(2, 3)), one_in_text(Fraction(1, 12345))
    ('12', '1.5', '12,345')
    """
    n = 1 / p
    if n < 10:
        return fixed(n, 1).removesuffix(".0")
    return f"{int(fixed(n, 0)):,}"


def signed(margin: int) -> str:
    """A difference of successes as a player writes it: "+2", "0", "−1".

    >>> signed(2), signed(0), signed(-1)
    ('+2', '0', '−1')
    """
    return f"+{margin}" if margin > 0 else "0" if margin == 0 else f"{MINUS}{-margin}"


def how_often(p: Fraction) -> str:
    """How often a roll does at least as well, in words: "1 in N", and where that
    would read "1 in 1", "every roll" (it is certain) or "nearly every roll".

    >>> how_often(Fraction(1, 16)), how_often(Fraction(1)), how_often(Fraction(24, 25))
    ('1 in 16', 'every roll', 'nearly every roll')
    """
    if p == 1:
        return "every roll"
    shown = one_in_text(p)
    return "nearly every roll" if shown == "1" else f"1 in {shown}"


def _words(p_better: Fraction, p_worse: Fraction) -> str:
    """"1 in N: a lucky roll" for a roll few better; for one few worse, how few; else
    how often a roll does at least as well ("Every roll does at least as well: an
    ordinary roll" where every roll does)."""
    for most, lucky, unlucky in WORDS:
        if p_better <= most:
            return f"1 in {one_in_text(p_better)}: {lucky}"
        if p_worse <= most:
            return f"{unlucky[0].upper()}{unlucky[1:]}: 1 in {one_in_text(p_worse)} do as badly"
    often = how_often(p_better)
    if often.startswith("1 in "):
        return f"{often}: {ORDINARY}"
    return f"{often[0].upper()}{often[1:]} does at least as well: {ORDINARY}"


def _count(count: Any, pool: Pool, side: str) -> None:
    """Refuse a count of successes that ``pool`` cannot roll, naming ``rolled``."""
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= pool.dice:
        raise InputError("rolled", refused(f"{side} rolls {pool}: enter their successes from 0 to "
                                           f"{pool.dice}", count))
