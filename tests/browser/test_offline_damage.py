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

from tests.browser.site_helpers import url
from tests.browser.test_engine_integrity import engine_file
from tests.browser.test_engine_start import FULL_BOOT_MS, wait_for
from tests.browser.test_offline import CALCULATOR, make_context, wait_ready_offline
from tests.browser.test_offline_integrity import assert_good_copy, listed

# The notice offline.js shows when part of the saved copy is damaged.
DAMAGED_NOTICE = ".chq-update--damaged"
# How long the service worker may take to keep the good copy after the engine had it.
HEAL_MS = 30_000

# Flips ``count`` bytes in the middle of the saved copy of ``address``, in every cache
# of the site: the same size, other bytes. Returns the size.
FLIP = """async ([address, count]) => {
  let size = -1;
  for (const name of (await caches.keys()).filter((n) => n.startsWith("chq-rules "))) {
    const cache = await caches.open(name);
    const saved = await cache.match(address);
    if (!saved) continue;
    const bytes = new Uint8Array(await saved.arrayBuffer());
    const at = bytes.length >> 1;
    for (let i = at; i < at + count; i++) bytes[i] ^= 0xff;
    await cache.put(address, new Response(bytes, { headers: saved.headers }));
    size = bytes.length;
  }
  return size;
}"""

# Whether the saved copy of an address is the build's (its SHA-256 starts with the
# digest given), for wait_for_function (which does not wait for a promise): each poll
# starts a reading if none is under way and answers with the last one's result.
SAVED_IS = """([address, digest]) => {
  const seen = window.__chqSavedIs || (window.__chqSavedIs = { busy: false, ok: false });
  if (!seen.busy) {
    seen.busy = true;
    (async () => {
      const names = (await caches.keys()).filter((n) => n.startsWith("chq-rules "));
      const saved = names.length ? await (await caches.open(names[0])).match(address) : null;
      if (!saved) return false;
      const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", await saved.arrayBuffer()));
      return Array.from(hash.subarray(0, 8), (b) => b.toString(16).padStart(2, "0")).join("") === digest;
    })().then((ok) => { seen.ok = ok; seen.busy = false; });
  }
  return seen.ok;
}"""


def engine_address(site: Path, kind: str) -> str:
    """The address (relative to the site root) of the engine's snapshot or wheel."""
    return engine_file(site, kind).relative_to(site).as_posix()


def flip(page: Any, site: Path, base: str, address: str) -> None:
    """Damage the saved copy of ``address`` in place: 100 bytes flipped, same size."""
    _digest, size = listed(site, address)
    assert page.evaluate(FLIP, [url(base, address), 100]) == size


def open_calculator(page: Any, base: str) -> dict[str, Any]:
    """Open the calculator (a page load, from another page); once its engine is ready
    or failed, the widget's state (boot: snapshot | full)."""
    page.goto(url(base, "rules/units/"))
    page.goto(url(base, CALCULATOR))
    return wait_for(page, "r.engine === 'ready' || r.engine === 'error'", FULL_BOOT_MS)


def saved_site(browser: Any, base: str) -> tuple[Any, Any]:
    """A context and its page once the whole site is saved (a calculator visited first)."""
    context = make_context(browser, base)
    page = context.new_page()
    page.goto(url(base, CALCULATOR))
    wait_ready_offline(page)
    return context, page


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
