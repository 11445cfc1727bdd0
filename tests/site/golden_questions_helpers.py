"""Golden values of the two questions after the odds (chq_site.questions; the page's
need-logic.js and luck-logic.js compute them again under Node: tests/js/need.test.mjs,
luck.test.mjs): targets read, the span a panel sweeps, sweeps' fewest and words, and
luck's answers, each from calculators.sweep and calculators.luck themselves."""

from __future__ import annotations

from typing import Any

from chq_site.questions.questions import questions_spec, span

from calculators import InputError, luck, sweep
from calculators.registry import BY_NAME
from calculators.sweep import read_target

# Texts a target field or a permalink's target= may hold.
TARGETS = ("0.8", "80%", " 80 % ", ".8", "8e-1", "4/5", "1", "100%", "0.825", "82.5%", "1/3", "0.0001",
           "0", "0%", "1.5", "150%", "-0.8", "80", "", "abc", "0.8.1", "1e400", "1/0", "x" * 41)
# Sweeps: mechanic, inputs, the input swept, target (the span is the page's).
SWEEPS = (
    ("close_assault", {"att_dice": 6, "def_dice": 5}, "att_dice", "0.8"),
    ("close_assault", {"att_dice": 2, "def_dice": 9}, "att_cohesion", "0.5"),
    ("supply", {"supply_dice": 15}, "supply_dice", "1"),
    ("spotting", {"distance": 18}, "chain_dice", "0.8"),
    ("spotting", {"distance": 30, "cover": "heavy"}, "chain_dice", "0.1"),
    ("spotting", {"distance": 18, "target": "hidden"}, "spotter_dice", "0.75"),
    ("supply", {"supply_dice": 3}, "supply_dice", "0.5"),
    ("rally", {"disruption": 2}, "disruption", "0.9"),
    ("artillery", {"variant": "armour-battles"}, "fire_dice", "0.8"),
    ("artillery", {"variant": "armour-battles"}, "hit_faces", "0.6"),
)
# Opposed rolls: mechanic, inputs, the counts rolled.
ROLLS = (
    ("close_assault", {"att_dice": 6, "def_dice": 5}, 5, 3),
    ("close_assault", {"att_dice": 6, "def_dice": 5}, 0, 5),
    ("close_assault", {"att_dice": 6, "def_dice": 5}, 6, 0),
    ("close_assault", {"att_dice": 12, "def_dice": 3, "def_cover": "heavy"}, 7, 2),
    ("spotting", {"distance": 18}, 3, 0),
    ("spotting", {"distance": 40, "cover": "light", "chain_dice": 2}, 1, 3),
    ("spotting", {"distance": 18}, 5, 0),
)


def questions_vectors() -> dict[str, Any]:
    targets = []
    for text in TARGETS:
        try:
            value = read_target(text)
            targets.append({"text": text, "exact": [str(value.numerator), str(value.denominator)]})
        except InputError as refused:
            targets.append({"text": text, "message": refused.message})
    sweeps = []
    for mechanic, params, over, target in SWEEPS:
        current = BY_NAME[mechanic].check(params)[over]
        first, last = span(mechanic, over, current)
        answer = sweep(mechanic, params, over, f"{first}..{last}", target)
        count = next(c for c in questions_spec(mechanic)["counts"] if c["name"] == over)
        sweeps.append({"mechanic": mechanic, "over": over, "current": current, "span": [first, last], "target": target, "count": count,
                       "points": answer["points"], "fewest": answer["fewest"], "words": answer["words"]})
    rolls = []
    for mechanic, params, mine, theirs in ROLLS:
        found = BY_NAME[mechanic]
        pools = found.opposed.pools(found.check(params))  # type: ignore[union-attr]
        try:
            answer: dict[str, Any] = {"result": luck(mechanic, params, mine, theirs)}
        except InputError as refused:
            answer = {"error": {"field": refused.field, "message": refused.message}}
        rolls.append({"mechanic": mechanic, "pools": [pools[0].dice, pools[0].tn, pools[1].dice, pools[1].tn],
                      "sides": questions_spec(mechanic)["opposed"], "mine": mine, "theirs": theirs, "answer": answer})
    return {"targets": targets, "sweeps": sweeps, "rolls": rolls}
