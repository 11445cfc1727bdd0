"""Deploying units from a suppressed Blind (from 000). Not a probability."""

from __future__ import annotations

from typing import Any

from .inputs import _count
from .mechanic import Details, Headline, Mechanic

READINGS = (
    "One suppression per unit until all are allocated; suppressions beyond the number of units "
    "become Disruption Points.",
    "Disruption Points go one at a time: no unit takes a second before every unit has one.",
    "The owner chooses which units; the list shows one allocation the rules allow.",
)


def deploy(**p: Any) -> dict[str, Any]:
    """Share a Blind's suppressions and Disruption Points among its units.

    >>> deploy(suppressions=2, disruption=0, units=3)["summary"]
    '2 units suppressed'
    >>> deploy(suppressions=4, disruption=0, units=3)["explain"][1:]
    ['1 suppression beyond the units becomes a Disruption Point', '1 Disruption Point goes to one unit']
    """
    n, s = p["units"], p["suppressions"]
    overflow = max(0, s - n)
    dp = p["disruption"] + overflow
    units = [{"suppressed": i < s, "disruption": dp // n + (i < dp % n)} for i in range(n)]
    explain = [f"{min(s, n)} of {n} units take one suppression each"]
    if overflow:
        explain.append(f"{_many(overflow, 'suppression')} beyond the units "
                       f"{'becomes a Disruption Point' if overflow == 1 else 'become Disruption Points'}")
    if dp == 1:
        explain.append("1 Disruption Point goes to one unit")
    elif dp:
        explain.append(f"{dp} Disruption Points go one per unit in turn")
    return {"mechanic": "deploy", "allocation": units, "summary": summary(units), "explain": explain}


def _many(count: int, noun: str) -> str:
    """"1 suppression", "2 suppressions"."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def summary(units: list[dict[str, Any]]) -> str:
    """Describe an allocation the way a player would say it.

    >>> summary([{"suppressed": True, "disruption": 1}, {"suppressed": False, "disruption": 0}])
    '1 unit suppressed; 1 unit with 1 DP'
    """
    parts = []
    suppressed = sum(u["suppressed"] for u in units)
    if suppressed:
        parts.append(f"{_units(suppressed)} suppressed")
    by_dp: dict[int, int] = {}
    for u in units:
        if u["disruption"]:
            by_dp[u["disruption"]] = by_dp.get(u["disruption"], 0) + 1
    for dp, count in sorted(by_dp.items(), reverse=True):
        parts.append(f"{_units(count)} with {dp} DP")
    return "; ".join(parts) if parts else "no unit suppressed or disrupted"


def _units(n: int) -> str:
    return f"{n} unit" + ("" if n == 1 else "s")


MECHANIC = Mechanic(
    name="deploy",
    order=70,
    title="Deploying from a Blind",
    compute=deploy,
    params=(
        _count("suppressions", "Suppressions on the Blind", 0, 4, 0, reads=("{} Suppression", "{} Suppressions")),
        _count("disruption", "Disruption Points on the Blind", 0, 40, 0,
               reads=("{} Disruption Point", "{} Disruption Points")),
        _count("units", "Units deploying", 1, 20, None, reads=("{} unit", "{} units")),
    ),
    outputs={
        "allocation": "one entry per unit: suppressed (true or false) and disruption (its Disruption Points)",
        "summary": "the allocation in words",
    },
    renamed={"units": "allocation"},
    headline=Headline(None, "How the units come out of the Blind"),
    details=Details("allocation", "Unit by unit", (("Unit", "#"), ("Suppressed", "bool:suppressed"),
                                                   ("Disruption Points", "{disruption}"))),
    readings=READINGS,
)
