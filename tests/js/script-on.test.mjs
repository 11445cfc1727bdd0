// The mark that JavaScript is on (theme/script-on.js): set before the first paint, so a
// calculator has its script's layout from then on; taken back if the site's script
// fails to load, so the page is then as it is with JavaScript off.
import assert from "node:assert/strict";
import { test } from "node:test";

import { MARK, isSiteScriptFailure, markScriptOn } from "../../build/chq_site/theme/script-on.js";

function page() {
  const classes = new Set();
  const listeners = [];
  const doc = { documentElement: { classList: { add: (c) => classes.add(c), remove: (c) => classes.delete(c) } } };
  const win = { addEventListener: (type, fn, capture) => listeners.push({ type, fn, capture }) };
  const fire = (target) => listeners.filter((l) => l.type === "error").forEach((l) => l.fn({ target }));
  return { classes, listeners, doc, win, fire };
}

const SITE = "http://club.test/rules/assets/js/site/site.3dddab09e9.js";

test("the mark is set at once, and the error listener captures (resource errors do not bubble)", () => {
  const p = page();
  markScriptOn(p.doc, p.win);
  assert.ok(p.classes.has(MARK));
  assert.deepEqual(p.listeners.map((l) => [l.type, l.capture]), [["error", true]]);
});

test("the site's script failing to load takes the mark back; nothing else does", () => {
  const p = page();
  markScriptOn(p.doc, p.win);
  p.fire({ tagName: "IMG", src: SITE });
  p.fire({ tagName: "SCRIPT", src: "http://club.test/rules/assets/js/offline.js" });
  p.fire(null); // a script's own error: the window is the target
  assert.ok(p.classes.has(MARK));
  p.fire({ tagName: "SCRIPT", src: SITE });
  assert.ok(!p.classes.has(MARK));
});

test("which failures are the site's script", () => {
  assert.equal(isSiteScriptFailure({ tagName: "SCRIPT", src: SITE }), true);
  assert.equal(isSiteScriptFailure({ tagName: "SCRIPT", src: "/assets/js/site/site.js" }), false, "no digest: not ours");
  assert.equal(isSiteScriptFailure({ tagName: "SCRIPT" }), false);
  assert.equal(isSiteScriptFailure(undefined), false);
});
