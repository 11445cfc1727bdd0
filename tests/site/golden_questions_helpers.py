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
# A bare number above 1 and at most 100 is a percentage ("80", "50", "1.5", "100").
TARGETS = ("0.8", "80%", " 80 % ", ".8", "8e-1", "4/5", "1", "100%", "0.825", "82.5%", "1/3", "0.0001",
           "0", "0%", "1.5", "150%", "-0.8", "80", "", "abc", "0.8.1", "1e400", "1/0", "x" * 41,
           "50", "1/2", "100", "100.0", "101", "100.5", "1e2", "8e1", "400/5", "99.99", " 50 ", "0.5%", "-80")
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
    # each way a chance moves, in each input's own unit
    ("close_assault", {"att_dice": 6, "def_dice": 5}, "def_dice", "80"),
    ("close_assault", {"att_dice": 6, "def_dice": 5, "start": "later", "att_cohesion": 4}, "def_disruption", "50"),
    ("spotting", {"distance": 30, "cover": "heavy", "suppressed": True, "chain_dice": 2, "target": "hidden",
                  "spotter_dice": 3}, "owner_dice", "0.232"),
    ("spotting", {"distance": 3}, "chain_dice", "0.8"),
    ("rally", {"disruption": 3}, "disruption", "0.1"),
    ("shell_then_assault", {"variant": "combat-hq"}, "units", "0.8"),
    ("shell_then_assault", {"variant": "armour-battles"}, "suppressions", "0.8"),
    ("shell_then_assault", {"variant": "combat-hq", "hit_faces": 4, "suppressions": 4, "units": 2, "att_dice": 5,
                            "att_flank": True, "att_class_penalty": True, "def_dice": 2, "def_no_at": True,
                            "def_cover": "heavy"}, "fire_dice", "0.9"),
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
    ("spotting", {"distance": 40, "spotter_dice": 1, "owner_dice": 0}, 0, 0),  # every roll does as well
    ("spotting", {"distance": 9, "spotter_dice": 0, "owner_dice": 5}, 0, 4),  # nearly every roll
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
        # Each point's chance as the panel reads it: its exact fraction, else its float
        # (the artillery geometry's); a refusal's words are not read.
        points = [{"value": p["value"], "p": p["p"] and ({"exact": p["p"]["exact"]} if p["p"]["exact"] else p["p"])}
                  for p in answer["points"]]
        sweeps.append({"mechanic": mechanic, "over": over, "current": current, "span": [first, last], "target": target,
                       "count": count, "points": points,
                       **{key: answer[key] for key in ("direction", "fewest", "most", "reaching", "words")}})
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
    counts = {mechanic: questions_spec(mechanic)["counts"] for mechanic in BY_NAME}
    return {"targets": targets, "sweeps": sweeps, "rolls": rolls, "counts": counts}
