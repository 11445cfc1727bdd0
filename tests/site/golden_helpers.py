"""Golden values written from Python for what the page's modules compute again in
JavaScript (tests/site/test_golden_vectors.py writes and checks them; tests/js/*.test.mjs
reads them under Node): answer keys, headlines, permalink fragments written and read
back, and a number field's reading and refusals. Answer tables: golden_table_helpers.

Each topic is one file of tests/fixtures/golden/, one vector a line (``dump``); the
widget specs the page's functions take are in specs.json, as the build writes them.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

from chq_site.widget.permalinks import (
    PAGE_KEYS,
    address_fragment,
    answer_key,
    base_values,
    fragment_for,
    preset_values,
    read_field,
    read_fragment,
    start_values,
)
from chq_site.widget.presentation import PRESETS
from chq_site.widget.widgets import widget_spec

from calculators import MECHANICS, PARAMETERS, Param, compute
from calculators.labels import HEADLINE_RANGE, beside_text, ends_text, gain_text, headline_for
from calculators.params import TYPED

GOLDEN = Path(__file__).resolve().parents[1] / "fixtures" / "golden"
# What the page's functions read of a widget's spec.
SPEC_KEYS = ("mechanic", "params", "refusals", "start", "base", "headline", "presets")
# Numbers a field may hold: whole, halves, a sum with its binary tail, thirds, and
# ones Python writes in e-notation (1e-05) where JavaScript does not (0.00001).
NUMBERS = (0, 0.5, 3, 6, 12.0, 18, 18.5, 0.30000000000000004, 1 / 3, 7.25, 199.99, 200,
           1e-05, 2.5e-06, 0.0001, 0.00012, 1e-07)
# A fight's part of the address, and its keys (fight.js).
RIDER = "fight=da.a3&rules=0123abcd"
RIDER_KEYS = ("fight", "rules")
# "What do I need?"'s and "How lucky was that?"'s on spotting, whose target= is the
# panel's when a number, the input's when a word (permalinks.claimed).
QUESTION_KEYS = ("sweep", "target", "rolled")
TARGETS = ("target=hidden", "target=0.9&sweep=chain_dice", "target=80%25", "target=4/5&target=hidden",
           "target=hidden&target=hidden", "target=%201%20", "target=blind&rolled=3,1", "target=8e-1")


def dump(data: dict[str, Any]) -> str:
    """JSON, one vector a line: a diff shows the vectors that changed."""
    def compact(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))

    parts = []
    for key, value in data.items():
        if isinstance(value, list) and value:
            body = "[\n  " + ",\n  ".join(compact(v) for v in value) + "\n ]"
        elif isinstance(value, dict) and value:
            body = "{\n  " + ",\n  ".join(f"{compact(k)}: {compact(v)}" for k, v in value.items()) + "\n }"
        else:
            body = compact(value)
        parts.append(f" {compact(key)}: {body}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


def specs() -> dict[str, Any]:
    """Each calculator's widget spec, the parts the page's pure functions read."""
    out = {}
    for mechanic in MECHANICS:
        spec = widget_spec(mechanic, compact=False, start=start_values(mechanic), canonical="./")
        out[mechanic] = {key: spec[key] for key in SPEC_KEYS}
    return {"specs": out}


def draw(param: Param, rng: random.Random) -> Any:
    """A value the form can give ``param``."""
    if param.kind == "bool":
        return rng.choice([False, True])
    if param.kind == "choice":
        return rng.choice(param.choices)
    assert param.minimum is not None and param.maximum is not None
    if param.kind == "int":
        return rng.choice([int(param.minimum), int(param.maximum), rng.randint(int(param.minimum), int(param.maximum))])
    return rng.choice([x for x in NUMBERS if param.minimum <= x <= param.maximum])


def inputs(mechanic: str, count: int = 8) -> list[dict[str, Any]]:
    """Full sets of inputs: the starting ones, the defaults, every worked example, then
    ``count`` drawn (the same each run); each once."""
    rng = random.Random(f"golden {mechanic}")
    sets = [start_values(mechanic), base_values(mechanic),
            *(preset_values(mechanic, preset) for preset in PRESETS.get(mechanic, ())),
            *({p.name: draw(p, rng) for p in PARAMETERS[mechanic]} for _ in range(count))]
    return list({json.dumps(values): values for values in sets}.values())


def answer_keys() -> dict[str, Any]:
    """``chq_site.widget.permalinks.answer_key`` (answers.js ``answerKey``)."""
    return {"keys": [{"mechanic": m, "values": v, "key": answer_key(m, v)}
                     for m in MECHANICS for v in inputs(m)]}


def headlines() -> dict[str, Any]:
    """``calculators.labels.headline_for`` (headline.js ``headlineFor``): every case
    of every calculator's headline, and labels filled from numbers of each kind."""
    cases = [(m, v) for m in MECHANICS for v in inputs(m, 4)]
    cases += [("spotting", {**start_values("spotting"), "target": t}) for t in ("hidden", "blind")]
    cases += [("blind_move", {**start_values("blind_move"), "target": x}) for x in (*NUMBERS, 24.0)]
    cases += [("blind_move", {}), ("blind_move", {"target": None}), ("spotting", {"target": "hidden"})]
    return {"headlines": [{"mechanic": m, "inputs": v, "headline": headline_for(m, v)} for m, v in cases]}


def ranges() -> dict[str, Any]:
    """``calculators.labels`` ``ends_text`` and ``beside_text`` (range-words.js
    ``endsText``, ``besideText``): a range headline's words for each set of inputs of
    every calculator whose headline is a range, from ``compute()``'s figures (only the
    ones the words read), and the plan's gain in each form it can take."""
    cases = []
    for mechanic, spec in HEADLINE_RANGE.items():
        keys = (spec["low"], spec["high"], spec["beside"]["low"], spec["beside"]["high"])
        sets = [*inputs(mechanic, 12), {**start_values(mechanic), "units": 1},
                {**start_values(mechanic), "fire_dice": 0}]
        for values in sets:
            result = compute(mechanic, values)
            cases.append({"mechanic": mechanic, "result": {k: result[k] for k in keys},
                          "ends": ends_text(mechanic, result), "beside": beside_text(mechanic, result)})
    gains = [{"plan": "the fire", "low": low, "high": high, "text": gain_text("the fire", low, high)}
             for low, high in (("0.0", "0.0"), ("+1.2", "+3.7"), ("0.0", "+<0.1"), ("+2.0", "+2.0"),
                               ("\u22120.3", "+1.0"), ("\u2212<0.1", "\u2212<0.1"))]
    return {"ranges": cases, "gains": gains}


def fragments() -> dict[str, Any]:
    """What the page writes in its address for a full set of inputs: ``fragment_for``
    (permalink.js ``fragmentFor``), with every input too, and ``address_fragment``
    (``addressFragment``) with a pinned setup A's ``vs`` or a fight's ``rider``."""
    written = []
    for mechanic in MECHANICS:
        start = start_values(mechanic)  # the spec's start
        sets = inputs(mechanic, 5)
        for i, params in enumerate(sets):
            vs = fragment_for(mechanic, sets[i - 1]) if i % 2 else ""
            rider = RIDER if mechanic == "close_assault" and i % 3 == 0 else ""
            written.append({"mechanic": mechanic, "params": params, "fragment": fragment_for(mechanic, params),
                            "every": fragment_for(mechanic, params, every=True), "vs": vs, "rider": rider,
                            "address": address_fragment(mechanic, params, start, vs, rider)})
    return {"written": written}


# Fragments as a reader may bring them: typed, cut, given twice, of other pages.
HASHES: dict[str, tuple[str, ...]] = {
    "spotting": (
        "", "#", "#distance", "distance=18", "#distance=18.5&cover=light", "distance=%2B18", "distance=+18",
        "distance=18&distance=30", "distance=18&distance=abc", "moving=maybe", "moving=True", "moving=",
        "moving=true&moving=true", "cover=swamp", "cover=Light", "distanse=5", "=5", "&&distance=3&&",
        "vs=distance%3D5&distance=7", "distance=1e-5", "distance=1E2", "distance=abc", "distance=",
        "distance", "distance=%zz", "distance=%ff", "distance=%C2%A018%C2%A0", "distance=1%0A8",
        "distance=%0918%20", "moving=it's", 'moving=it\'s"', "moving=back\\slash", "moving=%09tab",
        "cover=%E2%80%8B", "distance=250", "distance=-1", "distance=1e400", "distance=" + "9" * 60,
        "distance=" + "9" * 120, "cover=" + "x" * 45, "cover=" + "\U0001f3b2" * 45, "chain_dice=2.0",
        "chain_dice=007", "chain_dice=4", "distance=.5", "distance=18.", "distance=-0",
        "distanse=1&distanse=2&dist=3&x=&y=1&z=2", "a=1&b=2&c=3&d=4&e=5",
        "%64istance=12", "distance=12&fight=da", "ties=spotter&target=hidden&fumble_needs_spot=true",
        "spotter_dice=5&owner_dice=2", "distance=18;cover=light",
    ),
    "close_assault": (
        "att_dice=6&def_dice=5", "att_dice=6&def_dice=5&fight=da.a3&rules=0123abcd",
        "att_dice=6&def_dice=5&fight=x&fight=y", "att_dice=0&def_dice=40&start=later&att_suppressed=true",
        "att_dice=41&def_dice=-1", "att_move=quadruple&def_cover=heavy", "att_cohesion=0&def_cohesion=10",
    ),
    "rally": ("disruption=3", "disruption=3&disruption=4&dp=1", "disruption=2.5", "disruption=%20%2B40"),
    "deploy": ("units=20&suppressions=4&disruption=40", "units=0", "units="),
    "artillery": ("variant=combat-hq&cover=medium&blind_width=0.5", "variant=armor-battles",
                  "variant=armour-battles&blind_width=0.4&template_radius=1e-05"),
    "blind_move": ("target=7.5&suppressed=true", "target=0.00001", "target=199.99&obstacle=false"),
}


def read_back() -> dict[str, Any]:
    """``chq_site.widget.permalinks.read_fragment`` (permalink.js ``readLink``): the reader's
    fragments above, and every fragment the page writes, read back."""
    cases = [(m, h) for m, hashes in HASHES.items() for h in hashes]
    written = fragments()["written"]
    cases += list(dict.fromkeys([*((v["mechanic"], v["fragment"]) for v in written),
                                 *((v["mechanic"], v["every"]) for v in written[::4])]))
    out = []
    cases += [("spotting", t) for t in TARGETS]
    riders = {"close_assault": RIDER_KEYS, "spotting": QUESTION_KEYS}
    for mechanic, text in cases:
        keys = [*PAGE_KEYS, *riders.get(mechanic, ())]
        out.append({"mechanic": mechanic, "hash": text, "read": read_fragment(mechanic, text, keys)})
    return {"page_keys": list(PAGE_KEYS), "rider_keys": {m: list(k) for m, k in riders.items()}, "read": out}


# Texts a number field may hold: typed numbers, near misses, long, quoted, empty.
TEXTS = ("", "0", "18", "+18", "-18", "007", ".5", "18.", "18.5", "18.50", "1e2", "1E-7", "-1e-7",
         "1e+2", "-0", "-0.0", "+.5e1", "250", "250.0", "200", "200.0000000000001", "0.5", "0.4999",
         "1e400", "-1e400", "1e-400", "9" * 40, "9" * 41, "9" * 120, "12" + "0" * 39 + ".5",
         "abc", "1,5", "18 5", "½", "١٨", "１８", "0x10", "Infinity", "NaN", "+", "-", ".", "e5", "1e",
         "1.2.3", "--1", "it's", 'say "18"', "it's \"18\"", "back\\slash", "tab\there", "nl\nhere",
         "\u00a0", "zero\u200bwidth", "é" * 41, "\U0001f3b2" * 41, "x" * 40, "x" * 41)
FIELDS = (("spotting", "distance"), ("spotting", "chain_dice"), ("artillery", "blind_width"),
          ("close_assault", "att_cohesion"))


def fields() -> dict[str, Any]:
    """``chq_site.widget.permalinks.read_field`` (params.js ``readNumber``) and TYPED
    (``typedNumber``): what a number field's text reads as, or its refusal."""
    out = []
    for mechanic, name in FIELDS:
        param = next(p for p in PARAMETERS[mechanic] if p.name == name)
        for text in TEXTS:
            value, refused = read_field(param, text)
            typed = re.fullmatch(TYPED[param.kind], text, re.ASCII) is not None
            out.append({"mechanic": mechanic, "param": name, "text": text, "typed": typed,
                        **({"message": refused} if refused else {"value": value})})
    return {"fields": out, "typed": TYPED}

