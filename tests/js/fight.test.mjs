// A Close Assault fight as the address keeps it (fight-taps.js): taps as text and
// back, the rounds they lead to, the fight's part of the address and its reading.
import assert from "node:assert/strict";
import { test } from "node:test";

import { fightPart, readFight, readTaps, replay, tapsText } from "../../build/chq_site/fight/fight-taps.js";
import { golden, spec } from "./golden.mjs";

const draw = (fewer) => ({ kind: "draw", fewer });
const win = (side, k) => ({ kind: "win", side, k });

function fightSpec() {
  return { ...spec("close_assault"), rules: "0123abcd" };
}

test("taps are written and read back", () => {
  const taps = [draw("att"), draw("same"), draw("def"), win("att", 3)];
  assert.equal(tapsText(taps), "da.ds.dd.a3");
  assert.deepEqual(readTaps("da.ds.dd.a3"), taps);
  assert.deepEqual(readTaps("d12"), [win("def", 12)]);
  assert.deepEqual(readTaps(""), []);
});

test("what is not a list of taps is refused", () => {
  // a win ends the fight; a margin of 1 to 99; only the letters of the taps
  for (const text of ["a3.da", "a3.a1", "x", "a0", "a100", "a03", "da.", ".da", "dx", "A3", "da..ds", "d"]) {
    assert.equal(readTaps(text), null, text);
  }
});

test("the rounds follow the taps: a draw suppresses who rolled fewer 6s, a win ends", () => {
  const base = { start: "first", att_suppressed: false, def_suppressed: true };
  const fought = replay(base, [draw("att"), draw("same"), win("def", 2)]);
  const later = { start: "later", att: true, def: true };
  assert.deepEqual(fought.rounds, [{ start: "first", att: false, def: true }, later, later]);
  assert.deepEqual(fought.state, later);
  assert.deepEqual(fought.outcome, { ...win("def", 2), state: later });
  const on = replay({ start: "later" }, [draw("def")]);
  assert.deepEqual(on.state, { start: "later", att: false, def: true });
  assert.equal(on.outcome, null);
  assert.deepEqual(replay(base, []).rounds, [{ start: "first", att: false, def: true }]);
});

test("the address names the inputs the fight started from unless they are shown", () => {
  const s = fightSpec();
  const start = { ...s.start };
  const taps = [draw("att"), win("att", 3)];
  assert.equal(fightPart(s, start, taps, start), "fight=da.a3&rules=0123abcd");
  // Every input, as Python writes them (chq_site.widget.permalinks.fragment_for, every=True).
  const { every } = golden("fragments").written.find((v) => v.mechanic === "close_assault"
    && Object.keys(start).every((k) => v.params[k] === start[k]));
  const elsewhere = `fight=${encodeURIComponent(`da.a3@${every}`)}&rules=0123abcd`;
  assert.equal(fightPart(s, start, taps, { ...start, att_dice: 7 }), elsewhere);
  assert.equal(fightPart(s, start, taps, null), elsewhere); // the inputs shown cannot be written
  assert.equal(fightPart({ ...s, rules: "" }, start, [], start), "fight=");
});

test("a fight= value reads back as the fight it was", () => {
  const s = fightSpec();
  const base = { ...s.start, att_dice: 9, def_cover: "heavy", start: "later", att_suppressed: true };
  const taps = [draw("same"), win("def", 4)];
  const part = fightPart(s, base, taps, null);
  const value = new URLSearchParams(part).get("fight");
  const fight = readFight(s, value);
  assert.deepEqual(fight.taps, taps);
  assert.deepEqual(fight.from.params, base);
  assert.deepEqual(fight.from.errors, []);
  assert.deepEqual(readFight(s, "ds.a2"), { taps: [draw("same"), win("att", 2)], from: null });
});

test("a fight= value that cannot be read says why", () => {
  const s = fightSpec();
  assert.deepEqual(readFight(s, "zz"), { problem: "fight=zz is not a list of taps" });
  const long = `da.${"x".repeat(60)}`;
  assert.deepEqual(readFight(s, long), { problem: `fight=${long.slice(0, 37)}... is not a list of taps` });
  assert.deepEqual(readFight(s, "da@nothing"), { problem: "the inputs it started from are not a set of inputs" });
  const refused = readFight(s, "da@att_dice=99&def_dice=5");
  assert.deepEqual(refused.from.errors.map((e) => [e.field, e.message]),
                   [["att_dice", "enter a whole number from 0 to 40 (you entered 99)"]]);
});
