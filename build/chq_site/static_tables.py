"""The table every widget carries: computed here, at build time, by the same
``compute()`` the engine runs. It is what a reader sees with JavaScript off, or when
the engine cannot load (``<!-- calculator-table: ... -->`` shows one on its own).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from calculators import compute
from calculators.params import mechanic_name
from calculators.printing import fixed, pct
from chq_site.presentation import CHOICE_LABELS

#: The rules versions, in the order the tables give them.
VARIANTS = ("armour-battles", "combat-hq")


@dataclass(frozen=True)
class Table:
    caption: str
    head: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    note: str = ""


BAND_NAMES = {"0-6": "6″ or less", "6-12": "over 6″ to 12″", "12-24": "over 12″ to 24″",
              "24-36": "over 24″ to 36″", "36+": "over 36″"}


def _spotting_table() -> Table:
    covers = ("none", "light", "medium", "heavy")
    results = {c: compute("spotting", {"distance": 18, "cover": c}) for c in covers}
    rows = []
    for i, band in enumerate(results["none"]["bands"]):
        tn = band["tn"]
        row = [BAND_NAMES.get(band["band"], band["band"] + "″"), "automatic" if tn is None else f"{tn}+"]
        row += [pct(results[c]["bands"][i]["p_spotted"]) for c in covers]
        rows.append(tuple(row))
    return Table(
        "Chance of spotting a Blind: the spotter's 4D against the owner's 3D at 4+ plus cover dice",
        ("Distance", "Spotter's TN", "Open", "Light cover (+1D)", "Medium cover (+2D)", "Heavy cover (+3D)"),
        tuple(rows),
        "No Dice Chain, Blind not moving, spotter neither suppressed nor recon; "
        "a tie leaves the Blind unspotted.",
    )


def _supply_table() -> Table:
    rows = []
    for dice in range(1, 9):
        plain = compute("supply", {"supply_dice": dice})["p_continue"]
        boosted = compute("supply", {"supply_dice": dice, "staff_order": True})["p_continue"]
        rows.append((f"{dice}D", pct(plain), pct(boosted)))
    return Table("Chance the battery keeps firing: Artillery Supply Dice at 4+ against 3D at 4+",
                 ("Supply Dice", "Keeps firing", "With a Staff Order (+1D)"), tuple(rows),
                 "It keeps firing only when it rolls more successes; a tie stops it.")


def _close_assault_table() -> Table:
    sizes = range(3, 9)
    rows = []
    for att in sizes:
        row = [f"{att}D"]
        for de in sizes:
            row.append(pct(compute("close_assault", {"att_dice": att, "def_dice": de})["p_attacker_wins"]))
        rows.append(tuple(row))
    return Table(
        "Chance the attacker wins: attacker's dice (rows) against defender's dice (columns)",
        ("Attacker", *(f"vs {d}D" for d in sizes)), tuple(rows),
        "Both at 4+, the attacker's Close Assault order (−1 TN in the first round) applied; no flank, "
        "move penalty, cover, suppression or unit-type penalty; draws fought out.",
    )


def _artillery_table() -> Table:
    rows = []
    for dice in range(1, 11):
        row = [f"{dice}D"]
        for variant in VARIANTS:
            r = compute("artillery", {"variant": variant, "fire_dice": dice})
            row += [pct(r["p_new_suppression"]), fixed(r["expected_new_suppressions"])]
        rows.append(tuple(row))
    return Table(
        "Artillery against a Blind: chance of at least one suppression, and suppressions on average",
        ("Fire Dice", CHOICE_LABELS[VARIANTS[0]], "average", CHOICE_LABELS[VARIANTS[1]], "average"), tuple(rows),
        "2 \"Hit\" faces on the Deviation Dice, a 6″ × 3″ Blind in the open, a 3″ Fire Template "
        "(Combat HQ); the Blind's Reaction is 5D at 5+ (Armour Battles) or 4D at 5+, 5D when only partly "
        "covered (Combat HQ).",
    )


def _rally_table() -> Table:
    rows = []
    top = 6
    for dp in range(1, top + 1):
        dist = {e["disruption"]: e["p"] for e in compute("rally", {"disruption": dp})["remaining"]}
        rows.append((f"{dp} DP", *(pct(dist[k]) if k in dist else "" for k in range(0, top + 1))))
    return Table("Rallying a Blind: Disruption Points left (one die per point at 4+)",
                 ("On the Blind", *(f"{k} left" for k in range(0, top + 1))), tuple(rows))


def _blind_move_table() -> Table:
    rows = []
    for target in range(3, 37, 3):
        row = [f"{target}″"]
        for flags in ({}, {"suppressed": True}, {"obstacle": True}):
            row.append(pct(compute("blind_move", {"target": target, **flags})["p_reach"]))
        rows.append(tuple(row))
    return Table("Chance a Blind moves at least this far",
                 ("Distance", "18″ + 3D6″", "Suppressed: 3D6″", "Crossing an obstacle"), tuple(rows),
                 "A suppressed Blind needs its entire move to cross an obstacle, so it gets no further.")


DEPLOY_EXAMPLES = ((2, 0, 3), (1, 0, 2), (3, 0, 3), (4, 0, 2), (4, 0, 3), (0, 2, 3), (4, 3, 2), (4, 4, 1))


def _deploy_table() -> Table:
    rows = []
    for s, d, n in DEPLOY_EXAMPLES:
        r = compute("deploy", {"suppressions": s, "disruption": d, "units": n})
        rows.append((str(s), str(d), str(n), r["summary"]))
    return Table("Deploying from a Blind: how suppressions and Disruption Points are shared out",
                 ("Suppressions", "Disruption Points", "Units", "Result"), tuple(rows),
                 "One suppression per unit; any beyond the number of units become Disruption Points, "
                 "which go one at a time, no unit a second before every unit has one.")


def _range(result: dict[str, Any], low: str, high: str) -> str:
    """A best/worst pair as the headline prints it ("71.0–77.0%"; one figure if equal)."""
    a, b = pct(result[low]), pct(result[high])
    return a if a == b else f"{a.removesuffix('%')}–{b}"


def _shell_table() -> Table:
    rows = []
    for dice in range(0, 9):
        row = [f"{dice}D" if dice else "no fire"]
        for variant in VARIANTS:
            r = compute("shell_then_assault", {"variant": variant, "fire_dice": dice})
            row.append(_range(r, "p_win_worst", "p_win_best"))
        rows.append(tuple(row))
    return Table(
        "Shell it first? The chance a 6D assault beats a 5D unit of a 3-unit Blind, "
        "after the battery's fire",
        ("Fire Dice", *(CHOICE_LABELS[v] for v in VARIANTS)), tuple(rows),
        "A range: at worst the owner keeps the assaulted unit unsuppressed unless every unit is; "
        "at best the attacker picks a suppressed unit. 2 \"Hit\" faces, a 6″ × 3″ Blind in the "
        "open, nothing on it before the fire; the attacker's Close Assault order applied, no other "
        "modifier.",
    )


TABLES: dict[str, Callable[[], Table]] = {
    "spotting": _spotting_table,
    "artillery": _artillery_table,
    "close_assault": _close_assault_table,
    "supply": _supply_table,
    "rally": _rally_table,
    "blind_move": _blind_move_table,
    "deploy": _deploy_table,
    "shell_then_assault": _shell_table,
}


@cache
def static_table(mechanic: str) -> Table:
    """The mechanic's build-time table (computed once per build)."""
    return TABLES[mechanic_name(mechanic)]()

