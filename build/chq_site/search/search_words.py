"""Players' words: what people type at the table, and the rules' own words for it.

The search index holds the players' words beside every entry that holds the rules'
word they mean (:mod:`chq_site.search.search_index`): "tie" finds "draw", "woods"
finds "cover", and neither the rule text nor a query is ever rewritten. The list is
shown to readers on the home page ("Words search understands"), built from this file.

To add a word: find the rules' word in ``WORDS`` (or add a new line), and add the
player's word to its tuple. Lower case; a phrase of two or three words is fine
("knocked out"); plurals come free ("hedge" covers "hedges"). The rules' word must
appear in the rule pages (a test checks). Keep to words a player would really type:
each one makes every search that uses it find more.
"""

from __future__ import annotations

from typing import NamedTuple


class Words(NamedTuple):
    """One of the rules' words (as printed in the rules) and the players' words for it."""

    rules: str
    players: tuple[str, ...]


WORDS: tuple[Words, ...] = (
    # Close Assault
    Words("draw", ("tie", "tied", "stalemate", "roll off", "roll-off", "reroll", "re-roll")),
    Words("Close Assault", ("melee", "close combat", "hand to hand", "hand-to-hand", "charge")),
    Words("Dispersed", ("KO", "KO'd", "knocked out", "destroyed", "eliminated", "killed", "wiped out")),
    Words("winner", ("wins", "won", "winning")),
    Words("loser", ("loses", "lost", "losing")),
    Words("Forced Back", ("retreat", "fall back", "pushed back", "push back")),
    Words("6s", ("sixes",)),
    Words("1s", ("ones",)),
    Words("flank", ("side attack", "flanking")),
    Words("disadvantage", ("penalty",)),
    Words("gain", ("bonus",)),
    Words("fails to contact", ("falls short", "fall short")),
    Words("maximum", ("most",)),
    Words("TN", ("target number", "to-hit number")),
    Words("AT", ("anti-tank", "antitank")),
    Words("FP", ("firepower", "fire power")),
    Words("armoured", ("armored", "armor", "tank", "tanks")),
    Words("entrenchment", ("trench", "foxhole", "dug in", "dug-in")),
    Words("fire", ("shoot", "shooting", "shot at")),
    # Terrain
    Words(
        "cover",
        (
            "woods", "forest", "trees", "hedge", "hedgerow", "bocage", "building",
            "town", "village", "house", "ruins", "rubble", "wall", "crops", "orchard",
            "trench", "foxhole",
        ),
    ),
    Words("obstacle", ("hedge", "hedgerow", "wall", "fence", "river", "stream")),
    # Spotting and Blinds
    Words("spot", ("detect", "reveal", "sighting", "scout", "see")),
    Words("recon", ("recce", "reconnaissance", "scout", "scouts", "scouting")),
    Words("LOS", ("line of sight", "line-of-sight")),
    Words("Dummy Blind", ("decoy", "fake blind", "dummy marker")),
    Words("move", ("how far",)),
    Words("deploy", ("flip", "unhide")),
    Words("allocate", ("split", "share out", "shared out", "assign", "pick")),
    Words("excess", ("extra", "leftover")),
    Words("wide", ("size", "big")),
    Words("distance", ("away",)),
    Words("Hidden Units", ("hidden deployment", "concealment", "hiding", "camo")),
    Words("opportunity fire", ("overwatch", "op fire", "opfire", "reaction fire")),
    Words("suppression", ("pinned", "pin", "pinning")),
    Words("Disruption", ("DP", "DPs", "morale")),
    Words("rally", ("recover", "recovery")),
    # Artillery
    Words("artillery", ("arty", "howitzer", "shell", "shelling", "bombardment", "off-board", "offboard")),
    Words("deviation", ("scatter", "drift")),
    Words("burst radius", ("blast", "blast radius", "splash")),
    Words("Fire Template", ("template", "blast marker")),
    Words("fires for effect", ("FFE", "fire for effect")),
    Words("interdiction", ("harassing fire",)),
    Words("Forward Observer", ("FO", "FOO", "spotter", "observer")),
    Words("fire mission", ("call in", "call for fire", "fire support")),
    Words("ammunition", ("ammo",)),
    Words("cancel", ("cancelling", "canceling", "stop firing")),
    Words("25-pounder", ("25pdr", "25 pdr", "25-pdr")),
    # Command
    Words("Command Dice", ("CD", "command die")),
    Words("Staff Order", ("SO", "staff orders")),
    Words("dice", ("die", "d6")),
    Words("Command Pulse", ("activation",)),
    Words("manoeuvre", ("maneuver",)),
    Words("Combat HQ", ("CHQ",)),
    # Armies
    Words("Soviet", ("russian", "russians", "red army")),
    Words("Commonwealth", ("brits", "uk", "8th army")),
    Words("German", ("axis", "wehrmacht")),
)

# Players' words for what a calculator answers that its page does not say in them
# (page -> words; added to its entry's text in the index, never shown: the
# calculator's own words, so "running out" counts as said, where a part of a players'
# phrase, "out" of "wiped out", counts only with the whole): "odds of spotting a
# Blind at 18 inches" is the Spotting calculator's, whose page says "distance".
CALCULATOR_WORDS: dict[str, str] = {
    "calculators/supply/": "ammunition running out of ammo",
    "calculators/spotting/": "a Blind at a distance in inches",
}
