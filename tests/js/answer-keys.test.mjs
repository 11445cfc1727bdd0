// The key of a full set of inputs (answers.js answerKey), the one key of the answers
// the build puts in a page: as chq_site.widget.permalinks.answer_key writes it, for every
// calculator's starting inputs, defaults, worked examples and drawn ones (halves,
// thirds, 1e-05, switches, choices).
import assert from "node:assert/strict";
import { test } from "node:test";

import { answerKey } from "../../build/chq_site/answers/answers.js";
import { formatValue } from "../../build/chq_site/widget/params.js";
import { golden, spec } from "./golden.mjs";

const { keys } = golden("answer_keys");

test("every answer key is Python's", () => {
  for (const { mechanic, values, key } of keys) {
    assert.equal(answerKey(spec(mechanic).params, values), key, `${mechanic} ${JSON.stringify(values)}`);
  }
});

test("the keys name numbers as Python writes them", () => {
  assert.ok(keys.some(({ key }) => /=1e-0[5-7](&|$)/.test(key)), "no number in e-notation");
  assert.ok(keys.some(({ key }) => /=18\.5(&|$)/.test(key)) && keys.some(({ key }) => /=true(&|$)/.test(key)));
  const number = { kind: "number" };
  assert.deepEqual([1e-5, 18, 18.5, 1e21, -0, 0.0001].map((x) => formatValue(number, x)),
                   ["1e-05", "18", "18.5", "1000000000000000000000", "0", "0.0001"]);
});
