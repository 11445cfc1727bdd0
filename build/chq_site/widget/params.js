/* A calculator's parameters (the build's copy of calculators.PARAMETERS in the
 * widget's data-spec) as text: what a field accepts, what a form's fields read as,
 * and a value as a permalink writes it. Pure (no page): tests/js/ checks it under
 * Node against golden values written by Python (tests/site/test_golden_vectors.py). */

const TYPED = new Map(); // pattern -> RegExp

/** The number a number field's text stands for, or null where it is not one: what
 *  ``param.typed`` allows (the build's copy of calculators.params.TYPED, which the
 *  command line's flags read too: "+18", ".5" and "18." are numbers at both). */
export function typedNumber(param, text) {
  if (!TYPED.has(param.typed)) TYPED.set(param.typed, new RegExp(`^(?:${param.typed})$`));
  return TYPED.get(param.typed).test(text) ? Number(text) : null;
}

/** A number field's text read (chq_site.permalinks.read_field): {value}, or {message}
 *  where the field cannot take it, in compute()'s words. ``rules``: the spec's
 *  ``refusals``. */
export function readNumber(param, text, rules) {
  const number = typedNumber(param, text);
  if (number !== null && number >= param.min && number <= param.max) return { value: number };
  return { message: refusal(param, text, number === null, rules) };
}

/** The inputs a form shows, read: ``shown`` holds each field's content (a switch's
 *  state, the choice checked, a number field's text), ``errors`` the refusals of a
 *  permalink's values no field could show (name -> message), ``editing`` the field
 *  being typed in (its refusal is "pending": not shown until it is left).
 *  {params, errors: [{field, message, pending}]}. */
export function readInputs(spec, shown, errors = new Map(), editing = null) {
  const params = {};
  const refused = [];
  for (const param of spec.params) {
    if (errors.has(param.name)) {
      refused.push({ field: param.name, message: errors.get(param.name) });
    } else if (param.kind === "bool" || param.kind === "choice") {
      params[param.name] = shown[param.name];
    } else {
      const text = String(shown[param.name] ?? "").trim();
      const read = readNumber(param, text, spec.refusals);
      if (read.message === undefined) params[param.name] = read.value;
      else refused.push({ field: param.name, message: read.message, pending: param.name === editing });
    }
  }
  return { params, errors: refused };
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
 *  to its first characters and quoted as Python quotes it, a long number as its
 *  first digits and how many it has ("99999999999... (a 10000-digit number)"),
 *  never thousands of characters. */
export function shown(text, quoted, rules) {
  const most = rules.shown_chars;
  if (quoted) {
    const chars = [...text]; // Python counts code points
    return pythonQuoted(chars.length <= most ? text : `${chars.slice(0, most - 3).join("")}...`);
  }
  if (text.length <= most) return text;
  const digits = (text.match(/[0-9]/g) || []).length;
  return `${text.slice(0, rules.number_lead)}... (a ${digits}-digit number)`;
}

// What Python's repr() escapes: "Other" and "Separator" characters but the space.
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;
const ESCAPES = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };

/** A string as Python's repr() writes it: in single quotes, or double ones where it
 *  holds a single quote and no double; backslashes, the quote and what does not
 *  print escaped ("it's" -> "\"it's\"", a tab -> '\\t'). */
function pythonQuoted(text) {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = "";
  for (const char of text) {
    const code = char.codePointAt(0);
    if (ESCAPES[char]) out += ESCAPES[char];
    else if (char === quote) out += `\\${char}`;
    else if (char === " " || !UNPRINTABLE.test(char)) out += char;
    else if (code < 0x100) out += `\\x${code.toString(16).padStart(2, "0")}`;
    else if (code < 0x10000) out += `\\u${code.toString(16).padStart(4, "0")}`;
    else out += `\\U${code.toString(16).padStart(8, "0")}`;
  }
  return quote + out + quote;
}

/** A number as Python's str() writes it (of a float that is whole, of the int):
 *  "18" for 18.0, "18.5", "1e-05" (JavaScript writes 0.00001), "1000000000000000000000"
 *  for 1e21 (JavaScript writes 1e+21). */
export function numberText(value) {
  if (Number.isInteger(value)) return BigInt(value).toString();
  if (!Number.isFinite(value)) return Number.isNaN(value) ? "nan" : value > 0 ? "inf" : "-inf";
  const exponent = Number(value.toExponential().split("e")[1]);
  if (exponent >= -4) return String(value); // (a double of 1e16 and more is whole)
  const [digits, power] = value.toExponential().split("e");
  return `${digits}e${power[0]}${power.slice(1).padStart(2, "0")}`;
}

/** A value as a permalink (and the answers' keys) write it
 *  (chq_site.permalinks.fragment_value). */
export function formatValue(param, value) {
  if (param.kind === "bool") return value ? "true" : "false";
  return typeof value === "number" ? numberText(value) : String(value);
}

/** Whether two sets of inputs agree on every one of ``names``. */
export function sameValues(a, b, names) {
  return names.every((name) => a[name] === b[name]);
}
