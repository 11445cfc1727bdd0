/* The words around a headline that is a range (Shell it first?): each end named by
 * what decides it, and the chance without the plan with what the plan adds in
 * percentage points. calculators.labels (ends_text, beside_text, gain_text) writes
 * the same words for the command line and the build; its golden values are checked
 * here under Node (tests/js/range-words.test.mjs). Pure: no page. */

import { pct, pctRange, points } from "./printing.js";

const MINUS = "\u2212";

/** Each end named, the high end first: "If you find a suppressed unit: 86.3%; if the
 *  owner keeps one clean: 83.8%"; null when both ends print alike. */
export function endsText(range, result) {
  const [low, high] = [pct(result[range.low]), pct(result[range.high])];
  if (low === high) return null;
  const { ends } = range;
  return `${ends.high.slice(0, 1).toUpperCase()}${ends.high.slice(1)}: ${high}; ${ends.low}: ${low}`;
}

/** What a plan changes, in percentage points said in full, from the signed
 *  differences at each end (printing.points). */
export function gainText(plan, low, high) {
  if (low === "0.0" && high === "0.0") return `${plan} makes no difference`;
  const signed = (low + high).includes(MINUS);
  const shown = signed ? [low, high]
    : [low, high].map((g) => g.replace(/^\+/, "").replace("<", "less than "));
  const amount = shown[0] === shown[1] ? shown[0] : `${shown[0]} to ${shown[1]}`;
  return `${plan} ${signed ? "changes it by" : "adds"} ${amount} percentage points`;
}

/** The line beside the range: "Without the fire: 82.6%; the fire adds 1.2 to 3.7
 *  percentage points"; null when the result lacks a figure it needs. */
export function besideText(range, result) {
  const before = range.beside;
  const figures = [range.low, range.high, before.low, before.high].map((key) => result[key]);
  if (figures.some((figure) => !figure)) return null;
  const gains = [points(figures[0], figures[2]), points(figures[1], figures[3])];
  return `${before.label}: ${pctRange(figures[2], figures[3])}; ${gainText(range.plan, ...gains)}`;
}
