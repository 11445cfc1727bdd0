/* A query in, Material's result out: what the search worker does with a query
 * (search-worker.js speaks the messages; this file knows no worker, so Node tests
 * it: tests/js/search-worker.test.mjs).
 *
 * - The words typed, as the index holds them (text.js). Each word of 5 letters or
 *   more forgives one letter wrong, missing or extra (MiniSearch's fuzzy match) or
 *   two neighbours swapped (the swapped spellings are asked too); every word is a
 *   prefix as well, so a word being typed already finds.
 * - A query that asks for odds ("odds", "chance", "calculator", "will my...",
 *   "should I...", the words of config.intent, a typo of them too) puts the
 *   calculators first: those words are not searched, and a calculator's score is
 *   multiplied by config.intent.boost.
 * - An entry's score: MiniSearch's (BM25 over the fields, title first), times the
 *   entry's boost (written by the build: the rules above the reference pages, a
 *   section above its page's introduction), times the square of the share of the
 *   words typed that it holds.
 * - Material's result: entries grouped by page, the page's best first; each with
 *   its words marked, and "terms" naming only words the player typed (Material lists
 *   a false one as "Missing:").
 */
import { processTerm, swaps, words } from "./text.js";

export const SEARCH_OPTIONS = {
  boost: { title: 3, named: 3, page: 1, text: 1, words: 0.5 },
  weights: { fuzzy: 0.3, prefix: 0.4 },
  combineWith: "OR",
  // Terms come already processed (parse): searched as they are.
  tokenize: (term) => [term],
  processTerm: (term) => term,
};
const FUZZY_FROM = 5;
// An entry whose title (its own, its page's, or the players' words for its title's
// words) holds every typed word counts (1 + titleShare) times.
export const TUNING = { titleShare: 1 };
const DEFAULT_INTENT = { words: [], phrases: [], boost: 1, prefix: "calculators/" };

/** Whether two words are one edit apart (a letter wrong, missing, extra or two swapped). */
export function oneEdit(a, b) {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  if (a.length === b.length) {
    const diff = [];
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) diff.push(i);
    if (diff.length === 1) return true;
    return diff.length === 2 && diff[1] === diff[0] + 1 && a[diff[0]] === b[diff[1]] && a[diff[1]] === b[diff[0]];
  }
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  let i = 0;
  while (i < short.length && short[i] === long[i]) i++;
  return short.slice(i) === long.slice(i + 1);
}

/** What a query asks: the words to search (as typed, and as the index holds them)
 *  and whether it asks for odds. */
export function parse(query, intent = DEFAULT_INTENT) {
  const typed = words(query);
  const line = ` ${typed.join(" ")} `;
  let odds = intent.phrases.some((phrase) => line.includes(` ${phrase} `));
  const asks = (word) =>
    intent.words.includes(word) ||
    (word.length >= FUZZY_FROM && intent.words.some((w) => w.length >= FUZZY_FROM && oneEdit(word, w)));
  const terms = [];
  for (const word of typed) {
    if (asks(word)) {
      odds = true;
      continue;
    }
    const term = processTerm(word);
    if (term && !terms.some((t) => t.term === term)) terms.push({ word, term });
  }
  return { terms, odds };
}

/** MiniSearch's query for the terms: each term, with its swapped spellings, if any. */
function engineQuery(terms) {
  return {
    combineWith: "OR",
    queries: terms.map(({ word, term }) => {
      const forgiving = word.length >= FUZZY_FROM;
      const typed = { queries: [term], fuzzy: forgiving ? 1 : false, prefix: (t) => t.length >= 3 };
      if (!forgiving) return typed;
      // The swapped spellings as they are: one edit of each would find far too much.
      return { combineWith: "OR", queries: [typed, { queries: swaps(term), fuzzy: false, prefix: false }] };
    }),
  };
}

const TERMS = new Map(); // a printed word -> the index's term for it (the same words come back)

/** The index's term for a word as printed (remembered). */
function termOf(word) {
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
const PIECES = new Map(); // an HTML text -> {pieces: [between, word, term, between, ...], terms}
const WORD_OR_TAG = /<[^>]*>|[A-Za-z0-9\u00c0-\u024f\u2019']+/g;

/** ``html`` cut into pieces (remembered): between, word, its term, between, ... */
function piecesOf(html) {
  let cut = PIECES.get(html);
  if (cut) return cut;
  const pieces = [];
  const terms = new Set();
  let at = 0;
  for (const found of html.matchAll(WORD_OR_TAG)) {
    if (found[0][0] === "<") continue; // a tag stays in the text between words
    const term = termOf(found[0]);
    pieces.push(html.slice(at, found.index), found[0], term);
    if (term) terms.add(term);
    at = found.index + found[0].length;
  }
  pieces.push(html.slice(at));
  cut = { pieces, terms };
  PIECES.set(html, cut);
  return cut;
}

/** The HTML with each word the index holds as one of ``found`` marked; the words
 *  marked, as printed. Tags are left alone. */
export function mark(html, found) {
  const text = String(html);
  const { pieces, terms } = piecesOf(text);
  const printed = [];
  if (![...found].some((term) => terms.has(term))) return { html: text, printed };
  let out = pieces[0];
  for (let i = 1; i < pieces.length; i += 3) {
    const word = pieces[i];
    if (pieces[i + 1] && found.has(pieces[i + 1])) {
      out += `<mark>${word}</mark>`;
      if (!printed.includes(word.toLowerCase())) printed.push(word.toLowerCase());
    } else out += word;
    out += pieces[i + 2];
  }
  return { html: out, printed };
}

/** The page an entry belongs to ("rules/blinds/" for "rules/blinds/#moving-a-blind"). */
const pageOf = (location) => String(location).split("#")[0];

const PAGES = new WeakMap(); // the entries -> each one's page, and the entry at each location

/** Each entry's page and the entry at each location, worked out once for the entries. */
function pagesOf(docs) {
  let known = PAGES.get(docs);
  if (!known) {
    known = { page: docs.map((d) => pageOf(d.location)), at: new Map(docs.map((d) => [d.location, d])) };
    PAGES.set(docs, known);
  }
  return known;
}

/** Which typed words (their positions) a term the engine matched stands for, in
 *  ``how`` (prefix: either begins the other; title: it begins with one, or is one
 *  edit from one); worked out once per term and query. */
function typedFor(term, variantOf, memo, how) {
  const key = `${how}:${term}`;
  let found = memo.get(key);
  if (found) return found;
  found = [];
  if (how === "prefix" && variantOf.has(term)) found.push(variantOf.get(term));
  else
    for (const [v, i] of variantOf) {
      const hit = how === "prefix" ? term.startsWith(v) || v.startsWith(term) : term.startsWith(v) || oneEdit(term, v);
      if (hit && !found.includes(i)) found.push(i);
    }
  memo.set(key, found);
  return found;
}

/** Material's result for ``query``: {items: [[entries of a page, best first], ...]}. */
export function answer({ engine, docs, intent = DEFAULT_INTENT }, query) {
  const { terms, odds } = parse(query, intent);
  if (!terms.length) return { items: [] };
  const variantOf = new Map();
  const swapped = terms.map(({ term }) => swaps(term));
  terms.forEach(({ term }, i) => {
    for (const v of [term, ...swapped[i]]) if (!variantOf.has(v)) variantOf.set(v, i);
  });
  const memo = new Map();
  const { page: pageAt, at } = pagesOf(docs);
  const hits = engine.search(engineQuery(terms), SEARCH_OPTIONS);
  const groups = new Map();
  for (const hit of hits) {
    const doc = docs[hit.id];
    if (!doc) continue;
    // Which typed words the entry holds: a query term (or its swap) it matched.
    const held = new Set();
    for (const q of hit.queryTerms) for (const i of typedFor(q, variantOf, memo, "prefix")) held.add(i);
    const share = held.size / terms.length;
    // The typed words its title (or its page's) holds: "Artillery against a Blind"
    // for "artillery on a blind" is the rule, not a section that mentions both.
    const titled = new Set();
    for (const term in hit.match) {
      const fields = hit.match[term];
      if (fields.includes("title") || fields.includes("named") || fields.includes("page"))
        for (const i of typedFor(term, variantOf, memo, "title")) titled.add(i);
    }
    const inTitle = 1 + TUNING.titleShare * (titled.size / terms.length);
    const page = pageAt[hit.id];
    const calculator = page.startsWith(intent.prefix) && page !== intent.prefix;
    const score = hit.score * (doc.boost ?? 1) * share ** 2 * inTitle * (odds && calculator ? intent.boost : 1);
    const found = new Set(hit.terms);
    const title = mark(doc.title, found);
    const text = mark(doc.text, found);
    const printed = [...title.printed, ...text.printed];
    const termsShown = {};
    terms.forEach(({ word, term }, i) => {
      // The word as printed that this typed word found ("artillery" for "artilery"):
      // Material highlights it on the page it opens.
      const shown = printed.find((p) => {
        const t = termOf(p);
        return t && (t.startsWith(term) || oneEdit(t, term) || swapped[i].includes(t));
      });
      if (held.has(i)) termsShown[shown || word] = true;
      else termsShown[word] = false;
    });
    const item = { location: doc.location, title: title.html, text: text.html, score, terms: termsShown };
    if (!groups.has(page)) groups.set(page, []);
    groups.get(page).push(item);
  }
  for (const [page, items] of groups) {
    items.sort((a, b) => b.score - a.score);
    // Material shows a group under its page's entry: one must be there.
    if (!items.some((item) => item.location === page) && at.has(page)) {
      const doc = at.get(page);
      items.push({ location: doc.location, title: doc.title, text: doc.text, score: 0, terms: {} });
    }
  }
  const items = [...groups.values()].sort((a, b) => b[0].score - a[0].score);
  return { items };
}
