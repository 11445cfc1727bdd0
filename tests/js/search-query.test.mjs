// The next search worker's query handling (build/chq_site/search/worker/), under
// Node, on a small index made the way the build makes it (MiniSearch, the same
// options): typos forgiven, players' words found through the index, odds questions
// answered by the calculator, a section before its page, Material's result shape
// (a page's entries grouped under it, the words marked, no "Missing:" for a word
// the player did not type); and the worker's messages, held or not.
import assert from "node:assert/strict";
import { test } from "node:test";
import MiniSearch from "minisearch";
import { INDEX_OPTIONS } from "../../build/chq_site/search/worker/options.js";
import { answer, oneEdit, parse } from "../../build/chq_site/search/worker/query.js";
import { mark, nearness } from "../../build/chq_site/search/worker/text-words.js";
import { processTerm, stem, swaps } from "../../build/chq_site/search/worker/text.js";
import { serve } from "../../build/chq_site/search/worker/worker.js";

const DOCS = [
  { location: "rules/artillery/", title: "Artillery", text: "<p>Planned fire missions.</p>", boost: 0.8 },
  { location: "rules/artillery/#artillery-against-a-blind", title: "Artillery against a Blind",
    text: "<p>Place the Impact Marker on the middle of the Blind.</p>", boost: 1 },
  { location: "rules/close-assault/", title: "Close Assault", text: "<p>Close Assault is brutal.</p>", boost: 0.8 },
  { location: "rules/close-assault/#draws", title: "Draws",
    text: "<p>A draw occurs when both sides roll the same number of successes.</p>", boost: 1 },
  { location: "rules/spotting/", title: "Spotting Blinds", text: "<p>Spotting attempts use four dice.</p>", boost: 0.8 },
  { location: "rules/spotting/#distance-to-unit", title: "Distance to Unit",
    text: "<ul><li>Range band · TN</li><li>6–12” · 3+ TN</li></ul>", boost: 1 },
  { location: "calculators/spotting/", title: "Spotting calculator",
    text: "<p>The odds that your unit spots a Blind at this distance.</p>", boost: 0.25 },
];
// The players' words for the rules' words each entry holds (search_index.players_words).
const WORDS = { 1: "arty shell", 2: "melee", 3: "tie melee", 0: "arty shell" };
const INTENT = { words: ["odds", "chance", "calculator"], phrases: ["will my", "should i"], boost: 50, prefix: "calculators/" };

function state() {
  const pages = Object.fromEntries(DOCS.filter((d) => !d.location.includes("#")).map((d) => [d.location, d.title]));
  const engine = new MiniSearch(INDEX_OPTIONS);
  engine.addAll(DOCS.map((d, id) => ({
    id, title: d.title, text: d.text.replace(/<[^>]+>/g, " "), words: WORDS[id] || "",
    page: d.location.includes("#") ? pages[d.location.split("#")[0]] : "",
  })));
  // As the worker has it: serialized at build time, loaded in the worker.
  return { engine: MiniSearch.loadJSON(JSON.stringify(engine), INDEX_OPTIONS), docs: DOCS, intent: INTENT };
}
const first = (result) => result.items[0].reduce((a, b) => (b.score > a.score ? b : a));

test("a word's ending does not matter; stop words are dropped", () => {
  assert.equal(stem("spotting"), "spot");
  assert.equal(stem("spotted"), "spot");
  assert.equal(stem("batteries"), "battery");
  assert.equal(stem("blinds"), stem("blind"));
  assert.equal(processTerm("the"), null);
});

test("a winner and who wins, a loser and losing: one word each", () => {
  assert.equal(stem("winner"), stem("wins"));
  assert.equal(stem("winners"), stem("win"));
  assert.equal(stem("loser"), stem("losing"));
  assert.equal(stem("over"), "over"); // short words keep their "-er"
});

test("a rule's noun and its verb are one word: deviation and deviates, suppression and suppressed", () => {
  assert.equal(stem("deviation"), stem("deviates"));
  assert.equal(stem("suppressions"), stem("suppressed"));
  assert.equal(stem("interdiction"), stem("interdict"));
  assert.notEqual(stem("mission"), stem("miss")); // a short word keeps its "-ion"
  assert.equal(stem("section"), "section");
});

test("one edit: a letter wrong, missing, extra, or two neighbours swapped", () => {
  for (const typo of ["artillary", "artilery", "artilllery", "artillrey"]) assert.ok(oneEdit(typo, "artillery"), typo);
  assert.ok(!oneEdit("artlry", "artillery"));
  assert.ok(swaps("assualt").includes("assault"));
});

test("typos in words of five letters or more still find the rule", () => {
  const s = state();
  for (const q of ["artilery against blind", "artillery aginst blind", "artillery againts blind", "artilleery against blind"])
    assert.equal(first(answer(s, q)).location, "rules/artillery/#artillery-against-a-blind", q);
  assert.equal(first(answer(s, "spoting distance")).location, "rules/spotting/#distance-to-unit");
});

test("two letters swapped in a word that loses its ending still find it: 'disruptoin' is Disruption", () => {
  // The index holds "disrupt" for "Disruption"; "disruptoin" has no ending to lose,
  // so its own swap ("disruption") must be made a term as the index's words are.
  const docs = [{ location: "r/#rally", title: "Rallying Blinds", text: "<p>One die per Disruption Point.</p>", boost: 1 },
                { location: "r/#move", title: "Moving a Blind", text: "<p>Blinds move 18 inches.</p>", boost: 1 }];
  const engine = new MiniSearch(INDEX_OPTIONS);
  engine.addAll(docs.map((d, id) => ({ id, title: d.title, text: d.text.replace(/<[^>]+>/g, " ") })));
  const s = { engine, docs, intent: INTENT };
  assert.equal(first(answer(s, "disruptoin blind")).location, "r/#rally");
  assert.deepEqual(first(answer(s, "disruptoin blind")).terms, { disruption: true, blinds: true });
});

test("a text's marking is made once for the words of it found: the next key finding the same is not marked again", () => {
  const html = "<p>Artillery against a Blind: the Blind's Reaction.</p>";
  const [artillery, blind] = [processTerm("artillery"), processTerm("blind")];
  const marked = mark(html, new Set([artillery, blind]));
  assert.equal(marked.html, "<p><mark>Artillery</mark> against a <mark>Blind</mark>: the <mark>Blind's</mark> Reaction.</p>");
  assert.deepEqual(marked.printed, ["artillery", "blind", "blind's"]);
  // A found word the text does not hold changes nothing: the same marking, not made anew.
  assert.equal(mark(html, new Set([blind, processTerm("infantry"), artillery])), marked);
  assert.equal(mark(html, new Set([blind])).html, "<p>Artillery against a <mark>Blind</mark>: the <mark>Blind's</mark> Reaction.</p>");
  assert.deepEqual(mark(html, new Set([processTerm("infantry")])), { html, printed: [] });
});

test("a word being typed already finds (prefix); a whole word before it does not", () => {
  assert.equal(first(answer(state(), "artil")).location, "rules/artillery/#artillery-against-a-blind");
  const whole = first(answer(state(), "artil blind"));
  assert.deepEqual(whole.terms, { artil: false, blind: true }); // "artil" typed whole: not "artillery"
});

test("a word spelt right is not forgiven: it finds itself, not its neighbours", () => {
  const docs = [{ location: "a/#close", title: "Close", text: "<p>Close the range.</p>", boost: 1 },
                { location: "b/#lose", title: "Lose", text: "<p>Units lose a die.</p>", boost: 1 }];
  const engine = new MiniSearch(INDEX_OPTIONS);
  engine.addAll(docs.map((d, id) => ({ id, title: d.title, text: d.text.replace(/<[^>]+>/g, " ") })));
  const s = { engine, docs, intent: INTENT };
  // "close" is in the index: it does not also find "lose" (one letter from it)...
  assert.deepEqual(answer(s, "close").items.flat().map((i) => i.location), ["a/#close"]);
  // ...but a word the index does not hold is forgiven: "closse" finds "close".
  assert.deepEqual(answer(s, "closse").items.flat().map((i) => i.location), ["a/#close"]);
});

test("typed words said close together in a text count more than far apart", () => {
  const [blind, cover] = [processTerm("blind"), processTerm("cover")]; // the index's terms
  const found = new Set([blind, cover]);
  const typedOf = (t) => (t === blind ? [0] : t === cover ? [1] : []);
  const near = (html) => {
    const { words, window } = nearness(html, found, typedOf);
    return { words, window };
  };
  assert.deepEqual(near("<p>A Blind in cover.</p>"), { words: 2, window: 3 });
  assert.deepEqual(near("<p>A Blind moves. Far, far away, in another rule, cover.</p>"), { words: 2, window: 9 });
  assert.deepEqual(near("<p>A Blind.</p>"), { words: 1, window: 0 });
  // Draws: "draw" and "successes" in one sentence; the winner section says them apart.
  const s = state();
  assert.equal(first(answer(s, "draw same successes")).location, "rules/close-assault/#draws");
});

test("a player's word finds the rule through the index, the query unchanged", () => {
  const result = answer(state(), "melee tie");
  assert.equal(first(result).location, "rules/close-assault/#draws");
});

test("asked for odds, the calculator comes first; without, the rule", () => {
  const s = state();
  assert.equal(first(answer(s, "spotting distance")).location, "rules/spotting/#distance-to-unit");
  for (const q of ["spotting distance odds", "chance of spotting at this distance", "will my unit spot a blind",
    "spotting calculater"]) // a typo of an odds word still asks for odds
    assert.equal(first(answer(s, q)).location, "calculators/spotting/", q);
  assert.equal(parse("should i assault", INTENT).odds, true);
  assert.deepEqual(parse("spotting odds", INTENT).terms.map((t) => t.word), ["spotting"]);
});

test("a section answers before its page; every group has its page's entry", () => {
  const result = answer(state(), "close assault draw");
  const group = result.items[0];
  assert.equal(group[0].location, "rules/close-assault/#draws");
  assert.ok(group.some((item) => item.location === "rules/close-assault/"));
  for (const g of result.items) for (let i = 1; i < g.length; i++) assert.ok(g[i - 1].score >= g[i].score);
});

test("terms name only words typed: no 'Missing:' for a word the player never typed", () => {
  const result = answer(state(), "melee");
  for (const item of result.items.flat()) for (const word of Object.keys(item.terms))
    assert.ok(["melee"].includes(word) || item.terms[word] === true, `${word} in ${item.location}`);
  const typo = first(answer(state(), "artilery blind"));
  assert.deepEqual(Object.keys(typo.terms).sort(), ["artillery", "blind"]);
  assert.ok(Object.values(typo.terms).every(Boolean));
});

test("the words found are marked in the result, not inside tags", () => {
  const { html, printed } = mark('<a href="blind">Blinds</a> and the Blind', new Set(["blind"]));
  assert.equal(html, '<a href="blind"><mark>Blinds</mark></a> and the <mark>Blind</mark>');
  assert.deepEqual(printed, ["blinds", "blind"]);
  const hit = first(answer(state(), "artilery"));
  assert.match(hit.title, /<mark>Artillery<\/mark>/);
  // The text is cut once; each query marks its own words in it.
  const cover = '<p>Blinds in <em>cover</em></p>';
  assert.equal(mark(cover, new Set(["blind"])).html, "<p><mark>Blinds</mark> in <em>cover</em></p>");
  assert.equal(mark(cover, new Set([processTerm("cover")])).html, "<p>Blinds in <em><mark>cover</mark></em></p>");
  assert.deepEqual(mark("No match here", new Set(["blind"])), { html: "No match here", printed: [] });
});

test("nothing typed but stop words or odds words: no results", () => {
  assert.deepEqual(answer(state(), "the odds"), { items: [] });
});

// The worker itself (worker.js): Material's messages in, one answer each, in order.

function worker(hash = "", { channel = false, options = {} } = {}) {
  const seen = { posted: [], listeners: [], channels: [] };
  const scope = {
    location: { hash },
    addEventListener: (type, listener) => seen.listeners.push(listener),
    postMessage: (message) => seen.posted.push(message),
  };
  class Channel {
    constructor(name) { this.name = name; this.sent = []; seen.channels.push(this); }
    postMessage(data) { this.sent.push(data); }
    close() { this.closed = true; }
  }
  serve(scope, { Channel: channel ? Channel : undefined, later: () => 0 });
  const send = (data) => { for (const listener of seen.listeners) listener({ data }); };
  const s = state();
  const config = { chq_index: JSON.parse(JSON.stringify(s.engine)), chq_intent: INTENT };
  return { seen, send, setup: () => send({ type: 0, data: { config, docs: DOCS, options } }) };
}

test("the worker answers setup with ready and each query with its result, in order", () => {
  const w = worker();
  w.send({ type: 2, data: "artillery" }); // before the index: no results, but an answer
  w.setup();
  w.send({ type: 2, data: "artilery blind" });
  w.send({ type: 2, data: "spotting odds" });
  assert.deepEqual(w.seen.posted.map((m) => m.type), [3, 1, 3, 3]);
  assert.deepEqual(w.seen.posted[0].data, { items: [] });
  assert.equal(first(w.seen.posted[2].data).location, "rules/artillery/#artillery-against-a-blind");
  assert.equal(first(w.seen.posted[3].data).location, "calculators/spotting/");
});

test("the last word typed, completed in grey where Material's search.suggest asks for it", () => {
  const s = { ...state(), suggest: true };
  assert.deepEqual(answer(s, "artil").suggest, ["artillery"]);
  assert.deepEqual(answer(s, "Artil").suggest, ["Artillery"]); // as typed: Material compares it so
  assert.deepEqual(answer(s, "blind arti").suggest, ["artillery"]);
  assert.deepEqual(answer(s, "artillery").suggest, []); // whole already
  assert.deepEqual(answer(s, "artillery ").suggest, []); // between words
  assert.equal(answer(state(), "artil").suggest, undefined); // not asked
  const w = worker("", { options: { suggest: true } });
  w.setup();
  w.send({ type: 2, data: "spott" });
  assert.deepEqual(w.seen.posted[1].data.suggest, ["spotting"]);
});

test("the worker says how long it took on a query only where the benchmark asks", () => {
  const timed = worker("", { options: { chq_timing: true } });
  timed.setup();
  timed.send({ type: 2, data: "artilery blind" });
  const { chq_ms: ms } = timed.seen.posted[1].data;
  assert.ok(typeof ms === "number" && ms >= 0 && ms < 10_000, String(ms));
  const plain = worker();
  plain.setup();
  plain.send({ type: 2, data: "artilery blind" });
  assert.equal("chq_ms" in plain.seen.posted[1].data, false); // Material's result as it was
});

test("a page that holds the search back: nothing is answered until it says go", () => {
  const w = worker("#hold:../javascripts/workers/search.js", { channel: true });
  const [channel] = w.seen.channels;
  assert.equal(channel.name, "chq-search-hold");
  assert.deepEqual(channel.sent, ["ask"]);
  w.setup();
  w.send({ type: 2, data: "draws" });
  channel.onmessage({ data: "later" });
  assert.deepEqual(w.seen.posted, []);
  channel.onmessage({ data: "go" });
  assert.deepEqual(w.seen.posted.map((m) => m.type), [1, 3]);
  assert.ok(channel.closed);
});

test("without a BroadcastChannel a held page's search answers at once", () => {
  const w = worker("#hold:../javascripts/workers/search.js");
  w.setup();
  assert.deepEqual(w.seen.posted, [{ type: 1 }]);
});
