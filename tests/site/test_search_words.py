"""The search's data and build: the players' words, the index, the worker.

The ranking is tested under Node over the built index (tests/js/search-*.test.mjs)
and in the browsers (tests/browser/test_search_queries.py); these check what the
build wrote (``search/search_index.json``, the pages' config) and that the list of
players' words is sound and shown to readers.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from chq_site import bundle
from chq_site.search.search_words import WORDS

ROOT = Path(__file__).resolve().parents[2]
RULES = "\n".join(p.read_text(encoding="utf-8") for p in sorted((ROOT / "docs" / "rules").glob("*.md")))


def index(site: Path) -> dict:
    return json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))


def test_every_rules_word_is_in_the_rules() -> None:
    missing = [w.rules for w in WORDS if not re.search(rf"\b{re.escape(w.rules)}", RULES, re.I)]
    assert missing == [], f"not in docs/rules/*.md: {missing}"


def test_no_players_word_is_its_rules_word_and_all_are_lower_case_phrases() -> None:
    for entry in WORDS:
        for player in entry.players:
            assert player.lower() != entry.rules.lower(), player
            assert player == player.strip() and len(player.split()) <= 3, player


def test_the_index_carries_the_players_words_and_the_weights(built_site: Path) -> None:
    """MiniSearch's index, made at build time, holds the players' words ("tie" in
    the entries saying "draw"); the rules rank well above the glossary and
    the home page, a section above its page's introduction."""
    built = index(built_site)
    terms = {term for term, _ in built["config"]["chq_index"]["index"]}
    assert {"overwatch", "tie", "arty", "ammo"} <= terms  # (terms as the index holds them: "melee" is "mele")
    assert built["config"]["chq_index"]["documentCount"] == len(built["docs"])
    boosts = {d["location"]: d["boost"] for d in built["docs"]}
    rule = max(v for k, v in boosts.items() if k.startswith("rules/"))
    glossary = max(v for k, v in boosts.items() if k.startswith("reference/glossary/"))
    home = max(v for k, v in boosts.items() if "/" not in k.split("#")[0])
    assert glossary * 10 <= rule and home * 10 <= rule, (rule, glossary, home)
    assert boosts["rules/close-assault/#draws"] > boosts["rules/close-assault/"]


def test_a_result_shows_a_table_as_rows(built_site: Path) -> None:
    """Material's plugin flattens a table into a wall of words; the index holds it
    as a list, one row a line."""
    docs = {d["location"]: d["text"] for d in index(built_site)["docs"]}
    text = docs["rules/spotting/#distance-to-unit"]
    assert "<li>Range band · TN</li>" in text and "<li>6–12” · 3+ TN</li>" in text, text[:300]


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


def test_every_page_starts_our_worker(built_site: Path) -> None:
    """Every page names our worker (bundled, with its map; Material's worker is not
    in the site); a page whose main calculator starts the engine as it loads says
    "#hold:" after it (and only such a page: the search index waits for the engine
    there, tests/browser/test_search_hold.py)."""
    held = []
    for page in sorted(built_site.rglob("index.html")):
        if "assets" in page.relative_to(built_site).parts:
            continue
        html = page.read_text(encoding="utf-8")
        found = re.search(r'"search":\s*"([^"]+)"', html)
        assert found, page
        worker, _, after = found.group(1).partition("#")
        assert worker.endswith(bundle.SEARCH_WORKER), (page, worker)
        assert (page.parent / worker).resolve().is_file(), (page, worker)
        assert after in ("", "hold:"), (page, after)
        if after:
            held.append(page.parent.name)
        assert bool(after) == ('data-mode="full"' in html), (page, after)
    assert "spotting" in held and "close-assault" in held, held


def test_home_page_lists_every_players_word(built_site: Path) -> None:
    html = (built_site / "index.html").read_text(encoding="utf-8")
    block = html[html.index('class="chq-search-words'):]
    block = block[: block.index("</details>")]
    for entry in WORDS:
        assert f"<td>{entry.rules}</td>" in block.replace("&#x27;", "'"), entry.rules
        for player in entry.players:
            assert player in block.replace("&#x27;", "'"), player


def test_the_worker_is_bundled_with_minisearch(built_site: Path) -> None:
    worker = (built_site / bundle.SEARCH_WORKER).read_text(encoding="utf-8")
    assert "importScripts" not in worker and "import " not in worker.split("\n", 1)[0]  # one classic script
    assert worker.rstrip().endswith("//# sourceMappingURL=search-worker.js.map")
    sources = json.loads((built_site / (bundle.SEARCH_WORKER + ".map")).read_text(encoding="utf-8"))["sources"]
    assert "search/worker/worker.js" in sources and any("minisearch" in s for s in sources), sources
    assert not (built_site / "assets/javascripts/workers").exists()
