// The questions' panels' keys in a permalink (sweep=, target=, rolled=: need.js,
// luck.js, through panel-address.js) read as strictly as the form's inputs
// (permalink.js): a key given twice is refused in the form's words, never read as one
// of its values; a refused key stays in the address as the link wrote it; on
// spotting, whose inputs include a Target (blind or hidden), a number is the panel's
// target and a word the input's, and writing one never drops the other.
import assert from "node:assert/strict";
import { test } from "node:test";

import { claimsFor, readTarget } from "../../build/chq_site/questions/need-logic.js";
import { readRolled } from "../../build/chq_site/questions/luck-logic.js";
import { keyPart, readPanelLink, writePanelAddress } from "../../build/chq_site/questions/panel-address.js";
import { addRider, addressFragment, addressRead, readLink } from "../../build/chq_site/widget/permalink.js";
import { spec } from "./golden.mjs";

const NEED = ["sweep", "target"];
const LUCK = ["rolled"];

/** ``mechanic``'s spec with both panels' riders, as need.js and luck.js add them;
 *  ``parts``: what each panel writes (its part), by default nothing. */
function page(mechanic, parts = {}) {
  const s = spec(mechanic);
  addRider(s, NEED, () => parts.need || "", { pins: false, claims: claimsFor(s) });
  addRider(s, LUCK, () => parts.luck || "", { pins: false });
  return s;
}

/** The checks need.js and luck.js give readPanelLink (a sweep over a whole-number input). */
function checks(s) {
  return {
    sweep: (raw) => (["distance", "chain_dice", "att_dice", "def_dice"].includes(raw) ? "" : `no sweep over ${raw}`),
    target: (raw) => readTarget(raw, s.refusals).message || "",
    rolled: (raw) => readRolled(raw).message || "",
  };
}

const read = (s, keys, hash) => readPanelLink(s, keys, hash, checks(s));

test("a panel's key given twice is refused in the words of an input given twice", () => {
  const s = page("spotting");
  const twice = readLink(s, "distance=1&distance=30").errors[0].message; // the form's
  assert.equal(twice, s.refusals.twice);
  const luck = read(s, LUCK, "#distance=18&rolled=1,0&rolled=4,1");
  // It once judged 4,1, the last, silently.
  assert.deepEqual(luck, { given: { rolled: "1,0" }, problems: { rolled: twice },
                           linked: { rolled: ["rolled=1,0", "rolled=4,1"] } });
  const need = read(s, NEED, "distance=18&sweep=distance&sweep=chain_dice&target=0.8&target=0.9");
  assert.deepEqual(need.problems, { sweep: twice, target: twice });
  assert.deepEqual(need.linked, { sweep: ["sweep=distance", "sweep=chain_dice"], target: ["target=0.8", "target=0.9"] });
  // Even when both say the same, as the form refuses cover=light&cover=light.
  assert.deepEqual(read(s, LUCK, "rolled=2,1&rolled=2,1").problems, { rolled: twice });
  // Once each: nothing refused, nothing kept as written.
  assert.deepEqual(read(s, NEED, "sweep=distance&target=80%25&rolled=2,1"),
                   { given: { sweep: "distance", target: "80%" }, problems: {}, linked: {} });
  assert.deepEqual(read(s, NEED, "distance=18"), { given: {}, problems: {}, linked: {} });
  assert.equal(read(s, NEED, "#nothing"), null);
});

test("a refused key stays in the address as the link wrote it", () => {
  const s = spec("close_assault");
  const link = { linked: {} };
  addRider(s, NEED, () => `${keyPart("sweep", "att_dice", link.linked.sweep)}&${keyPart("target", "0.8", link.linked.target)}`,
           { pins: false, claims: claimsFor(s) });
  const params = { ...s.start, att_dice: 6, def_dice: 5 };
  Object.assign(link, read(s, NEED, "att_dice=6&def_dice=5&sweep=att_flank&target=0"));
  assert.deepEqual(Object.keys(link.problems), ["sweep", "target"]);
  assert.equal(link.problems.target, readTarget("0", s.refusals).message);
  // Share gives what is on screen: the refused keys, not the panel's defaults.
  assert.equal(addressFragment(s, params), "att_dice=6&def_dice=5&sweep=att_flank&target=0");
  Object.assign(link, read(s, NEED, "att_dice=6&def_dice=5&sweep=att_dice&target=%2050%25%20&target=1.5"));
  assert.equal(addressFragment(s, params), "att_dice=6&def_dice=5&sweep=att_dice&target=%2050%25%20&target=1.5");
  // Once the panel takes a value (the player's), it writes its own.
  link.linked = {};
  assert.equal(addressFragment(s, params), "att_dice=6&def_dice=5&sweep=att_dice&target=0.8");
  assert.equal(keyPart("target", "4/5", undefined), "target=4%2F5");
});

test("on spotting a number is the panel's target and a word the input's", () => {
  const s = page("spotting");
  const both = "distance=18&target=hidden&sweep=chain_dice&target=0.8";
  assert.deepEqual(read(s, NEED, both).given, { sweep: "chain_dice", target: "0.8" });
  const form = readLink(s, both);
  assert.equal(form.params.target, "hidden");
  assert.deepEqual(form.errors, []);
  // Two words are the input's, given twice: the panel has no target from them.
  assert.deepEqual(read(s, NEED, "target=hidden&target=blind").given, {});
  assert.deepEqual(readLink(s, "target=hidden&target=blind").errors.map(({ field, message }) => ({ field, message })),
                   [{ field: "target", message: s.refusals.twice }]);
  // Two numbers are the panel's, given twice; the word beside them is the input's, once.
  const mixed = "target=0.8&target=hidden&target=0.9";
  assert.deepEqual(read(s, NEED, mixed).problems, { target: s.refusals.twice });
  assert.equal(readLink(s, mixed).params.target, "hidden");
  assert.deepEqual(readLink(s, mixed).errors, []);
  // A refused number is still the panel's (0 is no chance it takes), never the input's.
  assert.deepEqual(Object.keys(read(s, NEED, "target=0&target=hidden").problems), ["target"]);
  assert.deepEqual(readLink(s, "target=0&target=hidden").errors, []);
});

/** A stand-in address bar at ``hash`` (what history.replaceState writes), for ``run``. */
function withAddress(hash, run) {
  const saved = { location: globalThis.location, history: globalThis.history };
  const bar = { href: `http://club.local/calculators/spotting/#${hash}`,
                get hash() { return new URL(this.href).hash; } };
  globalThis.location = bar;
  globalThis.history = { state: null, replaceState: (_state, _title, href) => { bar.href = href; } };
  try {
    addressRead();
    run();
    return new URL(bar.href).hash.replace(/^#/, "");
  } finally {
    globalThis.location = saved.location;
    globalThis.history = saved.history;
  }
}

/** A main widget on ``s`` whose form reads ``params`` and ``errors``. */
function widget(s, params, errors = []) {
  return { isMain: true, spec: s, compare: null, form: { read: () => ({ params, errors }) } };
}

test("writing the panel's target never drops spotting's Target input, nor the reverse", () => {
  const parts = { need: "sweep=chain_dice&target=0.9" };
  const s = page("spotting", parts);
  const refused = [{ field: "distance", message: "enter a number from 0 to 200 (you entered 'abc')" }];
  // An input refused: only the panel's own parts are rewritten. It once dropped
  // target=hidden with the panel's target=0.8.
  const kept = withAddress("distance=abc&target=hidden&sweep=chain_dice&target=0.8",
    () => writePanelAddress(widget(s, s.start, refused), NEED, parts.need));
  assert.equal(kept, "distance=abc&target=hidden&sweep=chain_dice&target=0.9");
  // The luck panel's rolled= and the input's target= stay when the need panel writes.
  const luck = withAddress("distance=abc&rolled=1,0&target=hidden&target=0&rolled=4,1",
    () => writePanelAddress(widget(s, s.start, refused), NEED, parts.need));
  assert.equal(luck, "distance=abc&rolled=1,0&target=hidden&rolled=4,1&sweep=chain_dice&target=0.9");
  // A refused target word of the input's stays when the panel writes.
  const word = withAddress("target=hidn&sweep=chain_dice&target=0.8",
    () => writePanelAddress(widget(s, s.start, [{ field: "target", message: "no" }]), NEED, parts.need));
  assert.equal(word, "target=hidn&sweep=chain_dice&target=0.9");
  // No input refused: the whole address, the input's target beside the panel's.
  const whole = withAddress("distance=18&target=hidden&sweep=chain_dice&target=0.8",
    () => writePanelAddress(widget(s, { ...s.start, distance: 18, target: "hidden" }), NEED, parts.need));
  assert.equal(whole, "distance=18&target=hidden&sweep=chain_dice&target=0.9");
  assert.equal(readLink(s, whole).params.target, "hidden");
  assert.deepEqual(read(s, NEED, whole).given, { sweep: "chain_dice", target: "0.9" });
});
