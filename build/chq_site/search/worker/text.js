/* Words as the search index holds them: the same steps for the rule text at build
 * time (build/chq_site/search/search_index.mjs) and for a query in the worker, so a word
 * typed finds the word printed.
 *
 * A word is lower case, without a common ending ("spotting", "spotted" and "spots"
 * all hold "spot"; "batteries" holds "battery"): the rules say "Blinds", players type
 * "blind". English stop words are dropped ("in" would find "infantry" as a prefix).
 */

// Words that carry no rule: dropped from the text and from a query. Not "not",
// "no", "more": "no AT", "more successes" are rules.
export const STOP_WORDS = new Set((
  "a an and are as at be been but by can could did do does doing for from had has have how i if in into is " +
  "it its it's me my of on or our so such than that the their them then there these they this those to " +
  "up was we were what when where which while who whom why will with would you your get gets got"
).split(" "));

// A word longer than this loses an "-er" as well: "winner" and "wins", "loser" and
// "losing" are one word ("win", "los"), as they are to a player asking who wins.
const ER_FROM = 4;
const DOUBLE = /(bb|dd|gg|mm|nn|pp|tt)$/;
const ION_FROM = 5;

/** A word without its ending (a light stemmer: the corpus is small and English).
 *
 *   stem("spotting") === "spot", stem("batteries") === "battery", stem("fire") === "fir",
 *   stem("winner") === "win"
 */
export function stem(word) {
  if (word.length <= 3 || /\d/.test(word)) return word;
  let w = word;
  if (w.endsWith("ies") && w.length > 4) w = w.slice(0, -3) + "y";
  else if (w.endsWith("ing") && w.length > 5) w = w.slice(0, -3);
  else if (w.endsWith("ed") && w.length > 4) w = w.slice(0, -2);
  else if (w.endsWith("es") && w.length > 4) w = w.slice(0, -2);
  else if (w.endsWith("s") && !w.endsWith("ss") && w.length > 3) w = w.slice(0, -1);
  else if (w.endsWith("e") && w.length > 3) w = w.slice(0, -1);
  if (w !== word && DOUBLE.test(w)) w = w.slice(0, -1);
  // "deviation" and "deviates", "suppression" and "suppressed", "interdiction" and
  // "interdict": one word each ("-ion" after s or t, where 5 letters or more are left:
  // not "mission" or "section").
  if (/[st]ion$/.test(w) && w.length - 3 >= ION_FROM) w = w.slice(0, -3);
  if (w.endsWith("e") && w.length > 3) w = w.slice(0, -1);
  if (w.endsWith("er") && w.length > ER_FROM) {
    w = w.slice(0, -2);
    if (DOUBLE.test(w)) w = w.slice(0, -1);
  }
  return w;
}

/** The words of a text, in order (apostrophes and typographic quotes dropped). */
export function words(text) {
  return String(text)
    .toLowerCase()
    .replace(/[\u2019']/g, "")
    .split(/[^a-z0-9\u00e0-\u024f]+/)
    .filter(Boolean);
}

/** One word as the index holds it, or null for a stop word. */
export function processTerm(word) {
  const w = String(word).toLowerCase();
  if (!w || STOP_WORDS.has(w)) return null;
  return stem(w);
}

/** The spellings one swap of two neighbouring letters away ("assualt" -> "assault"):
 *  Levenshtein counts a swap as two edits, so fuzzy matching alone misses it. */
export function swaps(word) {
  const out = [];
  for (let i = 0; i + 1 < word.length; i++) {
    if (word[i] === word[i + 1]) continue;
    out.push(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
  }
  return out;
}
