/* The "not found" page at any depth: finding the site root it belongs to.
 *
 * A web server answers any missing address with the site's 404.html (nginx
 * `error_page 404 /rules/404.html;` answers it for /rules/x/y/), and so does the
 * service worker offline (sw_template.js). MkDocs writes that page's links relative to
 * the server's root, which breaks wherever the site is not there: the page's template
 * (theme/material/404.html) writes them relative to the site root instead, and its
 * first script, findRoot(), finds that root at run time and sets <base> to it before
 * any link is parsed. In order:
 *
 *   1. the service worker controlling the page (its sw.js sits at the root);
 *   2. a root where this browser read a page of the site before (roots.js: the usual
 *      case at a club, even on plain http:// where there is no service worker);
 *   3. on a first visit, the server itself: the deepest folder above the address that
 *      serves the site's web app manifest (a file only the site root has, checked to
 *      be one). The page waits for these few small requests (synchronous, before any
 *      link is parsed); no section name of the site is needed, so /rules/no-such-page/
 *      under a club's /rules/ finds /rules/ although "rules" is also a folder of the site.
 *
 * Material's own scripts resolve the root against location, not <base>: pointScope()
 * and pointConfig(), later in the page, point its __md_scope and its config at the
 * root found, and turn instant navigation off there (it would keep the <base>).
 * The plugin writes each of the three inline where the template says, built by esbuild
 * (chq_site/bundle.py INLINE): they must run where they are, synchronously.
 */

import { ROOTS, knownRoot } from "./roots.js";

/** Where the root was found (window.__chqRoot.from; offline.js reads it). */
export const FROM = {
  worker: "service-worker",
  visited: "visited",
  server: "server",
  none: "none", // nothing said: the server's root, a guess
};
export const MANIFEST = "manifest.webmanifest";
const WORKER_SCRIPT = /\/sw\.js$/;

/** The site root (a path) for the page at `path` and how it was found ({root, from}):
 *  `worker` is the script URL of the service worker controlling it ("" for none),
 *  `origin` the page's, `stored` what localStorage holds under ROOTS (or null), and
 *  `probe(folder)` whether the server has the site's manifest in that folder (asked
 *  only when the first two say nothing, deepest folder first). */
export function rootFor({ path, origin, worker, stored, probe }) {
  const served = workerRoot(path, origin, worker);
  if (served) return { root: served, from: FROM.worker };
  const visited = knownRoot(path, stored);
  if (visited) return { root: visited, from: FROM.visited };
  for (const folder of foldersAbove(path)) {
    if (probe(folder)) return { root: folder, from: FROM.server };
  }
  return { root: "/", from: FROM.none };
}

/** The folder of the service worker's script, when it is ours (sw.js) on this
 *  origin and the page is under it; "" otherwise. */
export function workerRoot(path, origin, worker) {
  if (!worker || !WORKER_SCRIPT.test(worker)) return "";
  try {
    const scope = new URL(".", worker);
    return scope.origin === origin && path.indexOf(scope.pathname) === 0 ? scope.pathname : "";
  } catch (error) {
    return "";
  }
}

/** The folders above `path`, deepest first, down to the server's root.
 *  foldersAbove("/rules/x/") -> ["/rules/x/", "/rules/", "/"] */
export function foldersAbove(path) {
  const parts = path.split("/");
  const folders = [];
  for (let n = parts.length - 1; n >= 1; n--) folders.push(parts.slice(0, n).join("/") + "/");
  return folders;
}

/** Whether a server's answer (`status`, `text`) for MANIFEST is the site's manifest. */
export function isSiteManifest(status, text) {
  if (status !== 200) return false;
  try {
    const manifest = JSON.parse(text);
    return Boolean(manifest) && manifest.scope === "." && typeof manifest.name === "string";
  } catch (error) {
    return false;
  }
}

/** <base> for the root found (its href, a quote escaped). */
export function baseTag(href) {
  return '<base href="' + href.replace(/"/g, "%22") + '">';
}

/** Material's config (parsed) pointed at the root `href`: its base, its search
 *  worker's address, and no instant navigation. */
export function configFor(config, href) {
  return {
    ...config,
    base: href,
    search: new URL(config.search, href).href,
    features: config.features.filter((feature) => feature.indexOf("navigation.instant") !== 0),
  };
}

/** The first script in <head>: find the root, keep it as window.__chqRoot
 *  ({href, from}), and write <base> (before any link is parsed). */
export function findRoot() {
  let worker = "";
  let stored = null;
  try {
    const controller = navigator.serviceWorker && navigator.serviceWorker.controller;
    worker = (controller && controller.scriptURL) || "";
  } catch (error) {
    // no service worker to ask
  }
  try {
    stored = localStorage.getItem(ROOTS);
  } catch (error) {
    // storage blocked: ask the server
  }
  const found = rootFor({ path: location.pathname, origin: location.origin, worker, stored, probe: askServer });
  window.__chqRoot = { href: new URL(found.root, location.href).href, from: found.from };
  document.write(baseTag(window.__chqRoot.href));
}

/** Whether the server has the site's manifest in `folder` (a synchronous request:
 *  nothing of the page may be parsed before <base> is set). */
function askServer(folder) {
  try {
    const request = new XMLHttpRequest();
    request.open("GET", folder + MANIFEST, false);
    request.send();
    return isSiteManifest(request.status, request.responseText);
  } catch (error) {
    return false;
  }
}

/** After Material's __md_scope is set: the root found instead. */
export function pointScope() {
  if (window.__chqRoot) window.__md_scope = new URL(window.__chqRoot.href);
}

/** After Material's config: pointed at the root found (configFor). */
export function pointConfig() {
  const node = document.getElementById("__config");
  if (!window.__chqRoot || !node) return;
  node.textContent = JSON.stringify(configFor(JSON.parse(node.textContent), window.__chqRoot.href));
}
