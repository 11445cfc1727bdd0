// The search field's grey completion is hidden while the query is wider than the
// field (build/chq_site/search/search-field.js): the mark on the field's form.
import { test } from "node:test";
import assert from "node:assert/strict";
import { LONG, markLongQuery } from "../../build/chq_site/search/search-field.js";

function field(scrollWidth, clientWidth) {
  const marks = new Set();
  const form = { classList: { toggle: (name, on) => (on ? marks.add(name) : marks.delete(name)) } };
  return { scrollWidth, clientWidth, marks, closest: (selector) => (selector === "form" ? form : null) };
}

test("a query wider than its field marks the form, and the mark goes when it fits again", () => {
  const long = field(412, 250);
  markLongQuery(long);
  assert.deepEqual([...long.marks], [LONG]);
  long.scrollWidth = 250; // (the query cut short again)
  markLongQuery(long);
  assert.deepEqual([...long.marks], []);
});

test("a query that fits, or is a pixel over (rounding), leaves the form unmarked", () => {
  for (const [content, box] of [[120, 250], [251, 250]]) {
    const short = field(content, box);
    markLongQuery(short);
    assert.deepEqual([...short.marks], [], `${content} in ${box}`);
  }
});
