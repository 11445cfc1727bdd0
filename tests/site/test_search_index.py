"""The next search's index, made at build time (build/chq_site/search/search_index.py):
entries with the players' words for the rules' words they hold, the page's
description on its introduction, boosts (a section above its page), and
MiniSearch's serialized index of them, made by Node with the worker's own options."""

from __future__ import annotations

import pytest
from chq_site.search import search_index
from chq_site.search.search_words import Words

MATERIAL = {
    "config": {"lang": ["en"], "separator": "[\\s\\-]+", "pipeline": ["stopWordFilter"], "fields": {}},
    "docs": [
        {"location": "rules/close-assault/", "title": "Close Assault", "text": "<p>Close Assault is brutal.</p>"},
        {"location": "rules/close-assault/#draws", "title": "Draws", "text": "<p>A draw occurs when...</p>"},
        {"location": "calculators/spotting/", "title": "Spotting calculator", "text": "<p>The odds.</p>"},
    ],
}

ASKS = {"rules/close-assault/#draws": "who wins a tied melee"}


def test_players_words_come_with_the_rules_words_an_entry_holds() -> None:
    words = (Words("Close Assault", ("melee",)), Words("draw", ("tie",)), Words("artillery", ("arty",)))
    assert search_index.players_words("Units in Close Assault roll", words) == "melee"
    assert search_index.players_words("Draws: a draw occurs", words) == "tie"
    assert search_index.players_words("withdraw", words) == ""


def test_entries_boosts_pages_and_descriptions() -> None:
    shown, indexed = search_index.index_entries(MATERIAL["docs"], asks=ASKS)
    boosts = {s["location"]: s["boost"] for s in shown}
    assert boosts["rules/close-assault/#draws"] > boosts["rules/close-assault/"]  # a section before its page
    assert boosts["rules/close-assault/"] > boosts["calculators/spotting/"]  # the rules before the calculators
    draws = indexed[1]
    assert (draws["id"], draws["title"], draws["page"]) == (1, "Draws", "Close Assault")
    assert "tie" in draws["named"] and "melee" in draws["words"]  # for its title's word, for its page's
    assert "close" not in draws["words"].split()  # ("close combat": the page says "Close" already)
    assert "Exact chance of spotting" in indexed[2]["words"]  # docs/calculators/spotting/index.md's description
    # What the calculator answers in a player's words is its own text, not players'
    # words (whose parts of a phrase count only with the whole: query.js).
    assert indexed[2]["text"].endswith(search_index.CALCULATOR_WORDS["calculators/spotting/"])
    assert search_index.CALCULATOR_WORDS["calculators/spotting/"] not in indexed[2]["words"]
    assert [s["text"] for s in shown] == [d["text"] for d in MATERIAL["docs"]]


def test_our_index_carries_minisearchs_serialized_index() -> None:
    ours = search_index.our_index(MATERIAL, asks=ASKS)
    engine = ours["config"]["chq_index"]
    assert engine["documentCount"] == 3
    assert "tie" in {term for term, _ in engine["index"]}  # a player's word for "draw", indexed
    assert ours["config"]["chq_intent"]["boost"] == search_index.INTENT_BOOST
    assert ["draw", ["tie", "tied", "stalemate", "roll off", "roll-off", "reroll", "re-roll"]] in ours["config"]["chq_words"]
    assert [d["location"] for d in ours["docs"]] == [d["location"] for d in MATERIAL["docs"]]


def test_what_a_section_answers_is_indexed_and_names_only_sections() -> None:
    _, indexed = search_index.index_entries(MATERIAL["docs"], asks=ASKS)
    assert [entry["asks"] for entry in indexed] == ["", "who wins a tied melee", ""]
    with pytest.raises(ValueError, match="rules/close-assault/#ties"):
        search_index.index_entries(MATERIAL["docs"], asks={"rules/close-assault/#ties": "tie"})
    # The site's own: every location it names is an entry of the built index (the
    # build fails otherwise), and it is written for the rules and the calculators.
    asks = search_index.section_asks()
    assert sum(location.startswith(("rules/", "calculators/")) for location in asks) >= 60
    assert all(text.strip() for text in asks.values())
