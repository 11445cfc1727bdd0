"""Spotting a Blind, and spotting Hidden Units."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from .dice import Pool, p_more, successes, successes_fumbles
from .errors import InputError, refused
from .inputs import COVER, COVER_DICE, _choice, _count, _dice, _flag, _inches
from .mechanic import Chart, Figure, Headline, Mechanic, Opposed, When
from .probability import prob

AUTOMATIC_RANGE = 6
SPOTTER_DICE = 4
OWNER_DICE = 3
OWNER_TN = 4
# The spotter's TN modifiers.
MOVING_TN = -1
RECON_TN = -1
SUPPRESSED_TN = +1
# (upper edge in inches, band label, base TN); each edge belongs to the nearer band.
BANDS: tuple[tuple[float, str, int], ...] = (
    (12, "6-12", 3),
    (24, "12-24", 4),
    (36, "24-36", 5),
    (float("inf"), "36+", 6),
)

READINGS = (
    "A Blind 6″ away or less is spotted automatically: no dice are rolled (Hidden Units: the Blind is placed).",
    "A band's edge belongs to the nearer band: 12″ is 3+, 12.1″ is 4+.",
    "The spotter needs more successes than the owner; a tie leaves the Blind unspotted "
    "unless you switch 'A tie goes to' to the spotter.",
    "TN modifiers add up first; a TN of 7+ loses one die and rolls 6+, a TN better than 2+ rolls 2+.",
    "Double Dice Chain = +2D, as in Tom's worked example (4D + 2D = 6D), which gives no distance "
    "to the Italian Blind: its \"Try it\" assumes 18″ (the 12-24″ band, TN 4+).",
    "Hidden Units are deployed when the spotter scores at least one success and the owner rolls more 1s "
    "than 6s, whether or not the spotting attempt itself succeeded (option: only when it succeeded).",
)


def band_for(distance: float) -> tuple[str, int] | None:
    """The range band and base TN at ``distance``; ``None`` when automatic.

    >>> band_for(6), band_for(12), band_for(12.5), band_for(40)
    (None, ('6-12', 3), ('12-24', 4), ('36+', 6))
    """
    if distance <= AUTOMATIC_RANGE:
        return None
    for edge, label, tn in BANDS:
        if distance <= edge:
            return label, tn
    raise AssertionError("unreachable: the last band is open-ended")


def _spotter_pool(base_tn: int, p: dict[str, Any]) -> tuple[Pool, list[str]]:
    steps = []
    tn = base_tn
    for flag, delta, text in (
        ("moving", MOVING_TN, "Blind is moving"),
        ("recon", RECON_TN, "spotter is a recon unit"),
        ("suppressed", SUPPRESSED_TN, "spotter is suppressed"),
    ):
        if p[flag]:
            tn += delta
            steps.append(f"{text}: {delta:+d} TN")
    dice = p["spotter_dice"] + p["chain_dice"]
    pool = Pool.resolve(dice, tn)
    return pool, steps + list(pool.notes)


def _owner_pool(p: dict[str, Any]) -> Pool:
    return Pool.resolve(p["owner_dice"] + COVER_DICE[p["cover"]], OWNER_TN)


def _p_spot(spotter: Pool, owner: Pool, ties: str) -> Fraction:
    return p_more(spotter, owner, ties_to_a=ties == "spotter")


def rolled_pools(p: dict[str, Any]) -> tuple[Pool, Pool]:
    """The spotter's pool and the owner's, as rolled at the inputs' distance; a
    distance where spotting is automatic is refused (no dice are rolled there).

    >>> rolled_pools({"distance": 18, "cover": "light", "moving": False, "recon": False,
    ...               "suppressed": False, "spotter_dice": 4, "chain_dice": 0, "owner_dice": 3})
    (Pool(dice=4, tn=4, notes=()), Pool(dice=4, tn=4, notes=()))
    """
    band = band_for(p["distance"])
    if band is None:
        raise InputError("distance", refused(
            f"spotting is automatic at {AUTOMATIC_RANGE}″ or less: no dice are rolled; "
            f"enter a distance over {AUTOMATIC_RANGE}″", p["distance"]))
    return _spotter_pool(band[1], p)[0], _owner_pool(p)


def hidden_outcomes(
    spotter: Pool, owner: Pool, ties: str, fumble_needs_spot: bool
) -> tuple[Fraction, Fraction, Fraction]:
    """(deployed, Blind placed, still hidden) for a Hidden Units spotting attempt.

    >>> d, b, h = hidden_outcomes(Pool(1, 4), Pool(1, 4), "owner", False)
    >>> d + b + h
    Fraction(1, 1)
    """
    sp = successes(spotter.dice, spotter.tn)
    sp_total = 6**spotter.dice
    # cumulative: ways for the spotter to score at least k successes
    at_least = [0] * (len(sp) + 2)
    for k in range(len(sp) - 1, -1, -1):
        at_least[k] = at_least[k + 1] + sp[k]
    need_more = 0 if ties == "spotter" else 1
    deployed = placed = 0
    for owner_succ, (fumbled, clean) in enumerate(successes_fumbles(owner.dice, owner.tn)):
        threshold = min(owner_succ + need_more, len(sp))  # spotter wins the opposed roll
        # the owner rolled more 1s than 6s: deployed when the spotter scores at least one
        # success (and, as an option, wins)
        deployed += fumbled * at_least[max(threshold, 1) if fumble_needs_spot else 1]
        # a win with no success at all (a 0-0 tie given to the spotter) places the Blind
        if threshold == 0:
            placed += fumbled * sp[0]
        placed += clean * at_least[threshold]
    total = sp_total * 6**owner.dice
    p_deployed = Fraction(deployed, total)
    p_placed = Fraction(placed, total)
    return p_deployed, p_placed, 1 - p_deployed - p_placed


def spotting(**p: Any) -> dict[str, Any]:
    """Odds of spotting a Blind (or Hidden Units) at a distance, with modifiers.

    ``spotter_pool`` and ``owner_pool`` are the dice each side rolls, after Dice Chain
    and Cover Dice: not the base dice of the inputs ``spotter_dice`` and ``owner_dice``.

    >>> r = spotting(distance=18, cover="none", moving=False, suppressed=False, recon=False,
    ...              chain_dice=0, ties="owner", target="blind", fumble_needs_spot=False,
    ...              spotter_dice=4, owner_dice=3)
    >>> r["spotter_pool"], r["spotter_tn"], r["owner_pool"], r["p_spotted"]["exact"]
    (4, 4, 3, '1/2')
    """
    owner = _owner_pool(p)
    explain: list[str] = []
    band = band_for(p["distance"])
    result: dict[str, Any] = {"mechanic": "spotting"}
    if band is None:
        explain.append(f'{_in_inches(p["distance"])} is {AUTOMATIC_RANGE}″ or less: spotted automatically, '
                       "no dice rolled")
        result.update(automatic=True, spotter_pool=0, spotter_tn=None, owner_pool=0, owner_tn=None,
                      p_spotted=prob(Fraction(1)))
        if p["target"] == "hidden":
            explain.append("Hidden Units: the Blind is placed")
            result.update(p_deployed=prob(Fraction(0)), p_blind=prob(Fraction(1)),
                          p_hidden=prob(Fraction(0)), p_found=prob(Fraction(1)))
    else:
        label, base_tn = band
        spotter, steps = _spotter_pool(base_tn, p)
        explain.append(f'{_in_inches(p["distance"])} is in the {label}″ band: base TN {base_tn}+')
        explain.extend(steps)
        chain = f' + {p["chain_dice"]}D Dice Chain' if p["chain_dice"] else ""
        explain.append(f'spotter rolls {p["spotter_dice"]}D{chain} = {spotter}')
        cover = COVER_DICE[p["cover"]]
        cover_text = f' + {cover}D {p["cover"]} cover' if cover else ""
        explain.append(f'owner rolls {p["owner_dice"]}D{cover_text} = {owner}')
        explain.append("spotted when the spotter scores more successes than the owner"
                       + (" or as many" if p["ties"] == "spotter" else " (a tie: not spotted)"))
        result.update(automatic=False, spotter_pool=spotter.dice, spotter_tn=spotter.tn,
                      owner_pool=owner.dice, owner_tn=owner.tn,
                      p_spotted=prob(_p_spot(spotter, owner, p["ties"])))
        if p["target"] == "hidden":
            deployed, placed, hidden = hidden_outcomes(spotter, owner, p["ties"],
                                                       p["fumble_needs_spot"])
            explain.append("Hidden Units deploy when the spotter scores at least one success and "
                           "the owner rolls more 1s than 6s"
                           + (" and the attempt succeeds" if p["fumble_needs_spot"] else ""))
            result.update(p_deployed=prob(deployed), p_blind=prob(placed), p_hidden=prob(hidden),
                          p_found=prob(deployed + placed))
    result["bands"] = band_table(p)
    result["explain"] = explain
    return result


def band_table(p: dict[str, Any]) -> list[dict[str, Any]]:
    """The probability of spotting in every range band, under the same modifiers."""
    owner = _owner_pool(p)
    rows: list[dict[str, Any]] = [
        {"band": f"0-{AUTOMATIC_RANGE}", "tn": None, "dice": 0, "p_spotted": prob(Fraction(1))}
    ]
    for _, label, base_tn in BANDS:
        spotter, _ = _spotter_pool(base_tn, p)
        rows.append({"band": label, "tn": spotter.tn, "dice": spotter.dice,
                     "p_spotted": prob(_p_spot(spotter, owner, p["ties"]))})
    return rows


def _in_inches(d: float) -> str:
    return f"{d:g}″"


MECHANIC = Mechanic(
    name="spotting",
    order=10,
    title="Spotting a Blind",
    compute=spotting,
    params=(
        _inches("distance", "Distance to the Blind", help="inches from the spotting unit"),
        _choice("cover", "Blind's cover", COVER, "none", help="owner adds +1/+2/+3D"),
        _flag("moving", "Blind is moving", help=f"{MOVING_TN:+d} TN"),
        _flag("suppressed", "Spotter is suppressed", help=f"{SUPPRESSED_TN:+d} TN"),
        _flag("recon", "Spotter is a recon unit", help=f"{RECON_TN:+d} TN"),
        _count("chain_dice", "Dice Chain dice", 0, 3, 0, unit="D", help="Double Dice Chain = +2D",
               reads=("{} Dice Chain die", "{} Dice Chain dice")),
        _choice("ties", "A tie goes to", ("owner", "spotter"), "owner",
                help="owner: a tie leaves the Blind unspotted"),
        _choice("target", "Target", ("blind", "hidden"), "blind",
                help="a Blind, or Hidden Units in a Blind-sized area"),
        _flag("fumble_needs_spot", "Deploy on 1s only if spotted",
              help="Hidden Units: more 1s than 6s deploys only when the attempt also succeeds"),
        _dice("spotter_dice", "Spotter's base dice", SPOTTER_DICE, help=f"the rules give {SPOTTER_DICE}D",
              reads=("{} spotter's base die", "{} spotter's base dice")),
        _dice("owner_dice", "Owner's base dice", OWNER_DICE, help=f"the rules give {OWNER_DICE}D",
              reads=("{} owner's base die", "{} owner's base dice")),
    ),
    outputs={
        "automatic": f"true when the Blind is {AUTOMATIC_RANGE}″ away or less: spotted with no dice rolled",
        "spotter_pool": "dice the spotter rolls: base dice, Dice Chain dice, less one at a TN of 7+ "
                        "(0 when automatic)",
        "spotter_tn": "the spotter's target number after modifiers (null when automatic)",
        "owner_pool": "dice the Blind's owner rolls: base dice plus Cover Dice (0 when automatic)",
        "owner_tn": "the owner's target number (null when automatic)",
        "p_spotted": "chance the spotting attempt succeeds",
        "p_deployed": "Hidden Units only: chance the units are deployed onto the table",
        "p_blind": "Hidden Units only: chance a Blind is placed",
        "p_hidden": "Hidden Units only: chance the units stay hidden",
        "p_found": "Hidden Units only: chance they are found at all (p_deployed + p_blind)",
        "bands": "one entry per range band under the same modifiers: band, tn, dice, p_spotted",
    },
    renamed={"spotter_dice": "spotter_pool", "owner_dice": "owner_pool"},
    headline=Headline(
        "p_spotted", "Chance the spotting attempt succeeds",
        when=(When("target", "hidden", "p_found",
                   "Chance the Hidden Units are found (deployed, or a Blind placed)"),),
        automatic="automatic",
    ),
    figures=(
        Figure("p_deployed", "Hidden Units deployed onto the table", "pct"),
        Figure("p_blind", "A Blind is placed", "pct"),
        Figure("p_hidden", "Still hidden", "pct"),
    ),
    charts=(
        Chart("bands", "Chance of spotting in each range band (same modifiers; this distance: marked)",
              label="{band}″", value="p_spotted", cumulative=False, mark={"band": "distance"},
              automatic=("tn", None)),
    ),
    readings=READINGS,
    opposed=Opposed(rolled_pools, mine="the spotter", theirs="the owner"),
)

