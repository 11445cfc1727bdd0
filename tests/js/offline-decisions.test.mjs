// The offline copy's decisions (offline/decisions.js), shared by the page's offline.js
// and the service worker: the caches of a build, the saved copy that answers an address
// (the addresses Python gives the built files: chq_site/offline/offline.py url_of), a copy's
// check, what the worker reports and what a page makes of it: its build, a reload, the
// badge and notices, in their words. The browser tests keep what only a browser shows
// (tests/browser/test_offline*.py, tests/webkit/test_webkit_offline*.py).
import assert from "node:assert/strict";
import { test } from "node:test";

import * as offline from "../../build/chq_site/offline/decisions.js";
import { FROM } from "../../build/chq_site/offline/not-found.js";
import { golden } from "./golden.mjs";

const SCOPE = "http://club.test:8000/rules/";
const { addresses } = golden("offline");

test("a build's caches are named by the copy's folder, and only its other builds are deleted", () => {
  const prefix = offline.cachePrefix(SCOPE);
  assert.equal(prefix, "chq-rules /rules/ ");
  const current = prefix + "0123abcd";
  const names = [current, prefix + "old1", "chq-rules /rules-beta/ old2", "other-app", "chq-rules /rules/"];
  assert.deepEqual(offline.otherBuilds(names, prefix, current), [prefix + "old1"]);
});

test("every built file is answered from the cache at the address Python gives it", () => {
  const held = new Set(addresses.map(({ url }) => new URL(url, SCOPE).href));
  for (const { file, url } of addresses) {
    const saved = new URL(url, SCOPE).href;
    assert.equal(offline.cacheKey(SCOPE + file, (href) => held.has(href)), saved, file);
    assert.equal(offline.cacheKey(`${SCOPE}${file}?v=2#top`, (href) => held.has(href)), saved, `${file}, query`);
  }
  assert.equal(offline.cacheKey(SCOPE + "rules/nope/", (href) => held.has(href)), null);
});

test("a navigation to a folder's address without its slash goes to the folder, its query kept", () => {
  const held = (href) => href === SCOPE + "rules/blinds/";
  assert.equal(offline.redirectFor(SCOPE + "rules/blinds?x=1#y", held), SCOPE + "rules/blinds/?x=1");
  assert.equal(offline.redirectFor(SCOPE + "rules/nope", held), "");
  assert.equal(offline.redirectFor(SCOPE + "rules/blinds/", held), "", "already the folder");
});

test("only the engine worker asking again for an engine file goes past the saved copy", () => {
  const wasm = SCOPE + "assets/engine/pyodide/pyodide.asm.wasm";
  assert.equal(offline.asksAgain({ cache: "reload", destination: "" }, wasm), true);
  assert.equal(offline.asksAgain({ cache: "reload", destination: "document" }, SCOPE), false, "a page reloaded");
  assert.equal(offline.asksAgain({ cache: "reload", destination: "" }, SCOPE + "search/search_index.json"), false);
  assert.equal(offline.asksAgain({ cache: "default", destination: "" }, wasm), false);
  assert.equal(offline.isEngineFile(wasm), true);
});

test("a copy is the build's by its size, then its SHA-256 when read", () => {
  const file = { bytes: 3, hash: "ba7816bf8f01cfea" };
  assert.equal(offline.fits(file, 3), true, "a quick check reads sizes only");
  assert.equal(offline.fits(file, 4), false);
  assert.equal(offline.fits(file, 3, "ba7816bf8f01cfea"), true);
  assert.equal(offline.fits(file, 3, "0000000000000000"), false);
});

test("the files are fetched small first, revalidated, then past the HTTP cache", () => {
  assert.deepEqual(offline.smallFirst([{ bytes: 9 }, { bytes: 1 }, { bytes: 5 }]).map((f) => f.bytes), [1, 5, 9]);
  assert.deepEqual([1, 2, 3].map(offline.cacheMode), ["no-cache", "reload", "reload"]);
});

test("the files a cache lacks are told by their path under the copy", () => {
  const entries = ["a.js", "assets/engine/x.wasm", "rules/"].map((path) => ({ url: SCOPE + path }));
  assert.deepEqual(offline.lacking(entries, new Set([SCOPE + "a.js"]), SCOPE), ["assets/engine/x.wasm", "rules/"]);
});

test("the worker's status and a page's reading of each message", () => {
  const status = offline.statusMessage({ build: "b1", ready: true, checked: "quick", damaged: [], files: 2, bytes: 9 });
  assert.deepEqual(status, { type: "status", build: "b1", ready: true, checked: "quick", damaged: [], files: 2, bytes: 9 });
  const start = { offline: null, damaged: null, check: "" };
  const ready = offline.received(start, status);
  assert.deepEqual(ready, { offline: { build: "b1", files: 2, bytes: 9 }, damaged: null, check: "quick" });
  // Files deleted as damaged, offline: no longer "Ready offline"; more add up, once each.
  const hurt = offline.received(ready, { type: "damaged", build: "b1", damaged: ["a.wasm"] });
  assert.deepEqual(hurt, { offline: null, damaged: ["a.wasm"], check: "quick" });
  const more = offline.received(hurt, { ...status, ready: false, checked: "deep", damaged: ["a.wasm", "b.bin"] });
  assert.deepEqual(more, { offline: null, damaged: ["a.wasm", "b.bin"], check: "deep" });
  // The worker of a new build ready: complete again.
  assert.deepEqual(offline.received(more, { type: "ready", build: "b2", files: 3, bytes: 10 }),
                   { offline: { build: "b2", files: 3, bytes: 10 }, damaged: null, check: "deep" });
  // Not yet complete, nothing damaged; or another kind of message: nothing changes.
  const waiting = offline.received(start, { ...status, ready: false, checked: "none" });
  assert.deepEqual(waiting, { ...start, check: "none" });
  assert.equal(offline.received(ready, { type: "build", build: "b1" }).offline, ready.offline);
});

test("one notice at a time: a new version before damage", () => {
  assert.equal(offline.noticeKind({ update: { worker: {} }, damaged: ["a"] }), "update");
  assert.equal(offline.noticeKind({ update: null, damaged: ["a"] }), "damaged");
  assert.equal(offline.noticeKind({ update: null, damaged: null }), "");
});

test("a tab reloads when a worker of another build is in control, and only then", () => {
  const a = {};
  const b = {};
  const tab = { pageBuild: "b1", workerBuild: "b2", loadedUnder: a, worker: b, inControl: true };
  assert.equal(offline.leaves(tab), true);
  assert.equal(offline.leaves({ ...tab, workerBuild: "b1" }), false, "its own build");
  assert.equal(offline.leaves({ ...tab, workerBuild: "" }), false, "the worker did not say");
  assert.equal(offline.leaves({ ...tab, inControl: false }), false, "another worker took over since");
  assert.equal(offline.leaves({ ...tab, worker: null }), false, "no worker");
  // A page without its build id goes by the worker it was loaded under.
  const unbuilt = { ...tab, pageBuild: "", workerBuild: "" };
  assert.equal(offline.leaves(unbuilt), true);
  assert.equal(offline.leaves({ ...unbuilt, worker: a }), false);
  assert.equal(offline.leaves({ ...unbuilt, loadedUnder: null }), false, "a first visit stays");
});

test("a first visit saves the site once every engine is ready, failed, or idle in a card", () => {
  assert.equal(offline.enginesBusy([]), false);
  assert.equal(offline.enginesBusy([{ engine: "ready" }, { engine: "error", mode: "full" }]), false);
  assert.equal(offline.enginesBusy([{ engine: "idle", mode: "compact" }]), false);
  assert.equal(offline.enginesBusy([{ engine: "idle", mode: "full" }]), true);
  assert.equal(offline.enginesBusy([{ engine: "loading", mode: "compact" }, { engine: "ready" }]), true);
  assert.equal(offline.enginesBusy([{}]), true, "not started yet");
});

test("a new build is asked for at most every so often, and online only", () => {
  assert.equal(offline.updateDue(40_000, 10_000, true, 30_000), true);
  assert.equal(offline.updateDue(39_999, 10_000, true, 30_000), false);
  assert.equal(offline.updateDue(40_000, 10_000, false, 30_000), false);
});

test("the site root: Material's scope, else its config's base against the page", () => {
  assert.equal(offline.siteRoot("http://h/rules").href, "http://h/rules/");
  assert.equal(offline.siteRoot("", "../..", "http://h/rules/rules/blinds/").href, "http://h/rules/");
  assert.equal(offline.siteRoot("", undefined, "http://h/rules/").href, "http://h/rules/");
});

test("a root the \"not found\" page found is recorded; none found, nothing is", () => {
  assert.equal(offline.knowsRoot(undefined), true, "any page but the 404 page");
  for (const from of [FROM.worker, FROM.visited, FROM.server]) assert.equal(offline.knowsRoot({ from }), true, from);
  // A first visit to a missing address where no folder above has the site's manifest:
  // "/" recorded as a root would answer every later "not found" page on the host as
  // visited, unstyled, instead of asking the server (and a worker registered at /sw.js).
  assert.equal(offline.knowsRoot({ href: "http://h/", from: FROM.none }), false);
});

test("the badge and the notices in their words", () => {
  assert.equal(offline.WORDS.ready, "Ready offline");
  assert.equal(offline.WORDS.saved, undefined); // "Saved" said nothing of what was saved
  assert.equal(offline.WORDS.update, "A new version of the rules is available.");
  assert.match(offline.WORDS.damaged, /^Part of the copy of the rules saved on this device is damaged/);
  assert.equal(offline.savedWords({ files: 412, bytes: 21_456_789, build: "0123abcd" }),
               "The rules, search and calculators are saved on this device (412 files, 21.5 MB) " +
               "and work without a connection. Build 0123abcd.");
});
