"""The test browser's own switches (tests/conftest.py CHROMIUM_ARGS).

Chromium keeps only the last ``--disable-features`` it is given. Ours comes after
Playwright's, so it must repeat every feature Playwright turns off (each one a fix
for a known Playwright problem) and it must really keep the address bar's popup
from rendering in a renderer of its own, the CPU it took at every browser start
being what the benchmark and the slow-machine tests wait on.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tests.conftest import CHROMIUM, CHROMIUM_ARGS

FEATURES = "--disable-features="


def command_lines(profile: Path) -> Iterator[list[str]]:
    """The command line, as words, of every live process of the browser started on
    ``profile``. (Chromium's child processes rewrite theirs as one string.)"""
    marker = f"--user-data-dir={profile}"
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            args = (
                Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace").replace("\0", " ").split()
            )
        except OSError:
            continue
        if marker in args:
            yield args


def test_our_disabled_features_keep_playwrights_and_drop_the_address_bar_popup(
    tmp_path: Path, site_url: str, browser: Any
) -> None:
    # A browser of its own, on a profile folder of its own: its processes are found
    # by that folder. (From the session's Playwright: one per process.)
    profile = tmp_path / "profile"
    context = browser.browser_type.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
    )
    try:
        page = context.pages[0] if context.pages else context.new_page()
        # (The popup's renderer, where it is not turned off, starts at once with
        # the browser: long before this engine is ready.)
        page.goto(site_url + "calculators/close-assault/")
        page.wait_for_function("() => document.querySelector('[data-calculator]').dataset.engine === 'ready'")
        processes = list(command_lines(profile))
    finally:
        context.close()

    browser = [args for args in processes if not any(a.startswith("--type=") for a in args)]
    assert len(browser) == 1, f"expected one browser process on {profile}, found {len(browser)}"
    given = [a[len(FEATURES) :].split(",") for a in browser[0] if a.startswith(FEATURES)]
    assert len(given) == 2, f"expected Playwright's --disable-features, then ours: {given}"
    playwrights, ours = given
    lost = sorted(set(playwrights) - set(ours))
    assert not lost, f"CHROMIUM_ARGS' --disable-features drops Playwright's {lost}: add them"
    webui = [args for args in processes if "--top-chrome-webui" in args]
    assert not webui, "Chromium still renders its own toolbar UI in a renderer (--top-chrome-webui)"
