// The golden values Python writes (tests/site/test_golden_vectors.py) for what the
// page's modules compute again: read by the tests here, one topic a file.
import { readFileSync } from "node:fs";

/** tests/fixtures/golden/<topic>.json. */
export function golden(topic) {
  return JSON.parse(readFileSync(new URL(`../fixtures/golden/${topic}.json`, import.meta.url), "utf8"));
}

/** Each calculator's widget spec as the build writes it (the parts the modules read):
 *  a fresh copy each call, so that a test's riders (permalink.js addRider) stay its own. */
export function spec(mechanic) {
  return structuredClone(SPECS[mechanic]);
}

const SPECS = golden("specs").specs;

/** -0 as 0: the two are one number to every door (JSON writes both "0"). */
export function plain(value) {
  return typeof value === "number" ? value + 0 : value;
}
