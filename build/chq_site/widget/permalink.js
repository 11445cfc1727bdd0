/* Permalinks and presets. A widget's inputs live in the page address's fragment
 * (#distance=18&cover=light, read as URLSearchParams): what a fragment leaves out
 * means the parameter's default, and the starting inputs have no fragment at all.
 * A "Try it" preset's inputs are written as the preset's own fragment.
 *
 * Besides the inputs, a fragment may carry the page's own keys: vs= (a pinned
 * setup A, compare.js) and a rider's (fight= and rules= for a fight, fight.js). A
 * rider's state is built on the inputs, so while it has a part every input is
 * written, defaults too: the next build, whose defaults may differ, reads the same
 * inputs. Any other key is a typo the page names ("distanse is not an input here";
 * a part with no name, "=5", in words), answering the inputs it knows; an empty
 * part ("&&") is nothing. An input given twice is refused in the words every door
 * uses ("is given twice; give it once"), never read as one of its values. */

import { formatValue, readInputs, refusal, sameValues } from "./params.js";

function names(spec) {
  return spec.params.map((p) => p.name);
}

/** The page's own keys (not inputs) a widget's fragment may carry. */
const PAGE_KEYS = ["vs"];

/** spec -> [{keys, part(params), pins, claims}]: what the parts of a widget (fight.js,
 *  the questions' panels) keep in the address beside the inputs, each under its
 *  ``keys``; ``part`` gives "key=value" (or several, joined by "&"), or "" for nothing. */
const riders = new WeakMap();

/** Keep ``part(params)`` in the address of the widget whose spec is ``spec``.
 *  ``pins``: while it has a part, every input is written (a fight is built on them);
 *  ``claims(key, raw)``: for a key that is also an input's name (spotting's target,
 *  and "What do I need?"'s target=0.8), whether this value is the rider's (else the
 *  input's). */
export function addRider(spec, keys, part, { pins = true, claims = null } = {}) {
  const list = riders.get(spec) || [];
  riders.set(spec, [...list.filter((rider) => rider.keys.join() !== keys.join()), { keys, part, pins, claims }]);
}

function isPageKey(spec, key) {
  return PAGE_KEYS.includes(key) || (riders.get(spec) || []).some((rider) => rider.keys.includes(key));
}

/** A part "key=raw" a rider takes although ``key`` names an input. */
function claimed(spec, key, raw) {
  return (riders.get(spec) || []).some((rider) => rider.claims && rider.keys.includes(key) && rider.claims(key, raw));
}

/** [key, raw] of one part of an address as written ("target=0.8", "=5"), decoded
 *  as URLSearchParams decodes it; null for an empty part. */
export function partEntry(text) {
  if (!text) return null;
  try {
    return [...new URLSearchParams(text)][0] || null;
  } catch (_) {
    return null;
  }
}

/** Whether the part "key=raw" is the rider's whose keys are ``keys``, as readFragment
 *  reads it: one of its keys, and for a key that is also an input's name (spotting's
 *  target) only a value the rider claims (a number); a word is the input's. */
export function riderOwns(spec, keys, key, raw) {
  if (!keys.includes(key)) return false;
  return !spec.params.some((param) => param.name === key) || claimed(spec, key, raw);
}

/** What a permalink's fragment puts in the form (chq_site.permalinks.read_fragment):
 *  {shown: each field's content (what the fragment leaves out at the spec's ``base``),
 *  errors: name -> the refusal of a value no field can show (or of a key given twice),
 *  unknown: [{key, raw}] (keys neither an input nor the page's own, each once),
 *  named: the inputs it names}; null if the hash is not a fragment. */
export function readFragment(spec, hash) {
  const text = String(hash || "").replace(/^#/, "");
  if (!text.includes("=")) return null;
  let query;
  try {
    query = new URLSearchParams(text);
  } catch (_) {
    return null;
  }
  const params = new Map(spec.params.map((p) => [p.name, p]));
  const shown = { ...spec.base }; // what a permalink leaves out means the default
  const errors = new Map();
  const unknown = [];
  const named = new Set();
  for (const [key, raw] of query) {
    const param = claimed(spec, key, raw) ? null : params.get(key);
    if (!param) { // (an empty part, "&&", is no pair at all: URLSearchParams skips it)
      if (!isPageKey(spec, key) && !unknown.some((u) => u.key === key)) unknown.push({ key, raw });
      continue;
    }
    if (named.has(key)) { // the second would silently win
      errors.set(key, spec.refusals.twice);
      continue;
    }
    named.add(key);
    if (param.kind === "bool" && (raw === "true" || raw === "false")) shown[key] = raw === "true";
    else if (param.kind === "choice" && param.choices.includes(raw)) shown[key] = raw;
    else if (param.kind !== "bool" && param.kind !== "choice") shown[key] = raw.replace(/[\r\n]/g, ""); // (as a text field holds it)
    else errors.set(key, refusal(param, raw, true, spec.refusals));
  }
  return { shown, errors, unknown, named };
}

/** The inputs a permalink's fragment stands for, read as the form reads them once
 *  it shows them: {params, errors, unknown}; null if the hash is not a fragment. */
export function readLink(spec, hash) {
  const read = readFragment(spec, hash);
  return read && { ...readInputs(spec, read.shown, read.errors), unknown: read.unknown };
}

/** Fill ``form`` (a Form) from a permalink fragment; false if the hash is not one.
 *  A key that is neither an input nor the page's own is named in ``form.notice``. */
export function applyFragment(form, hash) {
  addressRead(); // a permalink or not, the address is the page's to write from here
  const read = readFragment(form.spec, hash);
  if (!read) return false;
  form.setAll(read.shown);
  form.errors.clear();
  for (const [key, message] of read.errors) form.errors.set(key, message);
  form.notice = unknownNotice(form.spec, read.unknown);
  const more = form.node.querySelector(".chq-more");
  if (more && [...read.named].some((key) => form.field(key) && form.field(key).closest(".chq-more"))) more.open = true;
  return true;
}

/** What the page says of a permalink's parts ({key, raw}) whose keys are no input
 *  here: each named (cut short as a refused value is), with the input it may have
 *  meant; a part with no name ("=5") in words, with what it said. */
export function unknownNotice(spec, parts) {
  if (!parts.length) return "";
  const most = spec.refusals.shown_chars;
  const cut = (text) => (text.length <= most ? text : `${text.slice(0, most - 3)}...`);
  const named = parts.slice(0, 3).map(({ key, raw }, i) => {
    if (key === "") return `${i ? "a" : "A"} part of the link with no name (“=${cut(raw)}”)`;
    const near = closest(key, names(spec));
    return `${cut(key)}${near ? ` (did you mean ${near}?)` : ""}`;
  });
  if (parts.length > 3) named.push(`${parts.length - 3} more`);
  const list = named.length === 1 ? named[0] : `${named.slice(0, -1).join(", ")} and ${named[named.length - 1]}`;
  const one = parts.length === 1;
  return `${list} ${one ? "is not an input" : "are not inputs"} here: the answer is for the inputs shown.`;
}

/** The input ``key`` is nearest to, within two edits, or "". */
function closest(key, candidates) {
  if (key.length > 60) return "";
  let best = "";
  let least = 3;
  for (const name of candidates) {
    const d = distance(key.toLowerCase(), name);
    if (d < least) [best, least] = [name, d];
  }
  return best;
}

/** Levenshtein's edit distance. */
function distance(a, b) {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const next = [i];
    for (let j = 1; j <= b.length; j += 1) {
      next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    row = next;
  }
  return row[b.length];
}

/** The fragment for a full set of inputs (chq_site.permalinks.fragment_for): a preset's own, or every input that is
 *  required or not its default; with ``every``, every input (what the next build,
 *  whose defaults may differ, must read as these). */
export function fragmentFor(spec, params, every = false) {
  for (const preset of every ? [] : spec.presets || []) {
    if (sameValues(preset.params, params, names(spec))) return preset.fragment;
  }
  const parts = [];
  for (const param of spec.params) {
    const value = params[param.name];
    if (every || param.required || value !== param.default) {
      parts.push(`${param.name}=${encodeURIComponent(formatValue(param, value))}`);
    }
  }
  return parts.join("&");
}

/** The address's fragment for the inputs shown (chq_site.permalinks.address_fragment): none for the starting inputs; with
 *  ``vs`` (a pinned setup A's own fragment, compare.js) or a rider's part (fight.js)
 *  every input that needs saying (with a rider's part, every input), then ``vs=``
 *  and A's fragment URL-encoded, then the rider's part (keys no widget reads as an
 *  input). */
export function addressFragment(spec, params, vs = "") {
  const parts = (riders.get(spec) || []).map((rider) => [rider, rider.part(params)]).filter(([, part]) => part);
  const every = parts.some(([rider]) => rider.pins);
  const extra = [vs ? `vs=${encodeURIComponent(vs)}` : "", ...parts.map(([, part]) => part)].filter(Boolean);
  if (extra.length) return [fragmentFor(spec, params, every), ...extra].filter(Boolean).join("&");
  return sameValues(params, spec.start, names(spec)) ? "" : fragmentFor(spec, params);
}

/** Keep the address in step with the inputs (no new history entry). */
export function writeFragment(spec, params, vs = "") {
  replaceHash(addressFragment(spec, params, vs));
}

/** Put ``part`` ("key=value" or several joined by "&"; "" for none) in place of the
 *  address's ``keys``, leaving the rest as it is: for when the inputs shown cannot
 *  be written. With ``spec``, a key that is also an input's name is replaced only
 *  where the rider owns it (riderOwns): spotting's target=hidden stays beside the
 *  panel's target=0.8. */
export function writeKey(keys, part, spec = null) {
  const parts = location.hash.replace(/^#/, "").split("&").filter((p) => {
    if (!p) return false;
    if (!spec) return !keys.some((key) => p.startsWith(`${key}=`));
    const entry = partEntry(p);
    return !(entry && riderOwns(spec, keys, entry[0], entry[1]));
  });
  if (part) parts.push(part);
  replaceHash(parts.join("&"));
}

function replaceHash(fragment) {
  const url = new URL(location.href);
  url.hash = fragment;
  replaceAddress(url.href);
}

// The address as the page last read it (applyFragment, on mount and on each
// hashchange) or wrote it. The page writes its state into the address only while the
// address is still that: one set since (a link followed, a script, the player) whose
// hashchange has not been handled yet is the newer word, and the page's state
// follows it when it is; written over, it would be lost, the hashchange reading the
// page's old inputs back. (A permalink put back to the one before it in WebKit's
// stories, for which this was first written, turned out to be Material's: its first
// change of a fragment since a load fetches the page again, then goes to the address
// it last saw. The stories wait for that as a player would: page API set_fragment.)
let addressKnown = null;

/** The page has read the address as it is now (applyFragment: on mount and on each
 *  hashchange). */
export function addressRead() {
  addressKnown = location.href;
}

/** Put ``href`` in the address, no new history entry, unless the address has moved
 *  since the page last read or wrote it; whether it was written. */
export function replaceAddress(href) {
  if (addressKnown !== null && location.href !== addressKnown) return false;
  if (href !== location.href) history.replaceState(history.state, "", href);
  addressKnown = location.href;
  return true;
}

/** The calculator page's address with the inputs shown (a card's "Open" link). */
export function openHref(spec, form) {
  const { params, errors } = form.read();
  const base = spec.canonical;
  return errors.length ? base : `${base}#${fragmentFor(spec, params)}`;
}

/** The preset whose inputs are these, if any. */
export function presetFor(spec, params) {
  return (spec.presets || []).find((p) => sameValues(p.params, params, names(spec)));
}

/** Mark the chip of the preset shown (if any) and show its note. */
export function showPresetNote(root, spec, params) {
  const note = root.querySelector(".chq-presets__note");
  if (!note) return;
  const preset = presetFor(spec, params);
  note.textContent = preset && preset.note ? preset.note : "";
  note.hidden = !note.textContent;
  for (const chip of root.querySelectorAll(".chq-preset")) {
    if (preset && chip.dataset.preset === preset.id) {
      chip.setAttribute("aria-current", "true");
      inRowView(chip);
    } else {
      chip.removeAttribute("aria-current");
    }
  }
}

/** The examples' row scrolls sideways when they do not fit (presets.css): the chip of
 *  the example shown is brought to the row's start, when it is not already in the
 *  row's view. Only the row scrolls, never the page. */
function inRowView(chip) {
  const row = chip.closest("ul");
  if (!row || row.scrollWidth <= row.clientWidth) return;
  const [box, view] = [chip.getBoundingClientRect(), row.getBoundingClientRect()];
  if (box.left < view.left || box.right > view.right) row.scrollLeft += box.left - view.left;
}
