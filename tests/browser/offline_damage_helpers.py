"""Shared by test_offline_damage.py and the tests that use its pages, fixtures and checks
(moved out of the test module, unchanged: a test module imports no other test module)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.browser.engine_integrity_helpers import engine_file
from tests.browser.engine_start_helpers import FULL_BOOT_MS, wait_for
from tests.browser.offline_helpers import CALCULATOR, make_context, wait_ready_offline
from tests.browser.offline_integrity_helpers import listed
from tests.browser.site_helpers import url

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
