/* The answers the build computed, read before the engine has started:
 *
 *   - each widget's own (its starting inputs, its worked examples): JSON in a
 *     <template class="chq-answers"> inside the widget, keyed by answerKey;
 *   - the answer tables (chq_site/answers.py, and answer_groups.py for Close Assault
 *     and artillery, whose inputs are grouped by what the answer depends on): the
 *     headline and figures for every input of the small calculators and for the
 *     usual ones of the others, one fetch per table per tab, shared by every widget
 *     that reads it. An answer from a table is "partial": no chart, no working; a
 *     figure the table carries as printed text is {text} (no value to compare).
 *
 * Beside each answer of an opposed roll's table, the roll's pools (tablePools), which
 * "How lucky was that?" reads.
 *
 * answerKey, tableAnswer, tablePools and fraction are pure: tests/js/ checks them under Node
 * against golden values written by Python (tests/site/test_golden_vectors.py). */

import { formatValue } from "../widget/params.js";
import { siteRoot } from "../widget/util.js";

/** The canonical key of a full set of inputs (chq_site.permalinks.answer_key's):
 *  "name=value" for every parameter, sorted by name, values as a permalink writes them. */
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

/** A probability from its exact fraction "n/d", its value the nearest double (as
 *  Python's float(Fraction) gives it, so the value is the engine's to the last bit). */
export function fraction(exact) {
  const [n, d] = exact.split("/").map(BigInt);
  return { value: nearest(n, d), exact };
}

/** n / d (n >= 0, d > 0) rounded once to the nearest double, ties to even. */
function nearest(n, d) {
  if (n === 0n) return 0;
  // Scale so that the quotient has at least 66 bits; a remainder sets a sticky low
  // bit, so that BigInt -> Number (itself correctly rounded) rounds as the whole would.
  const shift = 66 - (n.toString(2).length - d.toString(2).length);
  const [num, den] = shift >= 0 ? [n << BigInt(shift), d] : [n, d << BigInt(-shift)];
  let q = num / den;
  if (num % den !== 0n) q |= 1n;
  return Number(q) * 2 ** -shift;
}

/** Which of the table's distinct answers a full set of inputs has, or null. */
function entryOf(table, params) {
  const position = table.groups ? groupedPosition(table, params) : plainPosition(table, params);
  if (position === null) return null;
  const width = table.width;
  return parseInt(table.index.slice(position * width, (position + 1) * width), 36);
}

/** The pools of the opposed roll the table holds for a full set of inputs
 *  (chq_site.answers.pools_lookup's): [my dice, my TN, their dice, their TN], or null
 *  (no such table, inputs it does not hold, spotting where it is automatic). A small
 *  table keeps them beside each answer; a grouped one a side at a time, [dice, TN]
 *  for each class of the two groups the side depends on. */
export function tablePools(table, params) {
  if (table && table.rolls) {
    const classes = groupedClasses(table, params);
    if (!classes) return null;
    const sides = table.rolls.map(({ groups: [g, h], pools }) => pools[classes[g] * table.groups[h].count + classes[h]]);
    return sides.every(Boolean) ? sides.flat() : null;
  }
  const entry = table && table.pools ? entryOf(table, params) : null;
  if (entry === null || table.pools[entry] < 0) return null;
  return table.values[table.pools[entry]];
}

/** The table's answer for a full set of inputs (chq_site.answers.lookup's),
 *  or null when the table has none (e.g. a spotter with other than 4D). */
export function tableAnswer(table, params) {
  const entry = entryOf(table, params);
  if (entry === null) return null;
  const answer = table.answers[entry];
  if (!answer) return null; // (a grouped table: inputs compute() refuses, the engine says why)
  // Inputs in key order, as compute_json writes them.
  const inputs = Object.fromEntries(Object.keys(params).sort().map((key) => [key, params[key]]));
  const result = { partial: true, inputs };
  const texts = new Set(table.texts || []);
  table.keys.forEach((key, i) => {
    const slot = answer[i];
    if (slot === -1) return;
    const value = Array.isArray(slot) ? slot.map((j) => table.values[j]).join("; ") : table.values[slot];
    if (texts.has(key)) result[key] = { text: value };
    else if (typeof value === "number") result[key] = { value, exact: null }; // the artillery geometry
    else if (/^\d+\/\d+$/.test(value)) result[key] = fraction(value);
    else result[key] = value;
  });
  return result;
}

/** Where a small calculator's table keeps the answer: one class per axis. */
function plainPosition(table, params) {
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
  return position;
}

/** Where a grouped table keeps the answer (chq_site/answer_groups.py): each group's
 *  setting has a class, and the answer is indexed by the classes; null for none. */
function groupedPosition(table, params) {
  const classes = groupedClasses(table, params);
  if (!classes) return null;
  return table.groups.reduce((position, group, i) => position * group.count + classes[i], 0);
}

/** The class of each group's setting, or null when a group has none. */
function groupedClasses(table, params) {
  const classes = [];
  for (const group of table.groups) {
    let setting = 0;
    for (const axis of group.axes) {
      const found = axis.values.findIndex((known) => known === params[axis.name]);
      if (found < 0) return null;
      setting = setting * axis.values.length + found;
    }
    const cls = group.classes[setting];
    if (cls < 0) return null;
    classes.push(cls);
  }
  return classes;
}
