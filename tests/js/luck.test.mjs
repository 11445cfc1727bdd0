// "How lucky was that?" (questions/luck-logic.js) as calculators.luck answers it: for
// the same pools and counts, the same exact chances, "1 in N", words and working
// (tests/fixtures/golden/questions.json); a count a side cannot roll refused naming
// rolled, in the package's words; rolled=5,3 read from a permalink.
import assert from "node:assert/strict";
import { test } from "node:test";

import { differences, luckOf, oneIn, readRolled } from "../../build/chq_site/questions/luck-logic.js";
import { golden } from "./golden.mjs";

const { rolls } = golden("questions");

test("each roll's answer is calculators.luck's, to the last digit", () => {
  for (const { mechanic, pools, sides, mine, theirs, answer } of rolls) {
    assert.deepEqual(luckOf(pools, { ...sides, mechanic }, mine, theirs), answer, `${mechanic} ${mine},${theirs}`);
  }
  assert.ok(rolls.some((roll) => roll.answer.error), "no count refused");
  assert.ok(rolls.some((roll) => /unlucky/.test(roll.answer.result?.words)), "no unlucky roll");
});

test("the differences count every pair of rolls once", () => {
  const ways = differences(2, 4, 1, 3);
  assert.equal(ways.reduce((a, b) => a + b, 0n), 6n ** 3n);
  assert.deepEqual(differences(1, 4, 1, 4), [9n, 18n, 9n]);
});

test("1 in N: one decimal below 10, whole above, in groups of three", () => {
  assert.equal(oneIn([11n, 128n]), "12");
  assert.equal(oneIn([2n, 3n]), "1.5");
  assert.equal(oneIn([1n, 12345n]), "12,345");
  assert.equal(oneIn([1n, 2n]), "2");
});

test("rolled=5,3 is read, anything else refused naming what it wants", () => {
  assert.deepEqual(readRolled("5,3"), { mine: 5, theirs: 3 });
  assert.deepEqual(readRolled(" 0 , 12 "), { mine: 0, theirs: 12 });
  for (const raw of ["5", "5;3", "-1,2", "a,b", "", "5,3,1"]) assert.match(readRolled(raw).message, /as 5,3/, raw);
});
