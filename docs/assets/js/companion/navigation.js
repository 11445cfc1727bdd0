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
