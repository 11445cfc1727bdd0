"""Absorbing Markov chains in exact arithmetic."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from fractions import Fraction
from typing import TypeVar

S = TypeVar("S", bound=Hashable)


def expected_visits(start: S, moves: Mapping[S, Mapping[S, Fraction]]) -> dict[S, Fraction]:
    """Expected number of visits to each transient state, starting from ``start``.

    ``moves[s][t]`` is the probability of going from transient state ``s`` to
    transient state ``t``; whatever is missing from 1 is absorbed. Solves
    ``N = e_start + N Q`` by Gauss-Jordan elimination over fractions.

    >>> expected_visits("a", {"a": {"a": Fraction(1, 2)}})
    {'a': Fraction(2, 1)}
    >>> v = expected_visits("a", {"a": {"b": Fraction(1, 3)}, "b": {"b": Fraction(1, 3)}})
    >>> v["a"], v["b"]
    (Fraction(1, 1), Fraction(1, 2))
    """
    states = list(moves)
    index = {s: i for i, s in enumerate(states)}
    n = len(states)
    # Row i of the system: N_i - sum_j N_j Q[j][i] = [i == start]
    matrix = [[Fraction(int(i == j)) for j in range(n)] + [Fraction(int(states[i] == start))]
              for i in range(n)]
    for j, s in enumerate(states):
        for t, q in moves[s].items():
            matrix[index[t]][j] -= q
    for col in range(n):
        pivot = next((r for r in range(col, n) if matrix[r][col] != 0), None)
        if pivot is None:
            raise ZeroDivisionError("a state is never left: the chain does not absorb")
        matrix[col], matrix[pivot] = matrix[pivot], matrix[col]
        lead = matrix[col][col]
        matrix[col] = [x / lead for x in matrix[col]]
        for r in range(n):
            if r != col and matrix[r][col] != 0:
                factor = matrix[r][col]
                matrix[r] = [x - factor * y for x, y in zip(matrix[r], matrix[col], strict=True)]
    return {s: matrix[index[s]][n] for s in states}
