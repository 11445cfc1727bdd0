"""Pools of six-sided dice rolled against a target number, and the counts of what they roll.

Every distribution here is a table of integer counts over ``6**n`` face
sequences, so sums and comparisons stay exact; :class:`~fractions.Fraction`
appears only when a count is divided by its total.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import accumulate, repeat
from math import comb
from operator import add, mul

MIN_TN = 2
MAX_TN = 6


@dataclass(frozen=True)
class Pool:
    """Dice actually rolled and the TN they need, after the rules' limits
    (a TN of 7+ loses one die and rolls 6+; a TN better than 2+ rolls 2+).

    >>> Pool.resolve(5, 7)
    Pool(dice=4, tn=6, notes=('TN 7+: one die lost, rolls at 6+',))
    >>> Pool.resolve(3, 1).tn
    2
    """

    dice: int
    tn: int
    notes: tuple[str, ...] = ()

    @classmethod
    def resolve(cls, dice: int, tn: int) -> Pool:
        """Apply the limits: TN 7 or worse costs one die and becomes 6+;
        a TN better than 2+ is 2+; a pool never goes below 0 dice."""
        notes = []
        dice = max(0, dice)
        if tn > MAX_TN:
            dice = max(0, dice - 1)
            notes.append(f"TN {tn}+: one die lost, rolls at 6+")
            tn = MAX_TN
        elif tn < MIN_TN:
            notes.append(f"TN {tn}+ cannot be better than 2+ (a 1 always fails): rolls at 2+")
            tn = MIN_TN
        return cls(dice, tn, tuple(notes))

    def __str__(self) -> str:
        return f"{self.dice}D at {self.tn}+"


@lru_cache(maxsize=512)
def successes(dice: int, tn: int) -> tuple[int, ...]:
    """Counts of face sequences by number of successes (index = successes).

    >>> successes(2, 4)   # 36 sequences: 9 with none, 18 with one, 9 with two
    (9, 18, 9)
    """
    hit = 7 - tn
    miss = 6 - hit
    return tuple(comb(dice, k) * hit**k * miss ** (dice - k) for k in range(dice + 1))


def _one_face_splits(others: int, top: int) -> list[list[int]]:
    """``rows[k][j]`` = C(k, j) * others**(k - j): ways for k dice, each showing one
    particular face or one of ``others`` faces, to show that face j times (k = 0..top).

    >>> _one_face_splits(2, 2)
    [[1], [2, 1], [4, 4, 1]]
    """
    rows = [[1]]
    for _ in range(top):
        last = rows[-1]
        rows.append(list(map(add, map(mul, [*last, 0], repeat(others)), [0, *last])))
    return rows


@lru_cache(maxsize=128)
def successes_sixes(dice: int, tn: int) -> tuple[tuple[int, ...], ...]:
    """Counts by (successes, sixes): ``table[s][x]`` for x = 0..s (no more sixes
    than successes, so row s has s + 1 entries).

    A six always succeeds (TN is at most 6+); the other successes show
    ``tn..5``.

    >>> successes_sixes(1, 4)
    ((3,), (2, 1))
    """
    plain = MAX_TN - tn  # successful faces other than the six
    miss = tn - 1
    return tuple(
        # which dice succeed, the failures' faces, then which successes are sixes
        tuple(map(mul, split, repeat(comb(dice, s) * miss ** (dice - s))))
        for s, split in enumerate(_one_face_splits(plain, dice))
    )


@lru_cache(maxsize=128)
def successes_fumbles(dice: int, tn: int) -> tuple[tuple[int, int], ...]:
    """Counts by successes, split by whether the pool rolled more 1s than 6s:
    ``table[s] = (more 1s than 6s, not)``. The part of the joint distribution of
    successes, 1s and 6s that spotting Hidden Units needs, without listing all of it.

    >>> successes_fumbles(1, 4)   # a 1 fumbles; 2-3 miss; 4-5 succeed; a 6 succeeds
    ((1, 2), (0, 3))
    """
    plain = MAX_TN - tn  # successful faces other than the six
    other = tn - 2  # failing faces other than the 1
    sixes = _one_face_splits(plain, dice)  # [s][x]: s successes, x of them sixes
    # [f][x]: f failures with more than x ones, for x = 0..f
    more_ones = [(*reversed(tuple(accumulate(reversed(row[1:])))), 0)
                 for row in _one_face_splits(other, dice)]
    table = []
    for s, (total, split) in enumerate(zip(successes(dice, tn), sixes, strict=True)):
        fumbled = comb(dice, s) * sum(map(mul, split, more_ones[dice - s]))
        table.append((fumbled, total - fumbled))
    return tuple(table)


def p_more(a: Pool, b: Pool, *, ties_to_a: bool = False) -> Fraction:
    """P(pool ``a`` rolls more successes than pool ``b``) (or at least as many).

    >>> p_more(Pool(1, 4), Pool(1, 4))
    Fraction(1, 4)
    >>> p_more(Pool(1, 4), Pool(1, 4), ties_to_a=True)
    Fraction(3, 4)
    """
    sa, sb = successes(a.dice, a.tn), successes(b.dice, b.tn)
    below = 0  # running count of b's outcomes under the threshold
    cumulative = []
    for count in sb:
        below += count
        cumulative.append(below)
    favourable = 0
    for k, count in enumerate(sa):
        limit = k if ties_to_a else k - 1
        if limit >= 0:
            favourable += count * cumulative[min(limit, len(cumulative) - 1)]
    return Fraction(favourable, 6 ** (a.dice + b.dice))


@lru_cache(maxsize=64)
def sum_of_d6(dice: int) -> tuple[int, ...]:
    """Counts of face sequences by total of ``dice`` six-sided dice (index = total).

    >>> sum_of_d6(2)[7]
    6
    """
    counts = [1]
    for _ in range(dice):
        nxt = [0] * (len(counts) + 6)
        for total, c in enumerate(counts):
            if c:
                for face in range(1, 7):
                    nxt[total + face] += c
        counts = nxt
    return tuple(counts)
