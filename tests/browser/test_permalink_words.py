"""What a permalink says about itself: one story each, run in Chromium and in WebKitGTK
(the page API of tests/browser/page_api.py), on the built site over HTTP.

A typo in a permalink must not pass for an answer. A key that is no input here
("distanse") is named above the form while the inputs it does know are answered
(a part with no name, "=5", is named in words; an empty one, "&&", is nothing);
the page's own keys (vs=, fight=) are not named; an input given twice
("distance=1&distance=30") is refused, in the words the command line uses for a flag
given twice; a refused value is shown short, as ``compute()`` shows it (a
10,000-digit number is not echoed whole). Every refusal and answer is compared to
the command line's (``python -m calculators``), never to a string written here.

Each story opens its first link as a new page load (a player's shared link), then
changes the address of the page already open (its fragment alone). The notice's
words for each kind of part are the browser code's logic, checked without a browser
(tests/js/permalink.test.mjs, on the readings Python writes); here, that the page
shows them.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from chq_site.widget.permalinks import base_values

from calculators import InputError, sweep
from tests.browser.page_api import ENGINE_S, MAIN, SitePage
from tests.browser.permalink_words_helpers import (
    LONG_NUMBER,
    LONG_WORD,
    notice,
    refusal,
    refused_at_the_command_line,
)
from tests.browser.questions_helpers import luck_when, need_when
from tests.browser.widgets_helpers import PAGES, TOLERANCE, fragment, reference, same

TABLET = (820, 1180)
NO_NAME = "A part of the link with no name (“=5”) is not an input here: the answer is for the inputs shown."
NOTICE_SAYS = ("const n = document.querySelector('.chq-widget[data-mode=full] .chq-form__message');"
               " return n && !n.hidden && n.textContent.includes(arguments[0]);")
def load(page: SitePage, path: str) -> None:
    """``path`` as a new page load (a change of the fragment alone loads nothing),
    after checking the script errors of the page it leaves."""
    if page.run("return location.protocol") == "http:":
        assert page.errors() == [], page.run("return location.href")
    page.open("about:blank")
    page.open(path)


def test_a_key_that_is_no_input_is_named_and_the_others_answered(site_page: Callable[..., SitePage]) -> None:
    page = site_page(*TABLET)
    load(page, PAGES["spotting"] + "#distanse=30&cover=heavy")
    want = reference("spotting", {**base_values("spotting"), "cover": "heavy"})
    shown = page.answer_for(want["inputs"])
    assert same(json.loads(shown["result"]), want, 0.0) == []
    said = notice(page)
    assert said["visible"], said
    assert "distanse (did you mean distance?) is not an input here" in said["text"], said
    # Editing the inputs writes an address without the typo: the notice goes with it.
    page.fill(f"{MAIN} input[name=distance]", "30")
    page.answer_for({**want["inputs"], "distance": 30})
    assert notice(page)["text"] == ""
    assert "distanse" not in page.run("return location.href")
    # In the address of the page already open: a part with no name, then empty parts.
    page.set_fragment("distance=30&&=5")
    page.wait(NOTICE_SAYS, "with no name", what="the notice of a part with no name")
    assert notice(page)["text"] == NO_NAME
    page.set_fragment("distance=12&&cover=light&")
    page.answer_for({"distance": 12, "cover": "light"})
    assert notice(page)["text"] == ""
    assert page.errors() == []


def test_a_part_of_the_link_with_no_name_is_named_in_words(site_page: Callable[..., SitePage]) -> None:
    """"=5" names no input: the page says so in words (it once said " is not an input
    here", a name left blank), and answers the inputs it knows; a bare "&&" is an
    empty part, nothing at all (as URLSearchParams reads it)."""
    mechanic = "shell_then_assault"
    page = site_page(*TABLET)
    load(page, PAGES[mechanic] + "#fire_dice=6&colour=red&=" + "x" * 10_000)
    want = reference(mechanic, {**base_values(mechanic), "fire_dice": 6})
    shown = page.answer_for(want["inputs"])
    assert same(json.loads(shown["result"]), want, TOLERANCE[mechanic]) == []
    said = notice(page)
    assert said["visible"], said
    text = said["text"]
    assert text.startswith("colour and a part of the link with no name (“=xxx"), text
    assert text.endswith("...”) are not inputs here: the answer is for the inputs shown."), text
    assert len(text) <= 200, text
    page.set_fragment("fire_dice=7&&&units=2&")
    page.answer_for({"fire_dice": 7, "units": 2})
    assert notice(page)["text"] == ""
    assert page.errors() == []


def test_the_pages_own_keys_are_not_named(site_page: Callable[..., SitePage]) -> None:
    """vs= (a pinned setup A) and fight= (a fight's taps) are the page's, not typos."""
    params = {"att_dice": 6, "def_dice": 5}
    page = site_page(*TABLET)
    load(page, PAGES["close_assault"] + "#" + fragment(params)
         + "&vs=att_dice%3D4%26def_dice%3D5&fight=&fihgt=da&colour=red")
    page.answer_for(params)
    text = notice(page)["text"]
    assert text == "fihgt and colour are not inputs here: the answer is for the inputs shown.", text
    assert page.errors() == []


def test_an_input_given_twice_is_refused_in_the_command_lines_words(site_page: Callable[..., SitePage]) -> None:
    page = site_page(*TABLET)
    load(page, PAGES["spotting"] + "#distance=1&distance=30")
    shown = refusal(page, "distance")
    assert shown["message"] == refused_at_the_command_line(
        "spotting", "distance", "--distance=1", "--distance=30")
    assert shown["result"] is None and shown["invalid"]
    page.set_fragment("distance=18&cover=light&cover=light")
    shown = refusal(page, "cover")  # even when both say the same
    assert shown["message"] == refused_at_the_command_line(
        "spotting", "cover", "--distance=18", "--cover=light", "--cover=light")
    # In the address of the page already open.
    page.set_fragment("distance=18")
    page.answer_for({"distance": 18})
    page.set_fragment("distance=1&distance=30")
    shown = refusal(page, "distance")
    assert shown["message"] == refused_at_the_command_line(
        "spotting", "distance", "--distance=1", "--distance=30")
    assert page.errors() == []


def test_a_long_value_is_shown_short_as_compute_shows_it(site_page: Callable[..., SitePage]) -> None:
    page = site_page(*TABLET)
    for n, (field, text, others) in enumerate((("distance", LONG_NUMBER, {}), ("cover", LONG_WORD, {"distance": 18}),
                                                ("distance", "1" + "0" * 39 + "x", {}))):
        flags = [f"--{name}={value}" for name, value in {**others, field: text}.items()]
        if n == 0:
            load(page, PAGES["spotting"] + "#" + fragment({**others, field: text}))
        else:
            page.set_fragment(fragment({**others, field: text}))
        shown = refusal(page, field)
        assert shown["message"] == refused_at_the_command_line("spotting", field, *flags)
        assert len(shown["message"]) <= 200, shown["message"]
    # Typed into the field (not a permalink): the same message, short.
    page.fill(f"{MAIN} input[name=distance]", LONG_NUMBER)
    page.press("Tab")
    shown = refusal(page, "distance")
    assert shown["message"] == refused_at_the_command_line("spotting", "distance", f"--distance={LONG_NUMBER}")
    # In the address of the page already open.
    page.set_fragment("distance=18")
    page.answer_for({"distance": 18})
    page.set_fragment(f"distance={LONG_NUMBER}")
    shown = refusal(page, "distance")
    assert shown["message"] == refused_at_the_command_line("spotting", "distance", f"--distance={LONG_NUMBER}")
    assert len(shown["message"]) <= 200, shown["message"]
    assert page.errors() == []


def refused_target(text: str) -> str:
    """calculators.sweep's refusal of the target chance ``text`` (spotting, chain dice)."""
    with pytest.raises(InputError) as error:
        sweep("spotting", {"distance": 18}, "chain_dice", target=text)
    assert error.value.field == "target"
    return error.value.message


def address_parts(page: SitePage) -> list[str]:
    """The open page's address, its fragment's parts as written."""
    return str(page.run("return location.hash")).removeprefix("#").split("&")


def test_a_panels_key_is_read_as_strictly_as_an_input(site_page: Callable[..., SitePage]) -> None:
    """The questions' panels' keys (sweep=, target=, rolled=) as the form's inputs: one
    given twice is refused by name, in the same words, never judged on one of its
    values (rolled=1,0&rolled=4,1 once judged 4,1); a refused one stays in the address
    as the link wrote it while the page writes its state (a refused target=0 was
    written back as the panel's 0.8, so that Share gave what was not on screen); on
    spotting, whose Target input is blind or hidden, a number is the panel's target and
    a word the input's, and writing one keeps the other (the panel once dropped
    target=hidden); and the page never shows a luck answer beside the form's refusal."""
    page = site_page(*TABLET)
    twice = refused_at_the_command_line("spotting", "distance", "--distance=1", "--distance=30").split(": ", 1)[1]
    load(page, PAGES["spotting"] + "#distance=18&rolled=1,0&rolled=4,1")
    luck = luck_when(page, "s.open && s.state === 'error' && s.message", "rolled= given twice, refused", ENGINE_S)
    assert luck["message"] == f"Successes rolled: {twice}", luck
    assert luck["result"] is None, luck
    page.answer_for({"distance": 18})  # the inputs it knows are answered
    # The player edits an input: the page writes its address, the refused key as written.
    page.fill(f"{MAIN} input[name=distance]", "20")
    page.answer_for({"distance": 20})
    page.wait("return location.hash.includes('distance=20')", what="the address written for distance 20")
    assert {"distance=20", "rolled=1,0", "rolled=4,1"} <= set(address_parts(page)), address_parts(page)
    luck = luck_when(page, "s.open", "the luck panel", ENGINE_S)
    assert luck["state"] == "error" and luck["result"] is None, luck

    # A refused target=0 beside the input's target=hidden.
    page.set_fragment("distance=18&target=hidden&sweep=chain_dice&target=0")
    need = need_when(page, "s.open && s.state === 'error' && s.message", "target=0 refused at its field", ENGINE_S)
    assert need["message"] == f"Target chance: {refused_target('0')}.", need
    assert page.run(f"return document.querySelector('{MAIN} input[name=target]:checked').value") == "hidden"
    page.fill(f"{MAIN} input[name=distance]", "20")
    page.answer_for({"distance": 20, "target": "hidden"})
    page.wait("return location.hash.includes('distance=20')", what="the address written for distance 20")
    parts = address_parts(page)
    assert {"distance=20", "target=hidden", "sweep=chain_dice", "target=0"} <= set(parts), parts
    assert "target=0.8" not in parts, parts
    need = need_when(page, "s.open", "the need panel", ENGINE_S)
    assert need["state"] == "error" and need["message"] == f"Target chance: {refused_target('0')}.", need

    # An input refused: the panel rewrites only its own parts, the input's target kept.
    page.set_fragment("distance=abc&target=hidden&sweep=chain_dice&target=0.8")
    refusal(page, "distance")
    need = need_when(page, "s.open && s.state === 'error'", "the panel waiting for the inputs", ENGINE_S)
    assert need["words"].startswith("Fix the inputs marked above first"), need
    page.tap(f"{MAIN} [data-need] input[name=target]")
    page.press("Select all")
    page.type("90%")
    page.wait("return location.hash.includes('target=0.9')", what="the panel's target written")
    parts = address_parts(page)
    assert {"distance=abc", "target=hidden", "sweep=chain_dice", "target=0.9"} <= set(parts), parts

    # sweep= given twice; then a luck roll beside an input given twice.
    page.set_fragment("distance=18&sweep=distance&sweep=chain_dice&target=0.8")
    need = need_when(page, "s.open && s.state === 'error' && s.words.startsWith('Step through')",
                     "sweep= given twice, refused", ENGINE_S)
    assert need["words"] == f"Step through: {twice}", need
    page.set_fragment("distance=1&distance=30&rolled=1,0")
    refusal(page, "distance")
    luck = luck_when(page, "s.open && s.state === 'error'", "the luck panel beside the form's refusal", ENGINE_S)
    assert luck["words"].startswith("Fix the inputs marked above first"), luck
    assert luck["result"] is None, luck
    assert page.errors() == []
