"""The search box answers in Chromium and in WebKitGTK as the index does: one story,
run in both engines (tests/browser/page_api.py).

The site's search worker, as the site serves it (bundled, at the address Material's
config names, its index fetched from the site), started in the page and asked every
player question (``tests/fixtures/player_questions.json``) and every players' query
(``tests/site/search_ranking_helpers.py`` QUERIES): the first result group and its best
entry, with the words found, must be what our worker answers under Node over the same
built index (tests/js/search-answers.mjs; whether that answer is right is
tests/site/test_search_ranking.py's). Then the search box, as a reader uses it: a
query of each kind (a typo, an odds question answered by a calculator, a section
answering before its page, a word the index does not hold) typed into Material's
box shows that answer first, with the words it highlights and "Missing:" only where
Node's has a word missing. Screenshots of a typo's results at 820x1180 and 390x844
in ``.artifacts/screenshots/``. The last word typed is completed in grey as Node
completes it (Material's search.suggest).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path

from tests.browser.page_api import SitePage
from tests.site.search_ranking_helpers import QUERIES, is_calculator_question, node_answers, questions

OPEN_SEARCH = 'label.md-header__button[for="__search"]'  # the header's search icon (below 60em)
# The first result group's best entry (Material lists a page's entries best first by
# data-md-score), as "page/#section" relative to the site, and its "Missing:" line.
FIRST = """
const item = document.querySelector('.md-search-result__item');
if (!item) return null;
const best = [...item.querySelectorAll('a.md-search-result__link')].map(a => ({
  a, score: parseFloat(a.querySelector('article').dataset.mdScore)})).reduce((x, y) => (y.score > x.score ? y : x));
const url = new URL(best.a.href);
const root = new URL(document.querySelector('meta[name=chq-root]').content, location.href).pathname;
const terms = best.a.querySelector('.md-search-result__terms');
return {at: url.pathname.slice(root.length) + url.hash, h: url.searchParams.get('h') || '',
        missing: terms ? terms.textContent.trim() : ''};
"""
TYPO = "artilery on blind"
PART = "arty on a blind arti"  # its last word being typed
LONG_PART = "can a blind that was shelled twice still rally before my assault arti"  # wider than a phone's field
SUGGEST_SHOWN = "return getComputedStyle(document.querySelector('.md-search__suggest')).visibility;"
FIELD_OVERFLOWS = ("const f = document.querySelector('input.md-search__input');"
                   " return f.scrollWidth > f.clientWidth + 1;")


# Start the search worker the site's config names, set it up with the site's index as
# Material does (search.suggest on), ask it every query in turn (it answers in order),
# and keep each answer's first group (its page) and best entry (its location and the
# words found) in window.__chqAsked, as tests/js/search-answers.mjs reads Node's.
ASK_WORKER = """
const config = JSON.parse(document.getElementById('__config').textContent);
const queries = arguments[0];
window.__chqAsked = null;
const first = ({items: [group]}) => {
  if (!group) return {page: null, location: null, terms: null};
  const best = group.reduce((a, b) => (b.score > a.score ? b : a));
  return {page: group[0].location.split('#')[0], location: best.location, terms: best.terms};
};
fetch(new URL(config.base + '/search/search_index.json', location.href)).then((r) => r.json()).then((index) => {
  const worker = new Worker(new URL(config.search, location.href));
  const answers = [];
  worker.onerror = (event) => { window.__chqAsked = {error: String(event.message)}; };
  worker.onmessage = ({data}) => {
    if (data.type === 1) { for (const q of queries) worker.postMessage({type: 2, data: q}); return; }
    answers.push(first(data.data));
    if (answers.length === queries.length) { worker.terminate(); window.__chqAsked = answers; }
  };
  worker.postMessage({type: 0, data: {config: index.config, docs: index.docs, options: {suggest: true}}});
}, (error) => { window.__chqAsked = {error: String(error)}; });
"""


def typed_in_the_box(asked: list[str], expected: dict[str, dict]) -> list[str]:
    """A query of each kind, as the data says (none named here): the typo, the first
    odds question (a calculator answers), the first whose best entry is a section, and
    the first with a word not found ("Missing:")."""
    odds = [q["q"] for q in questions() if is_calculator_question(q["first"])]
    section = [q for q in asked if "#" in ((expected[q]["best"] or {}).get("location") or "")]
    missing = [q for q in asked if expected[q]["best"] and not all(expected[q]["best"]["terms"].values())]
    kinds = [[TYPO], odds, section, missing]
    assert all(kinds), f"a kind of query with no example: {kinds}"
    return list(dict.fromkeys(kind[0] for kind in kinds))


def expected_first(answer: dict) -> dict:
    """What the page must show for the index's answer: the best entry, the words it
    highlights on the page it opens (Material's ?h=: the words found) and whether it
    says "Missing:" (a word typed and not found)."""
    best = answer["best"]
    found = " ".join(word for word, held in best["terms"].items() if held)
    return {"at": best["location"], "h": found, "missing": not all(best["terms"].values())}


def ask(page: SitePage, query: str, want: dict) -> dict:
    """Type ``query`` in place of what the field holds; wait until the first entry is
    the one wanted, for the whole query (its words found, its "Missing:"; an earlier
    keystroke's answer may show the same entry); return what the page shows then, or
    at the end of the wait."""
    # As a reader who types fast: all but the last letter at once, then the last as a
    # key (Material searches on a key's release): the worker is asked for the whole query.
    page.run("const f = document.querySelector('input.md-search__input'); f.value = arguments[0]; f.focus();",
             query[:-1])
    page.type(query[-1])
    body = ("if (document.querySelector('input.md-search__input').value !== arguments[0]) return null;"
            f" const first = (() => {{ {FIRST} }})(); const want = arguments[1];"
            " return first && first.at === want.at && first.h === want.h && !!first.missing === want.missing;")
    with contextlib.suppress(AssertionError):  # (a wait that ends says so: the caller compares what was shown)
        page.wait(body, query, want, what=f"the first result of {query!r}", timeout=10)
    shown: dict = page.run(FIRST) or {"at": None, "h": "", "missing": ""}
    return {"at": shown["at"], "h": shown["h"], "missing": bool(shown["missing"])}


def open_search_box(page: SitePage) -> None:
    """A rules page, its search opened as a player taps it, the field focused."""
    page.open("rules/blinds/")
    page.wait("return document.readyState === 'complete' && document.querySelector('article h1');", what="the page")
    page.tap(OPEN_SEARCH)
    page.wait("return document.activeElement && document.activeElement.matches('input.md-search__input');",
              what="the search field focused")


def test_the_search_box_answers_as_the_index_does(
    site_page: Callable[..., SitePage], built_site: Path, artifacts: Path
) -> None:
    asked = [q["q"] for q in questions()] + list(QUERIES) + [TYPO]
    expected = node_answers(built_site, asked)
    page = site_page(820, 1180, screenshots=True)
    open_search_box(page)
    # The worker in this browser, every query.
    page.run(ASK_WORKER, asked)
    answers = page.wait("return window.__chqAsked;", what="the worker's answers", timeout=120)
    assert isinstance(answers, list), answers
    node = [{"page": expected[q]["page"], "location": (expected[q]["best"] or {}).get("location"),
             "terms": (expected[q]["best"] or {}).get("terms")} for q in asked]
    wrong = [(q, shown, want) for q, shown, want in zip(asked, answers, node, strict=True) if shown != want]
    assert wrong == [], f"{page.engine}: {len(wrong)} of {len(asked)} answers differ from Node's: {wrong[:10]}"
    # The search box shows that answer, a query of each kind.
    wrong = []
    for query in typed_in_the_box(asked, expected):
        want = expected_first(expected[query])
        shown = ask(page, query, want)
        if shown != want:
            wrong.append((query, shown, want))
    assert wrong == [], f"{page.engine}: the search box shows other answers than the index's: {wrong}"
    out = artifacts / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    for width, height in ((820, 1180), (390, 844)):
        page.resize(width, height)
        want = expected_first(expected[TYPO])
        assert ask(page, TYPO, want) == want
        page.screenshot(out / f"search-typo-{width}x{height}-{page.engine}.png")
    assert page.errors() == []


def test_the_last_word_is_completed_in_grey(site_page: Callable[..., SitePage], built_site: Path) -> None:
    """Material shows the completion our worker sends (suggest) behind the query (its
    right arrow, Material's own, takes it); not while the query is wider than the
    field, where the two would overlap (search/search-field.js)."""
    [last] = node_answers(built_site, [PART])[PART]["suggest"]
    completed = PART[: PART.rindex(" ") + 1] + last
    assert completed != PART
    page = site_page(820, 1180)
    open_search_box(page)
    page.run("const f = document.querySelector('input.md-search__input'); f.value = arguments[0]; f.focus();",
             PART[:-1])
    page.type(PART[-1])
    page.wait("return document.querySelector('.md-search__suggest').textContent === arguments[0];", completed,
              what=f"the grey completion {completed!r}", timeout=10)
    assert page.run(SUGGEST_SHOWN) == "visible"
    # A question wider than the field (a phone): the field shows its end, the completion
    # behind it would show its start, the two overlapping; the completion is hidden.
    page.resize(390, 844)
    [last] = node_answers(built_site, [LONG_PART])[LONG_PART]["suggest"]
    completed = LONG_PART[: LONG_PART.rindex(" ") + 1] + last
    page.run("const f = document.querySelector('input.md-search__input'); f.value = arguments[0]; f.focus();",
             LONG_PART[:-1])
    page.type(LONG_PART[-1])
    page.wait("return document.querySelector('.md-search__suggest').textContent === arguments[0];", completed,
              what=f"the grey completion {completed!r}", timeout=10)
    assert page.run(FIELD_OVERFLOWS) is True
    assert page.run(SUGGEST_SHOWN) == "hidden"
    assert page.errors() == []
