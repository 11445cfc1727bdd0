/* What the two panels (need.js, luck.js) share of the address: writing it when a
 * panel changes, and reading a permalink's fragment as a query. */

import { writeFragment, writeKey } from "../widget/permalink.js";

/** After a panel changed: the page's address for the inputs shown, with the panels'
 *  parts (their riders) and a pinned A; while an input is refused, only this panel's
 *  ``keys`` are rewritten, to ``part``. Only the page's main widget writes it. */
export function writePanelAddress(widget, keys, part) {
  if (!widget.isMain) return;
  const { params, errors } = widget.form.read();
  if (errors.length) writeKey(keys, part);
  else writeFragment(widget.spec, params, widget.compare ? widget.compare.vs() : "");
}

/** A permalink's fragment ("#a=1&b=2") as a query; null when it holds no key=value, or
 *  cannot be read as one. */
export function hashQuery(hash) {
  const text = String(hash || "").replace(/^#/, "");
  if (!text.includes("=")) return null;
  try {
    return new URLSearchParams(text);
  } catch (_) {
    return null;
  }
}
