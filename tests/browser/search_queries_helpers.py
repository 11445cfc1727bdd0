"""Shared by test_search_queries.py and the tests that use its pages, fixtures and checks
(moved out of the test module, unchanged: a test module imports no other test module)."""

from __future__ import annotations

from urllib.parse import urlsplit

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
    # The glossary's Deviation Dice says what scatter is (which way, how far, in both
    # versions) and links the rule: for one word, as good as the rule.
    "scatter": "reference/glossary/#deviation-dice",
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
