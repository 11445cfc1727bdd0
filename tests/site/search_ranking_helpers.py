"""The search's questions and queries, and its answers under Node over a built index
(tests/js/search-answers.mjs): shared by the ranking tests (tests/site/) and the
browser story that checks a browser answers the same (tests/browser/test_search_engines.py)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ANSWERS = ROOT / "tests" / "js" / "search-answers.mjs"
QUESTIONS = ROOT / "tests" / "fixtures" / "player_questions.json"
EXCERPT_JS = ROOT / "build" / "chq_site" / "search" / "worker" / "excerpt.js"

# The player questions right first, at least: the bar the search is built for, 95 in
# 100 (it reaches 124 of 130, with what each section answers, section_asks.toml), so
# that a change that loses two fails.
RIGHT_AT_LEAST = 0.95
BAR = 0.95
# Queries whose first result is not yet the rule a player is after (a strict xfail: it
# fails the run once it is, so that it is taken off this list).
NOT_YET: dict[str, str] = {}


# query -> "page/#section" its first result must be (the rule the player is after)
QUERIES = {
    # the issue's own examples
    "close assault tie": "rules/close-assault/#draws",
    "spot blind in woods": "rules/spotting/#distance-to-unit",
    "deviation": "rules/artillery/#artillery-against-a-blind",
    "recon": "rules/spotting/#distance-to-unit",
    "7+": "rules/close-assault/#tn-of-7",
    "Marder": "rules/units/#marder-iii-sdkfz-139",
    "interdiction": "rules/hidden-units/#interdiction-fire-and-hidden-units",
    # players' words (search_words.py)
    "roll off": "rules/close-assault/#draws",
    "loser knocked out": "rules/close-assault/#determine-the-winner",
    "arty on a blind": "rules/artillery/#artillery-against-a-blind",
    "recce": "rules/spotting/#distance-to-unit",
    "hedgerow assault": "rules/close-assault/#linear-obstacles-and-buildings",
    "overwatch deploy": "rules/blinds/#deploying-a-blind",
    # The glossary's Deviation Dice says what scatter is (which way, how far, in both
    # versions) and links the rule: for one word, as good as the rule.
    "scatter": "reference/glossary/#deviation-dice",
    "out of ammo": "rules/artillery/#ammunition-supply",
    "extra suppressions on deploying": "rules/blinds/#deploying-with-suppressions-and-disruption",
    "retreat after assault": "rules/close-assault/#after-a-close-assault",
    "pinned blind": "rules/blinds/#removing-suppressions-from-blinds",
    "KO dummy blind": "rules/blinds/#dummy-blinds",
    "line of sight return to blind": "rules/blinds/#returning-units-to-blinds",
    # the rules' own words
    "assault into a building": "rules/close-assault/#linear-obstacles-and-buildings",
    "rally disruption": "rules/blinds/#rallying-blinds",
    "flank attack": "rules/close-assault/#close-assault-table",
    "cancel fire mission": "rules/artillery/#canceling-a-fire-mission",
    "staff order supply": "rules/artillery/#using-a-staff-order-to-boost-the-check",
    "hidden units in a wood": "rules/hidden-units/#spotting-hidden-units",
}


# Queries whose snippet must show the matching words (a <mark>), not a source line.
SNIPPET_QUERIES = ("Marder", "close assault tie", "interdiction", "7+", "spot blind in woods")


def questions() -> list[dict]:
    return json.loads(QUESTIONS.read_text(encoding="utf-8"))["questions"]


def every_page() -> set[str]:
    """Every rules page and every calculator page, as the index locates them."""
    expected = {f"rules/{p.stem}/" for p in (ROOT / "docs" / "rules").glob("*.md")}
    return expected | {f"calculators/{p.name}/" for p in (ROOT / "docs" / "calculators").iterdir() if p.is_dir()}


def is_calculator_question(expected: list[str]) -> bool:
    return all(target.startswith("calculators/") for target in expected)


def node_answers(site: Path, queries: list[str]) -> dict[str, dict]:
    """Each query -> {page: first group's page, best: {location, terms, text, title},
    suggest: [the last word completed]}."""
    done = subprocess.run(
        ["node", str(ANSWERS), str(site / "search" / "search_index.json")],
        input=json.dumps(queries), cwd=ROOT, capture_output=True, text=True, timeout=120, check=True,
    )
    return {a["q"]: a for a in json.loads(done.stdout)}
