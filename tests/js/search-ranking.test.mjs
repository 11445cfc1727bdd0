// How the search worker ranks (build/chq_site/search/worker/query.js), each rule on a
// small index made the way the build makes it (MiniSearch, the same options): a
// player's word counts as said where the rules' word it stands for is said, a third
// word said far off does not make two said together less near, and asked for odds
// the calculator holding every word typed comes before the rule. The player
// questions over the built index are tests/site/test_search_ranking.py's.
import assert from "node:assert/strict";
import { test } from "node:test";
import MiniSearch from "minisearch";
import { INDEX_OPTIONS } from "../../build/chq_site/search/worker/options.js";
import { answer, phraseParts, standsFor } from "../../build/chq_site/search/worker/query.js";
import { nearness } from "../../build/chq_site/search/worker/text-words.js";
import { processTerm } from "../../build/chq_site/search/worker/text.js";

const INTENT = { words: ["odds", "chance"], phrases: ["will my"], boost: 50, prefix: "calculators/" };
// As search_words.WORDS reaches the worker (config.chq_words).
const PLAYERS = [["cover", ["woods", "hedge"]], ["Close Assault", ["melee"]], ["ammunition", ["ammo"]]];

/** The worker's state for ``docs`` ({location, title, text, words, boost}), the index
 *  serialized and loaded as the build and the worker do. */
function stateOf(docs, players = PLAYERS) {
  const pages = Object.fromEntries(docs.filter((d) => !d.location.includes("#")).map((d) => [d.location, d.title]));
  const engine = new MiniSearch(INDEX_OPTIONS);
  engine.addAll(docs.map((d, id) => ({
    id, title: d.title, text: d.text.replace(/<[^>]+>/g, " "), words: d.words || "",
    page: d.location.includes("#") ? pages[d.location.split("#")[0]] || "" : "",
  })));
  const shown = docs.map(({ location, title, text, boost }) => ({ location, title, text, boost }));
  return { engine: MiniSearch.loadJSON(JSON.stringify(engine), INDEX_OPTIONS), docs: shown, intent: INTENT, players };
}
const firstOf = (result) => result.items[0].reduce((a, b) => (b.score > a.score ? b : a)).location;

test("a player's word stands for the rules' phrase it means, not for a word that phrase holds", () => {
  const stands = standsFor([["Forced Back", ["fall back", "retreat"]], ...PLAYERS]);
  assert.deepEqual(stands.get(processTerm("woods")), [[processTerm("cover")]]);
  assert.deepEqual(stands.get(processTerm("melee")), [[processTerm("close"), processTerm("assault")]]);
  assert.deepEqual(stands.get("fall"), [[processTerm("forced"), "back"]]);
  assert.equal(stands.get("back"), undefined); // "back" is the rules' own word
});

test("a player's word is near where the text says the rules' word it stands for", () => {
  const [spot, blind] = [processTerm("spot"), processTerm("blind")];
  const found = new Set([spot, blind]);
  const typedOf = (t) => (t === spot ? [0] : t === blind ? [1] : []);
  const text = "<p>Cover dice: a Blind in cover is harder to spot.</p>";
  assert.deepEqual(nearness(text, found, typedOf).words, 2);
  const woods = [[[processTerm("cover")], 2]]; // typed word 2, "woods", stands for "cover"
  const { words, window } = nearness(text, found, typedOf, woods);
  assert.deepEqual({ words, window }, { words: 3, window: 7 }); // "Blind in cover is harder to spot"
  // A phrase counts only whole, stop words between its words aside.
  const melee = [[[processTerm("close"), processTerm("assault")], 2]];
  assert.equal(nearness("<p>A Blind spotted at close range.</p>", found, typedOf, melee).words, 2);
  assert.equal(nearness("<p>A Blind spotted in a Close Assault.</p>", found, typedOf, melee).words, 3);
});

test("a third word said far off does not make two said side by side less near", () => {
  const [a, b, c] = ["blind", "cover", "spot"].map(processTerm);
  const typedOf = (t) => [[a, b, c].indexOf(t)].filter((i) => i >= 0);
  const far = `<p>A Blind in cover. ${"Other words of another rule. ".repeat(6)} Spot.</p>`;
  const { words, within } = nearness(far, new Set([a, b, c]), typedOf);
  assert.equal(words, 3);
  assert.equal(within[2], 3); // "Blind in cover"
  assert.ok(within[3] > 20);
});

test("spotting a Blind in woods: the rule on cover, not a section that says 'wood' in passing", () => {
  const docs = [
    { location: "rules/spotting/", title: "Spotting Blinds", text: "<p>Spotting rules.</p>", boost: 0.8 },
    { location: "rules/spotting/#distance-to-unit", title: "Distance to Unit", words: "woods hedge", boost: 1,
      text: "<p>Range band · TN 0–6” · Automatic 6–12” · 3+ TN 12–24” · 4+ TN 24–36” · 5+ TN 36+” · 6+ TN. " +
            "Modifier · Effect: Cover Dice +1/+2/+3, Moving Blind –1 TN, Suppressed Unit +1 TN, Recon Unit –1 TN. " +
            "The player who owns the Blind adds the Cover Dice when his opponent attempts to spot a Blind in cover.</p>" },
    { location: "rules/hidden-units/", title: "Hidden Units", text: "<p>Units hidden in terrain.</p>", boost: 0.8 },
    { location: "rules/hidden-units/#spotting-hidden-units", title: "Spotting Hidden Units", boost: 1,
      text: "<p>Hidden Units are spotted in a similar manner to Blinds, except that the spotting attempt is made " +
            "against a Blind-sized area of terrain (a wall, hedge, building, wood, etc). If the spotting attempt is " +
            "successful, a Blind is placed on the table.</p>" },
    // Cover is said on many pages: "woods" is a common word of the players' words.
    ...["Close Assault Table", "Artillery against a Blind", "Opportunity Fire"].map((title, i) => ({
      location: `rules/other/#${i}`, title, words: "woods hedge", boost: 1,
      text: `<p>Units in or behind cover gain Cover Dice: +1D in Light Cover, +2D in Medium Cover.</p>` })),
  ];
  assert.equal(firstOf(answer(stateOf(docs, []), "spot blind in woods")), "rules/hidden-units/#spotting-hidden-units");
  assert.equal(firstOf(answer(stateOf(docs), "spot blind in woods")), "rules/spotting/#distance-to-unit");
});

test("asked for odds, the calculator that holds every word typed comes before the rule that says them", () => {
  const docs = [
    { location: "rules/artillery/", title: "Artillery", text: "<p>Batteries and their missions.</p>", boost: 0.8 },
    { location: "rules/artillery/#ammunition-supply", title: "Ammunition Supply", words: "ammo", boost: 1,
      text: "<p>A battery checks its ammunition supply each turn. If it runs out of ammunition, it stops firing " +
            "and its mission is cancelled; it runs out of ammunition only on a failed check.</p>" },
    { location: "calculators/supply/", title: "Artillery supply calculator", words: "running out of ammo", boost: 0.01,
      text: "<p>Will the battery keep firing next turn?</p>" },
    { location: "calculators/deploy/", title: "Deploying from a Blind", boost: 0.25,
      text: "<p>Which of the units coming out of a Blind are suppressed?</p>" },
  ];
  const s = stateOf(docs);
  assert.equal(firstOf(answer(s, "running out of ammo")), "rules/artillery/#ammunition-supply");
  const odds = answer(s, "odds of running out of ammo").items.map((group) => group[0].location.split("#")[0]);
  assert.deepEqual(odds.slice(0, 2), ["calculators/supply/", "calculators/deploy/"]); // the calculators, best first
});

test("a part of a players' phrase is not the player's word alone: 'off' of 'off-board'", () => {
  const players = [["artillery", ["arty", "off-board"]], ["Dispersed", ["KO", "wiped out"]]];
  const parts = phraseParts(players);
  assert.deepEqual(parts.get("off"), [["off", "board"]]);
  assert.ok(parts.has("out") && !parts.has("arty") && !parts.has("ko"));
  const docs = [
    { location: "calculators/artillery/", title: "Artillery against a Blind", words: "arty off-board", boost: 0.25,
      text: "<p>What does a battery's fire do to a Blind?</p>" },
    { location: "calculators/rally/", title: "Rallying a Blind", boost: 0.25,
      text: "<p>How many Disruption Points will the Blind shed? One die per point.</p>" },
  ];
  const s = stateOf(docs, players);
  // "off" typed alone: the artillery calculator holds it only as a part of "off-board".
  assert.equal(firstOf(answer(s, "odds to rally disruption off my blind")), "calculators/rally/");
  const item = (q, at) => answer(s, q).items.flat().find((i) => i.location === at);
  assert.equal(item("disruption off my blind", "calculators/artillery/").terms.off, false);
  // Typed whole, the phrase is the player's word.
  assert.equal(firstOf(answer(s, "off-board odds on a blind")), "calculators/artillery/");
  assert.equal(item("off-board blind", "calculators/artillery/").terms.off, true);
});
