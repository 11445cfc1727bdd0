"""The engine asks for its big files as soon as its worker starts, and compiles the
runtime once: one story each, run in Chromium and in WebKitGTK (the page API of
tests/browser/page_api.py; the server in engine_early_helpers.py).

* The runtime (``pyodide.asm.wasm``, compiling as it streams in) and the memory
  snapshot are asked for before Pyodide's loader (``pyodide.mjs``) has arrived: WebKit
  hands a worker's downloads through the page's own thread, and the loader alone took
  up to 1.4 s there before either began. Here the server holds the loader back until
  both have been asked for; then the engine starts from the snapshot and answers as
  ``compute()`` does.
* A snapshot that stays wrong (cut short: checked against the page's list, asked for
  again past the cache, cut again) is given up on, the note says why, and the normal
  boot answers; it has the runtime already compiled: the runtime is downloaded once,
  not once per boot (the server says ``no-store``, so a second download would reach
  it).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from tests.browser.engine_early_helpers import BOOT, EngineServer, until_asked
from tests.browser.engine_start_helpers import ENGINE_CASES, snapshot_file, truncated
from tests.browser.page_api import ENGINE_S, SitePage
from tests.browser.page_scripts import SHOWS
from tests.browser.widgets_helpers import PAGES, check_answer, fragment, reference

ENGINE_ANSWER = f"{SHOWS} && r.source === 'engine' && r.engine === 'ready'"


def test_runtime_and_snapshot_are_asked_for_before_the_loader_arrives(
    site_page: Callable[..., SitePage], built_site: Path
) -> None:
    mechanic, params = ENGINE_CASES[0]
    held = EngineServer(built_site, hold=True)
    page = site_page(server=held)
    page.open(PAGES[mechanic] + "#" + fragment(params))
    # The three requests leave the worker together and reach the server in any order:
    # wait for all of them (the loader is held whenever it comes).
    until_asked(held)
    assert "pyodide.mjs" in held.asked, f"the loader was never asked for: {held.asked}"
    assert len(held.big_files_asked()) == 2, f"asked for while the loader was held: {held.asked}"
    assert page.widget()["engine"] == "loading"  # still waiting
    held.let_loader_through()
    shown = page.widget_when(ENGINE_ANSWER, reference(mechanic, params)["inputs"], mechanic,
                             what="the engine's answer", timeout=ENGINE_S)
    check_answer(shown, mechanic, params)
    assert json.loads(shown["result"]) == reference(mechanic, params)
    assert page.run(BOOT)[0] == "snapshot"
    assert held.asked.count("pyodide.asm.wasm") == 1, held.asked
    assert page.errors() == []


def test_a_snapshot_given_up_on_leaves_the_runtime_compiled(
    site_page: Callable[..., SitePage], built_site: Path
) -> None:
    mechanic, params = ENGINE_CASES[0]
    cut = EngineServer(built_site, hold=False, snapshot=truncated(snapshot_file(built_site).read_bytes()))
    page = site_page(server=cut)
    page.open(PAGES[mechanic] + "#" + fragment(params))
    shown = page.widget_when(ENGINE_ANSWER, reference(mechanic, params)["inputs"], mechanic,
                             what="the engine's answer (full boot)", timeout=ENGINE_S)
    check_answer(shown, mechanic, params)
    assert json.loads(shown["result"]) == reference(mechanic, params)
    boot, note = page.run(BOOT)
    assert boot == "full" and "arrived damaged twice" in note and "came instead of" in note, (boot, note)
    # Checked against the page's list, the cut snapshot was asked for again past the
    # cache, then given up.
    assert sum(name.startswith("snapshot-") for name in cut.asked) == 2, cut.asked
    assert cut.asked.count("pyodide.asm.wasm") == 1, cut.asked
    assert page.errors() == []
