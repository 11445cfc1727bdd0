"""With JavaScript off, every rules page still shows its rules.

Some clubs and e-readers block scripts. Material renders the text server-side, and
pymdownx's tabs switch with CSS alone, so the first tab of each set must show.
"""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import expect

from tests.browser.site_helpers import ROOT, rules_pages, url

SEEDS = ROOT / "tests" / "fixtures" / "seeds"
MIN_ARTICLE_CHARS = 500
MIN_SEED_PARAGRAPH = 60  # characters: shorter lines are headings and list items
TABBED_PAGE = "rules/artillery/"


def normalise(text: str) -> str:
    """Collapse whitespace and unify quotes and dashes, for a substring comparison.

    >>> normalise("A  “Hit”\\n – 1D6’")
    'A "Hit" - 1D6\\''
    """
    text = text.translate(str.maketrans({"“": '"', "”": '"', "‘": "'", "’": "'", "–": "-", "—": "-"}))
    return re.sub(r"\s+", " ", text).strip()


def seed_text() -> str:
    return normalise(" ".join(p.read_text(encoding="utf-8") for p in sorted(SEEDS.glob("*.txt"))))


# Paragraphs a reader is not meant to see at once: closed <details>, later tabs.
MEANT_HIDDEN = "details:not([open]) *, .tabbed-block:not(:first-child) *"


def first_seed_paragraph(page, seeds: str) -> str | None:
    """The first paragraph of the article, meant to be on show, that is copied from
    the seed documents."""
    texts = page.eval_on_selector_all(
        "article p", f"ps => ps.filter(p => !p.matches({MEANT_HIDDEN!r})).map(p => p.textContent)"
    )
    for text in texts:
        candidate = normalise(text)
        if len(candidate) >= MIN_SEED_PARAGRAPH and candidate in seeds:
            return candidate
    return None


def test_rules_pages_readable_without_javascript(built_site: Path, site_url: str,
                                                 new_context) -> None:
    seeds = seed_text()
    assert seeds, f"no seed documents in {SEEDS}"
    context = new_context(java_script_enabled=False, viewport={"width": 820, "height": 1180})
    page = context.new_page()
    problems: list[str] = []
    seed_checked: list[str] = []
    for path in rules_pages(built_site):
        page.goto(url(site_url, path))
        where = path or "/"
        article = page.locator("article")
        if article.count() != 1 or not article.is_visible():
            problems.append(f"{where}: no visible <article>")
            continue
        shown = normalise(article.inner_text())
        headings = article.locator("h1")
        h1 = normalise(headings.first.text_content() or "") if headings.count() else ""
        h1 = h1.rstrip("¶").strip()
        if path and len(shown) <= MIN_ARTICLE_CHARS:  # the home page may be short
            problems.append(f"{where}: only {len(shown)} characters of text shown")
        if not path and not any(t.strip() for t in article.locator("p").all_inner_texts()):
            problems.append(f"{where}: no paragraph shown")
        if not h1 or h1 not in shown:
            problems.append(f"{where}: heading {h1!r} not shown")
        paragraph = first_seed_paragraph(page, seeds)
        if paragraph is not None:
            seed_checked.append(where)
            if paragraph not in shown:
                problems.append(f"{where}: rules paragraph not shown: {paragraph[:80]!r}...")
    print(f"\nno-JS: {len(rules_pages(built_site))} pages read, seed paragraph shown on "
          f"{len(seed_checked)}: {seed_checked}; {len(context.requests.off_origin)} off-origin")
    assert problems == [], "\n".join(problems)
    assert seed_checked, "no page shows any paragraph of the seed documents"
    assert context.requests.off_origin == []


def test_tabs_show_their_first_tab_without_javascript(built_site: Path, site_url: str,
                                                      new_context) -> None:
    pages = [p for p in rules_pages(built_site)
             if 'class="tabbed-set' in (built_site / p / "index.html").read_text(encoding="utf-8")]
    assert TABBED_PAGE in pages, f"{TABBED_PAGE} has no pymdownx tabs (tabbed pages: {pages})"
    context = new_context(java_script_enabled=False, viewport={"width": 820, "height": 1180})
    page = context.new_page()
    checked = 0
    for path in pages:
        page.goto(url(site_url, path))
        for tabbed in page.locator(".tabbed-set").all():
            blocks = tabbed.locator(":scope > .tabbed-content > .tabbed-block")
            labels = tabbed.locator(":scope > .tabbed-labels > label")
            assert blocks.count() >= 2, f"{path}: a tab set with {blocks.count()} tabs"
            first = blocks.first
            expect(labels.first).to_be_visible()
            expect(first).to_be_visible()
            assert len(first.inner_text().strip()) > 20, f"{path}: first tab shows no text"
            for i in range(1, blocks.count()):
                expect(blocks.nth(i)).to_be_hidden()
            checked += 1
    print(f"\nno-JS tabs: {checked} tab sets on {pages} show their first tab")
    assert checked > 0
