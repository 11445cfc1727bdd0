/* A calculator's parameters (the build's copy of calculators.PARAMETERS in the
 * widget's data-spec) as text: what a field accepts, and a value as a permalink
 * writes it. */

/** What a number field accepts, by kind. */
export const NUMBER = {
  int: /^[+-]?\d+$/,
  // compute() takes JSON numbers, exponents included (#target=1e-7).
  number: /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/,
};

/** What a parameter accepts, for messages: "a whole number 0..40", "one of a, b". */
export function rangeText(param) {
  if (param.kind === "choice") return `one of ${param.choices.join(", ")}`;
  if (param.kind === "bool") return "true or false";
  return `${param.kind === "int" ? "a whole number" : "a number"} ${param.min}..${param.max}`;
}

/** A value as a permalink (and the answers' keys) write it. */
export function formatValue(param, value) {
  if (param.kind === "bool") return value ? "true" : "false";
  return String(value);
}

/** Whether two sets of inputs agree on every one of ``names``. */
export function sameValues(a, b, names) {
  return names.every((name) => a[name] === b[name]);
}
