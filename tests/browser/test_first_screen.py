"""Calculator first, in Chromium: every calculator page opens with its answer and its
first input on a phone's first screen (390x844), and with the answer and every main
input on a tablet's (820x1180); while the engine is still loading (its files held:
the build's answer shows) and once it has answered.

The pages are every page of the navigation holding a calculator, checked against the
calculators the package declares (a new one is measured without a word here).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.first_screen_helpers import (
    CALCULATOR_PAGES,
    FIRST_SCREEN,
    PHONE,
    TABLET,
    calculator_pages_in_nav,
    first_screen_problems,
)
from tests.browser.site_helpers import url

READY_MS = 120_000


def test_the_pages_measured_are_the_navigations_calculators(built_site: Path) -> None:
    assert sorted(calculator_pages_in_nav(built_site)) == sorted(CALCULATOR_PAGES.values())


@pytest.fixture
def held(new_context: Any) -> Iterator[Any]:
    """Factory: a context of ``size`` whose engine's files are held (never answered
    until ``context.release()``)."""
    def make(size: tuple[int, int]) -> Any:
        context = new_context(viewport={"width": size[0], "height": size[1]}, service_workers="block")
        routes: list[Any] = []
        released: list[bool] = []

        def hold(route: Any) -> None:
            if released:
                route.continue_()
            else:
                routes.append(route)

        def release() -> None:
            released.append(True)
            for route in routes:
                route.continue_()

        context.route("**/assets/engine/**", hold)
        context.release = release
        return context

    yield make


@pytest.mark.parametrize("size", [PHONE, TABLET], ids=["phone", "tablet"])
def test_the_answer_and_the_inputs_are_on_the_first_screen(held: Any, site_url: str, size: tuple[int, int]) -> None:
    problems: list[str] = []
    loading = held(size)
    page = loading.new_page()
    for _mechanic, path in CALCULATOR_PAGES.items():
        page.goto(url(site_url, path))
        page.wait_for_function(f"() => {{ {FIRST_SCREEN} }}", timeout=READY_MS)
        shown = page.evaluate(f"() => {{ {FIRST_SCREEN} }}")
        assert shown["engine"] == "loading", shown  # the files are held: the build's answer
        problems += first_screen_problems(shown, path, tablet=size == TABLET)
    # Once the engine has answered (each page anew: a page loads its own engine).
    ready = held(size)
    ready.release()
    page = ready.new_page()
    for _mechanic, path in CALCULATOR_PAGES.items():
        page.goto(url(site_url, path))
        page.wait_for_function(f"() => {{ const s = (() => {{ {FIRST_SCREEN} }})(); "
                               "return s && s.engine === 'ready' && s.source === 'engine' && s; }",
                               timeout=READY_MS)
        shown = page.evaluate(f"() => {{ {FIRST_SCREEN} }}")
        problems += first_screen_problems(shown, path, tablet=size == TABLET)
    assert problems == []
