/* The headline of an answer: the result key it shows and its label, for a set of
 * inputs (calculators.labels.headline_for, its golden values checked here under Node:
 * tests/js/headline.test.mjs). Pure: no page. */

import { numberText } from "./params.js";

/** The headline's result key and label for these inputs: spotting Hidden Units
 *  headline p_found, not p_spotted; the label's {name} slots filled from the inputs
 *  (a Blind's move: "24″ or more"). */
export function headlineFor(spec, inputs) {
  const found = (spec.headline.when || []).find((c) => inputs[c.param] === c.value) || spec.headline;
  return { key: found.key, label: fillLabel(found.label, inputs) };
}

/** A label's {name} slots filled with the inputs' values as Python's str() writes
 *  them (calculators.labels.fill_label): 24.0 is "24", 1e-05 "1e-05"; a missing
 *  input is "–". */
export function fillLabel(template, inputs) {
  return template.replace(/\{(\w+)\}/g, (_, name) => {
    const value = Object.prototype.hasOwnProperty.call(inputs, name) ? inputs[name] : null;
    if (value === null || value === undefined) return "–";
    if (typeof value === "number") return numberText(value);
    if (typeof value === "boolean") return value ? "True" : "False";
    return String(value);
  });
}
