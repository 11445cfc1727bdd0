// The answer bar's questions (widget/views-logic.js): which question a link opens on,
// and the bar's words for what the answer assumes out of sight.
import assert from "node:assert/strict";
import { test } from "node:test";

import { assumesLine, inputWords, LINK_ORDER, viewForLink } from "../../build/chq_site/widget/views-logic.js";

// A page's questions as the build lists them (chq_site.widget.views.bar_questions).
const QUESTIONS = [{ id: "inputs" }, { id: "odds" }, { id: "need", key: "sweep" }, { id: "luck", key: "rolled" },
                   { id: "compare", key: "vs" }, { id: "fight", key: "fight" }];
const all = QUESTIONS.map((q) => q.id).filter((id) => id !== "inputs");
const only = (ids) => QUESTIONS.filter((q) => ids.includes(q.id));
const link = (text) => new URLSearchParams(text);

test("a link that carries a question opens on it", () => {
  assert.equal(viewForLink(link("att_dice=6&sweep=def_dice&target=0.8"), QUESTIONS), "need");
  assert.equal(viewForLink(link("att_dice=6&rolled=2,4"), QUESTIONS), "luck");
  assert.equal(viewForLink(link("vs=att_dice%3D7"), QUESTIONS), "compare");
  assert.equal(viewForLink(link("fight=w3"), QUESTIONS), "fight");
});

test("a question that cannot open now is passed over for the next the link carries", () => {
  // (a fight= that could not be read starts no fight: its panel is not there to open)
  assert.equal(viewForLink(link("fight=zz&sweep=att_dice"), QUESTIONS, (id) => id !== "fight"), "need");
  assert.equal(viewForLink(link("fight=zz"), QUESTIONS, (id) => id !== "fight"), null);
});

test("a link of inputs only, or of an empty key, opens on the inputs", () => {
  assert.equal(viewForLink(link("att_dice=6&def_dice=5"), QUESTIONS), null);
  assert.equal(viewForLink(link("sweep=&rolled="), QUESTIONS), null);
  assert.equal(viewForLink(null, QUESTIONS), null);
  // spotting's own Target input is no question: target= alone opens nothing
  assert.equal(viewForLink(link("distance=18&target=hidden"), QUESTIONS), null);
});

test("a question the page does not have is not opened", () => {
  assert.equal(viewForLink(link("rolled=2,4"), only(["need"])), null);
  assert.equal(viewForLink(link("rolled=2,4&sweep=fire_dice"), only(["need"])), "need");
});

test("a link carrying several questions opens on the one acted in last", () => {
  const every = "sweep=att_dice&rolled=2,4&vs=att_dice%3D7&fight=w3";
  assert.equal(viewForLink(link(every), QUESTIONS), LINK_ORDER[0]);
  assert.equal(viewForLink(link("sweep=att_dice&vs=x"), QUESTIONS), "need");
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
