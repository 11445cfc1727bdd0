/* A result's text, word by word: each text cut once into its words and the index's
 * term for each (remembered), so that marking the words found (``mark``: Material's
 * highlighting) and measuring how near together the text says them (``nearness``:
 * part of the ranking, query.js) are one pass over its words per keystroke. */
import { processTerm } from "./text.js";

const TERMS = new Map(); // a printed word -> the index's term for it (the same words come back)

/** The index's term for a word as printed (remembered). */
export function termOf(word) {
  let term = TERMS.get(word);
  if (term === undefined) {
    term = processTerm(word.replace(/[\u2019']/g, ""));
    TERMS.set(word, term);
  }
  return term;
}

// An entry's text cut once into its words (with the index's term for each) and what
// lies between them (tags and spaces): marking it for a query is then one pass over
// its words, not a regular expression and a term lookup per word per keystroke.
const PIECES = new Map(); // an HTML text -> {pieces: [between, word, term, between, ...], terms, held}
const WORD_OR_TAG = /<[^>]*>|[A-Za-z0-9\u00c0-\u024f\u2019']+/g;

/** ``html`` cut into pieces (remembered): between, word, its term, between, ...;
 *  its words' terms in order, and as a set. */
function piecesOf(html) {
  let cut = PIECES.get(html);
  if (cut) return cut;
  const pieces = [];
  const terms = [];
  const held = new Set();
  let at = 0;
  for (const found of html.matchAll(WORD_OR_TAG)) {
    if (found[0][0] === "<") continue; // a tag stays in the text between words
    const term = termOf(found[0]);
    pieces.push(html.slice(at, found.index), found[0], term);
    terms.push(term);
    if (term) held.add(term);
    at = found.index + found[0].length;
  }
  pieces.push(html.slice(at));
  cut = { pieces, terms, held };
  PIECES.set(html, cut);
  return cut;
}

/** The HTML with each word the index holds as one of ``found`` marked; the words
 *  marked, as printed. Tags are left alone. */
export function mark(html, found) {
  const text = String(html);
  const cut = piecesOf(text);
  const { pieces, held } = cut;
  // The marking depends only on which of its words are found: as a word is typed
  // letter by letter, that is mostly the same from one key to the next (remembered,
  // a few per text).
  const key = [...found].filter((term) => held.has(term)).sort().join(" ");
  if (!key) return { html: text, printed: [] };
  const marked = (cut.marked ??= new Map());
  const known = marked.get(key);
  if (known) return known;
  const printed = [];
  let out = pieces[0];
  for (let i = 1; i < pieces.length; i += 3) {
    const word = pieces[i];
    if (pieces[i + 1] && found.has(pieces[i + 1])) {
      out += `<mark>${word}</mark>`;
      if (!printed.includes(word.toLowerCase())) printed.push(word.toLowerCase());
    } else out += word;
    out += pieces[i + 2];
  }
  if (marked.size >= MARKED_MOST) marked.clear();
  const made = { html: out, printed };
  marked.set(key, made);
  return made;
}
const MARKED_MOST = 8; // markings remembered per text

/** Whether ``terms`` from ``n`` say ``phrase`` (stop words between its terms aside:
 *  "fires for effect"). */
function says(terms, n, phrase) {
  let k = 0;
  for (let m = n; m < terms.length && k < phrase.length; m++) {
    if (terms[m] === null) continue;
    if (terms[m] !== phrase[k]) return false;
    k++;
  }
  return k === phrase.length;
}

/** How near together an entry's text holds the typed words it holds: the fewest
 *  words of its text that hold as many of them as the text does, and that many
 *  ({words, window}; window 0: fewer than two), and the fewest that hold c of them
 *  for each c (within[c]). The rule that answers a question
 *  says its words in one sentence; a long section mentions them far apart. A typed
 *  player's word is where the text says the rules' phrase it stands for
 *  (``phrases``: [[its terms], typed word], "cover" for "woods"). */
export function nearness(html, found, typedOf, phrases = []) {
  const { terms } = piecesOf(String(html));
  const at = []; // [position, typed word] for each word of the text that is one found
  for (let n = 0; n < terms.length; n++) {
    const term = terms[n];
    if (term && found.has(term)) for (const t of typedOf(term)) at.push([n, t]);
    for (const [phrase, t] of phrases) if (phrase[0] === term && says(terms, n, phrase)) at.push([n, t]);
  }
  const distinct = new Set(at.map(([, t]) => t)).size;
  // within[c]: the fewest words holding c of them (a third word said far off does
  // not make the two said side by side any less near).
  const within = [0, 0];
  for (let c = 2; c <= distinct; c++) within.push(fewest(at, c));
  return { words: distinct, window: within[distinct], within };
}

/** The fewest words of a text holding ``c`` distinct typed words, from ``at``
 *  ([position, typed word], in order). */
function fewest(at, c) {
  let best = Infinity;
  const count = new Map();
  let have = 0;
  for (let lo = 0, hi = 0; hi < at.length; hi++) {
    const t = at[hi][1];
    count.set(t, (count.get(t) || 0) + 1);
    if (count.get(t) === 1) have++;
    while (have >= c) {
      best = Math.min(best, at[hi][0] - at[lo][0] + 1);
      const u = at[lo][1];
      count.set(u, count.get(u) - 1);
      if (count.get(u) === 0) have--;
      lo++;
    }
  }
  return best;
}
