/* Permalinks and presets. A widget's inputs live in the page address's fragment
 * (#distance=18&cover=light, read as URLSearchParams): what a fragment leaves out
 * means the parameter's default, and the starting inputs have no fragment at all.
 * A "Try it" preset's inputs are written as the preset's own fragment. */

import { formatValue, refusal, sameValues } from "./params.js";

function names(spec) {
  return spec.params.map((p) => p.name);
}

/** Fill ``form`` (a Form) from a permalink fragment; false if the hash is not one. */
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
  for (const [key, raw] of query) {
    const param = form.params.get(key);
    if (!param) continue; // a fragment may carry other things; unknown keys are ignored
    if (param.kind === "bool") {
      if (raw === "true" || raw === "false") form.setField(param, raw === "true");
      else form.errors.set(key, refusal(param, raw));
    } else if (param.kind === "choice") {
      if (param.choices.includes(raw)) form.setField(param, raw);
      else form.errors.set(key, refusal(param, raw));
    } else {
      form.setField(param, raw);
    }
    if (form.field(key) && form.field(key).closest(".chq-more")) advanced.add(key);
  }
  const more = form.node.querySelector(".chq-more");
  if (more && advanced.size) more.open = true;
  return true;
}

/** The fragment for a full set of inputs: a preset's own, or every input that is
 *  required or not its default. */
export function fragmentFor(spec, params) {
  for (const preset of spec.presets || []) {
    if (sameValues(preset.params, params, names(spec))) return preset.fragment;
  }
  const parts = [];
  for (const param of spec.params) {
    const value = params[param.name];
    if (param.required || value !== param.default) {
      parts.push(`${param.name}=${encodeURIComponent(formatValue(param, value))}`);
    }
  }
  return parts.join("&");
}

/** The address's fragment for the inputs shown: none for the starting inputs; with
 *  ``vs`` (a pinned setup A's own fragment, compare.js) every input that needs saying,
 *  then ``vs=`` and A's fragment URL-encoded (a key no widget reads as an input). */
export function addressFragment(spec, params, vs = "") {
  if (vs) return `${fragmentFor(spec, params)}&vs=${encodeURIComponent(vs)}`;
  return sameValues(params, spec.start, names(spec)) ? "" : fragmentFor(spec, params);
}

/** Keep the address in step with the inputs (no new history entry). */
export function writeFragment(spec, params, vs = "") {
  const url = new URL(location.href);
  url.hash = addressFragment(spec, params, vs);
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
