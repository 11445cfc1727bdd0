// The answer bar's questions (widget/views-logic.js): which question a link opens on,
// and the bar's words for what the answer assumes out of sight.
import assert from "node:assert/strict";
import { test } from "node:test";

import { assumesLine, inputWords, LINK_ORDER, QUESTIONS, viewForLink } from "../../build/chq_site/widget/views-logic.js";

const all = QUESTIONS.map((q) => q.id).filter((id) => id !== "inputs");
const link = (text) => new URLSearchParams(text);

test("a link that carries a question opens on it", () => {
  assert.equal(viewForLink(link("att_dice=6&sweep=def_dice&target=0.8"), all), "need");
  assert.equal(viewForLink(link("att_dice=6&rolled=2,4"), all), "luck");
  assert.equal(viewForLink(link("vs=att_dice%3D7"), all), "compare");
  assert.equal(viewForLink(link("fight=w3"), all), "fight");
});

test("a link of inputs only, or of an empty key, opens on the inputs", () => {
  assert.equal(viewForLink(link("att_dice=6&def_dice=5"), all), null);
  assert.equal(viewForLink(link("sweep=&rolled="), all), null);
  assert.equal(viewForLink(null, all), null);
  // spotting's own Target input is no question: target= alone opens nothing
  assert.equal(viewForLink(link("distance=18&target=hidden"), all), null);
});

test("a question the page does not have is not opened", () => {
  assert.equal(viewForLink(link("rolled=2,4"), ["need"]), null);
  assert.equal(viewForLink(link("rolled=2,4&sweep=fire_dice"), ["need"]), "need");
});

test("a link carrying several questions opens on the one acted in last", () => {
  const every = "sweep=att_dice&rolled=2,4&vs=att_dice%3D7&fight=w3";
  assert.equal(viewForLink(link(every), all), LINK_ORDER[0]);
  assert.equal(viewForLink(link("sweep=att_dice&vs=x"), all), "need");
  assert.deepEqual([...LINK_ORDER].sort(), [...all].filter((id) => id !== "odds").sort());
});

test("every question a link can carry has its own key", () => {
  const keys = QUESTIONS.filter((q) => q.key).map((q) => q.key);
  assert.equal(new Set(keys).size, keys.length);
  for (const id of LINK_ORDER) assert.ok(QUESTIONS.find((q) => q.id === id).key, id);
});

test("an input in the bar's words", () => {
  assert.equal(inputWords("bool", "Attacker is suppressed", true), "Attacker is suppressed");
  assert.equal(inputWords("bool", "Flank or rear attack", false), "not flank or rear attack");
  assert.equal(inputWords("choice", "Round", "Later"), "Round: Later");
  assert.equal(inputWords("int", "Defender's dice", 4), "Defender's dice 4");
});

test("the bar names at most three inputs, then how many more", () => {
  assert.equal(assumesLine([]), "");
  assert.equal(assumesLine(["Round: Later", "Attacker is suppressed"]), "Also: Round: Later · Attacker is suppressed");
  assert.equal(assumesLine(["a", "b", "c", "d", "e"]), "Also: a · b · c and 2 more");
  assert.equal(assumesLine(["a", "b"], 1), "Also: a and 1 more");
});
