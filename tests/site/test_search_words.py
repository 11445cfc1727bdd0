"""The search's data and build: the players' words, the tuned index, the worker.

The ranking itself is tested in the browser (tests/browser/test_search_queries.py);
these check what the build wrote (``search/search_index.json``, the pages' config)
and that the list of players' words is sound and shown to readers.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from chq_site.search import search
from chq_site.search.search_words import WORDS, expansions

ROOT = Path(__file__).resolve().parents[2]
RULES = "\n".join(p.read_text(encoding="utf-8") for p in sorted((ROOT / "docs" / "rules").glob("*.md")))


def index(site: Path) -> dict:
    return json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))


def test_every_rules_word_is_in_the_rules() -> None:
    missing = [w.rules for w in WORDS if not re.search(rf"\b{re.escape(w.rules)}", RULES, re.I)]
    assert missing == [], f"not in docs/rules/*.md: {missing}"


def test_no_players_word_maps_to_itself_and_all_are_lower_case_phrases() -> None:
    for player, rules in expansions().items():
        assert player not in rules, player
        assert player == player.strip() and len(player.split()) <= 3, player


def test_the_index_carries_the_players_words_and_the_weights(built_site: Path) -> None:
    built = index(built_site)
    assert built["config"]["chq_words"] == expansions()
    assert built["config"]["fields"]["title"]["boost"] == search.TITLE_WEIGHT
    boosts = {d["location"]: d["boost"] for d in built["docs"]}
    rule = max(v for k, v in boosts.items() if k.startswith("rules/"))
    glossary = max(v for k, v in boosts.items() if k.startswith("reference/glossary/"))
    home = max(v for k, v in boosts.items() if "/" not in k.split("#")[0])
    assert glossary * 10 < rule and home * 10 < rule, (rule, glossary, home)


def test_the_index_holds_rule_text_only(built_site: Path) -> None:
    """No widget, no "Source:" line, no notes on the source text, no calculator
    signpost on the rules pages; the rule text is all there."""
    docs = index(built_site)["docs"]
    text = " ".join(d["text"] for d in docs if d["location"].startswith("rules/"))
    for absent in ("Source:", "Notes on the source text", "Change the inputs", "calculator"):
        assert absent not in text, absent
    assert "A draw occurs when both sides roll the same number of successes" in text
    home = " ".join(d["text"] for d in docs if "/" not in d["location"].split("#")[0])
    assert "hedgerow" not in home  # the list of players' words is not indexed


def test_every_page_starts_the_wrapping_worker(built_site: Path) -> None:
    """Every page names our worker and, after the "#", Material's; a page whose main
    calculator starts the engine as it loads says "hold:" before it (and only such a
    page: the search index waits for the engine there, tests/browser/test_search_hold.py)."""
    held = []
    for page in sorted(built_site.rglob("index.html")):
        if "assets" in page.relative_to(built_site).parts:
            continue
        html = page.read_text(encoding="utf-8")
        found = re.search(r'"search":\s*"([^"]+)"', html)
        assert found, page
        worker, _, material = found.group(1).partition("#")
        assert worker.endswith("assets/js/search-worker.js"), (page, worker)
        hold = material.startswith("hold:")
        assert hold == ('data-mode="full"' in html), (page, material)
        if hold:
            held.append(page.parent.name)
            material = material.removeprefix("hold:")
        target = (page.parent / worker).resolve().parent / material
        assert target.resolve().is_file(), (page, material)
    assert "spotting" in held and "close-assault" in held, held


def test_home_page_lists_every_players_word(built_site: Path) -> None:
    html = (built_site / "index.html").read_text(encoding="utf-8")
    block = html[html.index('class="chq-search-words'):]
    block = block[: block.index("</details>")]
    for entry in WORDS:
        assert f"<td>{entry.rules}</td>" in block.replace("&#x27;", "'"), entry.rules
        for player in entry.players:
            assert player in block.replace("&#x27;", "'"), player
