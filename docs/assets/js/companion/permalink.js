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

import { formatValue, refusal, sameValues } from "./params.js";

function names(spec) {
  return spec.params.map((p) => p.name);
}

/** The page's own keys (not inputs) a widget's fragment may carry. */
const PAGE_KEYS = ["vs"];

/** spec -> {keys, part(params)}: what a part of the widget (fight.js) keeps in the
 *  address beside the inputs, under its ``keys``; ``part`` gives "key=value" (or
 *  several, joined by "&"), or "" for nothing. */
const riders = new WeakMap();

/** Keep ``part(params)`` in the address of the widget whose spec is ``spec``. */
export function addRider(spec, keys, part) {
  riders.set(spec, { keys, part });
}

function isPageKey(spec, key) {
  return PAGE_KEYS.includes(key) || (riders.has(spec) && riders.get(spec).keys.includes(key));
}

/** Fill ``form`` (a Form) from a permalink fragment; false if the hash is not one.
 *  A key that is neither an input nor the page's own is named in ``form.notice``. */
export function applyFragment(form, hash) {
  const text = String(hash || "").replace(/^#/, "");
  if (!text.includes("=")) return false;
  let query;
  try {
    query = new URLSearchParams(text);
  } catch (_) {
    return false;
  }
  form.setAll(form.spec.base); // what a permalink leaves out means the default
  form.errors.clear();
  const advanced = new Set();
  const unknown = [];
  const seen = new Set();
  for (const [key, raw] of query) {
    const param = form.params.get(key);
    if (!param) { // (an empty part, "&&", is no pair at all: URLSearchParams skips it)
      if (!isPageKey(form.spec, key) && !unknown.some((u) => u.key === key)) unknown.push({ key, raw });
      continue;
    }
    if (seen.has(key)) { // the second would silently win
      form.errors.set(key, form.spec.refusals.twice);
      continue;
    }
    seen.add(key);
    const rules = form.spec.refusals;
    if (param.kind === "bool") {
      if (raw === "true" || raw === "false") form.setField(param, raw === "true");
      else form.errors.set(key, refusal(param, raw, true, rules));
    } else if (param.kind === "choice") {
      if (param.choices.includes(raw)) form.setField(param, raw);
      else form.errors.set(key, refusal(param, raw, true, rules));
    } else {
      form.setField(param, raw);
    }
    if (form.field(key) && form.field(key).closest(".chq-more")) advanced.add(key);
  }
  form.notice = unknownNotice(form.spec, unknown);
  const more = form.node.querySelector(".chq-more");
  if (more && advanced.size) more.open = true;
  return true;
}

/** What the page says of a permalink's parts ({key, raw}) whose keys are no input
 *  here: each named (cut short as a refused value is), with the input it may have
 *  meant; a part with no name ("=5") in words, with what it said. */
function unknownNotice(spec, parts) {
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

/** The fragment for a full set of inputs: a preset's own, or every input that is
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

/** The address's fragment for the inputs shown: none for the starting inputs; with
 *  ``vs`` (a pinned setup A's own fragment, compare.js) or a rider's part (fight.js)
 *  every input that needs saying (with a rider's part, every input), then ``vs=``
 *  and A's fragment URL-encoded, then the rider's part (keys no widget reads as an
 *  input). */
export function addressFragment(spec, params, vs = "") {
  const rider = riders.get(spec);
  const part = rider ? rider.part(params) : "";
  const extra = [vs ? `vs=${encodeURIComponent(vs)}` : "", part].filter(Boolean);
  if (extra.length) return [fragmentFor(spec, params, Boolean(part)), ...extra].join("&");
  return sameValues(params, spec.start, names(spec)) ? "" : fragmentFor(spec, params);
}

/** Keep the address in step with the inputs (no new history entry). */
export function writeFragment(spec, params, vs = "") {
  replaceHash(addressFragment(spec, params, vs));
}

/** Put ``part`` ("key=value" or several joined by "&"; "" for none) in place of the
 *  address's ``keys``, leaving the rest as it is: for when the inputs shown cannot
 *  be written. */
export function writeKey(keys, part) {
  const parts = location.hash.replace(/^#/, "").split("&")
    .filter((p) => p && !keys.some((key) => p.startsWith(`${key}=`)));
  if (part) parts.push(part);
  replaceHash(parts.join("&"));
}

function replaceHash(fragment) {
  const url = new URL(location.href);
  url.hash = fragment;
  if (url.href !== location.href) history.replaceState(history.state, "", url.href);
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
    if (preset && chip.dataset.preset === preset.id) chip.setAttribute("aria-current", "true");
    else chip.removeAttribute("aria-current");
  }
}
