// The page prints a figure by the rule of calculators/printing.py: every golden value
// that module wrote (tests/fixtures/printing.json) is printed alike here.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { exact, exactRange, fixed, pct, pctRange, points } from "../../build/chq_site/widget/printing.js";

const golden = JSON.parse(readFileSync(new URL("../fixtures/printing.json", import.meta.url), "utf8"));

test("a chance prints as Python prints it", () => {
  for (const { figure, printed } of golden.pct) assert.equal(pct(figure), printed, JSON.stringify(figure));
});

test("a mean prints as Python prints it", () => {
  for (const { figure, places, printed } of golden.fixed) {
    assert.equal(fixed(figure, places), printed, `${JSON.stringify(figure)} at ${places}`);
  }
});

test("a difference in points prints as Python prints it", () => {
  for (const { after, before, printed } of golden.points) {
    assert.equal(points(after, before), printed, `${JSON.stringify(after)} - ${JSON.stringify(before)}`);
  }
});

test("a range prints as Python prints it", () => {
  for (const { low, high, printed } of golden.pct_range) assert.equal(pctRange(low, high), printed);
});

test("an exact value reads as Python prints it", () => {
  for (const { figure, printed } of golden.exact) assert.equal(exact(figure), printed, JSON.stringify(figure));
});

test("an exact range reads as Python prints it", () => {
  for (const { low, high, printed } of golden.exact_range) assert.equal(exactRange(low, high), printed);
});

test("the golden values hold the long fraction and the difference shown", () => {
  assert.ok(golden.exact.some(({ printed }) => printed.includes("(44 digits each)") && printed.endsWith("about 5 in 6")));
  assert.ok(golden.points.some(({ printed }) => printed === "+1.0"));
});

test("the golden values hold the ties that drifted", () => {
  assert.ok(golden.pct.some(({ figure, printed }) => figure.exact === "1/16" && printed === "6.3%"));
  assert.equal(pct({ value: 0.0625, exact: null }), "6.3%"); // a double that is a tie
  assert.equal(pct(null), "–");
});
