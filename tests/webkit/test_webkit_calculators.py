"""The calculator widgets in WebKit (Safari's engine), Pyodide and all.

Every number is checked against ``compute()`` for the same inputs. The engine boots
once for most of this file: one WebKitGTK session (module scope) opens the first
calculator page, and reaches the others by Material's instant navigation (a click on
the navigation, which keeps the page's engine worker); further permalinks arrive
through the URL fragment, which the widget re-reads on ``hashchange``.

The answers a page carries from the build (``data-source="build"``) are checked on a
server that answers 404 for the engine's files, so that they are seen before (and
without) any engine.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from chq_site.widget import permalinks

from tests.browser.card_helpers import (
    ENGINE_FAILED_EVERYWHERE,
    READER_AFTER_THE_CARDS,
    READER_AND_CARDS,
    cards_after_engine_failure,
)
from tests.browser.site_helpers import (
    url,
)
from tests.browser.widgets_first_answer_helpers import GROUPED_PERMALINKS
from tests.browser.widgets_helpers import (
    PAGES,
)
from tests.webkit.driver import (
    ENGINE_TIMEOUT_S,
    STEP_TIMEOUT_S,
    page_errors,
    run_js,
    start_webkit,
    wait_js,
    widget_when,
)
from tests.webkit.webkit_calculators_helpers import (
    MECHANICS,
    SHOWS,
    TABLET,
    check_answer,
    check_table_answer,
    expected,
    page_answer_case,
)

# --------------------------------------------------------------------------- #
# The page's own answers, before any engine                                   #
# --------------------------------------------------------------------------- #


@pytest.fixture(scope="module")
def engineless_driver(xvfb_display: str) -> Iterator[Any]:
    driver = start_webkit(xvfb_display, *TABLET)
    yield driver
    driver.quit()


@pytest.mark.parametrize("mechanic", MECHANICS)
def test_page_answer_comes_before_the_engine(mechanic: str, engineless_site: str,
                                             engineless_driver: Any) -> None:
    driver = engineless_driver
    frag, params = page_answer_case(mechanic)
    driver.get(url(engineless_site, PAGES[mechanic]) + (f"#{frag}" if frag else ""))
    want = expected(mechanic, params)["inputs"]
    shown = widget_when(driver, SHOWS, want, mechanic, timeout=STEP_TIMEOUT_S,
                        what=f"{mechanic}: the page's own answer for {frag or 'its starting inputs'}")
    assert shown["source"] == "build", shown
    check_answer(shown, mechanic, params)
    # The engine cannot load from this server: the widget says so and keeps the answer.
    shown = widget_when(driver, "r.engine === 'error'", timeout=ENGINE_TIMEOUT_S,
                        what=f"{mechanic}: the engine to fail (its files are 404 here)")
    assert (shown["state"], shown["source"]) == ("ready", "build"), shown
    assert shown["status"].startswith("The calculator engine could not load here"), shown["status"]
    check_answer(shown, mechanic, params)
    assert page_errors(driver) == []


def test_engine_failure_leaves_the_rules_text_in_place(engineless_site: str,
                                                      engineless_driver: Any) -> None:
    """As in Chromium (test_widgets.py): the engine's failure reaches every card of a
    rules page at once; each says where its table is, none opens it, and what the
    reader is on stays on the tablet's screen, near where it was."""
    driver = engineless_driver
    driver.get("about:blank")
    driver.get(url(engineless_site, "rules/blinds/"))
    wait_js(driver, "return document.querySelectorAll('.chq-widget[data-mode=compact]').length >= 3",
            what="the rules page's cards")
    place = run_js(driver, f"return ({READER_AFTER_THE_CARDS})()")
    wait_js(driver, f"return ({ENGINE_FAILED_EVERYWHERE})()", timeout=ENGINE_TIMEOUT_S,
            what="every card to say the engine failed (its files are 404 here)")
    shown = driver.execute_async_script(
        f"({READER_AND_CARDS})().then(arguments[arguments.length - 1]);")
    # WebKit has no scroll anchoring: what grows above the reader moves the text. The
    # three status lines may grow by a line each; the tables would add ~1,600 px.
    assert abs(shown["top"] - place) < 100, f"the reader's place moved from {place:.0f} to {shown['top']:.0f} px"
    assert cards_after_engine_failure(shown["cards"]) == []
    assert page_errors(driver) == []


@pytest.mark.parametrize(("mechanic", "params"), GROUPED_PERMALINKS,
                         ids=[f"{m}-{i}" for i, (m, _) in enumerate(GROUPED_PERMALINKS)])
def test_grouped_table_answer_without_the_engine(mechanic: str, params: dict[str, Any],
                                                 engineless_site: str, engineless_driver: Any) -> None:
    """Close Assault and artillery answer a typical permalink from their answer table
    (answer_groups.py) with no engine at all, equal to compute()."""
    driver = engineless_driver
    params = {**permalinks.start_values(mechanic), **params}
    # A load from a blank page: once under load, a load straight from the page before
    # left that page shown (WebKitGTK's driver returned with no navigation).
    driver.get("about:blank")
    driver.get(url(engineless_site, PAGES[mechanic]) + "#" + permalinks.fragment(mechanic, params))
    want = expected(mechanic, params)["inputs"]
    shown = widget_when(driver, SHOWS, want, mechanic, timeout=STEP_TIMEOUT_S,
                        what=f"{mechanic}: the table's answer for {params}")
    assert shown["source"] == "build", shown
    check_table_answer(shown, mechanic, params)
    shown = widget_when(driver, "r.engine === 'error'", timeout=ENGINE_TIMEOUT_S,
                        what=f"{mechanic}: the engine to fail (its files are 404 here)")
    assert (shown["state"], shown["source"]) == ("ready", "build"), shown
    check_table_answer(shown, mechanic, params)
    assert page_errors(driver) == []


# --------------------------------------------------------------------------- #
# One engine for the rest of the file                                         #
# --------------------------------------------------------------------------- #


@pytest.fixture(scope="module")
def engine_driver(xvfb_display: str) -> Iterator[Any]:
    driver = start_webkit(xvfb_display, *TABLET)
    yield driver
    driver.quit()


def test_engine_answer_replaces_the_page_answer(probe_site: str, engine_driver: Any) -> None:
    """A fresh load of a worked example: the page's answer first, while the engine is
    still loading; then the engine's, equal to it, and never a step back."""
    driver = engine_driver
    mechanic = "close_assault"
    frag, params = page_answer_case(mechanic)
    started = time.perf_counter()
    driver.get(url(probe_site, PAGES[mechanic]) + f"#{frag}")
    want = expected(mechanic, params)["inputs"]
    final = widget_when(driver, f"{SHOWS} && r.source === 'engine' && r.engine === 'ready'",
                        want, mechanic, what="the engine's answer")
    print(f"\nWebKit: engine answer {time.perf_counter() - started:.1f} s after the load began, "
          f"times {run_js(driver, 'return window.__chqTimes')}")
    check_answer(final, mechanic, params)
    # Safari's engine boots from the build's packed snapshot too (not Python from scratch).
    boot = run_js(driver, "return [document.querySelector('[data-calculator]').dataset.engineBoot, "
                          "window.__chqEngine.timings.note]")
    assert boot == ["snapshot", ""], boot
    history = run_js(driver, "return window.__chqHistory")
    ready = [h for h in history if h[0] == "ready"]
    assert ready and ready[0][1] == "build", history
    assert ready[0][2] in ("idle", "loading"), f"the engine was ready before the page's answer: {history}"
    after = history[history.index(ready[0]):]
    assert all(state == "ready" for state, _, _ in after), history
    assert page_errors(driver) == []


def test_engine_answer_replaces_the_table_answer(probe_site: str, engine_driver: Any) -> None:
    """A fresh load of a Close Assault permalink in its answer table (not a worked
    example): the table's answer first, while the engine is still loading; then the
    engine's, with the same headline and figures, and never a step back."""
    driver = engine_driver
    mechanic, params = GROUPED_PERMALINKS[0]
    params = {**permalinks.start_values(mechanic), **params}
    driver.get("about:blank")  # a load, not a fragment change on the page shown
    driver.get(url(probe_site, PAGES[mechanic]) + "#" + permalinks.fragment(mechanic, params))
    want = expected(mechanic, params)["inputs"]
    first = widget_when(driver, SHOWS, want, mechanic, timeout=STEP_TIMEOUT_S, what="the table's answer")
    assert first["source"] == "build", first
    check_table_answer(first, mechanic, params)
    figures = run_js(driver, "return [...document.querySelectorAll('.chq-widget[data-mode=full] .chq-figures dd')]"
                             ".map(d => d.textContent)")
    final = widget_when(driver, f"{SHOWS} && r.source === 'engine' && r.engine === 'ready'",
                        want, mechanic, what="the engine's answer")
    check_answer(final, mechanic, params)
    assert (final["text"], final["exact"], final["value"]) == (first["text"], first["exact"], first["value"])
    assert run_js(driver, "return [...document.querySelectorAll('.chq-widget[data-mode=full] .chq-figures dd')]"
                          ".map(d => d.textContent)") == figures
    history = run_js(driver, "return window.__chqHistory")
    ready = [h for h in history if h[0] == "ready"]
    assert ready and ready[0][1] == "build", history
    assert ready[0][2] in ("idle", "loading"), f"the engine was ready before the table's answer: {history}"
    assert all(state == "ready" for state, _, _ in history[history.index(ready[0]):]), json.dumps(history)
    assert page_errors(driver) == []


