// What a widget's status says of the engine (status.js engineWords): the size a
// download waits for, in words, only where one waits; none once the engine is
// ready or saved on this device; the seconds waited only while it loads.
import assert from "node:assert/strict";
import { test } from "node:test";

import { aboutMegabytes, engineWords } from "../../build/chq_site/widget/status.js";

const SENT = 12_627_584; // the bytes a start sends, as the build's chq-engine meta says

test("a download's size reads as a player says it", () => {
  assert.equal(aboutMegabytes(SENT), "about 13 MB");
  assert.equal(aboutMegabytes(2_540_000), "about 2.5 MB");
  assert.equal(aboutMegabytes(3_000_000), "about 3 MB");
  assert.equal(aboutMegabytes(0), "");
  assert.equal(aboutMegabytes(undefined), "");
});

test("the size is said where a download waits", () => {
  const idle = engineWords({ phase: "idle", sent: SENT, saved: false });
  assert.equal(idle.detail, "It downloads its engine first: about 13 MB, once.");
  assert.equal(idle.bar, null);
  const loading = engineWords({ phase: "loading", stage: "download", loaded: 1, total: 4, sent: SENT, saved: false, elapsed: 3 });
  assert.equal(loading.main, "Getting the calculator ready… 25%.");
  assert.match(loading.detail, /^Downloading its engine: about 13 MB, once\./);
  assert.equal(loading.elapsed, " 3 s so far.");
  assert.equal(loading.bar, 21);
});

test("no size once the engine is saved on this device, or ready", () => {
  for (const state of [{ phase: "idle" }, { phase: "loading", stage: "download", loaded: 0, total: 4 },
                       { phase: "loading", stage: "start" }, { phase: "loading", stage: "calculators" }]) {
    const words = engineWords({ ...state, sent: SENT, saved: true, elapsed: 0 });
    assert.doesNotMatch(`${words.main} ${words.detail}`, /MB/, JSON.stringify(state));
  }
  assert.match(engineWords({ phase: "idle", sent: SENT, saved: true }).detail, /saved on this device/);
  const ready = engineWords({ phase: "ready", stage: "ready", sent: SENT, saved: false, elapsed: 9 });
  assert.equal(ready.main, "Calculator ready.");
  assert.doesNotMatch(ready.detail, /MB/);
  assert.equal(ready.elapsed, "");
  assert.equal(ready.bar, null);
});

test("the seconds waited show from 2 s on, while it loads", () => {
  assert.equal(engineWords({ phase: "loading", stage: "start", elapsed: 1 }).elapsed, "");
  assert.equal(engineWords({ phase: "loading", stage: "start", elapsed: 2 }).elapsed, " 2 s so far.");
  assert.equal(engineWords({ phase: "loading", stage: "start", elapsed: 2 }).bar, 88);
  assert.equal(engineWords({ phase: "loading", stage: "calculators", elapsed: 2 }).bar, 95);
});
