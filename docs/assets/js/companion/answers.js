/* The answers the build computed, read before the engine has started:
 *
 *   - each widget's own (its starting inputs, its worked examples): JSON in a
 *     <template class="chq-answers"> inside the widget, keyed by answerKey;
 *   - the small calculators' answer tables (chq_site/answers.py): the headline and
 *     figures for every input, one fetch per table per tab, shared by every widget
 *     that reads it. An answer from a table is "partial": no chart, no working. */

import { formatValue } from "./params.js";
import { siteRoot } from "./util.js";

/** The canonical key of a full set of inputs (chq_site.permalinks.answer_key mirrors
 *  it): "name=value" for every parameter, sorted by name, values as a permalink writes them. */
export function answerKey(params, values) {
  return [...params]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((param) => `${param.name}=${formatValue(param, values[param.name])}`)
    .join("&");
}

/** The answers the build put in the page for this widget: answerKey -> result. */
export function readAnswers(root) {
  const template = root.querySelector(":scope > template.chq-answers");
  if (!template) return new Map();
  try {
    return new Map(Object.entries(JSON.parse(template.content.textContent)));
  } catch (_) {
    return new Map(); // the engine still answers
  }
}

const tables = new Map(); // URL -> Promise of the table (null if it could not load)

/** The answer table at ``path`` (relative to the site root): the copy in the page
 *  (a calculator's own page carries its table), else fetched, once per tab. */
export function loadTable(path) {
  const url = new URL(path, siteRoot()).href;
  if (!tables.has(url)) {
    const inline = inlineTable(path);
    tables.set(url, inline ? Promise.resolve(inline) : fetch(url, { credentials: "same-origin" })
      .then((response) => (response.ok ? response.json() : null))
      .catch(() => null));
  }
  return tables.get(url);
}

function inlineTable(path) {
  for (const template of document.querySelectorAll("template.chq-answer-table")) {
    if (template.dataset.path !== path) continue;
    try {
      return JSON.parse(template.content.textContent);
    } catch (_) {
      return null; // fetched instead
    }
  }
  return null;
}

/** A probability from its exact fraction "n/d" (the float only for display). */
function fraction(exact) {
  const [n, d] = exact.split("/");
  let value = Number(n) / Number(d);
  if (!Number.isFinite(value)) value = Number((BigInt(n) * 10n ** 18n) / BigInt(d)) / 1e18;
  return { value, exact };
}

/** The table's answer for a full set of inputs (chq_site.answers.lookup mirrors it),
 *  or null when the table has none (e.g. a spotter with other than 4D). */
export function tableAnswer(table, params) {
  let position = 0;
  for (const axis of table.axes) {
    const value = params[axis.name];
    let found;
    if (axis.values) {
      found = axis.values.findIndex((known) => known === value);
      if (found < 0) return null;
    } else {
      found = axis.steps.findIndex((step) => value <= step);
      if (found < 0) found = axis.steps.length;
    }
    position = position * (axis.values ? axis.values.length : axis.steps.length + 1) + found;
  }
  const width = table.width;
  const answer = table.answers[parseInt(table.index.slice(position * width, (position + 1) * width), 36)];
  if (!answer) return null;
  // Inputs in key order, as compute_json writes them.
  const inputs = Object.fromEntries(Object.keys(params).sort().map((key) => [key, params[key]]));
  const result = { partial: true, inputs };
  table.keys.forEach((key, i) => {
    const slot = answer[i];
    if (slot === -1) return;
    if (Array.isArray(slot)) result[key] = slot.map((j) => table.values[j]).join("; ");
    else if (/^\d+\/\d+$/.test(table.values[slot])) result[key] = fraction(table.values[slot]);
    else result[key] = table.values[slot];
  });
  return result;
}
