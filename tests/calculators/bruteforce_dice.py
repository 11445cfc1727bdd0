"""Brute-force reference, §1: every face of every die of a pool against its target
number, counted exactly (see bruteforce.py: written from the rules, not from the
``calculators`` package)."""

from __future__ import annotations

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


