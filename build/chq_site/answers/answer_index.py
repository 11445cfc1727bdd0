"""What every answer table is made of (answers.py's and answer_groups.py's): a pool of
distinct values, the distinct answers (each a list of value slots), beside each the
pools of its opposed roll for "How lucky was that?" (a value id, -1 for none; only
the opposed rolls' tables), and the index from each input class (or combination of
classes) to its answer, ``width`` base-36 digits apiece (answers/answers.js reads it
back)."""

from __future__ import annotations

import json
from typing import Any

DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


class Values:
    """The table's pool of distinct values; the same value is stored once."""

    def __init__(self) -> None:
        self.items: list[Any] = []
        self.ids: dict[str, int] = {}

    def add(self, item: Any) -> int:
        key = json.dumps(item, sort_keys=True)
        if key not in self.ids:
            self.ids[key] = len(self.items)
            self.items.append(item)
        return self.ids[key]


class Answers:
    """The distinct answers, in order of first use, and which one each entry has."""

    def __init__(self) -> None:
        self.answers: list[Any] = []
        self.pools: list[int] = []
        self.ids: dict[str, int] = {}
        self.index: list[int] = []

    def add(self, answer: Any, pools: int = -1) -> None:
        """The next entry's answer (None: none) and the value id of its opposed roll's
        pools (-1: none). Two entries with the same figures and different pools are two
        answers."""
        seen = json.dumps([answer, pools])
        if seen not in self.ids:
            self.ids[seen] = len(self.answers)
            self.answers.append(answer)
            self.pools.append(pools)
        self.index.append(self.ids[seen])

    def fields(self) -> dict[str, Any]:
        """The table's ``answers``, ``pools`` (when any entry has some), ``width`` and
        ``index``.

        >>> a = Answers(); a.add([1]); a.add(None); a.add([1]); a.fields()
        {'answers': [[1], None], 'width': 1, 'index': '010'}
        >>> a = Answers(); a.add([1], 0); a.add([1], 1); a.fields()
        {'answers': [[1], [1]], 'pools': [0, 1], 'width': 1, 'index': '01'}
        """
        width = 1
        while 36**width < len(self.answers):
            width += 1
        pools = {"pools": self.pools} if any(p >= 0 for p in self.pools) else {}
        return {"answers": self.answers, **pools, "width": width,
                "index": "".join(base36(i, width) for i in self.index)}


def base36(n: int, width: int) -> str:
    """``n`` in ``width`` base-36 digits.

    >>> base36(37, 2)
    '11'
    """
    out = ""
    for _ in range(width):
        n, digit = divmod(n, 36)
        out = DIGITS[digit] + out
    return out
