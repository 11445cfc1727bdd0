// The site's search answers, under Node, over a built site's index: what the worker
// answers Material's search box (build/chq_site/search/worker/query.js, the index as
// the build wrote it, loaded as the worker loads it). Reads a JSON list of queries on
// stdin, writes for each {q, page: the first group's page, best: its best entry's
// location, terms and text, suggest: the last word completed}. Used by tests/site/test_search_ranking.py (the ranking
// over the built index, no browser) and the browser story that checks a browser
// answers the same (tests/browser/test_search_engines.py). Not a test file itself.
import { readFileSync } from "node:fs";
import MiniSearch from "minisearch";
import { INDEX_OPTIONS } from "../../build/chq_site/search/worker/options.js";
import { answer } from "../../build/chq_site/search/worker/query.js";

const [indexPath] = process.argv.slice(2);
const { config, docs } = JSON.parse(readFileSync(indexPath, "utf8"));
// (as the site's search box sets it up: Material's feature search.suggest is on)
const state = {
  engine: MiniSearch.loadJS(config.chq_index, INDEX_OPTIONS), docs, intent: config.chq_intent,
  players: config.chq_words, suggest: true,
};
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const out = JSON.parse(Buffer.concat(chunks).toString("utf8")).map((q) => {
  const { items: [group], suggest } = answer(state, q);
  if (!group) return { q, page: null, best: null, suggest: [] };
  const best = group.reduce((a, b) => (b.score > a.score ? b : a));
  return { q, page: group[0].location.split("#")[0], suggest,
           best: { location: best.location, terms: best.terms, text: best.text, title: best.title } };
});
process.stdout.write(JSON.stringify(out));
