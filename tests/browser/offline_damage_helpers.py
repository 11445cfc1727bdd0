"""What test_offline_damage.py's story does on the page API (tests/browser/page_api.py),
in either engine: the saved copy damaged, the calculator opened, the copy checked."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.browser.engine_integrity_helpers import engine_file
from tests.browser.offline_helpers import CALCULATOR, READY_OFFLINE
from tests.browser.offline_integrity_helpers import listed
from tests.browser.page_api import ENGINE_S, SitePage
from tests.browser.site_helpers import url

# The notice offline.js shows when part of the saved copy is damaged.
DAMAGED_NOTICE = ".chq-update--damaged"


# How long the service worker may take to keep the good copy after the engine had it.
HEAL_S = 30.0

# The main widget's engine once ready or failed, how it started, and its status's words.
ENGINE_SETTLED = """
const r = document.querySelector('.chq-widget[data-mode=full]');
if (!r || !['ready', 'error'].includes(r.dataset.engine)) return null;
return {engine: r.dataset.engine, boot: r.dataset.engineBoot || null,
        status: r.querySelector('.chq-status__text').textContent};
"""

# The notice that part of the saved copy is damaged, once on screen: its words.
NOTICE = f"""
const n = document.querySelector('{DAMAGED_NOTICE}');
return n && n.getBoundingClientRect().height > 0 ? n.textContent : null;
"""

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


def flip(page: SitePage, site: Path, address: str) -> None:
    """Damage the saved copy of ``address`` in place: 100 bytes flipped, same size."""
    _digest, size = listed(site, address)
    assert page.run(f"return ({FLIP})(arguments[0]);", [url(page.base, address), 100]) == size


def open_calculator(page: SitePage) -> dict[str, Any]:
    """Open the calculator (a page load, from another page); once its engine is ready
    or failed, the widget's engine, how it started (boot: snapshot | full) and its
    status's words."""
    page.open("rules/units/")
    page.open(CALCULATOR)
    shown: dict[str, Any] = page.wait(ENGINE_SETTLED, timeout=ENGINE_S, what="the engine ready or failed")
    return shown


def saved_site(page: SitePage) -> None:
    """The whole site saved on ``page``'s device (a calculator visited first)."""
    page.open(CALCULATOR)
    page.wait(READY_OFFLINE, timeout=ENGINE_S, what='the header\'s "Ready offline"')


def saved_is(page: SitePage, site: Path, address: str, timeout: float = HEAL_S) -> None:
    """Wait until the saved copy of ``address`` is the build's, byte for byte."""
    digest, _size = listed(site, address)
    page.wait(f"return ({SAVED_IS})([arguments[0], arguments[1]]);", url(page.base, address), digest,
              timeout=timeout, what=f"the saved copy of {address} to be the build's")
