"""Shared by test_player_questions.py and the tests that use its pages, fixtures and checks
(moved out of the test module, unchanged: a test module imports no other test module)."""

from __future__ import annotations

import json
from urllib.parse import urlsplit

from tests.browser.site_helpers import (
    ROOT,
    enter_query,
    open_search,
    wait_for_search_settled,
)

QUESTIONS = ROOT / "tests" / "fixtures" / "player_questions.json"


RIGHT_AT_LEAST = 0.9


# The first result group's best entry (Material shows a page's entries under its
# title, best first by score; the group order is that of their best scores).
FIRST_HIT = """
() => {
  const item = document.querySelector(".md-search-result__item");
  if (!item) return null;
  const links = [...item.querySelectorAll("a.md-search-result__link")].map(a => ({
    href: a.href, score: parseFloat(a.querySelector("article").dataset.mdScore)}));
  return links.reduce((a, b) => (b.score > a.score ? b : a)).href;
}
"""


def questions() -> list[dict]:
    return json.loads(QUESTIONS.read_text(encoding="utf-8"))["questions"]


def where(href: str, site_url: str) -> str:
    """``page/#section`` of a result link (any ?h= highlight dropped)."""
    parts = urlsplit(href)
    path = parts.path[len(urlsplit(site_url).path):]
    return path + (f"#{parts.fragment}" if parts.fragment else "")


def ask_all(page, site_url: str, asked: list[dict]) -> list[tuple[str, str, list[str]]]:
    """Type each question into the search box; (question, first hit, expected)."""
    field = open_search(page)
    answers = []
    for question in asked:
        enter_query(field, question["q"])
        wait_for_search_settled(page, question["q"])
        href = page.evaluate(FIRST_HIT)
        answers.append((question["q"], where(href, site_url) if href else "(nothing)", question["first"]))
    return answers


def is_calculator_question(expected: list[str]) -> bool:
    return all(target.startswith("calculators/") for target in expected)
