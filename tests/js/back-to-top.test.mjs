// When "Back to top" steps aside (theme/back-to-top.js overlaps): the boxes that
// touch, with the room kept around the button, and those that do not.
import assert from "node:assert/strict";
import { test } from "node:test";

import { overlaps } from "../../build/chq_site/theme/back-to-top.js";

const button = { top: 64, bottom: 104, left: 130, right: 260 };

test("an answer under the button is covered", () => {
  assert.equal(overlaps(button, { top: 86, bottom: 193, left: 17, right: 373 }), true);
});

test("an answer clear of the button is not, unless within the room kept", () => {
  const below = { top: 110, bottom: 200, left: 17, right: 373 };
  assert.equal(overlaps(button, below), false);
  assert.equal(overlaps(button, below, 8), true);
  assert.equal(overlaps(button, { top: 120, bottom: 200, left: 17, right: 373 }, 8), false);
  assert.equal(overlaps(button, { top: 0, bottom: 60, left: 17, right: 373 }), false);
  assert.equal(overlaps(button, { top: 64, bottom: 104, left: 270, right: 373 }, 8), false);
});
