"""Damage of the right size in the saved engine, found and mended (issue 34, item 5):
one story, run in Chromium and in WebKitGTK (the page API of
tests/browser/page_api.py), the built site byte for byte from the story's own server.

A saved copy can go bad without changing size (a flipped disk sector, a browser bug):
100 bytes of the saved snapshot flipped through the page's Cache Storage API. The
page load's quick check compares sizes only; the engine worker checks every byte of
what it is given and, finding it damaged, asks once more past the cache (``cache:
"reload"``). Before, the service worker answered that from the network without
keeping it (or, offline, with the same damaged copy), and said nothing: offline the
engine started the slow way with no word, and online the saved copy stayed damaged
for ever.

Now offline the player is told (a notice in the page; a file the engine cannot do
without says so in the widget, not "log in to the Wi-Fi"), and online the service
worker keeps the good copy the network gave, so the next visit starts fast from it.
The same for the wheel, used when the snapshot is not. Offline is the story's server
not answering (``set_online``: the same in both engines, as WebDriver cannot take a
browser offline).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tests.browser.offline_damage_helpers import (
    DAMAGED_NOTICE,
    NOTICE,
    engine_address,
    flip,
    open_calculator,
    saved_is,
    saved_site,
)
from tests.browser.offline_helpers import READY_OFFLINE
from tests.browser.page_api import SitePage

DESKTOP = (1366, 1024)
NO_NOTICE = f"return document.querySelectorAll('{DAMAGED_NOTICE}').length === 0;"
# The header's "Ready offline" not shown.
NOT_READY_OFFLINE = ("const b = document.querySelector('.chq-offline');"
                     " return !b || b.hidden || b.getBoundingClientRect().height === 0;")


def test_damage_is_found_said_and_mended(site_page: Callable[..., SitePage], built_site: Path) -> None:
    """One device, three damages in turn, each mended before the next (the page then
    says nothing of damage, so the next notice is the next damage's):

    1. Online, the snapshot: the engine's second request (past the cache) gets the
       network's copy, the engine starts fast at once, and the service worker keeps
       that copy.
    2. Offline, the snapshot and the wheel: the engine cannot start, and says the saved
       copy is damaged (not "log in to the Wi-Fi"); the page's notice says it too, and
       "Ready offline" is no longer shown. Back online, the next page load mends both.
    3. Offline, the snapshot alone: the engine starts the slow way, and the page says
       the saved copy is damaged. Back online, mended.

    Then, offline, the engine starts fast from the saved copy."""
    page = site_page(*DESKTOP, own_server=True)
    saved_site(page)
    snapshot = engine_address(built_site, "snapshot")
    flip(page, built_site, snapshot)
    shown = open_calculator(page)
    assert (shown["engine"], shown["boot"]) == ("ready", "snapshot"), shown
    saved_is(page, built_site, snapshot)  # the good copy kept in place of the damaged one
    assert page.run(NO_NOTICE)

    for kinds in (("snapshot", "wheel"), ("snapshot",)):
        addresses = [engine_address(built_site, kind) for kind in kinds]
        for address in addresses:
            flip(page, built_site, address)
        page.set_online(False)
        shown = open_calculator(page)
        if kinds == ("snapshot",):
            assert (shown["engine"], shown["boot"]) == ("ready", "full"), (kinds, shown)
        else:
            assert shown["engine"] == "error", (kinds, shown)
            said = shown["status"]
            assert "saved on this device is damaged" in said and "Wi-Fi" not in said, said
        said = page.wait(NOTICE, what=f"the notice that the saved copy is damaged ({kinds})")
        assert "saved on this device is damaged" in said and "next time this device is online" in said, said
        assert page.run(READY_OFFLINE) is None and page.run(NOT_READY_OFFLINE), "still says Ready offline"

        page.set_online(True)
        page.open("rules/blinds/")
        page.wait(READY_OFFLINE, what='"Ready offline" again online')  # the load's check fetched them again
        for address in addresses:
            saved_is(page, built_site, address, timeout=5)  # (mended by then: no wait for it)
        assert page.run(NO_NOTICE), kinds

    page.set_online(False)
    shown = open_calculator(page)
    assert (shown["engine"], shown["boot"]) == ("ready", "snapshot"), shown
