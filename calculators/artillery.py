"""Artillery against a Blind, in both rule variants."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .dice import Pool, successes
from .geometry import fraction_within
from .inputs import COVER, COVER_DICE, _choice, _count, _dice, _flag, _inches
from .mechanic import Chart, Figure, Headline, Mechanic
from .probability import Number, prob

MAX_SUPPRESSIONS = 4
DUMMY_REMOVED_AT = 4
BATTERY_TN = 5
REACTION_TN = 5
# The inputs' defaults: a battery's usual Fire Dice, the "Hit" faces of the Deviation
# Dice, the Blind's size and the Fire Template's radius, in inches.
FIRE_DICE = 5
HIT_FACES = 2
BLIND_WIDTH = 6
BLIND_DEPTH = 3
TEMPLATE_RADIUS = 3


@dataclass(frozen=True)
class Variant:
    """How one rule document plays artillery against a Blind."""

    key: str
    name: str  # what players call it (the explanation's words)
    source: str  # the rule document, by its number (the readings and the result's "source")
    distances: tuple[int, ...]  # the deviation roll's equally likely distances
    deviation: str
    reaction_full: int  # Reaction dice when the template centre is on the Blind
    reaction_partial: int | None  # when it only covers part of the Blind (None: a miss)
    uses_cover: bool


VARIANTS = {
    "armour-battles": Variant(
        "armour-battles", "Armour Battles", "Hidden Units, an update to Armour Battles (000)",
        (1, 2, 3, 4, 5, 6), '1D6″', 5, None, False),
    "combat-hq": Variant(
        "combat-hq", "Combat HQ", "Planned fire missions and artillery, Combat HQ (004)",
        (4, 5, 6, 7, 8, 9), '1D+3″', 4, 5, True),
}

READINGS = (
    "The Impact Marker (or Fire Template) is aimed at the Blind's centre. On a \"Hit\" face it stays "
    "there; otherwise it moves the rolled distance in a direction equally likely all round the circle.",
    "\"On the Blind\" includes its edge. The Blind is 6″ x 3″ unless you change it (3.5″ x 2.5″ for a playing card).",
    "Combat HQ: the template covers part of the Blind when its circle (radius 3″ by default) touches the Blind.",
    "The Blind takes one suppression per battery success unless it rolls more successes than the battery.",
    "A Blind holds at most 4 suppressions; each one beyond 4 becomes a Disruption Point.",
    "A Dummy Blind is removed at 4 Disruption Points from off-table artillery; points already on it count as from artillery.",
    "Armour Battles: Cover Dice are not used with interdiction fire, so the cover setting is ignored.",
    "Odds of landing on the Blind are exact arcs of a circle (closed form), not sampling; they are irrational, "
    "so those answers show no exact fraction.",
    *(f"{v.name}: as written in {v.source}." for v in VARIANTS.values()),
)


def landing(variant: Variant, hit_faces: int, width: float, depth: float,
            radius: float) -> tuple[Number, Number, Number]:
    """P(template centre on the Blind), P(only partly covering it), P(missing it).

    >>> full, partial, miss = landing(VARIANTS["armour-battles"], 6, 6, 3, 3)
    >>> full, partial, miss
    (Fraction(1, 1), Fraction(0, 1), Fraction(0, 1))
    """
    a, b = width / 2, depth / 2
    hit = Fraction(hit_faces, 6)
    arrow = (1 - hit) / len(variant.distances)
    full: Number = hit
    near: Number = hit
    for d in variant.distances if arrow else ():
        full += arrow * fraction_within(d, a, b)
        if variant.reaction_partial is not None:
            near += arrow * fraction_within(d, a, b, radius)
    partial: Number = near - full if variant.reaction_partial is not None else Fraction(0)
    if variant.reaction_partial is None:
        near = full
    return full, partial, _exact_complement(near)


def _exact_complement(p: Number) -> Number:
    return 1 - p if isinstance(p, Fraction) else 1.0 - p


def inflicted(fire_dice: int, reaction_dice: int) -> list[Fraction]:
    """Distribution of suppressions inflicted by one fire (index = suppressions).

    The Blind escapes only by rolling more successes than the battery.

    >>> inflicted(1, 0)
    [Fraction(2, 3), Fraction(1, 3)]
    """
    battery = successes(fire_dice, BATTERY_TN)
    blind = successes(reaction_dice, REACTION_TN)
    total = 6 ** (fire_dice + reaction_dice)
    cumulative, running = [], 0
    for count in blind:
        running += count
        cumulative.append(running)
    dist = [Fraction(0)] * (fire_dice + 1)
    escaped = 0
    for k, ways in enumerate(battery):
        held = cumulative[min(k, len(cumulative) - 1)]  # Blind scored k or fewer
        dist[k] += Fraction(ways * held, total)
        escaped += ways * (6**reaction_dice - held)
    dist[0] += Fraction(escaped, total)
    return dist


def after_fire(suppressions: int, disruption: int, new: int) -> tuple[int, int]:
    """The Blind's (suppressions, Disruption Points) after taking ``new`` suppressions.

    >>> after_fire(3, 0, 3)
    (4, 2)
    """
    total = suppressions + new
    return min(total, MAX_SUPPRESSIONS), disruption + max(0, total - MAX_SUPPRESSIONS)


def artillery(**p: Any) -> dict[str, Any]:
    """Fire a battery at a Blind: where it lands, and the Blind's state afterwards.

    >>> r = artillery(variant="armour-battles", fire_dice=5, cover="none", hit_faces=6,
    ...               blind_width=6, blind_depth=3, template_radius=3, suppressions=0,
    ...               disruption=0, dummy=False)
    >>> r["p_full"]["exact"], r["reaction_full"]
    ('1/1', {'dice': 5, 'tn': 5})
    """
    variant = VARIANTS[p["variant"]]
    cover = COVER_DICE[p["cover"]] if variant.uses_cover else 0
    full, partial, miss = landing(variant, p["hit_faces"], p["blind_width"], p["blind_depth"],
                                  p["template_radius"])
    fire = Pool.resolve(p["fire_dice"], BATTERY_TN)
    react_full = Pool.resolve(variant.reaction_full + cover, REACTION_TN)
    by_new: dict[int, Number] = {0: miss}
    branches = [(full, react_full)]
    react_partial = None
    if variant.reaction_partial is not None:
        react_partial = Pool.resolve(variant.reaction_partial + cover, REACTION_TN)
        branches.append((partial, react_partial))
    for weight, reaction in branches:
        for k, q in enumerate(inflicted(fire.dice, reaction.dice)):
            if q:
                by_new[k] = by_new.get(k, Fraction(0)) + weight * q
    states: dict[tuple[int, int], Number] = {}
    for k, share in sorted(by_new.items()):
        key = after_fire(p["suppressions"], p["disruption"], k)
        states[key] = states.get(key, Fraction(0)) + share
    outcomes = [{"suppressions": s, "disruption": d, "p": prob(q)}
                for (s, d), q in sorted(states.items()) if q]
    p_new: Number = sum((q for k, q in by_new.items() if k > 0), Fraction(0))
    expected: Number = sum((k * q for k, q in by_new.items()), Fraction(0))

    explain = [f"{variant.name}: deviation {variant.deviation} when not a \"Hit\" "
               f"({p['hit_faces']} of 6 faces are \"Hit\")"]
    explain.append(f"battery rolls {fire}; the Blind's Reaction is {react_full}"
                   + (f" ({variant.reaction_full}D + {cover}D {p['cover']} cover)" if cover else ""))
    if react_partial is not None:
        explain.append(f"template only partly on the Blind: Reaction {react_partial}")
    if p["cover"] != "none" and not variant.uses_cover:
        explain.append("Cover Dice are not used with interdiction fire: cover ignored")
    explain.append("the Blind takes one suppression per battery success unless it rolls more successes")
    explain.append(f"suppressions cap at {MAX_SUPPRESSIONS}; each extra becomes a Disruption Point")
    result: dict[str, Any] = {
        "mechanic": "artillery",
        "variant": variant.key,
        "source": variant.source,
        "p_full": prob(full),
        "p_partial": prob(partial),
        "p_miss": prob(miss),
        "fire": {"dice": fire.dice, "tn": fire.tn},
        "reaction_full": {"dice": react_full.dice, "tn": react_full.tn},
        "reaction_partial": (None if react_partial is None
                             else {"dice": react_partial.dice, "tn": react_partial.tn}),
        "cover_used": variant.uses_cover,
        "inflicted": [{"suppressions": k, "p": prob(q)} for k, q in sorted(by_new.items()) if q],
        "outcomes": outcomes,
        "p_new_suppression": prob(p_new),
        "expected_new_suppressions": prob(expected, bounded=False),
    }
    if p["dummy"]:
        removed = sum((q for (s, d), q in states.items() if d >= DUMMY_REMOVED_AT), Fraction(0))
        result["p_dummy_removed"] = prob(removed)
        explain.append(f"a Dummy Blind is removed at {DUMMY_REMOVED_AT} Disruption Points")
    result["explain"] = explain
    return result


MECHANIC = Mechanic(
    name="artillery",
    order=20,
    title="Artillery against a Blind",
    compute=artillery,
    params=(
        _choice("variant", "Rules", tuple(VARIANTS), None,
                help="armour-battles: Hidden Units update (000); combat-hq: fire missions (004)"),
        _dice("fire_dice", "Battery's Fire Dice", FIRE_DICE, reads=("{} Fire Die", "{} Fire Dice")),
        _choice("cover", "Blind's cover", COVER, "none", help="combat-hq only: +1/+2/+3D Reaction"),
        _count("hit_faces", "\"Hit\" faces on the Deviation Dice", 0, 6, HIT_FACES,
               reads=("{} \"Hit\" face", "{} \"Hit\" faces")),
        _inches("blind_width", "Blind width", BLIND_WIDTH, low=0.5),
        _inches("blind_depth", "Blind depth", BLIND_DEPTH, low=0.5),
        _inches("template_radius", "Fire Template radius", TEMPLATE_RADIUS, help="combat-hq only"),
        _count("suppressions", "Suppressions already on the Blind", 0, MAX_SUPPRESSIONS, 0,
               reads=("{} Suppression", "{} Suppressions")),
        _count("disruption", "Disruption Points already on the Blind", 0, 40, 0,
               reads=("{} Disruption Point", "{} Disruption Points")),
        _flag("dummy", "It is a Dummy Blind",
              help=f"removed at {DUMMY_REMOVED_AT} Disruption Points from artillery"),
    ),
    outputs={
        "variant": "the rules version used",
        "source": "the rule document that version comes from",
        "p_full": "chance the Impact Marker (or template centre) lands on the Blind",
        "p_partial": "chance the template only partly covers the Blind (Combat HQ; 0 otherwise)",
        "p_miss": "chance the fire misses the Blind",
        "fire": "the battery's roll: dice and tn",
        "reaction_full": "the Blind's Reaction roll when hit in full: dice and tn",
        "reaction_partial": "the Reaction roll when only partly covered: dice and tn "
                            "(null where the version has none)",
        "cover_used": "whether this version adds Cover Dice to the Reaction",
        "inflicted": f"suppressions the fire inflicts, before the cap of {MAX_SUPPRESSIONS}: "
                     "entries of suppressions, p",
        "outcomes": "the Blind's state after the fire: entries of suppressions, disruption, p (sum to 1)",
        "p_new_suppression": "chance the fire inflicts at least one suppression",
        "expected_new_suppressions": "suppressions inflicted, on average (before the cap)",
        "p_dummy_removed": "with dummy only: chance the Dummy Blind is removed",
    },
    headline=Headline("p_new_suppression", "Chance the fire inflicts at least one suppression"),
    figures=(
        Figure("p_full", "Impact Marker / template centre on the Blind", "pct"),
        Figure("p_partial", "Template only partly covers the Blind", "pct"),
        Figure("p_miss", "Fire misses the Blind", "pct"),
        Figure("expected_new_suppressions", "Suppressions inflicted, on average", "num"),
        Figure("p_dummy_removed", "Dummy Blind removed", "pct"),
    ),
    charts=(
        Chart("inflicted", f"Suppressions the fire inflicts (before the cap of {MAX_SUPPRESSIONS})",
              label="{suppressions}", value="p", cumulative=True),
    ),
    readings=READINGS,
)
