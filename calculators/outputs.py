"""What each key of a result means, in a few plain words: the contract's outputs.

``compute()`` returns a dict; :data:`OUTPUTS` says what every top-level key of it is,
mechanic by mechanic, and :data:`COMMON` the keys every result carries. The site's
"Scripting the calculators" page prints these tables (build/chq_site/scripting.py),
and a test fails when a result has a key that is not described here, or a description
names a key no result has.

A renamed key stays readable under its old name for one release: :data:`DEPRECATED`
maps the old name to the new one, and ``compute()`` copies the value across.

A probability is ``{"value": float, "exact": "n/d" | null}`` throughout ("a chance"
below); an average is the same shape, its ``exact`` a fraction too.
"""

from __future__ import annotations

#: Keys of every result.
COMMON: dict[str, str] = {
    "mechanic": "the mechanic's name, as in the request",
    "inputs": "every parameter as used: the ones given, checked, and the defaults for the rest",
    "explain": "how the answer was worked out, step by step, in words (a list of strings)",
}

OUTPUTS: dict[str, dict[str, str]] = {
    "spotting": {
        "automatic": "true when the Blind is 6″ away or less: spotted with no dice rolled",
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
    "artillery": {
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
        "inflicted": "suppressions the fire inflicts, before the cap of 4: entries of suppressions, p",
        "outcomes": "the Blind's state after the fire: entries of suppressions, disruption, p (sum to 1)",
        "p_new_suppression": "chance the fire inflicts at least one suppression",
        "expected_new_suppressions": "suppressions inflicted, on average (before the cap)",
        "p_dummy_removed": "with dummy only: chance the Dummy Blind is removed",
    },
    "close_assault": {
        "p_attacker_wins": "chance the attacker wins the assault",
        "p_defender_wins": "chance the defender wins the assault",
        "attacker_margin": "when the attacker wins, the Disruption Points the defender takes: entries of dp, p",
        "defender_margin": "when the defender wins, the Disruption Points the attacker takes: entries of dp, p",
        "p_defender_dispersed": "chance the defender is Dispersed",
        "p_attacker_dispersed": "chance the attacker is Dispersed",
        "p_winner_suppressed": "chance the winner ends suppressed",
        "expected_rounds": "rounds fought, on average",
        "round1": "each side's roll in the first round: att_dice, att_tn, def_dice, def_tn",
        "rounds": "each kind of round that can be fought: when, each side's dice and tn, "
                  "p_reached, expected_times",
        "defender_forced_back": "how far the losing defender falls back: entries of inches, p",
        "attacker_forced_back": "how far the losing attacker falls back: entries of inches, p",
    },
    "supply": {
        "pool": "the battery's roll: dice and tn",
        "p_continue": "chance the battery keeps firing after this check",
        "turns": "chance it is still firing after each of the next checks: entries of k, p",
    },
    "rally": {
        "remaining": "Disruption Points left after the rally: entries of disruption, p",
        "p_all_removed": "chance every Disruption Point is removed",
        "expected_removed": "Disruption Points removed, on average",
    },
    "blind_move": {
        "p_reach": "chance the Blind moves at least the distance asked",
        "distribution": "how far the Blind moves: entries of inches, p",
    },
    "deploy": {
        "allocation": "one entry per unit: suppressed (true or false) and disruption (its Disruption Points)",
        "summary": "the allocation in words",
    },
    "shell_then_assault": {
        "p_win_best": "chance the attacker wins after the fire, assaulting the unit best for the "
                      "attacker (a suppressed one when there is one)",
        "p_win_worst": "the same, when the owner keeps the assaulted unit unsuppressed if any is",
        "p_win_no_fire_best": "chance the attacker wins without the fire (best case: the Blind "
                              "with the suppressions it already has, shared out the same way)",
        "p_win_no_fire_worst": "chance the attacker wins without the fire (worst case)",
        "p_any_suppressed": "chance at least one unit comes out of the Blind suppressed",
        "p_all_suppressed": "chance every unit comes out suppressed",
        "suppressions_after": "the Blind's suppressions after the fire: entries of suppressions, p",
        "p_win_unsuppressed": "chance the attacker wins against an unsuppressed unit (only when the plan can meet one)",
        "p_win_suppressed": "chance the attacker wins against a suppressed unit (only when the plan can meet one)",
    },
}

#: Old output names still given for one release: mechanic -> {old name: new name}.
DEPRECATED: dict[str, dict[str, str]] = {
    "spotting": {"spotter_dice": "spotter_pool", "owner_dice": "owner_pool"},
    "deploy": {"units": "allocation"},
    # (first named as the input it follows, which holds the count before the fire)
    "shell_then_assault": {"suppressions": "suppressions_after"},
}


def with_deprecated(mechanic: str, result: dict[str, object]) -> dict[str, object]:
    """Add the old names of renamed keys to ``result`` (same values); return it.

    >>> with_deprecated("deploy", {"allocation": []})
    {'allocation': [], 'units': []}
    """
    for old, new in DEPRECATED.get(mechanic, {}).items():
        if new in result:
            result[old] = result[new]
    return result
