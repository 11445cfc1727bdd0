/* Setup A of a compared pair as the address keeps it (compare.js keeps the pair,
 * asks for A's answer and draws the panel): vs=<A's own fragment, URL-encoded>,
 * read by the same code that reads a permalink into the form, so a bad vs= gets the
 * messages a bad permalink gets, naming vs= and the field. Pure (no page, no
 * engine): tests/js/compare.test.mjs runs it under Node. */

import { readLink } from "../widget/permalink.js";
import { sentence } from "../widget/util.js";

/** Setup A from its fragment ``vs``: {fragment, params, problem}; ``params`` null
 *  and ``problem`` in words where it cannot be read. */
export function readSetup(spec, vs) {
  const shown = vs.length > 60 ? `${vs.slice(0, 57)}…` : vs;
  const bad = (why) => ({ fragment: vs, params: null,
                          problem: sentence(`Setup A in this link (vs=${shown}) cannot be read: ${why}`) });
  if (!vs.includes("=")) return bad("it is not a set of inputs (name=value&…)");
  const names = [...new URLSearchParams(vs).keys()];
  if (!names.some((name) => spec.params.some((p) => p.name === name))) {
    return bad(`it names no input of this calculator (${names.join(", ")})`);
  }
  const read = readLink(spec, vs);
  if (!read) return bad("it is not a set of inputs");
  if (read.errors.length) return bad(read.errors.map((e) => `${e.field} ${e.message}`).join("; "));
  return { fragment: vs, params: read.params, problem: "" };
}

/** What a page address's ``hash`` says of setup A: undefined where it is no
 *  permalink (nothing changes), null where it has no vs= (one setup), else setup A
 *  (readSetup). */
export function linkedSetup(spec, hash) {
  const text = String(hash || "").replace(/^#/, "");
  if (!text.includes("=")) return undefined;
  let vs = null;
  try {
    vs = new URLSearchParams(text).get("vs");
  } catch (_) {
    vs = null;
  }
  return vs === null ? null : readSetup(spec, vs);
}
