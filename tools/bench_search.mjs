// The search engines measured on our own questions (tests/fixtures/player_questions.json),
// under Node: MiniSearch (the index serialized at build time, loaded) against FlexSearch
// (its Document index, built on load: its export is chunked and asynchronous), with the
// same query handling (build/chq_site/search/worker/query.js: the words typed, the
// words that ask for odds, the entries' boosts, the share of words held).
// Prints, per engine: questions right first (all, unseen, with a typo, asking for
// odds), time to ready and time per query, wall and CPU (median and spread of
// interleaved runs; the first run's queries cut each entry's text for marking).
// Run by tools/bench_search.py, which makes the index from a built site.
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import MiniSearch from "minisearch";
import FlexSearch from "flexsearch";
import { INDEX_OPTIONS } from "../build/chq_site/search/worker/options.js";
import { answer, parse, SEARCH_OPTIONS } from "../build/chq_site/search/worker/query.js";

const [indexPath, entriesPath, runs = "7"] = process.argv.slice(2);
const ours = JSON.parse(readFileSync(indexPath, "utf8"));
const entries = JSON.parse(readFileSync(entriesPath, "utf8"));
const questions = JSON.parse(readFileSync(new URL("../tests/fixtures/player_questions.json", import.meta.url), "utf8")).questions;
const intent = ours.config.chq_intent;
const docs = ours.docs;
const FIELD_BOOST = SEARCH_OPTIONS.boost; // the same fields and boosts as ours

function miniSearch() {
  const engine = MiniSearch.loadJS(ours.config.chq_index, INDEX_OPTIONS);
  // As the worker has it (worker.js): the players' words too, which the ranking reads.
  const state = { engine, docs, intent, players: ours.config.chq_words };
  return (q) => {
    const { items } = answer(state, q);
    return items.length ? items[0].reduce((a, b) => (b.score > a.score ? b : a)).location : null;
  };
}

function flexSearch() {
  const { Document, Charset } = FlexSearch;
  const index = new Document({ document: { id: "id", index: Object.keys(FIELD_BOOST) }, tokenize: "forward", encoder: Charset.LatinBalance });
  for (const entry of entries) index.add(entry);
  return (q) => {
    const { terms, odds } = parse(q, intent);
    const scores = new Map();
    const held = new Map();
    terms.forEach(({ word }, i) => {
      for (const { field, result } of index.search(word, { suggest: true, limit: 50 })) {
        result.forEach((id, rank) => {
          scores.set(id, (scores.get(id) || 0) + FIELD_BOOST[field] / (1 + rank));
          if (!held.has(id)) held.set(id, new Set());
          held.get(id).add(i);
        });
      }
    });
    let best = null;
    let top = -1;
    for (const [id, score] of scores) {
      const doc = docs[id];
      const page = doc.location.split("#")[0];
      const calculator = page.startsWith(intent.prefix) && page !== intent.prefix;
      const s = score * doc.boost * (held.get(id).size / terms.length) ** 2 * (odds && calculator ? intent.boost : 1);
      if (s > top) [top, best] = [s, doc.location];
    }
    return best;
  };
}

const ENGINES = { MiniSearch: miniSearch, FlexSearch: flexSearch };
const isOdds = (q) => q.first.every((t) => t.startsWith("calculators/"));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const times = Object.fromEntries(Object.keys(ENGINES).map((n) => [n, { ready: [], query: [], cpu: [] }]));
// CPU time as well as wall time: on a machine busy with other work the wall clock
// measures the others too.
const cpuMs = (since) => { const used = process.cpuUsage(since); return (used.user + used.system) / 1000; };
const scores = {};
for (let run = 0; run < Number(runs); run++) {
  for (const [name, make] of Object.entries(ENGINES)) { // interleaved: one run of each in turn
    let t = performance.now();
    const ask = make();
    times[name].ready.push(performance.now() - t);
    t = performance.now();
    const cpu = process.cpuUsage();
    const found = questions.map((q) => ask(q.q));
    times[name].cpu.push(cpuMs(cpu) / questions.length);
    times[name].query.push((performance.now() - t) / questions.length);
    scores[name] = questions.map((q, i) => q.first.includes(found[i]));
  }
}
const part = (right, keep) => {
  const kept = questions.map((q, i) => [q, right[i]]).filter(([q]) => keep(q));
  return `${kept.filter(([, r]) => r).length}/${kept.length}`;
};
for (const name of Object.keys(ENGINES)) {
  const right = scores[name];
  const spread = (xs) => `${median(xs).toFixed(2)} ms (${Math.min(...xs).toFixed(2)}-${Math.max(...xs).toFixed(2)})`;
  console.log(`${name}: right first ${part(right, () => true)}, first set ${part(right, (q) => !q.unseen)}, ` +
    `unseen ${part(right, (q) => q.unseen)}, with a typo ${part(right, (q) => q.typo)}, odds ${part(right, isOdds)}`);
  console.log(`  ready ${spread(times[name].ready)}, per query ${spread(times[name].query)}, ` +
    `its CPU time ${spread(times[name].cpu)} (${runs} runs)`);
}
