/* Combat HQ Rules Companion: the offline service worker.
 *
 * Written into sw.js by build/chq_site/offline/offline.py, bundled (chq_site/bundle.py) with
 * the decisions it shares with offline.js (decisions.js, checked under Node), after
 * the build's BUILD and FILES; do not edit sw.js.
 *
 * Every page and file of one build is precached under a cache named by a hash of
 * their content (BUILD). Pages and files are answered from that cache first: a
 * page and the scripts, styles, search index and engine it uses always come from
 * the same build, online or not. A new build is a new sw.js (its BUILD and list
 * change), which the browser finds on the next navigation (offline.js also asks
 * on instant navigation and when the tab comes back): it installs beside the old
 * one, reusing the files whose hash did not change, then waits; the page shows
 * "A new version of the rules is available" and its Reload button lets it take
 * over. The old caches are deleted when the new worker activates, and every open
 * tab of the site reloads then (offline.js): no tab ever runs one build's scripts
 * on another build's pages.
 *
 * Nothing is stored unchecked. FILES gives each file's size and the start of its
 * SHA-256: a download that does not match (a captive portal's page answered for
 * the wasm, a truncated transfer) is thrown away and fetched again, a few times,
 * then the install fails and the build in use stays. Copies reused from an older
 * build's cache are checked the same way. Checking costs one SHA-256 pass over
 * the site at install (about 20 MB), never one per fetch; after that, each page
 * load's "status" message checks that every file is still there at its size (no
 * data read), and a page whose calculator engine failed asks for a full check:
 * whatever is missing or bad is deleted (the network answers meanwhile) and
 * fetched again, so a bad copy is never served for more than one visit. The engine
 * worker checks every byte of its files (engine-worker/checks.js): one it finds
 * damaged it asks for again past the cache, and that copy, once checked here, takes
 * the damaged one's place (again()); offline, the damaged copy is deleted and every
 * page told ("damaged"), and the next page load online fetches it again.
 *
 * Everything is resolved against the worker's scope, so the site works under any
 * sub-path (e.g. https://club.example/rules/).
 */
/* global BUILD, FILES */
// BUILD: the build id. FILES: [URL relative to the site root, first 16 hex digits of its
// SHA-256, bytes] for every precached file. offline.py writes both before this code.

import {
  MESSAGE, asksAgain, cacheKey, cacheMode, fits, isEngineFile, lacking, otherBuilds, cachePrefix, pathOf as pathIn,
  redirectFor, smallFirst, statusMessage,
} from "./decisions.js";
import { hexStart } from "../engine/engine-worker/verdict.js";

const SCOPE = self.registration.scope;
// Caches are per origin: name ours by scope too, so two copies of the site on one
// host (say /rules/ and /rules-beta/) never delete each other's caches.
const PREFIX = cachePrefix(SCOPE);
const CACHE = PREFIX + BUILD;
// Written last, once every file is in the cache and checked: its presence means complete.
const INDEX_KEY = new URL("__precache-index__.json", SCOPE).href;
const NOT_FOUND = new URL("404.html", SCOPE).href;
const PARALLEL = 4;
const ATTEMPTS = 3; // downloads of one file before the install gives up
const RETRY_MS = 500; // wait before the 2nd download of a file, twice that before the 3rd

const toURL = (path) => new URL(path, SCOPE).href;
const ENTRIES = FILES.map(([path, hash, bytes]) => ({ url: toURL(path), hash, bytes }));
const BY_URL = new Map(ENTRIES.map((file) => [file.url, file]));
const TOTAL_BYTES = FILES.reduce((sum, file) => sum + file[2], 0);

self.addEventListener("install", (event) => {
  event.waitUntil(fill(ENTRIES));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of otherBuilds(await caches.keys(), PREFIX, CACHE)) await caches.delete(name);
      await self.clients.claim();
      await broadcast({ type: MESSAGE.ready, build: BUILD, files: FILES.length, bytes: TOTAL_BYTES });
    })(),
  );
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === MESSAGE.skipWaiting) {
    event.waitUntil(self.skipWaiting());
  } else if (data.type === MESSAGE.build) {
    reply(event, { type: MESSAGE.build, build: BUILD }); // offline.js: is this the page's build?
  } else if (data.type === MESSAGE.status || data.type === MESSAGE.repair) {
    event.waitUntil(status(data.type === MESSAGE.repair).then((message) => reply(event, message)));
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || request.headers.has("range")) return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.href.startsWith(SCOPE)) return;
  const key = cacheKey(url.href, (href) => BY_URL.has(href));
  if (key) {
    event.respondWith(fromCache(key, request, event));
  } else if (request.mode === "navigate") {
    event.respondWith(elsewhere(request, url));
  }
});

async function fromCache(key, request, event) {
  // A file the engine worker fetched (fetch(): no destination) and asks for again past
  // the cache, having found the copy it was given damaged (engine-worker/checks.js
  // openChecked). Only the engine's files: anything else (a page reloaded, a script,
  // the search index) is answered from the saved copy as ever.
  if (asksAgain(request, key)) {
    return again(BY_URL.get(key), request, event);
  }
  const cached = await (await caches.open(CACHE)).match(key);
  if (cached) return cached;
  try {
    return await fetch(request);
  } catch (error) {
    // An engine file this build saved and then deleted as damaged (savedIfGood), offline.
    if (isEngineFile(key)) return damagedAnswer();
    throw error;
  }
}

/**
 * The engine worker found the saved copy of `file` damaged (its size may be right:
 * the page load's quick check reads sizes only). The network's copy, while there is
 * one: once checked, it replaces the saved copy, so the next visit starts from a good
 * one. Without a good copy from the network (offline, a portal's page), the saved
 * copy is checked here: a damaged one is deleted and every page told, and the worker
 * gets DAMAGED (it says so, and starts another way if it can).
 */
async function again(file, request, event) {
  let response = null;
  try {
    response = await fetch(request);
  } catch (error) {
    // offline: the saved copy is all there is
  }
  if (response && response.ok) {
    event.waitUntil(keep(file, response.clone()));
    return response;
  }
  return (await savedIfGood(file)) || response || damagedAnswer();
}

/** Put the network's copy of `file` in the place of the saved one if it is the
 *  build's; if not, check the saved one (a damaged one is deleted). */
async function keep(file, response) {
  const copy = await checked(response, file);
  if (copy) await exclusive(async () => (await caches.open(CACHE)).put(file.url, copy));
  else await savedIfGood(file);
}

/** The saved copy of `file` if it checks out; else null, and a damaged copy is deleted
 *  (with the mark that the cache is complete) and every page told. */
function savedIfGood(file) {
  return exclusive(async () => {
    const cache = await caches.open(CACHE);
    const saved = await cache.match(file.url);
    if (!saved) return null;
    if (await checked(saved.clone(), file)) return saved;
    await cache.delete(INDEX_KEY);
    await cache.delete(file.url);
    await broadcast({ type: MESSAGE.damaged, build: BUILD, damaged: [pathOf(file)] });
    return null;
  });
}

/** What the engine worker gets for a saved copy found damaged with no network to mend
 *  it (engine-worker/checks.js says so in the player's words). */
function damagedAnswer() {
  return new Response(null, { status: 503, statusText: "Saved copy damaged", headers: { "x-chq-saved": "damaged" } });
}

const pathOf = (file) => pathIn(file.url, SCOPE);

/** A navigation to a URL this build does not hold. */
async function elsewhere(request, url) {
  const folder = redirectFor(url.href, (href) => BY_URL.has(href));
  if (folder) return Response.redirect(folder, 301);
  try {
    return await fetch(request);
  } catch (error) {
    // Offline: the site's own "not found" page (it finds the site root from this
    // worker, so its styles and links work at any depth: theme/material/404.html).
    const page = await (await caches.open(CACHE)).match(NOT_FOUND);
    if (!page) throw error;
    return new Response(page.body, { status: 404, statusText: "Not Found", headers: page.headers });
  }
}

/* ------------------------------------------------------------- precache */

/**
 * Make this build's cache hold a checked copy of each of `files`, then mark it
 * complete. For each file: the copy already there if it checks out (an earlier
 * attempt, or a repair), else an older build's copy that checks out, else a
 * download. Throws (failing the install) when a file cannot be had.
 */
async function fill(files) {
  const cache = await caches.open(CACHE);
  const older = otherBuilds(await caches.keys(), PREFIX, CACHE);
  const todo = smallFirst(files);
  let next = 0;
  const worker = async () => {
    while (next < todo.length) {
      const file = todo[next++];
      if (await checked(await cache.match(file.url), file)) continue;
      if (!(await reuse(cache, older, file))) await download(cache, file);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  await cache.put(
    INDEX_KEY,
    new Response(JSON.stringify({ build: BUILD, files: FILES }), {
      headers: { "content-type": "application/json" },
    }),
  );
}

/** Copy `file` from an older build's cache if a copy there checks out. */
async function reuse(cache, older, file) {
  for (const name of older) {
    const copy = await checked(await (await caches.open(name)).match(file.url), file);
    if (copy) {
      await cache.put(file.url, copy);
      return true;
    }
  }
  return false;
}

/** Download `file` until a copy checks out, at most ATTEMPTS times. */
async function download(cache, file) {
  let problem = "";
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, RETRY_MS * (attempt - 1)));
    try {
      // "no-cache": revalidate, so a stale HTTP cache never fills a new build;
      // "reload" after a bad copy: not even a revalidated one.
      const response = await fetch(file.url, {
        cache: cacheMode(attempt),
        credentials: "same-origin",
      });
      if (!response.ok) {
        problem = `HTTP ${response.status}`;
        continue;
      }
      const copy = await checked(response, file);
      if (copy) {
        await cache.put(file.url, copy);
        return;
      }
      problem = "not the file of this build (size or SHA-256 differ)";
    } catch (error) {
      problem = String(error);
    }
  }
  throw new Error(`precache ${file.url}: ${problem}, ${ATTEMPTS} tries`);
}

/**
 * A storable copy of `response` if its body is `file` (size, then SHA-256), else
 * null. The copy is a fresh 200 response with the body and its content type only:
 * never a redirect (browsers refuse one for a navigation), no stale lengths.
 */
async function checked(response, file) {
  if (!response || !response.ok) return null;
  const body = await response.blob();
  if (!fits(file, body.size)) return null;
  if (!fits(file, body.size, await sha256Start(body))) return null;
  const type = response.headers.get("content-type");
  return new Response(body, { status: 200, statusText: "OK", headers: type ? { "content-type": type } : {} });
}

/** The first 16 hex digits of a blob's SHA-256 (as FILES lists them). */
async function sha256Start(blob) {
  return hexStart(await crypto.subtle.digest("SHA-256", await blob.arrayBuffer()));
}

/* --------------------------------------------------------------- status */

// Changes to the cache after the install, one at a time: a check and its repair, a
// copy found damaged deleted, a good copy put in its place. (A damaged copy deleted
// while a check ran used to be put back in the list by that check's end: "complete"
// with the file missing.)
let busy = Promise.resolve();
function exclusive(task) {
  const run = busy.then(task);
  busy = run.catch(() => {});
  return run;
}

// One check at a time, however many tabs ask: {deep, done}. A full check asked for
// while a quick one runs waits for it, then reads every byte itself (a quick check
// never answers for a full one: an engine that failed on a file of the right size
// and the wrong bytes would otherwise keep it).
let checking = null;
let activated = false; // where self.serviceWorker is missing: seen "activate" or a fetch

self.addEventListener("activate", () => (activated = true));
self.addEventListener("fetch", () => (activated = true)); // only the active worker gets these

/** Whether this worker is the registration's active one (not one installing or waiting). */
function isActive() {
  return self.serviceWorker ? self.serviceWorker.state === "activated" : activated;
}

/**
 * What offline.js shows: is this build complete in the cache? The active worker
 * first checks its cache and repairs it: every file present at its size (cheap:
 * no data is read), or with `deep` its SHA-256 too. Bad or missing files are
 * deleted (the network answers them meanwhile) and fetched again; the cache is
 * complete again once they all check out.
 */
async function status(deep) {
  let ready = false;
  let checked = "none";
  let damaged = [];
  if (isActive()) {
    ready = await check(deep);
    checked = deep ? "deep" : "quick";
    if (!ready) damaged = await missing();
  } else {
    ready = Boolean(await (await caches.open(CACHE)).match(INDEX_KEY));
  }
  return statusMessage({ build: BUILD, ready, checked, damaged, files: FILES.length, bytes: TOTAL_BYTES });
}

/** The files of this build the active worker's cache lacks: once complete, only those
 *  deleted as damaged and not yet fetched again (offline). */
async function missing() {
  const cache = await caches.open(CACHE);
  return lacking(ENTRIES, new Set((await cache.keys()).map((request) => request.url)), SCOPE);
}

/** Run (or join) a check at least as thorough as `deep` asks; true once complete. */
function check(deep) {
  if (!checking || (deep && !checking.deep)) {
    const mine = { deep, done: exclusive(() => repair(deep)) };
    mine.done.finally(() => checking === mine && (checking = null)).catch(() => {});
    checking = mine;
  }
  return checking.done.catch(() => false);
}

async function repair(deep) {
  const cache = await caches.open(CACHE);
  const bad = [];
  for (const file of ENTRIES) {
    const response = await cache.match(file.url);
    if (!response) {
      bad.push(file);
      continue;
    }
    const body = await response.blob();
    if (!fits(file, body.size) || (deep && !fits(file, body.size, await sha256Start(body)))) bad.push(file);
  }
  if (!bad.length && (await cache.match(INDEX_KEY))) return true;
  await cache.delete(INDEX_KEY);
  for (const file of bad) await cache.delete(file.url);
  await fill(bad);
  return true;
}

function reply(event, message) {
  const port = event.ports && event.ports[0];
  if (port) port.postMessage(message);
  else if (event.source) event.source.postMessage(message);
}

async function broadcast(message) {
  for (const client of await self.clients.matchAll({ type: "window", includeUncontrolled: true })) {
    client.postMessage(message);
  }
}
