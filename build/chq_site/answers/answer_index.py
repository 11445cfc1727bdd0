"""What every answer table is made of (answers.py's and answer_groups.py's): a pool of
distinct values, the distinct answers (each a list of value slots), and the index
from each input class (or combination of classes) to its answer, ``width`` base-36
digits apiece (answers/answers.js reads it back)."""

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
        self.ids: dict[str, int] = {}
        self.index: list[int] = []

    def add(self, answer: Any) -> None:
        """The next entry's answer (None: none)."""
        seen = json.dumps(answer)
        if seen not in self.ids:
            self.ids[seen] = len(self.answers)
            self.answers.append(answer)
        self.index.append(self.ids[seen])

    def fields(self) -> dict[str, Any]:
        """The table's ``answers``, ``width`` and ``index``.

        >>> a = Answers(); a.add([1]); a.add(None); a.add([1]); a.fields()
        {'answers': [[1], None], 'width': 1, 'index': '010'}
        """
        width = 1
        while 36**width < len(self.answers):
            width += 1
        return {"answers": self.answers, "width": width,
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
