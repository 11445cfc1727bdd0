// The headline's result key and label (headline.js headlineFor) as
// calculators.labels.headline_for gives them: every calculator, every case of a
// headline that depends on the inputs (spotting's Hidden Units), and a label filled
// from numbers of each kind, or from none.
import assert from "node:assert/strict";
import { test } from "node:test";

import { headlineFor } from "../../build/chq_site/widget/headline.js";
import { golden, spec } from "./golden.mjs";

const { headlines } = golden("headlines");

test("every headline is Python's", () => {
  for (const { mechanic, inputs, headline } of headlines) {
    assert.deepEqual(headlineFor(spec(mechanic), inputs), headline, `${mechanic} ${JSON.stringify(inputs)}`);
  }
});

test("the vectors hold each case", () => {
  const keys = new Set(headlines.map(({ headline }) => headline.key));
  for (const key of ["p_spotted", "p_found", "p_reach", null]) assert.ok(keys.has(key), String(key));
  assert.ok(headlines.some(({ headline }) => headline.label.includes("–″")), "no label of a missing input");
});
