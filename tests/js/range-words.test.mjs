// The words around a range headline (range-words.js) as calculators.labels writes
// them for the command line and the build: each end named, the chance without the
// plan and what the plan adds in percentage points, from compute()'s figures.
import assert from "node:assert/strict";
import { test } from "node:test";

import { besideText, endsText, gainText } from "../../build/chq_site/widget/range-words.js";
import { golden, spec } from "./golden.mjs";

const { ranges, gains } = golden("ranges");

test("every range's words are Python's", () => {
  for (const { mechanic, result, ends, beside } of ranges) {
    const { range } = spec(mechanic).headline;
    assert.equal(endsText(range, result), ends, `${mechanic} ${JSON.stringify(result)}`);
    assert.equal(besideText(range, result), beside, `${mechanic} ${JSON.stringify(result)}`);
  }
});

test("every form of a plan's gain is Python's", () => {
  for (const { plan, low, high, text } of gains) assert.equal(gainText(plan, low, high), text);
});

test("the vectors hold each case", () => {
  assert.ok(ranges.some(({ ends }) => ends === null), "no range of one figure");
  assert.ok(ranges.some(({ ends }) => ends !== null), "no range of two figures");
  assert.ok(ranges.some(({ beside }) => beside.endsWith("makes no difference")), "no plan without effect");
  assert.ok(ranges.some(({ beside }) => / to .*percentage points$/.test(beside)), "no gain of two figures");
});
