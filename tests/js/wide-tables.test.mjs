// Which table boxes say they scroll (theme/wide-tables.js): a box whose content is
// wider than it by more than a pixel, once it is laid out.
import assert from "node:assert/strict";
import { test } from "node:test";

import { BOXES, CUE, outsideSearch, scrolls } from "../../build/chq_site/theme/wide-tables.js";

test("a box scrolls when its content is more than a pixel wider", () => {
  assert.equal(scrolls(513, 308), true); // Close Assault's table on a phone
  assert.equal(scrolls(309, 308), false); // a sub-pixel width rounded up
  assert.equal(scrolls(308, 308), false);
  assert.equal(scrolls(200, 308), false);
});

test("a box not laid out (a closed disclosure) does not scroll", () => {
  assert.equal(scrolls(0, 0), false);
  assert.equal(scrolls(513, 0), false);
});

test("the boxes are Material's and ours, the cue says where to go", () => {
  assert.deepEqual(BOXES.split(", "), [".md-typeset__scrollwrap", ".chq-table__scroll"]);
  assert.match(CUE, /^Scroll sideways for more →$/);
});

// A node as a mutation record's target: inside Material's search box or not.
const node = (inSearch) => ({ closest: (selector) => (selector === ".md-search" && inSearch ? {} : null) });

test("the search box's results, drawn with each key, are no change to measure the tables for", () => {
  assert.equal(outsideSearch([{ target: node(true) }, { target: node(true) }]), false);
  assert.equal(outsideSearch([{ target: node(true) }, { target: node(false) }]), true); // a widget's table too
  assert.equal(outsideSearch([{ target: {} }]), true); // a text node: counted
});
