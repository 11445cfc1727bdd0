"""Players' queries find the rule: 25 searches typed into the site's search box.

Each query is typed into a fresh home page in real Chromium, as a reader types it;
Material's search box asks our worker (``build/chq_site/search/worker/``: MiniSearch
over the index made at build time, ``build/chq_site/search/search_index.py``, with the
players' words of ``build/chq_site/search/search_words.py``).
The first result group must be the expected rules page, and its best entry (the
highest ``data-md-score``, the one Material shows first under the page title) the
expected section. Snippets come from the matching paragraph, never a page's
"Source: ..." line, and a player's word that found its rules' word is not listed as
"Missing".
"""

from __future__ import annotations

import pytest

from tests.browser.search_queries_helpers import QUERIES, SNIPPET_QUERIES, search, where


@pytest.mark.parametrize("query", list(QUERIES))
def test_query_finds_the_rule_first(query: str, site_url: str, new_context) -> None:
    group = search(new_context, site_url, query)
    expected = QUERIES[query]
    found = where(group["best"]["href"], site_url)
    ranked = sorted(group["links"], key=lambda link: -link["score"])[:3]
    print(f"\n{query!r}: {found} ({[(where(x['href'], site_url), x['score']) for x in ranked]})")
    assert where(group["page"], site_url) == expected.split("#")[0], (
        f"{query!r}: first page {where(group['page'], site_url)}, expected {expected}"
    )
    assert found == expected, f"{query!r}: first section {found}, expected {expected}"
    assert group["best"]["missing"] == "", f"{query!r}: {group['best']['missing']!r}"


@pytest.mark.parametrize("query", SNIPPET_QUERIES)
def test_snippet_is_the_matching_paragraph(query: str, site_url: str, new_context) -> None:
    group = search(new_context, site_url, query)
    for link in group["links"]:
        assert "Source:" not in link["text"], f"{query!r}: a snippet shows a source line: {link['text'][:200]}"
    best = group["best"]
    assert "<mark>" in best["html"], f"{query!r}: the first snippet highlights nothing: {best['text'][:200]}"
