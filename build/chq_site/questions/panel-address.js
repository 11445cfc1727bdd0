/* What the two panels (need.js, luck.js) share of the address: writing it when a
 * panel changes, and reading a permalink's fragment as strictly as the form reads
 * its inputs (permalink.js readFragment): a panel's key given twice is refused in the
 * form's words, never read as one of its values; a refused key stays in the address
 * as the link wrote it, beside its message, until the player gives a value; on a page
 * with an input of the same name (spotting's target, blind or hidden) a number is the
 * panel's and a word the input's, and writing one never drops the other. */

import { partEntry, riderOwns, writeFragment, writeKey } from "../widget/permalink.js";

/** After a panel changed: the page's address for the inputs shown, with the panels'
 *  parts (their riders) and a pinned A; while an input is refused, only this panel's
 *  ``keys`` are rewritten, to ``part`` (an input's part of the same name is left as
 *  it is). Only the page's main widget writes it. */
export function writePanelAddress(widget, keys, part) {
  if (!widget.isMain) return;
  const { params, errors } = widget.form.read();
  if (errors.length) writeKey(keys, part, widget.spec);
  else writeFragment(widget.spec, params, widget.compare ? widget.compare.vs() : "");
}

/** What a permalink's fragment gives a panel whose keys are ``keys`` (its rider on
 *  ``spec`` is added: its claims decide a key that is also an input's name). null when
 *  the hash holds no key=value; else {given: key -> the first value (as the form shows
 *  an input given twice), problems: key -> the refusal's message (given twice, in the
 *  form's words; or ``checks[key](raw)``'s, "" for a value the panel takes), linked:
 *  key -> the link's parts as written, for each key refused: the panel writes them
 *  back as they were while the refusal stands}. */
export function readPanelLink(spec, keys, hash, checks = {}) {
  const text = String(hash || "").replace(/^#/, "");
  if (!text.includes("=")) return null;
  const found = Object.fromEntries(keys.map((key) => [key, []]));
  for (const piece of text.split("&")) {
    const entry = partEntry(piece);
    if (entry && riderOwns(spec, keys, entry[0], entry[1])) found[entry[0]].push({ raw: entry[1], text: piece });
  }
  const given = {};
  const problems = {};
  const linked = {};
  for (const key of keys) {
    const parts = found[key];
    if (!parts.length) continue;
    given[key] = parts[0].raw;
    const problem = parts.length > 1 ? spec.refusals.twice : checks[key] ? checks[key](parts[0].raw) : "";
    if (problem) {
      problems[key] = problem;
      linked[key] = parts.map((part) => part.text);
    }
  }
  return { given, problems, linked };
}

/** A panel's part of the address for ``key``: the link's own parts as written
 *  (``linked``) while the panel refuses them, else key=value. */
export function keyPart(key, value, linked) {
  return linked && linked.length ? linked.join("&") : `${key}=${encodeURIComponent(value)}`;
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
