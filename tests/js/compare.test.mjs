// Setup A of a compared pair as the address keeps it (compare-setup.js): vs=<A's
// fragment> read as a permalink is read, or what is wrong with it in words.
import assert from "node:assert/strict";
import { test } from "node:test";

import { linkedSetup, readSetup } from "../../build/chq_site/compare/compare-setup.js";
import { addressFragment, fragmentFor } from "../../build/chq_site/widget/permalink.js";
import { spec } from "./golden.mjs";

const s = spec("spotting");

test("a hash that is no permalink changes nothing; one without vs= is one setup", () => {
  for (const hash of ["", "#", "#top", "#distance"]) assert.equal(linkedSetup(s, hash), undefined, hash);
  assert.equal(linkedSetup(s, "#distance=5"), null);
  assert.equal(linkedSetup(s, "distance=5&cover=light"), null);
});

test("setup A is read from vs= as a permalink is", () => {
  const setup = linkedSetup(s, "#distance=5&vs=distance%3D7%26cover%3Dlight");
  assert.deepEqual(setup, { fragment: "distance=7&cover=light", problem: "",
                            params: { ...s.base, distance: 7, cover: "light" } });
});

test("a pair written in the address reads back as its setup A", () => {
  const a = { ...s.base, distance: 18.5, moving: true, chain_dice: 3 };
  const b = { ...s.base, distance: 1e-5, target: "hidden" };
  const hash = addressFragment(s, b, fragmentFor(s, a));
  assert.match(hash, /&vs=/);
  const setup = linkedSetup(s, `#${hash}`);
  assert.deepEqual(setup.params, a);
  assert.equal(setup.problem, "");
  assert.equal(setup.fragment, fragmentFor(s, a));
});

test("a setup A that cannot be read says why, naming vs= and the field", () => {
  const why = (vs) => readSetup(s, vs).problem;
  assert.equal(why("abc"), "Setup A in this link (vs=abc) cannot be read: it is not a set of inputs (name=value&…).");
  assert.equal(why("x=1&y=2"), "Setup A in this link (vs=x=1&y=2) cannot be read: it names no input of this calculator (x, y).");
  assert.equal(why("distance=abc&moving=maybe"), "Setup A in this link (vs=distance=abc&moving=maybe) cannot be read: "
    + "distance enter a number from 0 to 200 (you entered 'abc'); moving enter true or false (you entered 'maybe').");
  const long = `distance=${"9".repeat(80)}`;
  assert.ok(why(long).startsWith(`Setup A in this link (vs=${long.slice(0, 57)}…) cannot be read: distance enter`));
  assert.equal(readSetup(s, "abc").params, null);
});
