"""Every question at the answer bar, in Chromium and in WebKitGTK (each story once, on
the page API): on a phone, each question a calculator page answers (the odds in full,
What do I need?, How lucky was that?, Compare, Fight it out) is one tap from the first
screen, its answer in view without a scroll, and one tap (Inputs) brings the inputs
back where they were; a link that carries a question (sweep=, rolled=, vs=, fight=)
opens on that question's answer.

The questions a page offers are those of its widget (the bar lists what the page's
panels hold), checked against what the build wrote: a new panel is measured too.
"""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import quote

from chq_site.widget import permalinks

from tests.browser.answer_bar_helpers import ANSWER, SHOWN, sheet_problems
from tests.browser.page_api import MAIN, SitePage

ASSAULT = permalinks.page_path("close_assault")
SPOTTING = permalinks.page_path("spotting")
PHONE = (390, 844)


def shown(page: SitePage) -> dict:
    page.frames()
    return page.call(SHOWN, ANSWER)


def test_each_question_is_one_tap_from_the_first_screen(site_page: Callable[..., SitePage]) -> None:
    page = site_page(*PHONE)
    for path, questions in ((ASSAULT, ["odds", "need", "luck", "compare", "fight"]),
                            (SPOTTING, ["odds", "need", "luck", "compare"])):
        page.open(path)
        page.wait(f"return document.querySelector('{MAIN}').dataset.state === 'ready'", what="the first answer")
        first = shown(page)
        assert [b["id"] for b in first["buttons"]] == ["inputs", *questions], first
        assert all(b["onScreen"] for b in first["buttons"]), first["buttons"]
        assert first["view"] is None and first["sheet"] is None, first
        for view in questions:
            page.tap(f"{MAIN} [data-view-button={view}]", where_it_is=True)
            page.wait(f"return document.querySelector('{MAIN}').dataset.view === '{view}'", what=f"{view} open")
            now = shown(page)
            assert sheet_problems(now, view) == [], (path, now)
            assert now["scrollY"] == first["scrollY"], (view, now["scrollY"])  # the page did not scroll
            page.tap(f"{MAIN} [data-view-button=inputs]", where_it_is=True)
            back = shown(page)
            assert back["view"] is None and back["scrollY"] == first["scrollY"], (view, back)
            assert [b["id"] for b in back["buttons"] if b["pressed"] == "true"] == ["inputs"], back
        # The same tap again closes it too, and so does Escape.
        page.tap(f"{MAIN} [data-view-button=need]", where_it_is=True)
        page.tap(f"{MAIN} [data-view-button=need]", where_it_is=True)
        assert shown(page)["view"] is None
        page.tap(f"{MAIN} [data-view-button=odds]", where_it_is=True)
        page.press("Escape")
        assert shown(page)["view"] is None
    assert page.errors() == []


def test_a_link_that_carries_a_question_opens_on_its_answer(site_page: Callable[..., SitePage]) -> None:
    page = site_page(*PHONE)
    page.open(f"{ASSAULT}#att_dice=6&def_dice=5&rolled=2,4")
    page.wait(f"return document.querySelector('{MAIN}').dataset.view === 'luck'", what="the roll's question open")
    page.wait(f"return document.querySelector('{MAIN} .chq-luck__words').textContent.includes('1 in')",
              what="the roll judged")
    assert sheet_problems(shown(page), "luck") == []
    for fragment, view in (("att_dice=6&def_dice=5&sweep=def_dice&target=0.8", "need"),
                           ("att_dice=6&def_dice=4&vs=" + quote("att_dice=6&def_dice=5", safe=""), "compare")):
        page.set_fragment(fragment)
        page.wait(f"return document.querySelector('{MAIN}').dataset.view === '{view}'", what=f"{view} open")
        assert sheet_problems(shown(page), view) == [], fragment
    page.tap(f"{MAIN} [data-view-button=inputs]", where_it_is=True)
    assert shown(page)["view"] is None
    assert page.errors() == []
