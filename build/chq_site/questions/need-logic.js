/* "What do I need?", what the panel works out without the page: the values swept, a
 * target chance read as a person wrote it, the sweep made from the answers the build
 * computed (the page's own, its answer table), how the chance moves, and the answer in
 * words. The rules of calculators/sweep.py (read_target, direction, amount,
 * target_text, _words), mirrored here so
 * that the page answers before the engine; tests/js/need.test.mjs holds them to
 * Python's golden values (tests/fixtures/golden/questions.json). Pure: no page. */

import { pct, ratio } from "../widget/printing.js";
import { sentence } from "../widget/util.js";

/** The target a panel starts with (80%), as a permalink writes it. */
export const START_TARGET = "0.8";
/** The values swept when the input shown is inside them (calculators.sweep.DEFAULT_VALUES). */
export const DEFAULT_VALUES = [1, 12];
/** compute()'s words for a target it cannot take (calculators.sweep.TARGET_ASK). */
export const TARGET_ASK = "enter a chance such as 80%, 0.8 or 4/5";
/** Two chances known only as floats this close are one (calculators.sweep.FLOAT_SAME). */
export const FLOAT_SAME = 1e-12;

// A number as Python's Fraction() reads one (no "_" between digits): "0.8", ".8", "8e-1",
// "4/5", each with a sign, and a "%" after it (then a hundredth).
const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;
const RATIO = /^([+-]?)(\d+)\s*\/\s*(\d+)$/;

/** Which keys of a permalink the panel takes on a page (permalink.js addRider's
 *  claims): a key that is also an input's name (spotting's target) only when it is a
 *  number (chq_site.widget.permalinks.claimed). */
export function claimsFor(spec) {
  const hasTarget = spec.params.some((param) => param.name === "target");
  return (key, raw) => key !== "target" || !hasTarget || isTargetText(raw);
}

/** What the "target" of a permalink stands for on a page whose inputs include one
 *  (spotting's Blind or Hidden Unit): a number (or a percentage) is the sweep's
 *  target, a word that input's value. */
export function isTargetText(raw) {
  const text = String(raw).trim().replace(/%$/, "").trim();
  return RATIO.test(text) || (DECIMAL.test(text) && /\d/.test(text));
}

/** A target chance read as calculators.sweep.read_target reads text: {exact: [n, d]}
 *  (BigInt, in lowest terms), or {message} naming what is wanted. "0.8", "80%", "80"
 *  and "4/5" alike: a number above 1 and at most 100 with no "%" is a percentage. */
export function readTarget(raw, rules) {
  const text = String(raw ?? "").trim();
  let value = text.length > 0 && String(raw).length <= 40 ? fractionOf(text) : null;
  if (value && !text.endsWith("%") && value[0] > value[1] && value[0] <= 100n * value[1]) {
    value = lowest([value[0], value[1] * 100n]);
  }
  if (value && value[0] > 0n && value[0] <= value[1]) return { exact: value };
  const entered = String(raw ?? "") === "" ? "the field is empty" : `you entered ${quoted(String(raw), rules)}`;
  return { message: `${TARGET_ASK} (${entered})` };
}

/** A person's text as compute()'s messages show it (Python's repr, cut short). */
function quoted(text, rules) {
  const most = rules ? rules.shown_chars : 40;
  const chars = [...text];
  const cut = chars.length <= most ? text : `${chars.slice(0, most - 3).join("")}...`;
  const quote = cut.includes("'") && !cut.includes('"') ? '"' : "'";
  return quote + cut.replace(/\\/g, "\\\\").replace(new RegExp(quote, "g"), `\\${quote}`) + quote;
}

/** [n, d] of a number's text (with "%": a hundredth of it), or null. */
function fractionOf(text) {
  const percent = text.endsWith("%");
  const body = (percent ? text.slice(0, -1) : text).trim();
  let n;
  let d;
  const ratioMatch = RATIO.exec(body);
  const decimal = DECIMAL.exec(body);
  if (ratioMatch) {
    n = BigInt(ratioMatch[2]) * (ratioMatch[1] === "-" ? -1n : 1n);
    d = BigInt(ratioMatch[3]);
    if (d === 0n) return null;
  } else if (decimal && /\d/.test(`${decimal[2]}${decimal[3] || ""}`)) {
    const [, sign, whole, part = "", exponent = "0"] = decimal;
    if (Math.abs(Number(exponent)) > 400) return null;
    n = BigInt(`${whole}${part}` || "0") * (sign === "-" ? -1n : 1n);
    d = 10n ** BigInt(part.length);
    const e = BigInt(exponent);
    if (e >= 0n) n *= 10n ** e;
    else d *= 10n ** -e;
  } else {
    return null;
  }
  if (percent) d *= 100n;
  return lowest([n, d]);
}

function lowest([n, d]) {
  let [a, b] = [n < 0n ? -n : n, d];
  while (b) [a, b] = [b, a % b];
  return a ? [n / a, d / a] : [0n, 1n];
}

/** A target as a permalink writes it: a decimal ("0.8") when it has one, else "n/d". */
export function targetLink([n, d]) {
  let twos = 0;
  let fives = 0;
  let rest = d;
  while (rest % 2n === 0n) [rest, twos] = [rest / 2n, twos + 1];
  while (rest % 5n === 0n) [rest, fives] = [rest / 5n, fives + 1];
  if (rest !== 1n) return `${n}/${d}`;
  const places = Math.max(twos, fives);
  const digits = (n * 10n ** BigInt(places) / d).toString().padStart(places + 1, "0");
  const text = places ? `${digits.slice(0, -places)}.${digits.slice(-places)}` : digits;
  return places ? text.replace(/0+$/, "").replace(/\.$/, "") : text;
}

/** A target as a player says it (calculators.sweep.target_text): "80%", "82.5%". */
export function targetText(exact) {
  return pct({ exact: `${exact[0]}/${exact[1]}` }).replace(".0%", "%");
}

/** The values a panel sweeps for ``param`` (a spec's parameter) with ``current``
 *  shown: the package's 1 to 12, clipped to the input's range, widened to hold the
 *  value shown (0 Dice Chain dice, 15 dice). [first, last]. */
export function span(param, current) {
  const low = Math.max(param.min, DEFAULT_VALUES[0]);
  const high = Math.min(param.max, DEFAULT_VALUES[1]);
  const shown = Number.isInteger(current) ? current : low;
  return [Math.min(low, shown), Math.max(high, shown)];
}

/** A value of a whole-number input in a player's words, in its own unit
 *  (calculators.sweep.amount, Param.amount): "8 dice", "1 die", "3 Disruption Points",
 *  "TN 4", "Defender's Cohesion 2". ``count``: the spec's questions.counts entry, whose
 *  ``one`` and ``many`` are the words for 1 and for any other value ("{}" the value). */
export function amount(count, value) {
  return (value === 1 ? count.one : count.many).replace("{}", String(value));
}

/** 1 when chance ``b`` is above ``a``, -1 below, 0 the same (calculators.sweep._compare):
 *  exactly, or within FLOAT_SAME when either is known only as a float. */
function compare(a, b) {
  if (a.exact && b.exact) {
    const [x, y] = [ratio(a), ratio(b)];
    const [left, right] = [x[0] * y[1], y[0] * x[1]];
    return right > left ? 1 : right < left ? -1 : 0;
  }
  const [x, y] = [Number(a.value), Number(b.value)];
  if (Math.abs(y - x) <= FLOAT_SAME * Math.max(1, Math.abs(x), Math.abs(y))) return 0;
  return y > x ? 1 : y < x ? -1 : 0;
}

/** How the chance moves as the value grows (calculators.sweep.direction), over the
 *  points answered: "up", "down", "flat" or "mixed". */
export function directionOf(points) {
  const chances = points.filter((point) => point.p).map((point) => point.p);
  const steps = chances.slice(1).map((p, i) => compare(chances[i], p));
  const [rises, falls] = [steps.includes(1), steps.includes(-1)];
  return rises && falls ? "mixed" : rises ? "up" : falls ? "down" : "flat";
}

/** Does this input move the chance (its sweep is not "flat")? The panel offers only those. */
export function moves(points) {
  return directionOf(points) !== "flat";
}

/** The chance ``p`` ({exact} or {value}) at least ``target`` ([n, d])? */
export function reaches(p, target) {
  const x = ratio(p);
  return Boolean(x) && x[0] * target[1] >= target[0] * x[1];
}

/** The sweep the build's answers give: each value's chance ``key`` from
 *  ``answerFor(params)`` (the page's answer or its table's, or null), or null when
 *  one value has none (then the engine answers). Points as the package writes them. */
export function sweepFrom(params, over, [first, last], key, answerFor) {
  const points = [];
  for (let value = first; value <= last; value += 1) {
    const answer = answerFor({ ...params, [over]: value });
    const p = answer ? answer[key] : undefined;
    if (!p || typeof p !== "object" || p.text !== undefined || typeof p.value !== "number") return null;
    points.push({ value, p: p.exact === undefined ? { value: p.value, exact: null } : { value: p.value, exact: p.exact } });
  }
  return points;
}

/** How the chance moves, the values whose chance reaches ``target`` (the fewest, the
 *  most, every one) and the answer in words, as the chance moves
 *  (calculators.sweep.sweep, _words): {direction, fewest, most, reaching, words}. */
export function answerIn(count, points, target) {
  const answered = points.filter((point) => point.p);
  const direction = directionOf(points);
  const reaching = answered.filter((point) => reaches(point.p, target));
  const values = reaching.map((point) => point.value);
  const out = { direction, fewest: values.length ? values[0] : null, most: values.length ? values[values.length - 1] : null,
                reaching: values };
  const wanted = targetText(target);
  const [first, last] = [points[0].value, points[points.length - 1].value];
  if (!answered.length) return { ...out, words: `No value from ${first} to ${last} can be answered` };
  if (direction === "flat") {
    const every = answered.length === points.length ? "every value" : "every value it answers";
    return { ...out, words: `The chance does not change with ${count.label} here: ${pct(answered[0].p)} at ${every}, `
                            + `${reaching.length ? "enough for" : "short of"} ${wanted}` };
  }
  if (!reaching.length) {
    let best = answered[0];
    for (const point of answered) if (more(point.p, best.p)) best = point; // ties: the fewest
    return { ...out, words: `No value from ${first} to ${last} reaches ${wanted}: at best ${pct(best.p)}, with ${amount(count, best.value)}` };
  }
  const [fewest, most] = [reaching[0], reaching[reaching.length - 1]];
  if (direction === "up") return { ...out, words: `You need ${amount(count, fewest.value)} for ${wanted}: ${pct(fewest.p)}` };
  if (direction === "down") return { ...out, words: `${wanted} holds up to ${amount(count, most.value)}: ${pct(most.p)}` };
  return { ...out, words: `${wanted} is reached with ${either(spans(count, values))}` };
}

/** Ascending values in a player's words, each run in a row as one ("7 to 12 dice"):
 *  calculators.sweep.spans. */
export function spans(count, values) {
  const runs = [];
  for (const value of values) {
    if (runs.length && value === runs[runs.length - 1][runs[runs.length - 1].length - 1] + 1) runs[runs.length - 1].push(value);
    else runs.push([value]);
  }
  return runs.map((run) => (run.length === 1 ? amount(count, run[0])
    : count.many.replace("{}", `${run[0]} to ${run[run.length - 1]}`)));
}

/** Words joined as a player lists choices (calculators.sweep.either): "a", "a or b", "a, b or c". */
export function either(words) {
  return words.length === 1 ? words[0] : `${words.slice(0, -1).join(", ")} or ${words[words.length - 1]}`;
}

function more(a, b) {
  const [x, y] = [ratio(a), ratio(b)];
  return x[0] * y[1] > y[0] * x[1];
}

/** While two setups are compared ("Pin as A"): the fewest for the same target for each,
 *  in one line ("Fewest for 80%: A 8 dice (81.2%); B 6 dice (82.6%)"). ``a`` and ``b``:
 *  each side's points ([{value, p}]), or null while it is worked out. */
export function compareWords(count, target, a, b) {
  const side = (points) => {
    if (!points) return "…";
    const answered = points.filter((point) => point.p);
    const fewest = answered.find((point) => reaches(point.p, target));
    if (fewest) return `${amount(count, fewest.value)} (${pct(fewest.p)})`;
    return answered.length ? `none up to ${amount(count, points[points.length - 1].value)}` : "–";
  };
  return `Fewest for ${targetText(target)}: A ${side(a)}; B ${side(b)}`;
}

/** Why a value has no bar, in words: compute()'s refusal there ({field, message},
 *  calculators.sweep's point), its field named as the form names it (``spec``: the
 *  widget's). */
export function refusedWords(spec, { field, message }) {
  const param = spec.params.find((p) => p.name === field);
  return sentence(`No answer here: ${param ? `${param.label}: ` : ""}${message}`);
}
