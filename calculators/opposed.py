"""Two pools of dice rolled against each other, counted exactly: by how many
successes one beats the other, and the ways each can win or draw with fewer 6s
(the Close Assault's rolls, :mod:`calculators.close_assault`).

Every count is of face sequences over ``6 ** (both pools' dice)``; each is cached
by the pools' dice and TN, so every round and every call that rolls them shares it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate, chain, zip_longest
from operator import add, mul

from .dice import successes, successes_sixes


@dataclass(frozen=True)
class Table:
    """One pool's counts of face sequences (over ``6**dice``), laid out for comparing pools.

    Counts by (successes s, sixes x) are kept *triangular*: row s lists x = 0..s, and
    the rows are laid end to end, so two pools' tables line up entry for entry and a
    sum over both is one dot product. ``flat``: s successes, x sixes.
    ``more_sixes``: s successes and more than x sixes (rows s = 0..dice).
    ``fewer_more``: fewer than s successes and more than x sixes (rows s = 0..dice + 1).
    ``rows``: ``flat`` row by row; ``all_more[x]``: more than x sixes.
    """

    flat: tuple[int, ...]
    more_sixes: tuple[int, ...]
    fewer_more: tuple[int, ...]
    rows: tuple[tuple[int, ...], ...]
    all_more: tuple[int, ...]


@lru_cache(maxsize=64)  # a 43-dice table holds ~150 kB; one call uses at most 5 tables
def pool_table(dice: int, tn: int) -> Table:
    """The counts of ``dice`` dice at ``tn``+, shared by every round and call that rolls them.

    >>> t = pool_table(1, 4)   # a miss (3 faces), a success without a six (2), a six (1)
    >>> t.flat, t.more_sixes, t.fewer_more, t.all_more
    ((3, 2, 1), (0, 1, 0), (0, 0, 0, 1, 0, 0), (1, 0, 0))
    """
    rows = successes_sixes(dice, tn)
    more_sixes: list[int] = []
    fewer_more: list[int] = []
    below: tuple[int, ...] = (0,)  # fewer than s successes, more than x sixes (x = 0..s)
    for row in rows:
        fewer_more += below
        beyond = (*reversed(tuple(accumulate(reversed(row[1:])))), 0)  # sixes > x, x = 0..s
        more_sixes += beyond
        below = (*map(add, below, beyond), 0)
    fewer_more += below  # row dice + 1: every roll has fewer successes
    return Table(
        flat=tuple(chain.from_iterable(rows)),
        more_sixes=tuple(more_sixes),
        fewer_more=tuple(fewer_more),
        rows=rows,
        all_more=below,
    )


def _dot(xs: Iterable[int], ys: Iterable[int]) -> int:
    """Sum of products, as far as the shorter runs."""
    return sum(map(mul, xs, ys))


@lru_cache(maxsize=256)
def wins_fewer_sixes(win_dice: int, win_tn: int, lose_dice: int, lose_tn: int) -> int:
    """Ways for the first pool to score more successes than the second with fewer 6s."""
    win, lose = pool_table(win_dice, win_tn), pool_table(lose_dice, lose_tn)
    ways = _dot(win.flat, lose.fewer_more)  # win's rows up to lose_dice + 1
    if win_dice > lose_dice + 1:  # higher rows: every roll of ``lose`` has fewer successes
        higher = map(sum, zip_longest(*win.rows[lose_dice + 2:], fillvalue=0))  # by sixes
        ways += _dot(higher, lose.all_more)
    return ways


@lru_cache(maxsize=256)
def draws_fewer_sixes(fewer_dice: int, fewer_tn: int, more_dice: int, more_tn: int) -> int:
    """Ways for two pools to score equal successes, the first with fewer 6s."""
    # equal successes: the triangular rows line up as far as the smaller pool
    return _dot(pool_table(fewer_dice, fewer_tn).flat, pool_table(more_dice, more_tn).more_sixes)


@lru_cache(maxsize=256)
def differences(att_dice: int, att_tn: int, def_dice: int, def_tn: int) -> tuple[int, ...]:
    """Ways for the attacker's successes to exceed the defender's by k, for
    k = -def_dice .. att_dice.

    One correlation of the two pools' counts, done as a single multiplication of two
    big integers (each list packed into fixed-width fields, the defender's reversed);
    no field can overflow into the next, because no entry exceeds 6 ** (all dice).

    >>> differences(1, 4, 1, 4)   # two dice at 4+: a - d = -1, 0, +1
    (9, 18, 9)
    """
    a, d = successes(att_dice, att_tn), successes(def_dice, def_tn)
    width = (6 ** (att_dice + def_dice)).bit_length() // 8 + 1

    def pack(counts: Iterable[int]) -> int:
        return int.from_bytes(b"".join(c.to_bytes(width, "little") for c in counts), "little")

    size = att_dice + def_dice + 1
    raw = (pack(a) * pack(reversed(d))).to_bytes(width * size, "little")
    return tuple(int.from_bytes(raw[k * width:(k + 1) * width], "little") for k in range(size))
