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

from chq_site.widget.permalinks import base_values

from tests.browser.page_api import MAIN, SitePage
from tests.browser.permalink_words_helpers import (
    LONG_NUMBER,
    LONG_WORD,
    notice,
    refusal,
    refused_at_the_command_line,
)
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
