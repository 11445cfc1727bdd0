// The "not found" page's site root (offline/not-found.js): from the service worker,
// then the roots this browser read pages at (offline/roots.js, written by offline.js),
// then the server asked for the site's manifest, deepest folder first; Material's
// config pointed at the root found. The browser tests (tests/browser/test_offline_404.py,
// test_site_subpath.py, tests/webkit/test_webkit_not_found.py) show the page styled.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import {
  FROM, MANIFEST, baseTag, configFor, foldersAbove, isSiteManifest, rootFor, workerRoot,
} from "../../build/chq_site/offline/not-found.js";
import { ROOTS, knownRoot, remembered } from "../../build/chq_site/offline/roots.js";

const ORIGIN = "http://club.test:8000";
const nothing = () => false;
const noProbe = () => assert.fail("the server was asked although the root was known");

/** A probe that finds the manifest in `folder` only, and the folders it was asked for. */
function serverWith(folder) {
  const asked = [];
  const probe = (at) => {
    asked.push(at);
    return at === folder;
  };
  return { asked, probe };
}

test("the service worker's folder is the root, when it is our sw.js, here, above the page", () => {
  const page = { path: "/rules/x/y/", origin: ORIGIN, stored: '["/"]', probe: noProbe };
  assert.deepEqual(rootFor({ ...page, worker: `${ORIGIN}/rules/sw.js` }), { root: "/rules/", from: FROM.worker });
  assert.equal(workerRoot("/rules/x/", ORIGIN, `${ORIGIN}/rules/other.js`), "");
  assert.equal(workerRoot("/rules/x/", ORIGIN, "http://elsewhere.test/rules/sw.js"), "");
  assert.equal(workerRoot("/beta/x/", ORIGIN, `${ORIGIN}/rules/sw.js`), "");
  assert.equal(workerRoot("/rules/x/", ORIGIN, "sw.js"), "", "not an address: no root");
  assert.equal(workerRoot("/rules/x/", ORIGIN, ""), "");
});

test("else the longest root read before that the page is under", () => {
  const stored = JSON.stringify(["/", "/rules/", "/rules-beta/", 7, null, "/rules/x/y/z/"]);
  const page = { origin: ORIGIN, worker: "", stored, probe: noProbe };
  assert.deepEqual(rootFor({ ...page, path: "/rules/x/y/" }), { root: "/rules/", from: FROM.visited });
  assert.deepEqual(rootFor({ ...page, path: "/rules-beta/q/" }), { root: "/rules-beta/", from: FROM.visited });
  assert.equal(knownRoot("/rules/x/", "not json"), "");
  assert.equal(knownRoot("/rules/x/", '{"0": "/rules/"}'), "", "not a list");
  assert.equal(knownRoot("/rules/x/", null), "");
});

test("else the deepest folder above the address whose manifest is the site's", () => {
  const { asked, probe } = serverWith("/rules/");
  const found = rootFor({ path: "/rules/no-such-page/deeper/", origin: ORIGIN, worker: "", stored: null, probe });
  assert.deepEqual(found, { root: "/rules/", from: FROM.server });
  assert.deepEqual(asked, ["/rules/no-such-page/deeper/", "/rules/no-such-page/", "/rules/"]);
  assert.deepEqual(foldersAbove("/rules/x/y/z/page.html"), ["/rules/x/y/z/", "/rules/x/y/", "/rules/x/", "/rules/", "/"]);
  assert.deepEqual(foldersAbove("/"), ["/"]);
});

test("and when nothing says, the server's root, saying so", () => {
  const { asked, probe } = serverWith("/nowhere/");
  assert.deepEqual(rootFor({ path: "/x/y/", origin: ORIGIN, worker: "", stored: "[]", probe }),
                   { root: "/", from: FROM.none });
  assert.deepEqual(asked, ["/x/y/", "/x/", "/"]);
  assert.deepEqual(rootFor({ path: "/x/", origin: ORIGIN, worker: "", stored: null, probe: nothing }).from, "none");
});

test("the site's own manifest is the one asked for, and only it counts", () => {
  const ours = readFileSync(new URL(`../../build/chq_site/offline/${MANIFEST}`, import.meta.url), "utf8");
  assert.equal(isSiteManifest(200, ours), true);
  assert.equal(isSiteManifest(404, ours), false);
  assert.equal(isSiteManifest(200, "<!doctype html><title>Not found</title>"), false);
  assert.equal(isSiteManifest(200, JSON.stringify({ ...JSON.parse(ours), scope: "/" })), false);
  assert.equal(isSiteManifest(200, JSON.stringify({ scope: "." })), false, "no name");
  assert.equal(isSiteManifest(200, "null"), false);
});

test("<base> carries the root's address, a quote escaped", () => {
  assert.equal(baseTag("http://h/rules/"), '<base href="http://h/rules/">');
  assert.equal(baseTag('http://h/a"b/'), '<base href="http://h/a%22b/">');
});

test("Material's config points at the root, without instant navigation, its other keys as they were", () => {
  const config = { base: ".", features: ["navigation.instant", "navigation.instant.progress", "search.suggest"],
                   search: "assets/javascripts/workers/search.js", translations: { x: "y" } };
  const fixed = configFor(config, "http://h/rules/");
  assert.deepEqual(fixed, { base: "http://h/rules/", features: ["search.suggest"],
                            search: "http://h/rules/assets/javascripts/workers/search.js", translations: { x: "y" } });
  assert.deepEqual(Object.keys(fixed), Object.keys(config), "the same keys in the same order");
  assert.equal(config.base, ".", "the config given is left as it was");
});

test("a root read is remembered first, once, a few at most, whatever was stored", () => {
  assert.equal(ROOTS, "chq-roots");
  assert.equal(remembered(null, "/rules/"), '["/rules/"]');
  assert.equal(remembered('["/a/","/rules/","/b/"]', "/rules/"), '["/rules/","/a/","/b/"]');
  assert.equal(remembered('{"x":1}', "/rules/"), '["/rules/"]');
  const many = JSON.stringify(Array.from({ length: 10 }, (_, n) => `/r${n}/`));
  assert.deepEqual(JSON.parse(remembered(many, "/new/")), ["/new/", ...JSON.parse(many).slice(0, 7)]);
  assert.throws(() => remembered("not json", "/rules/"), SyntaxError);
  assert.equal(knownRoot("/rules/x/", remembered(remembered(null, "/"), "/rules/")), "/rules/");
});
