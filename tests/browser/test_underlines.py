"""The dotted underlines a player reads as "tap me" are drawn in both engines: under a
glossary term in the rules (it opens its definition) and under a calculator's
headline (a tap shows the exact fraction). One story, run in Chromium and in
WebKitGTK (the page API of tests/browser/page_api.py).

WebKit, as Safari, takes ``text-decoration`` with one value only (the line): with a
style or a thickness after it, the whole declaration was dropped there, and a term
read as plain text. The computed longhands say what the engine draws.
"""

from __future__ import annotations

from collections.abc import Callable

from chq_site.widget import permalinks

from tests.browser.page_api import ENGINE_S, SitePage

# Each element's computed line and style (the longhands every engine reports).
DECORATION = """
const found = [...document.querySelectorAll(arguments[0])];
return found.length ? found.map((n) => {
  const s = getComputedStyle(n);
  return {line: s.textDecorationLine, style: s.textDecorationStyle};
}) : null;
"""
TERM = "article a.chq-term"
HEADLINE = ".chq-widget[data-mode=full] button.chq-headline"


def test_terms_and_tappable_headlines_are_underlined_dotted(site_page: Callable[..., SitePage]) -> None:
    page = site_page(820, 1180)
    page.open("rules/blinds/")
    terms = page.wait(f"return (() => {{ {DECORATION} }})(arguments[0]);", TERM, what="the glossary terms")
    assert {(t["line"], t["style"]) for t in terms} == {("underline", "dotted")}, (page.engine, terms)
    page.open(permalinks.page_path("spotting") + "#distance=18")
    headline = page.wait(f"return (() => {{ {DECORATION} }})(arguments[0]);", HEADLINE,
                         what="the tappable headline", timeout=ENGINE_S)
    assert headline == [{"line": "underline", "style": "dotted"}], (page.engine, headline)
    assert page.errors() == []
