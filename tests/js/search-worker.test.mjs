// The search worker (build/chq_site/search/search-worker.js) without a browser: the very
// file run in a sandbox that stands in for a worker's global (self), talking to it
// as Material's page and worker do: a setup message, a query, Material's answer.
// What it changes: the query Material sees (the rules' words for a player's, stop
// words dropped, odds words taken out), the answer's terms and order, and when it
// loads Material's worker on a page that holds it back.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import vm from "node:vm";

const SOURCE = readFileSync(new URL("../../build/chq_site/search/search-worker.js", import.meta.url), "utf8");
const STOP = new Set(["a", "in", "on", "the", "to", "of", "who"]);
const CONFIG = {
  chq_words: { tie: ["draw"], woods: ["cover"], "knocked out": ["dispersed"], arty: ["artillery"] },
  chq_intent: { words: ["odds", "chance", "calculator"], boost: 3, prefix: "calculators/" },
};

/** The worker loaded with ``hash`` after its address; ``material`` is Material's
 *  message listener, added when its worker is imported. */
function load(hash = "#../material/search.js", { channel = false } = {}) {
  const seen = { imported: [], posted: [], queries: [], listeners: [], channels: [] };
  const self = {
    location: { hash, href: "https://club.example/assets/javascripts/workers/search.js" },
    importScripts: (...urls) => {
      seen.imported.push(...urls);
      self.addEventListener("message", (event) => { // Material's worker, as it listens
        if (event.data.type === 2) seen.queries.push(event.data.data);
      });
    },
    addEventListener: (type, listener) => seen.listeners.push(listener),
    removeEventListener: (type, listener) => seen.listeners.splice(seen.listeners.indexOf(listener), 1),
    postMessage: (message) => seen.posted.push(message),
    lunr: { stopWordFilter: (word) => (STOP.has(word) ? undefined : word) },
  };
  class Channel {
    constructor(name) { this.name = name; this.sent = []; seen.channels.push(this); }
    postMessage(data) { this.sent.push(data); }
    close() { this.closed = true; }
  }
  const sandbox = { self, URL, MessageEvent, setTimeout: () => 0, ...(channel ? { BroadcastChannel: Channel } : {}) };
  vm.runInNewContext(SOURCE, sandbox);
  const send = (data) => { for (const listener of [...seen.listeners]) listener({ data }); };
  return { self, seen, send, setup: () => send({ type: 0, data: { config: CONFIG, docs: DOCS } }) };
}

const DOCS = [{ location: "rules/close-assault/", title: "Close Assault" },
              { location: "calculators/spotting/", title: "Spotting a Blind" }];

test("Material's worker is loaded from its own address, after the hash", () => {
  const { seen } = load("#../material/search.js");
  assert.deepEqual(seen.imported, ["https://club.example/assets/javascripts/material/search.js"]);
});

test("a player's words bring the rules' words, and stop words but the last are dropped", () => {
  const worker = load();
  worker.setup();
  for (const query of ["tie in woods", "knocked out in the", "Arty on a Blind", "tie +woods", "\"in the woods\""]) {
    worker.send({ type: 2, data: query });
  }
  assert.deepEqual(worker.seen.queries, ["tie woods draw cover", "knocked out the dispersed",
                                         "arty blind artillery", "tie +woods", "\"in the woods\""]);
});

test("a query that asks for odds is sent without those words, and the calculators come first", () => {
  const worker = load();
  worker.setup();
  worker.send({ type: 2, data: "spotting odds" });
  assert.deepEqual(worker.seen.queries, ["spotting"]);
  const items = [[{ location: "rules/spotting/", title: "Spotting", score: 2, terms: { spotting: true } }],
                 [{ location: "calculators/spotting/", title: "Spotting a Blind", score: 1, terms: { spotting: true } }]];
  worker.self.postMessage({ type: 3, data: { items } });
  const [answer] = worker.seen.posted;
  assert.deepEqual(answer.data.items.map((group) => group[0].location), ["calculators/spotting/", "rules/spotting/"]);
  assert.equal(answer.data.items[0][0].score, 1 * 2 * 3); // all words held, the title holds them, asked for odds
});

test("a player's word counts as found where its rules' word was; a rules' word not found is not missing", () => {
  const worker = load();
  worker.setup();
  worker.send({ type: 2, data: "tie woods" });
  const found = { location: "rules/close-assault/#draws", title: "Draws", score: 1,
                  terms: { tie: false, woods: false, draw: true, cover: false } };
  worker.self.postMessage({ type: 3, data: { items: [[found]] } });
  assert.deepEqual(found.terms, { tie: true, woods: false, draw: true });
  // Half the typed words held: the score times (1/2)², times 1 + the share of them in a title.
  assert.equal(found.score, 0.25 * (1 + 0.5));
});

test("a page that holds the search back: nothing loads until it says go", () => {
  const worker = load("#hold:../material/search.js", { channel: true });
  assert.deepEqual(worker.seen.imported, []);
  const [channel] = worker.seen.channels;
  assert.equal(channel.name, "chq-search-hold");
  assert.deepEqual(channel.sent, ["ask"]);
  worker.setup(); // kept until Material's worker is there
  worker.send({ type: 2, data: "tie" });
  channel.onmessage({ data: "later" });
  assert.deepEqual(worker.seen.imported, []);
  channel.onmessage({ data: "go" });
  assert.deepEqual(worker.seen.imported, ["https://club.example/assets/javascripts/material/search.js"]);
  assert.deepEqual(worker.seen.queries, ["tie draw"]);
  assert.ok(channel.closed);
});

test("without a BroadcastChannel a held page's search loads at once", () => {
  const worker = load("#hold:../material/search.js");
  assert.deepEqual(worker.seen.imported, ["https://club.example/assets/javascripts/material/search.js"]);
});
