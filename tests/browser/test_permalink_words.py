"""What a permalink says about itself, in Chromium: the built site over HTTP.

A typo in a permalink must not pass for an answer. A key that is no input here
("distanse") is named above the form while the inputs it does know are answered
(a part with no name, "=5", is named in words; an empty one, "&&", is nothing);
an input given twice ("distance=1&distance=30") is refused, in the words the
command line uses for a flag given twice; a refused value is shown short, as
``compute()`` shows it (a 10,000-digit number is not echoed whole). Every message
and answer is compared to the command line's (``python -m calculators``), never to
a string written here.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from chq_site.widget.permalinks import base_values

from tests.browser.permalink_words_helpers import LONG_NUMBER, LONG_WORD, notice, refused_at_the_command_line
from tests.browser.widgets_helpers import (
    PAGES,
    POPSTATES,
    TOLERANCE,
    Session,
    field_refusal,
    fragment,
    make_context,
    reference,
    same,
    wait_for_inputs,
    watch,
)


@pytest.fixture(scope="module")
def session(browser: Any, site_url: str) -> Iterator[Session]:
    """One page for the file, as test_widgets.py's (the engine loads once a page)."""
    context, log = make_context(browser, site_url)
    context.add_init_script(POPSTATES)
    page = context.new_page()
    shared = Session(context, page, log, site_url)
    watch(page, shared.errors)
    yield shared
    context.close()


def test_a_key_that_is_no_input_is_named_and_the_others_answered(session: Session) -> None:
    session.open(PAGES["spotting"], "distanse=30&cover=heavy", fresh=True)
    want = reference("spotting", {**base_values("spotting"), "cover": "heavy"})
    shown = wait_for_inputs(session.page, want["inputs"])
    assert same(json.loads(shown["result"]), want, 0.0) == []
    said = notice(session.page)
    assert said["visible"], said
    assert "distanse (did you mean distance?) is not an input here" in said["text"], said
    # Editing the inputs writes an address without the typo: the notice goes with it.
    session.page.locator(".chq-widget[data-mode=full] input[name=distance]").fill("30")
    wait_for_inputs(session.page, {**want["inputs"], "distance": 30})
    assert notice(session.page)["text"] == ""
    assert "distanse" not in session.page.url
    assert session.errors == []


def test_a_part_of_the_link_with_no_name_is_named_in_words(session: Session) -> None:
    """"=5" names no input: the page says so in words (it once said " is not an input
    here", a name left blank), and answers the inputs it knows; a bare "&&" is an
    empty part, nothing at all (as URLSearchParams reads it)."""
    mechanic = "shell_then_assault"
    session.open(PAGES[mechanic], "fire_dice=5&&=5", fresh=True)
    want = reference(mechanic, {**base_values(mechanic), "fire_dice": 5})
    shown = wait_for_inputs(session.page, want["inputs"])
    assert same(json.loads(shown["result"]), want, TOLERANCE[mechanic]) == []
    said = notice(session.page)
    assert said["visible"], said
    assert said["text"] == ("A part of the link with no name (“=5”) is not an input here:"
                            " the answer is for the inputs shown."), said
    session.open(PAGES[mechanic], "fire_dice=6&colour=red&=" + "x" * 10_000, fresh=True)
    wait_for_inputs(session.page, {"fire_dice": 6})
    text = notice(session.page)["text"]
    assert text.startswith("colour and a part of the link with no name (“=xxx"), text
    assert text.endswith("...”) are not inputs here: the answer is for the inputs shown."), text
    assert len(text) <= 200, text
    session.open(PAGES[mechanic], "fire_dice=7&&&units=2&", fresh=True)
    wait_for_inputs(session.page, {"fire_dice": 7, "units": 2})
    assert notice(session.page)["text"] == ""
    assert session.errors == []


def test_the_pages_own_keys_are_not_named(session: Session) -> None:
    """vs= (a pinned setup A) and fight= (a fight's taps) are the page's, not typos."""
    params = {"att_dice": 6, "def_dice": 5}
    session.open(PAGES["close_assault"], fragment(params) + "&vs=att_dice%3D4%26def_dice%3D5&fight=",
                 fresh=True)
    wait_for_inputs(session.page, params)
    assert notice(session.page)["text"] == ""
    session.open(PAGES["close_assault"], fragment(params) + "&fihgt=da&vs=x&colour=red", fresh=True)
    wait_for_inputs(session.page, params)
    text = notice(session.page)["text"]
    assert "fihgt and colour are not inputs here" in text, text
    assert session.errors == []


def test_an_input_given_twice_is_refused_in_the_command_lines_words(session: Session) -> None:
    session.open(PAGES["spotting"], "distance=1&distance=30", fresh=True)
    shown = field_refusal(session.page, "distance")
    assert shown["message"] == refused_at_the_command_line(
        "spotting", "distance", "--distance=1", "--distance=30")
    assert shown["result"] is None and shown["invalid"]
    session.open(PAGES["spotting"], "distance=18&cover=light&cover=light", fresh=True)
    shown = field_refusal(session.page, "cover")  # even when both say the same
    assert shown["message"] == refused_at_the_command_line(
        "spotting", "cover", "--distance=18", "--cover=light", "--cover=light")
    assert session.errors == []


def test_a_long_value_is_shown_short_as_compute_shows_it(session: Session) -> None:
    for field, text, others in (("distance", LONG_NUMBER, {}), ("cover", LONG_WORD, {"distance": 18}),
                                ("distance", "1" + "0" * 39 + "x", {})):
        flags = [f"--{name}={value}" for name, value in {**others, field: text}.items()]
        session.open(PAGES["spotting"], fragment({**others, field: text}), fresh=True)
        shown = field_refusal(session.page, field)
        assert shown["message"] == refused_at_the_command_line("spotting", field, *flags)
        assert len(shown["message"]) <= 200, shown["message"]
    # Typed into the field (not a permalink): the same message, short.
    box = session.page.locator(".chq-widget[data-mode=full] input[name=distance]")
    box.fill(LONG_NUMBER)
    box.press("Tab")
    shown = field_refusal(session.page, "distance")
    assert shown["message"] == refused_at_the_command_line("spotting", "distance", f"--distance={LONG_NUMBER}")
    assert session.errors == []
