"""Players' queries find the rule: 25 searches typed into the site's search box.

Each query is typed into a fresh home page in real Chromium, as a reader types it;
the search is Material's (lunr in a web worker) wrapped by
``build/chq_site/search/search-worker.js`` with the players' words of
``build/chq_site/search_words.py`` and the weights of ``build/chq_site/search.py``.
The first result group must be the expected rules page, and its best entry (the
highest ``data-md-score``, the one Material shows first under the page title) the
expected section. Snippets come from the matching paragraph, never a page's
"Source: ..." line, and a player's word that found its rules' word is not listed as
"Missing".
"""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from tests.browser.site_helpers import open_search, track_search_worker, url, wait_for_search_settled

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
    "scatter": "rules/artillery/#artillery-against-a-blind",
    "out of ammo": "rules/artillery/#ammunition-supply",
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

# The first result group: its page link, and its best entry (Material sorts entries
# by score, shows the page title first, then the best section under it).
FIRST_GROUP = """
() => {
  const item = document.querySelector(".md-search-result__item");
  if (!item) return null;
  const links = [...item.querySelectorAll("a.md-search-result__link")].map(a => {
    const article = a.querySelector("article");
    return {href: a.href, score: parseFloat(article.dataset.mdScore),
            html: article.innerHTML, text: article.textContent,
            missing: (article.querySelector(".md-search-result__terms") || {}).textContent || ""};
  });
  const best = links.reduce((a, b) => (b.score > a.score ? b : a));
  return {page: links[0].href, best, links};
}
"""


def where(href: str, site_url: str) -> str:
    """``page/#section`` of a result link (the ?h= highlight dropped)."""
    parts = urlsplit(href)
    path = parts.path[len(urlsplit(site_url).path):]
    return path + (f"#{parts.fragment}" if parts.fragment else "")


def search(new_context, site_url: str, query: str) -> dict:
    """Type ``query`` into the search of a fresh home page; the first result group."""
    context = new_context(viewport={"width": 1366, "height": 1024}, service_workers="block")
    track_search_worker(context)
    page = context.new_page()
    page.goto(url(site_url, ""))
    open_search(page).press_sequentially(query, delay=20)
    wait_for_search_settled(page, query)
    page.wait_for_selector(".md-search-result__item")
    group = page.evaluate(FIRST_GROUP)
    assert context.requests.off_origin == []
    return group


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
