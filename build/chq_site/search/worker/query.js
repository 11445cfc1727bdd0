/* A query in, Material's result out: what the search worker does with a query
 * (worker.js speaks the messages; this file knows no worker, so Node tests it:
 * tests/js/search-query.test.mjs, search-ranking.test.mjs over the built index).
 *
 * - The words typed, as the index holds them (text.js). Each word of 5 letters or
 *   more that the index does not hold forgives one letter wrong, missing or extra
 *   (MiniSearch's fuzzy match) or two neighbours swapped (the swapped spellings are
 *   asked too); the last word is a prefix as well, so a word being typed already
 *   finds.
 * - A query that asks for odds ("odds", "chance", "calculator", "will my...",
 *   "should I...", the words of config.intent, a typo of them too) puts the
 *   calculators first: those words are not searched, and a calculator's score is
 *   multiplied by config.intent.boost.
 * - A word that the players' words hold only as a part of a phrase ("off" of
 *   "off-board") is not held by an entry that has it only among its players' words,
 *   unless the whole phrase is typed ("30 inches off" is not about artillery).
 * - An entry's score: MiniSearch's (BM25 over the fields, title first), times the
 *   entry's boost (written by the build: the rules above the reference pages, a
 *   section above its page's introduction), times the square of the share of the
 *   words typed that it holds, times more where its title holds them (TUNING.titleShare)
 *   and where its text says them close together (nearness, TUNING.near; a player's
 *   word is said where the rules' word it stands for is: config.chq_words, the
 *   players' words of build/chq_site/search/search_words.py). Asked for odds, where a
 *   calculator holds every word typed, the calculators come before the rules.
 * - Material's result: entries grouped by page, the page's best first; each with
 *   its words marked, its text cut to an excerpt from the first word found
 *   (excerpt.js), and "terms" naming only words the player typed (Material lists
 *   a false one as "Missing:").
 */
import { excerpt } from "./excerpt.js";
import { mark, nearness, termOf } from "./text-words.js";
import { processTerm, swaps, words } from "./text.js";

export const SEARCH_OPTIONS = {
  boost: { title: 3, named: 3, page: 1, text: 1, words: 0.5, asks: 2 },
  weights: { fuzzy: 0.3, prefix: 0.4 },
  combineWith: "OR",
  // Terms come already processed (parse): searched as they are.
  tokenize: (term) => [term],
  processTerm: (term) => term,
};
const FUZZY_FROM = 5;
// An entry whose title (its own, its page's, or the players' words for its title's
// words) holds every typed word counts (1 + titleShare) times; one whose text holds
// all of them within (their number + slack) words, (1 + near) times (less for fewer
// of them, or further apart).
export const TUNING = { titleShare: 1, near: 1, slack: 2 };
const DEFAULT_INTENT = { words: [], phrases: [], boost: 1, prefix: "calculators/" };

const STANDS = new WeakMap(); // the players' words -> each player's term and the rules' phrases it stands for

/** The rules' phrases (their terms, in order) each player's term stands for, from
 *  the players' words as the build lists them ([[rules' word, [players' words]], ...],
 *  search_words.WORDS): "woods" -> [["cover"]], "melee" -> [["clos", "assault"]]. A
 *  term the rules' phrase holds itself ("back" of "fall back") stands for nothing. */
export function standsFor(players = []) {
  let stands = STANDS.get(players);
  if (stands) return stands;
  stands = new Map();
  for (const [rules, theirs] of players) {
    const ruled = words(rules).map(processTerm).filter(Boolean);
    for (const phrase of theirs)
      for (const term of words(phrase).map(processTerm)) {
        if (!term || ruled.includes(term)) continue;
        if (!stands.has(term)) stands.set(term, []);
        const known = stands.get(term);
        if (!known.some((p) => p.join(" ") === ruled.join(" "))) known.push(ruled);
      }
  }
  STANDS.set(players, stands);
  return stands;
}

const PARTS = new WeakMap(); // the players' words -> each term that is only ever a part of a players' phrase

/** The terms that the players' words hold only as a part of a phrase of two words
 *  or more ("off" of "off-board", "out" of "wiped out", "hit" of "to-hit number"),
 *  each with those phrases (their terms): such a term said alone is not the player's
 *  word, and an entry holding it only among its players' words does not hold it. */
export function phraseParts(players = []) {
  let parts = PARTS.get(players);
  if (parts) return parts;
  parts = new Map();
  const whole = new Set();
  for (const [, theirs] of players)
    for (const phrase of theirs) {
      const terms = words(phrase).map(processTerm).filter(Boolean);
      if (terms.length === 1) whole.add(terms[0]);
      else for (const term of terms) parts.set(term, [...(parts.get(term) || []), terms]);
    }
  for (const term of whole) parts.delete(term);
  PARTS.set(players, parts);
  return parts;
}

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

const KNOWN = new WeakMap(); // an engine -> its answer to "is this term in the index?", per term

/** Whether the index holds ``term`` as it is (remembered per engine). */
function known(engine, term) {
  let terms = KNOWN.get(engine);
  if (!terms) KNOWN.set(engine, (terms = new Map()));
  if (!terms.has(term)) terms.set(term, engine.search({ queries: [term], fuzzy: false, prefix: false }, SEARCH_OPTIONS).length > 0);
  return terms.get(term);
}

/** The swapped spellings of a typed word, as the index holds words: those of its
 *  term, and those of the word as typed, each made a term ("disruptoin" is
 *  "disruption" swapped, whose term is "disrupt": the term of "disruptoin" itself,
 *  having no ending to lose, is three letters from it). */
export function swapsOf({ word, term }) {
  const out = [];
  for (const swap of [...swaps(term), ...swaps(word).map(processTerm)])
    if (swap && swap !== term && !out.includes(swap)) out.push(swap);
  return out;
}

/** MiniSearch's query for the terms: each term, with its swapped spellings, if any.
 *  Only a word the index does not hold is forgiven: a word spelt right ("close",
 *  "hiding") would otherwise find every word one letter from it ("lose", "his"). */
function engineQuery(engine, terms) {
  return {
    combineWith: "OR",
    queries: terms.map(({ word, term }, i) => {
      const forgiving = word.length >= FUZZY_FROM && !known(engine, term);
      // Only the last word may be still being typed: a whole word before it finding
      // every longer word it begins ("fire": "first") only adds noise.
      const last = i === terms.length - 1;
      const typed = { queries: [term], fuzzy: forgiving ? 1 : false, prefix: (t) => last && t.length >= 3 };
      if (!forgiving) return typed;
      // The swapped spellings as they are: one edit of each would find far too much.
      return { combineWith: "OR", queries: [typed, { queries: swapsOf({ word, term }), fuzzy: false, prefix: false }] };
    }),
  };
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


/** The last word typed, completed as the best entry prints it ("artil": "artillery";
 *  "Artil": "Artillery"), for the grey completion in Material's search box (its
 *  feature search.suggest shows the last of ``suggest`` where it begins with the last
 *  word typed; the right arrow takes it): none where the query ends between words
 *  or the entry prints no longer word. */
function completion(query, best, printed) {
  const typed = String(query).split(/[\s-]+/).pop();
  if (!typed) return [];
  const lower = typed.toLowerCase();
  const word = printed.find((p) => p.length > lower.length && p.startsWith(lower));
  return word ? [typed + word.slice(typed.length)] : [];
}

/** Material's result for ``query``: {items: [[entries of a page, best first], ...]}
 *  (and, with ``suggest``, the last word completed: {items, suggest: [word]}). */
export function answer({ engine, docs, intent = DEFAULT_INTENT, players, suggest = false }, query) {
  const { terms, odds } = parse(query, intent);
  if (!terms.length) return { items: [] };
  const stands = standsFor(players);
  // A part of a players' phrase found only among an entry's players' words counts
  // where the whole phrase is typed ("off-board"), not alone ("30 inches off").
  const parts = phraseParts(players);
  const typedTerms = new Set(terms.map(({ term }) => term));
  const aside = (term, fields) =>
    parts.has(term) && fields.every((f) => f === "words" || f === "named") &&
    !parts.get(term).some((phrase) => phrase.every((t) => typedTerms.has(t)));
  const phrases = terms.flatMap(({ term }, i) => (stands.get(term) || []).map((phrase) => [phrase, i]));
  const variantOf = new Map();
  const swapped = terms.map(swapsOf);
  terms.forEach(({ term }, i) => {
    for (const v of [term, ...swapped[i]]) if (!variantOf.has(v)) variantOf.set(v, i);
  });
  const memo = new Map();
  const { page: pageAt, at } = pagesOf(docs);
  const hits = engine.search(engineQuery(engine, terms), SEARCH_OPTIONS);
  const groups = new Map();
  let calculatorHoldsAll = false;
  const printedOf = new Map(); // an item -> the words it marks, as printed (for the completion)
  for (const hit of hits) {
    const doc = docs[hit.id];
    if (!doc) continue;
    // Which typed words the entry holds: a query term (or its swap) it matched.
    const held = new Set();
    for (const q of hit.queryTerms) for (const i of typedFor(q, variantOf, memo, "prefix")) held.add(i);
    const setAside = Object.keys(hit.match).filter((term) => aside(term, hit.match[term]));
    if (setAside.length) {
      // A typed word found only as a part of a players' phrase is not held.
      const kept = new Set();
      for (const term in hit.match)
        if (!setAside.includes(term)) for (const i of typedFor(term, variantOf, memo, "title")) kept.add(i);
      for (const term of setAside)
        for (const i of typedFor(term, variantOf, memo, "title")) if (!kept.has(i)) held.delete(i);
    }
    const share = held.size / terms.length;
    // The typed words its title (or its page's) holds: "Artillery against a Blind"
    // for "artillery on a blind" is the rule, not a section that mentions both.
    const titled = new Set();
    for (const term in hit.match) {
      const fields = hit.match[term];
      if (setAside.includes(term)) continue;
      if (fields.includes("title") || fields.includes("named") || fields.includes("page"))
        for (const i of typedFor(term, variantOf, memo, "title")) titled.add(i);
    }
    const inTitle = 1 + TUNING.titleShare * (titled.size / terms.length);
    const page = pageAt[hit.id];
    const calculator = page.startsWith(intent.prefix) && page !== intent.prefix;
    const found = new Set(hit.terms);
    // Typed words said together: within a window of a sentence, up to TUNING.near more.
    let near = 1;
    if (held.size > 1 && terms.length > 1) {
      const { within } = nearness(doc.text, found, (t) => typedFor(t, variantOf, memo, "title"), phrases);
      // The nearest of: c of the typed words within (c + slack) words, for each c.
      let best = 0;
      for (let c = 2; c < within.length; c++)
        best = Math.max(best, ((c - 1) / (terms.length - 1)) * Math.min(1, (c + TUNING.slack) / within[c]));
      near += TUNING.near * best;
    }
    const score = hit.score * (doc.boost ?? 1) * share ** 2 * inTitle * near * (odds && calculator ? intent.boost : 1);
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
    const item = { location: doc.location, title: title.html, text: excerpt(text.html), score, terms: termsShown };
    if (suggest) printedOf.set(item, printed);
    if (odds && calculator && share === 1) calculatorHoldsAll = true;
    if (globalThis.__WHY) item.why = { bm25: hit.score, boost: doc.boost, share, inTitle, near, match: hit.match };
    if (!groups.has(page)) groups.set(page, []);
    groups.get(page).push(item);
  }
  for (const [page, items] of groups) {
    items.sort((a, b) => b.score - a.score);
    // Material shows a group under its page's entry: one must be there.
    if (!items.some((item) => item.location === page) && at.has(page)) {
      const doc = at.get(page);
      items.push({ location: doc.location, title: doc.title, text: excerpt(doc.text), score: 0, terms: {} });
    }
  }
  // Asked for odds, where a calculator holds every word typed, the calculators come
  // before any rule, however much more a rule's text says the words ("odds of running
  // out of ammo": the supply rule says "runs out of ammunition"); among them, the best.
  const first = (page) => (calculatorHoldsAll && page.startsWith(intent.prefix) && page !== intent.prefix ? 1 : 0);
  const items = [...groups.entries()]
    .sort(([p, a], [q, b]) => first(q) - first(p) || b[0].score - a[0].score)
    .map(([, group]) => group);
  if (!suggest || !items.length) return { items };
  const best = items[0].reduce((a, b) => (b.score > a.score ? b : a));
  return { items, suggest: completion(query, best, printedOf.get(best) || []) };
}
