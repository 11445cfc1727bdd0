/* How a figure is printed: the rule of calculators/printing.py, for the page.
 *
 * A chance prints as a percentage with one decimal, a mean with two, a difference
 * of two chances in percentage points with one; each rounded half away from zero
 * (1/16 is "6.3%"), from the figure's exact fraction "n/d" when it has one, else
 * from the exact value of its double. Both languages are checked against the same
 * golden values (tests/fixtures/printing.json; tests/js/printing.test.mjs here).
 * A difference of chances is that of the percentages printed ("98.6%" to "99.6%" is
 * "+1.0"); a chance's exact value prints readably: exact(), exactRange(). */

const MINUS = "\u2212";
const GROUP = "\u202f"; // between groups of three digits: a narrow space that never breaks
const WHOLE = 12; // digits of a number printed whole in an exact fraction; longer ones are cut
const LEAD = 6; // the digits a cut number keeps

/** [n, d] (BigInt, d > 0) of a double's exact value. */
function ofDouble(x) {
  if (x === 0) return [0n, 1n];
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const negative = bits >> 63n === 1n;
  const biased = Number((bits >> 52n) & 0x7ffn);
  let mantissa = bits & ((1n << 52n) - 1n);
  let exponent = -1074;
  if (biased !== 0) {
    mantissa |= 1n << 52n;
    exponent = biased - 1075;
  }
  if (negative) mantissa = -mantissa;
  return exponent >= 0 ? [mantissa << BigInt(exponent), 1n] : [mantissa, 1n << BigInt(-exponent)];
}

/** A figure as an exact fraction [n, d]: a result's {exact} when it has one, else
 *  its value ({value}, a number, or a numeric string); null for none. */
export function ratio(figure) {
  if (figure && typeof figure === "object") {
    if (typeof figure.exact === "string" && figure.exact) {
      const [n, d = "1"] = figure.exact.split("/");
      return [BigInt(n), BigInt(d)];
    }
    figure = figure.value;
  }
  if (figure === null || figure === undefined || figure === "") return null;
  const x = Number(figure);
  return Number.isFinite(x) ? ofDouble(x) : null;
}

/** n/d with ``places`` decimals, a tie rounded away from zero. */
function rounded([n, d], places) {
  const scale = 10n ** BigInt(places);
  const size = n < 0n ? -n : n;
  const units = (size * scale * 2n + d) / (2n * d);
  const whole = units / scale;
  const part = (units % scale).toString().padStart(places, "0");
  const sign = n < 0n && units !== 0n ? "-" : "";
  return places ? `${sign}${whole}.${part}` : `${sign}${whole}`;
}

/** [n, d] compared with a/b: -1, 0 or 1. */
function compare([n, d], a, b) {
  const left = n * b;
  const right = a * d;
  return left < right ? -1 : left > right ? 1 : 0;
}

/** A chance as the site prints it: "6.3%", "<0.1%", ">99.9%", "–" for none. */
export function pct(figure) {
  const x = ratio(figure);
  if (!x) return "–";
  if (x[0] > 0n && compare(x, 1n, 2000n) < 0) return "<0.1%";
  if (compare(x, 1999n, 2000n) >= 0 && compare(x, 1n, 1n) < 0) return ">99.9%";
  return `${rounded([x[0] * 100n, x[1]], 1)}%`;
}

/** A number (a mean) with ``places`` decimals: "1.13". */
export function fixed(figure, places = 2) {
  const x = ratio(figure);
  return x ? rounded(x, places) : "–";
}

/** Two chances as a range, "50.0–62.5%"; one figure when both print alike. */
export function pctRange(low, high) {
  const [a, b] = [pct(low), pct(high)];
  return a === b ? a : `${a.replace(/%$/, "")}–${b}`;
}

/** ``after`` above ``before`` in percentage points, signed, without the unit: the
 *  difference of the two percentages as pct() prints them ("+12.5", "−0.3"); "+<0.1"
 *  for chances that differ but print alike, "0.0" for the same chance; the exact
 *  difference, rounded, when either prints as "<0.1%" or ">99.9%". */
export function points(after, before) {
  const a = ratio(after);
  const b = ratio(before);
  if (!a || !b) return "–";
  const order = compare(a, b[0], b[1]);
  if (order === 0) return "0.0";
  const shown = [pct(after), pct(before)];
  let diff;
  if (shown.every((text) => /^\d/.test(text))) { // two numbers printed: subtract them (tenths)
    const tenths = shown.map((text) => BigInt(text.slice(0, -1).replace(".", "")));
    diff = [tenths[0] - tenths[1], 10n];
  } else {
    diff = [(a[0] * b[1] - b[0] * a[1]) * 100n, a[1] * b[1]];
  }
  const sign = order > 0 ? "+" : MINUS;
  const size = [diff[0] < 0n ? -diff[0] : diff[0], diff[1]];
  return sign + (compare(size, 1n, 20n) < 0 ? "<0.1" : rounded(size, 1));
}

/** A whole number's digits in groups of three from the right, when it has more than
 *  four ("1296", "12 960"). */
export function grouped(digits) {
  if (digits.length <= 4) return digits;
  const head = digits.length % 3 || 3;
  const groups = [digits.slice(0, head)];
  for (let i = head; i < digits.length; i += 3) groups.push(digits.slice(i, i + 3));
  return groups.join(GROUP);
}

/** n/d as printed: each number whole when short, else its first digits and "…",
 *  then how many digits the cut ones have ("313 441…/376 539… (44 digits each)"). */
function fraction(n, d) {
  const cut = [n, d].filter((x) => x.length > WHOLE).map((x) => x.length);
  const shown = [n, d].map((x) => (x.length <= WHOLE ? grouped(x)
    : `${x.slice(0, 3)}${GROUP}${x.slice(3, LEAD)}\u2026`)).join("/");
  if (!cut.length) return shown;
  if (cut.length === 1) return `${shown} (${cut[0]} digits)`;
  return cut[0] === cut[1] ? `${shown} (${cut[0]} digits each)` : `${shown} (${cut[0]} and ${cut[1]} digits)`;
}

/** [n, d] with ``places`` decimals (rounded as ever), the decimals grouped in threes. */
function decimals(x, places) {
  const [whole, part] = rounded(x, places).split(".");
  const groups = [];
  for (let i = 0; i < part.length; i += 3) groups.push(part.slice(i, i + 3));
  return `${whole}.${groups.join(GROUP)}`;
}

/** "about 1 in N" up to one half, "about N−1 in N" above it, N the nearest whole
 *  number (a tie away from zero) to 1/x or 1/(1 − x). */
function oneIn([n, d]) {
  const low = compare([n, d], 1n, 2n) <= 0;
  const small = low ? [n, d] : [d - n, d];
  const N = (2n * small[1] + small[0]) / (2n * small[0]);
  return low ? `about 1 in ${grouped(String(N))}` : `about ${grouped(String(N - 1n))} in ${grouped(String(N))}`;
}

/** A chance's exact value as a person reads it: its fraction, the digits grouped (a
 *  long number cut: "313 441…/376 539… (44 digits each)", then its percentage to
 *  six decimals),
 *  or, known only as a double, that percentage; then "about 1 in N". */
export function exact(figure) {
  const x = ratio(figure);
  if (!x) return "–";
  if (x[0] === 0n) return "0: it cannot happen";
  if (x[0] === x[1]) return "1: it always happens";
  const percent = `≈${GROUP}${decimals([x[0] * 100n, x[1]], 6)}%`;
  let shown = percent;
  const known = figure && typeof figure === "object" && typeof figure.exact === "string" ? figure.exact : "";
  if (known) {
    const [n, d = "1"] = known.split("/");
    shown = fraction(n, d);
    if (Math.max(n.length, d.length) > WHOLE) shown += ` ${percent}`;
  }
  const inside = x[0] > 0n && compare(x, 1n, 1n) < 0;
  return inside ? `${shown}, ${oneIn(x)}` : shown;
}

/** Two chances as a range in percent to six decimals, "83.799 715% to 86.263 472%";
 *  one figure when both print alike. */
export function exactRange(low, high) {
  const a = ratio(low);
  const b = ratio(high);
  if (!a || !b) return "–";
  const [x, y] = [a, b].map(([n, d]) => `${decimals([n * 100n, d], 6)}%`);
  return x === y ? x : `${x} to ${y}`;
}

/** Each figure plus every later one ("at least"): [{value, exact}], exact when every
 *  figure is (a float sum of every outcome can fall short of 1 and print ">99.9%"). */
export function tails(figures) {
  const exact = figures.every((f) => f && /^\d+\/\d+$/.test(f.exact || ""));
  const out = [];
  if (!exact) {
    let sum = 0;
    for (let i = figures.length - 1; i >= 0; i -= 1) {
      sum += Number(figures[i] && typeof figures[i] === "object" ? figures[i].value : figures[i]) || 0;
      out[i] = { value: sum, exact: null };
    }
    return out;
  }
  let [n, d] = [0n, 1n];
  for (let i = figures.length - 1; i >= 0; i -= 1) {
    const [pn, pd] = ratio(figures[i]);
    [n, d] = [n * pd + pn * d, d * pd];
    let [a, b] = [n, d];
    while (b) [a, b] = [b, a % b];
    [n, d] = [n / a, d / a];
    out[i] = { value: n === d ? 1 : Number((n * 10n ** 18n) / d) / 1e18, exact: `${n}/${d}` };
  }
  return out;
}

/** after − before as a figure {value, exact}: exact "n/d" (lowest terms) when both
 *  are exact, else from the doubles' exact values; null when either has none. */
export function minus(after, before) {
  const a = ratio(after);
  const b = ratio(before);
  if (!a || !b) return null;
  let [n, d] = [a[0] * b[1] - b[0] * a[1], a[1] * b[1]];
  let [x, y] = [n < 0n ? -n : n, d];
  while (y) [x, y] = [y, x % y];
  [n, d] = [n / (x || 1n), d / (x || 1n)];
  const bothExact = [after, before].every((f) => f && typeof f === "object" && f.exact);
  return { value: Number(after.value ?? after) - Number(before.value ?? before), exact: bothExact ? `${n}/${d}` : null };
}
