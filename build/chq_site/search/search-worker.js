/* Combat HQ Rules Companion: Material's search worker, with the players' words.
 *
 * Material starts this worker instead of its own (theme/material/main.html points its
 * config there, with its own worker's address after the "#") and talks to it as to
 * its own: {type: 0 setup, data: {config, docs}}, {type: 2 query, data: text}, and
 * one answer per message ({type: 3, data: {items}} for a query). This file loads
 * Material's worker and changes two things on the way:
 *
 *   - a query: each player's word it holds ("tie", "woods", "knocked out") brings
 *     the rules' word(s) for it ("draw", "cover", "dispersed"), from the index's
 *     config.chq_words (build/chq_site/search_words.py); and stop words other than
 *     the last word are dropped ("in" would otherwise match "infantry" as a prefix;
 *     the last word may still be being typed). Queries with lunr syntax (quotes,
 *     +, -, ~, ^, field:) are left alone.
 *     A query that asks for odds ("spotting odds", "chance to win a close
 *     assault", "blind move calculator": the words of config.chq_intent.words) is
 *     sent without those words, and marked.
 *   - its answer: a player's word counts as found where its rules' word was; a
 *     rules' word that was not found is not listed as "missing" (the reader never
 *     typed it). For a query that asks for odds, the calculators' entries are
 *     multiplied by config.chq_intent.boost, so the calculator that matches the
 *     rest of the query comes first (without it the rules page does).
 *
 * On a page whose calculator starts the engine, the address says "#hold:" before
 * Material's: this worker then neither loads Material's worker nor builds the index
 * (the messages wait) until the page says "go" on the channel "chq-search-hold"
 * (search/search-hold.js: the engine is ready or failed, or the reader turned to
 * the search box), so that Python does not start on a tablet's CPU shared with
 * lunr. Where there is no BroadcastChannel, or after HOLD_MOST_MS, it goes anyway.
 */
"use strict";

const HOLD = "hold:";
const HOLD_MOST_MS = 20_000; // a page that never says "go" (its scripts failed) keeps no reader from searching
const address = decodeURIComponent(self.location.hash.slice(1));
const held = address.startsWith(HOLD) && typeof BroadcastChannel === "function";
const material = new URL(address.startsWith(HOLD) ? address.slice(HOLD.length) : address, self.location.href);
let words = {};
let pageTitles = new Map();  // a page's address -> its title (the entry without "#")
let intent = { words: new Set(), boost: 1, prefix: "calculators/" };
let stopWord = () => false;
const pending = [];  // per query sent on, in order: how its words were expanded

const nativeImport = self.importScripts.bind(self);
const nativeAdd = self.addEventListener.bind(self);
const nativePost = self.postMessage.bind(self);

// Material's worker loads language files relative to its own address.
self.importScripts = (...urls) => nativeImport(...urls.map(url => new URL(url, material).href));

const SYNTAX = /(^|\s)[+-]|["~^:*]/;

/** The query Material should see, and what was added for which typed words. */
function expand(query) {
  const plain = { query, added: [], typed: [], odds: false };
  if (SYNTAX.test(query)) return plain;
  const all = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const rest = all.filter((word) => !intent.words.has(word));
  const odds = rest.length < all.length;
  const typed = rest.length ? rest : all;
  if (!typed.length) return plain;
  const keep = new Array(typed.length).fill(false);
  const added = [];  // [typed words, rules' words]
  for (let i = 0; i < typed.length; i++) {
    for (let n = Math.min(3, typed.length - i); n >= 1; n--) {
      const phrase = typed.slice(i, i + n).join(" ");
      const rules = words[phrase] || words[phrase.replace(/'?s$/, "")] || words[phrase.replace(/es$/, "")];
      if (!rules) continue;
      for (let k = i; k < i + n; k++) keep[k] = true;
      added.push([typed.slice(i, i + n), rules]);
      i += n - 1;
      break;
    }
  }
  const last = typed.length - 1;
  const kept = typed.filter((word, i) => keep[i] || i === last || !stopWord(word));
  const extra = [];
  for (const [, rules] of added)
    for (const rule of rules)
      for (const word of rule.split(/[\s-]+/))
        if (!stopWord(word) && !kept.includes(word) && !extra.includes(word)) extra.push(word);
  return { query: [...kept, ...extra].join(" "), added, typed: kept.flatMap(word => word.split(/[\s-]+/)), odds };
}

/** Whether an entry is a calculator's page (not the list of calculators). */
function isCalculator(location) {
  const path = String(location || "").split("#")[0];
  return path.startsWith(intent.prefix) && path.length > intent.prefix.length;
}

/** Whether a section's title holds a typed word, or a rules' word it was given
 *  for ("arty": "artillery"); a title word that begins with its stem counts
 *  ("Blinds", "Moving"). */
function titleHolds(title, word, alternatives) {
  const words = title.replace(/<[^>]+>/g, " ").toLowerCase().split(/[^a-z0-9+]+/).filter(Boolean).map(stem);
  return [word, ...(alternatives.get(word) || [])].some((w) => words.some((t) => t.startsWith(stem(w))));
}

/** A word without its ending, so that a title's "Moving" holds "move" and
 *  "Winner" holds "wins" (the index itself has no stemmer: lunr matches prefixes). */
function stem(word) {
  return word.length > 3 ? word.replace(/(?:ing|ed|es|s|e)$/, "") : word;
}

/** A result's terms as the reader typed them (see the header), and its score
 *  times the square of the share of the typed words it (or its page's name) holds,
 *  and times one plus the share of them its section title or page's name holds (a section titled with the words
 *  asked, such as "Artillery against a Blind" for "arty on a blind", is the rule). */
function mend(items, { added, typed, odds }) {
  const rulesWords = new Set(added.flatMap(([, rules]) => rules.flatMap(r => r.split(/[\s-]+/))));
  const alternatives = new Map();
  for (const [words, rules] of added)
    for (const word of words) alternatives.set(word, rules.flatMap(r => r.toLowerCase().split(/[\s-]+/)));
  for (const group of items) {
    for (const item of group) {
      const terms = item.terms || {};
      for (const [words, rules] of added) {
        const found = rules.some((rule) => {
          const asked = rule.split(/[\s-]+/).filter(w => w in terms); // (stop words were not sent)
          return asked.length > 0 && asked.every(w => terms[w]);
        });
        if (found) for (const word of words) if (word in terms) terms[word] = true;
      }
      for (const word of rulesWords) if (terms[word] === false && !typed.includes(word)) delete terms[word];
      // A section stands under its page's name: on the Close Assault page,
      // "Determine the Winner" holds all of "who wins a close assault" (as the
      // section titled "Close Assault" holds two of its words).
      const path = String(item.location || "").split("#")[0];
      const titles = `${item.title || ""} ${pageTitles.get(path) || ""}`;
      const asked = typed.filter(word => word in terms);
      if (asked.length && !self.__noRerank) {
        const held = asked.filter(word => terms[word] || titleHolds(titles, word, alternatives));
        item.score *= (held.length / asked.length) ** 2;
        item.score *= 1 + typed.filter(word => titleHolds(titles, word, alternatives)).length / typed.length;
      }
      if (odds && isCalculator(item.location)) item.score *= intent.boost;
    }
    group.sort((a, b) => b.score - a.score);
  }
  items.sort((a, b) => (b[0] ? b[0].score : 0) - (a[0] ? a[0].score : 0));
}

self.postMessage = (message, ...rest) => {
  if (message && message.type === 3) {
    const expansion = pending.shift() || { added: [], typed: [], odds: false };
    if (message.data && message.data.items) mend(message.data.items, expansion);
  }
  return nativePost(message, ...rest);
};

const listeners = []; // Material's message listeners, as wrapped below

self.addEventListener = (type, listener, options) => {
  if (type !== "message") return nativeAdd(type, listener, options);
  const wrapped = event => {
    const message = event.data;
    if (message && message.type === 0) {
      const config = (message.data && message.data.config) || {};
      words = config.chq_words || {};
      const docs = (message.data && message.data.docs) || [];
      pageTitles = new Map(docs.filter(d => !String(d.location).includes("#")).map(d => [d.location, d.title]));
      const asked = config.chq_intent || {};
      intent = { words: new Set(asked.words || []), boost: asked.boost || 1, prefix: asked.prefix || intent.prefix };
      const lunr = self.lunr;
      if (lunr && lunr.stopWordFilter) stopWord = word => !lunr.stopWordFilter(word);
    } else if (message && message.type === 2 && typeof message.data === "string") {
      const { query, ...expansion } = expand(message.data);
      pending.push(expansion);
      return listener(new MessageEvent("message", { data: { ...message, data: query } }));
    }
    return listener(event);
  };
  listeners.push(wrapped);
  return nativeAdd("message", wrapped, options);
};

if (held) {
  const waiting = [];
  const keep = event => waiting.push(event);
  nativeAdd("message", keep);
  const channel = new BroadcastChannel("chq-search-hold");
  let gone = false;
  const go = () => {
    if (gone) return;
    gone = true;
    channel.close();
    self.removeEventListener("message", keep);
    nativeImport(material.href);
    for (const event of waiting) for (const listener of listeners) listener(event);
  };
  channel.onmessage = event => { if (event.data === "go") go(); };
  setTimeout(go, HOLD_MOST_MS);
  channel.postMessage("ask");
} else {
  nativeImport(material.href);
}
