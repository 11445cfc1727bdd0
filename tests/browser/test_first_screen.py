"""Calculator first: every calculator page opens with its answer and its first input on
a phone's first screen (390x844; WebKit's narrowest window, about 450 px wide), and with
the answer and every main input on a tablet's (820x1180); while the engine is still
loading (its files held: the build's answer shows; each page loaded anew) and once it
has answered (each page reached by a link from the one before, as a player moves on:
one engine start). One story, run in Chromium and in WebKitGTK (the page API of tests/browser/page_api.py).

The pages are every page of the navigation holding a calculator, checked against the
calculators the package declares (a new one is measured without a word here).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.browser.first_screen_helpers import (
    CALCULATOR_PAGES,
    FIRST_SCREEN,
    PHONE,
    TABLET,
    calculator_pages_in_nav,
    first_screen_problems,
)
from tests.browser.page_api import ENGINE_S, SitePage

# The first screen once the engine itself has answered.
ENGINE_ANSWERED = (f"const s = (() => {{ {FIRST_SCREEN} }})();"
                   " return s && s.engine === 'ready' && s.source === 'engine' && s;")


def test_the_pages_measured_are_the_navigations_calculators(built_site: Path) -> None:
    assert sorted(calculator_pages_in_nav(built_site)) == sorted(CALCULATOR_PAGES.values())


@pytest.mark.parametrize("size", [PHONE, TABLET], ids=["phone", "tablet"])
def test_the_answer_and_the_inputs_are_on_the_first_screen(
        site_page: Callable[..., SitePage], size: tuple[int, int]) -> None:
    tablet = size == TABLET
    page = site_page(*TABLET, engine_files="held")
    page.resize(*size)
    problems: list[str] = []
    for path in CALCULATOR_PAGES.values():
        page.open(path)
        shown = page.wait(FIRST_SCREEN, what=f"/{path}: the build's answer", timeout=ENGINE_S)
        # The files are held: the build's answer, the engine loading (or, in WebKit,
        # not yet asked for: idle until the page's answer is drawn; or, on a loaded
        # machine, given up on: a page gives up on a download that sends nothing for
        # 30 s, engine.js SILENCE_MS, and a held file sends nothing).
        assert shown["source"] == "build" and shown["engine"] in ("idle", "loading", "error"), shown
        problems += first_screen_problems(shown, path, tablet=tablet)
        assert page.errors() == [], path
    # Once the engine has answered: the first page loaded anew (its own engine), each
    # next one reached by a link, as a player moves on (the engine stays).
    page.release_engine_files()
    for path in page.walk(CALCULATOR_PAGES.values()):
        shown = page.wait(ENGINE_ANSWERED, what=f"/{path}: the engine's answer", timeout=ENGINE_S)
        problems += first_screen_problems(shown, path, tablet=tablet)
        assert page.errors() == [], path
    assert problems == []
