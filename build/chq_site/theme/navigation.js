import { eachPage } from "../widget/util.js";

/* When Material's instant navigation cannot fetch a page (server gone, 404), it
 * falls back to ``location.href = url``. For a link with a ``#`` part that is a
 * same-document jump to the address it has already pushed: the old page stays,
 * silently, under the new address. Load that address for real instead, so the
 * browser shows its error page (or the server's 404 page). Material fetches pages
 * with XMLHttpRequest and adds its listeners after open(): these run first, note
 * the outcome, and act once Material's fallback is done, only if the address shown
 * is the one that failed. (Material aborts a finished request, so the status must
 * be read here, before its listeners run.) */

export function loadFailedNavigations() {
  const Request = window.XMLHttpRequest;
  if (!Request || Request.prototype.__chqWatched) return;
  const { open } = Request.prototype;
  Request.prototype.__chqWatched = true;
  Request.prototype.open = function (method, url, ...rest) {
    const result = open.call(this, method, url, ...rest);
    const wanted = String(url);
    if (wanted.includes("#")) {
      const settle = (event) => {
        if (event.type === "load" && this.status >= 200 && this.status < 300) return;
        setTimeout(() => {
          try {
            if (location.href === new URL(wanted, location.href).href) location.reload();
          } catch (_) { /* not an address: not a page */ }
        }, 0);
      };
      this.addEventListener("load", settle);
      this.addEventListener("error", settle);
    }
    return result;
  };
}

/* Where a page Material's instant navigation brings in should start.
 *
 * A tap on a link to another page whose fragment is a calculator's permalink
 * (#att_dice=7&def_dice=4): Material jumps to the fragment as to an element's id. A
 * permalink names no element, or names a "Try it" chip (a chip's id is its
 * permalink, so that a link to it resolves), so the window kept the old page's
 * scroll offset, or went to the chip, or (tapped just after a scroll) to the old
 * page's offset that Material noted on the new history entry: the calculator opened
 * far down, its answer off screen. A page brought in for such a tap starts at its
 * top, where the answer shows (the headline is sticky). A fragment without "=" is an
 * element's id, left to Material.
 *
 * Back and Forward: Material scrolls to the offset it saved for the entry as soon as
 * the address changes, while the old page is still shown; where the old page is
 * shorter (a calculator at its top, back to a long rules page) the offset is cut to
 * the old page's end, and Material's scroll tracking writes that cut offset over the
 * saved one before the page comes in: the reader landed far above the link they had
 * tapped. The offset saved for the entry (the popstate's state) is put back once the
 * page is shown. (Telling a tap from Back needs the click: Material's jump to a
 * fragment fires a popstate too, with no state.) */
export function placeNewPages() {
  let tap = null; // the link tapped and the page it was on, until a page is shown
  let saved = null; // the entry Back or Forward went to, and its saved offset
  document.addEventListener("click", (event) => {
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    tap = link ? { link, from: location.pathname } : null;
    saved = null;
  }, { capture: true });
  window.addEventListener("popstate", (event) => {
    const y = event.state && event.state.y;
    if (typeof y === "number") saved = { href: location.href, y };
  });
  let first = true;
  eachPage(() => {
    const [tapped, back] = [tap, saved];
    tap = saved = null;
    if (first) {
      first = false; // loaded, not brought in: the browser placed it (a reload keeps its offset)
      return;
    }
    if (tapped && isPermalinkTo(tapped, location.href)) {
      window.scrollTo({ top: 0, left: 0, behavior: "instant" });
    } else if (back && back.href === location.href && Math.abs(window.scrollY - back.y) > 1) {
      window.scrollTo({ top: back.y, left: 0, behavior: "instant" });
    }
  });
}

/** Whether the tapped link led from another page to ``shown`` with a permalink. Its
 *  address is read now, not at the tap: a card's "Open in calculator" link takes the
 *  card's inputs as the click goes by (widget.js). */
function isPermalinkTo({ link, from }, shown) {
  const address = new URL(link.href, shown);
  return address.href === shown && address.pathname !== from && address.hash.includes("=");
}
