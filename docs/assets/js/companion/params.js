/* A calculator's parameters (the build's copy of calculators.PARAMETERS in the
 * widget's data-spec) as text: what a field accepts, and a value as a permalink
 * writes it. */

const TYPED = new Map(); // pattern -> RegExp

/** The number a number field's text stands for, or null where it is not one: what
 *  ``param.typed`` allows (the build's copy of calculators.params.TYPED, which the
 *  command line's flags read too: "+18", ".5" and "18." are numbers at both). */
export function typedNumber(param, text) {
  if (!TYPED.has(param.typed)) TYPED.set(param.typed, new RegExp(`^(?:${param.typed})$`));
  return TYPED.get(param.typed).test(text) ? Number(text) : null;
}

/** The message for a value a field cannot take, in the words compute() uses
 *  (calculators.params.Param.refusal; ``param.ask`` is the build's copy of its
 *  start): "enter a number from 0 to 200 (you entered 250)". ``text``: what was
 *  typed; ``quoted``: it is not a number (compute() shows a string in quotes);
 *  ``rules``: the spec's ``refusals`` (how long a value may be shown). */
export function refusal(param, text, quoted, rules) {
  if (text === "") return `${param.ask} (the field is empty)`;
  return `${param.ask} (you entered ${shown(text, quoted, rules)})`;
}

/** A refused text as compute()'s messages show a value (calculators.errors.show,
 *  whose limits the build writes into the spec as ``refusals``): a long string cut
 *  to its first characters, a long number as its first digits and how many it has
 *  ("99999999999... (a 10000-digit number)"), never thousands of characters. */
export function shown(text, quoted, rules) {
  const most = rules.shown_chars;
  if (quoted) return `'${text.length <= most ? text : `${text.slice(0, most - 3)}...`}'`;
  if (text.length <= most) return text;
  const digits = (text.match(/[0-9]/g) || []).length;
  return `${text.slice(0, rules.number_lead)}... (a ${digits}-digit number)`;
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
