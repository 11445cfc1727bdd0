"""Damage of the right size in the saved engine, found and mended (issue 34, item 5).

A saved copy can go bad without changing size (a flipped disk sector, a browser bug):
100 bytes of the saved snapshot flipped. The page load's quick check compares sizes
only; the engine worker checks every byte of what it is given and, finding it
damaged, asks once more past the cache (``cache: "reload"``). Before, the service
worker answered that from the network without keeping it (or, offline, with the same
damaged copy), and said nothing: offline the engine started the slow way with no
word, and online the saved copy stayed damaged for ever.

Now offline the player is told (a notice in the page; a file the engine cannot do
without says so in the widget, not "log in to the Wi-Fi"), and online the service
worker keeps the good copy the network gave, so the next visit starts fast from it.
The same for the wheel, used when the snapshot is not.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.offline_damage_helpers import (
    DAMAGED_NOTICE,
    HEAL_MS,
    SAVED_IS,
    engine_address,
    flip,
    open_calculator,
    saved_site,
)
from tests.browser.offline_helpers import wait_ready_offline
from tests.browser.offline_integrity_helpers import assert_good_copy, listed
from tests.browser.site_helpers import url


@pytest.mark.parametrize("kinds", [("snapshot",), ("snapshot", "wheel")], ids=["snapshot", "snapshot+wheel"])
def test_damage_offline_is_said_and_mended_online(
    browser: Any, built_site: Path, site_url: str, kinds: tuple[str, ...]
) -> None:
    """Offline: the engine starts the slow way (a damaged snapshot) or not at all (the
    wheel too), and the page says the saved copy is damaged. Back online, the next
    visit mends it; the visit after that starts fast from the saved copy, offline."""
    context, page = saved_site(browser, site_url)
    try:
        addresses = [engine_address(built_site, kind) for kind in kinds]
        for address in addresses:
            flip(page, built_site, site_url, address)

        context.set_offline(True)
        shown = open_calculator(page, site_url)
        notice = page.locator(DAMAGED_NOTICE)
        if kinds == ("snapshot",):
            assert (shown["engine"], shown["boot"]) == ("ready", "full"), shown
        else:
            assert shown["engine"] == "error", shown
            said = page.locator(".chq-widget[data-mode=full] .chq-status__text").inner_text()
            assert "saved on this device is damaged" in said and "Wi-Fi" not in said, said
        expect(notice).to_be_visible(timeout=30_000)
        expect(notice).to_contain_text("saved on this device is damaged")
        expect(notice).to_contain_text("next time this device is online")
        expect(page.locator(".chq-offline")).to_be_hidden()  # not "Ready offline" any more

        context.set_offline(False)
        page.goto(url(site_url, "rules/blinds/"))
        wait_ready_offline(page)  # the page load's check fetched the damaged files again
        for address in addresses:
            assert_good_copy(page, built_site, site_url, address)
        expect(notice).to_have_count(0)

        context.set_offline(True)
        shown = open_calculator(page, site_url)
        assert (shown["engine"], shown["boot"]) == ("ready", "snapshot"), shown
        assert context.requests.off_origin == []
    finally:
        context.close()


def test_damage_found_online_is_mended_at_once(browser: Any, built_site: Path, site_url: str) -> None:
    """Online, the engine's second request (past the cache) gets the network's copy:
    the engine starts fast at once, and the service worker keeps that copy, so the
    next visit, offline, starts fast from it."""
    context, page = saved_site(browser, site_url)
    try:
        snapshot = engine_address(built_site, "snapshot")
        flip(page, built_site, site_url, snapshot)
        shown = open_calculator(page, site_url)
        assert (shown["engine"], shown["boot"]) == ("ready", "snapshot"), shown
        digest, _size = listed(built_site, snapshot)
        page.wait_for_function(SAVED_IS, arg=[url(site_url, snapshot), digest], polling=500, timeout=HEAL_MS)
        expect(page.locator(DAMAGED_NOTICE)).to_have_count(0)

        context.set_offline(True)
        shown = open_calculator(page, site_url)
        assert (shown["engine"], shown["boot"]) == ("ready", "snapshot"), shown
    finally:
        context.close()
