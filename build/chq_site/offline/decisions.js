/* The offline copy's decisions, shared by the page's offline.js and the service worker
 * (sw_template.js, bundled into sw.js by the build): which caches are this build's,
 * which saved copy answers an address, whether a copy is the build's file, what the
 * worker reports and what a page makes of it (which build it is on, when it reloads,
 * what it shows, in which words). Pure functions: Node's tests check them
 * (tests/js/offline-decisions.test.mjs); the browser tests what only a browser shows
 * (a worker really serving, a real reload).
 */

import { FROM } from "./not-found.js";

/* ------------------------------------------------------------- the cache */

/** The start of every cache name of the copy at `scope` (caches are per origin: two
 *  copies of the site on one host, /rules/ and /rules-beta/, never touch each other's). */
export const cachePrefix = (scope) => `chq-rules ${new URL(scope).pathname} `;

/** The caches of other builds of the copy (`prefix`) among `names`: deleted once
 *  `current` is active, and where a new build looks for files it can reuse. */
export const otherBuilds = (names, prefix, current) => names.filter((name) => name.startsWith(prefix) && name !== current);

/** The precache key for an address: no query, no fragment, ".../index.html" as ".../";
 *  null when the build (`held(key)`) holds none. */
export function cacheKey(href, held) {
  const bare = new URL(href);
  bare.search = "";
  bare.hash = "";
  let key = bare.href;
  if (key.endsWith("/index.html")) key = key.slice(0, -"index.html".length);
  return held(key) ? key : null;
}

/** Where a navigation to an address the build does not hold goes instead: its folder,
 *  when the build holds that ("" when not: the network, or the "not found" page). */
export function redirectFor(href, held) {
  const url = new URL(href);
  const bare = new URL(href);
  bare.search = "";
  bare.hash = "";
  return !bare.pathname.endsWith("/") && held(bare.href + "/") ? bare.href + "/" + url.search : "";
}

/** A file of the engine (assets/engine/): one found damaged offline answers DAMAGED. */
export const isEngineFile = (key) => key.includes("/assets/engine/");

/** Whether a request is the engine worker asking again past the cache for a file it
 *  found damaged (fetch() has no destination; only the engine's files: anything else
 *  reloaded is answered from the saved copy as ever). */
export const asksAgain = ({ cache, destination }, key) => cache === "reload" && destination === "" && isEngineFile(key);

/** The files to fetch, the small first. */
export const smallFirst = (files) => [...files].sort((a, b) => a.bytes - b.bytes);

/** The HTTP cache mode for the `attempt`th download of a file: "no-cache" (revalidate,
 *  so a stale HTTP cache never fills a new build), then "reload" after a bad copy. */
export const cacheMode = (attempt) => (attempt === 1 ? "no-cache" : "reload");

/** Whether a copy of `file` ({bytes, hash}) is the build's: its size, and its SHA-256's
 *  start when it was read (`hash` undefined: the size alone was checked). */
export const fits = (file, size, hash) => size === file.bytes && (hash === undefined || hash === file.hash);

/** The path of a file's address under the copy's `scope` (what the pages are told). */
export const pathOf = (url, scope) => url.slice(scope.length);

/** The files of the build (`entries`, {url}) a cache lacks (`held`: its addresses). */
export const lacking = (entries, held, scope) => entries.filter((file) => !held.has(file.url)).map((file) => pathOf(file.url, scope));

/* ---------------------------------------------------------- the messages */

export const MESSAGE = {
  status: "status", // page -> worker, and its answer: is the copy complete?
  repair: "repair", // page -> worker: check every byte, fetch the bad again (an engine failed)
  build: "build", // page -> worker, and its answer: which build do you serve?
  ready: "ready", // worker -> pages: this build is saved and in control
  damaged: "damaged", // worker -> pages: a saved file was found damaged, offline
  skipWaiting: "skip-waiting", // page -> a waiting worker: take over (Reload)
};

/** The worker's answer to "status": `ready` the copy complete; `checked` how
 *  ("none": not the active worker, "quick": sizes, "deep": SHA-256 too); `damaged` the
 *  paths deleted as damaged and not yet fetched again. */
export function statusMessage({ build, ready, checked, damaged, files, bytes }) {
  return { type: MESSAGE.status, build, ready, checked, damaged, files, bytes };
}

/* -------------------------------------------------------------- the page */

/** What a page shows of the copy after the worker said `data`: `offline` the copy's
 *  {build, files, bytes} once complete ("Ready offline"), `damaged` the paths found
 *  damaged ("damaged" notice), `check` how it was last checked. A message of another
 *  kind changes nothing. */
export function received(state, data) {
  const next = { ...state };
  if (data.type === MESSAGE.status && data.checked) next.check = data.checked;
  if ((data.type === MESSAGE.status || data.type === MESSAGE.ready) && data.ready !== false) {
    next.offline = { build: data.build, files: data.files, bytes: data.bytes };
    next.damaged = null;
  } else if ((data.type === MESSAGE.status || data.type === MESSAGE.damaged) && (data.damaged || []).length) {
    next.damaged = [...new Set([...(state.damaged || []), ...data.damaged])];
    next.offline = null;
  }
  return next;
}

/** The one notice shown: a new version (which replaces every file) before damage. */
export const noticeKind = ({ update, damaged }) => (update ? "update" : damaged ? "damaged" : "");

/** Whether a tab reloads when a worker takes it over. A page carrying its build id
 *  (`pageBuild`) leaves a worker serving another build (`workerBuild`, "" unknown) that
 *  is still in control; one without goes by the worker it was loaded under
 *  (`loadedUnder`; none: a first visit, which came from the network and stays). */
export function leaves({ pageBuild, workerBuild, loadedUnder, worker, inControl }) {
  if (!worker) return false;
  if (!pageBuild) return Boolean(loadedUnder) && worker !== loadedUnder;
  return Boolean(workerBuild) && workerBuild !== pageBuild && inControl;
}

/** Whether the page's calculators still hold the copy back on a first visit: some
 *  engine neither ready nor failed (a card that starts when scrolled to may be idle). */
export const enginesBusy = (calculators) =>
  calculators.some(({ engine, mode }) => !["ready", "error", mode === "compact" ? "idle" : ""].includes(engine));

/** Whether to ask the server for a new build now (`every` ms apart, online only). */
export const updateDue = (now, lastCheck, online, every) => now - lastCheck >= every && online;

/** Whether a page records its root and saves the copy: not when the "not found" page
 *  found no root (not-found.js: nothing said where the site is). */
export const knowsRoot = (chqRoot) => !(chqRoot && chqRoot.from === FROM.none);

/** The site root: Material's __md_scope (an address), else its config's base against the page. */
export function siteRoot(scope, base, pageHref) {
  if (scope) return new URL(scope.replace(/\/?$/, "/"));
  return new URL(String(base || ".").replace(/\/?$/, "/"), pageHref);
}

/* ------------------------------------------------------------- the words */

export const WORDS = {
  ready: "Ready offline", // beside the tick; on a phone its name and tooltip: "Offline" alone reads as "no connection"
  update: "A new version of the rules is available.",
  reload: "Reload",
  later: "Later",
  damaged:
    "Part of the copy of the rules saved on this device is damaged: without a connection the " +
    "calculators may start slowly, or not at all. It is fetched again by itself the next time " +
    "this device is online.",
  ok: "OK",
};

/** What "Ready offline" means, how much is saved and the build. */
export function savedWords({ files, bytes, build }) {
  return `The rules, search and calculators are saved on this device (${files} files, ` +
         `${(bytes / 1e6).toFixed(1)} MB) and work without a connection. Build ${build}.`;
}
