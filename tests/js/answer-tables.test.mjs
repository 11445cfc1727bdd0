// The answer a page reads from an answer table (answers.js tableAnswer) as
// chq_site.answers.answers.lookup reads it: the build's own tables (the small calculators',
// and Close Assault's and artillery's grouped ones cut down to a few values of some
// inputs, tests/site/golden_table_helpers.py), for inputs in them and not.
import assert from "node:assert/strict";
import { test } from "node:test";

import { fraction, tableAnswer, tablePools } from "../../build/chq_site/answers/answers.js";
import { golden } from "./golden.mjs";

const { tables, vectors, fractions } = golden("answer_tables");

test("every table answer is Python's", () => {
  for (const { mechanic, params, answer } of vectors) {
    const got = tableAnswer(tables[mechanic], params);
    const where = `${mechanic} ${JSON.stringify(params)}`;
    if (answer === null) {
      assert.equal(got, null, where);
      continue;
    }
    assert.ok(got, where);
    const { partial, inputs, ...figures } = got;
    assert.equal(partial, true, where);
    // The inputs in key order, as compute_json writes them.
    assert.deepEqual(Object.keys(inputs), Object.keys(params).sort(), where);
    assert.deepEqual(inputs, params, where);
    assert.deepEqual(figures, answer, where);
  }
});

test("the vectors read both kinds of table, and inputs they do not hold", () => {
  for (const mechanic of Object.keys(tables)) assert.ok(vectors.some((v) => v.mechanic === mechanic && v.answer), mechanic);
  assert.ok(tables.close_assault.groups && tables.spotting.axes);
  assert.ok(vectors.some((v) => v.mechanic === "close_assault" && v.answer === null));
  assert.ok(vectors.some((v) => v.answer && Object.values(v.answer).some((f) => f.text !== undefined)));
  assert.ok(vectors.some((v) => v.answer && Object.values(v.answer).some((f) => f.exact === null)));
});

test("an exact fraction is the double Python's float(Fraction) gives", () => {
  for (const { exact, value } of fractions) assert.deepEqual(fraction(exact), { value, exact }, exact);
});

test("the pools beside an opposed roll's answer are Python's", () => {
  const opposed = vectors.filter((v) => "pools" in v);
  assert.ok(opposed.some((v) => v.mechanic === "spotting" && v.pools) && opposed.some((v) => v.mechanic === "close_assault" && v.pools));
  assert.ok(opposed.some((v) => v.pools === null));
  for (const { mechanic, params, pools } of opposed) {
    assert.deepEqual(tablePools(tables[mechanic], params), pools, `${mechanic} ${JSON.stringify(params)}`);
  }
  assert.equal(tablePools(tables.artillery, vectors.find((v) => v.mechanic === "artillery").params), null);
});
