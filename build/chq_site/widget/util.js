/* Small helpers shared by the widget modules (how a figure prints: printing.js):
 * building DOM nodes, and where the site and its engine are. */

import { pct } from "./printing.js";

// The address of the script this runs in (the bundled assets/js/site/site.<hash>.js,
// a classic script: chq_site/bundle.py): the site root is three folders up when
// neither Material nor the page says where it is. (No document: Node, tests/js/.)
const MODULE_URL = (typeof document !== "undefined" && document.currentScript && document.currentScript.src) || "";

/** An error as one short line (the last line of a Python traceback). */
export function describe(error) {
  if (!error) return "unknown error";
  return String((error && error.message) || error).split("\n").pop().slice(0, 300);
}

/** "must be 0..40" -> "Must be 0..40." */
export function sentence(text) {
  const t = String(text || "").trim();
  if (!t) return "";
  return t[0].toUpperCase() + t.slice(1) + (/[.!?]$/.test(t) ? "" : ".");
}

/** A DOM element: ``props`` are attributes ("class", "text" and booleans handled;
 *  "style" set through the element's style object: the site's policy refuses a style
 *  attribute written as one, chq_site/policy.py). */
export function el(tag, props = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key === "style") node.style.cssText = String(value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of [].concat(children)) {
    if (child !== null && child !== undefined) node.append(child);
  }
  return node;
}

/** A table cell from the build's template: "#" (row number), "pct:key", "bool:key"
 *  or text with {key} slots, filled from one entry of a result's list. */
export function fill(template, entry, index) {
  if (template === "#") return String(index + 1);
  if (template.startsWith("pct:")) {
    const prob = entry[template.slice(4)];
    return prob && typeof prob === "object" ? pct(prob) : "–";
  }
  if (template.startsWith("bool:")) return entry[template.slice(5)] ? "yes" : "no";
  return template.replace(/\{(\w+)\}/g, (_, key) => (entry[key] === null || entry[key] === undefined ? "–" : String(entry[key])));
}

/** The site root, wherever the site is served (works under a sub-path). */
export function siteRoot() {
  try {
    if (window.__md_scope instanceof URL) return new URL(window.__md_scope.href.replace(/\/?$/, "/"));
  } catch (_) { /* fall through */ }
  const meta = document.querySelector('meta[name="chq-root"]');
  if (meta) return new URL(meta.getAttribute("content").replace(/\/?$/, "/"), location.href);
  return new URL("../../../", MODULE_URL || location.href);
}

/** Where the engine's files are (the page's chq-engine meta tag), or null. */
export function engineInfo() {
  const meta = document.querySelector('meta[name="chq-engine"]');
  if (!meta) return null;
  try {
    return JSON.parse(meta.getAttribute("content"));
  } catch (_) {
    return null;
  }
}

/** Whether this browser starts module workers: it reads the options' ``type`` (as it
 *  converts the arguments) before it parses the URL, which is meant to fail there: no
 *  worker is made and no request or URL is checked against the page's policy (a
 *  ``blob:`` URL was, and reported a violation of worker-src 'self'). */
export function supportsModuleWorkers() {
  let supported = false;
  try {
    const probe = { get type() { supported = true; return "module"; } };
    new Worker("http://[", probe).terminate();
  } catch (_) { /* the URL is meant to fail; the getter has told us already */ }
  return supported;
}

/** Resolves once the next frame has been painted (a frame, then a task), or after
 *  ``most`` ms where no frame comes (a tab in the background paints nothing). */
export function afterPaint(most = 200) {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, most);
    requestAnimationFrame(() => setTimeout(() => { clearTimeout(timer); resolve(); }, 0));
  });
}

/** Run ``fn`` for the page shown now and for each page Material's instant navigation
 *  shows after it. Our script is the last of <body> and runs while the page is still
 *  "loading" but its content is all parsed, before Material's bundle (deferred after
 *  it: chq_site/bundle.material_last); so ``fn`` runs for this page at once, and the
 *  browser can show what it did before Material's script runs. Material's document$
 *  is followed from DOMContentLoaded, when its bundle has run; document$ replays the
 *  current page to a new subscriber: that first call is skipped, ``fn`` has run for
 *  it. Where Material ran first (the 404 page), document$ is followed now. */
export function eachPage(fn) {
  let ranFirst = false;
  const follow = () => {
    const document$ = window.document$;
    if (!document$ || typeof document$.subscribe !== "function") {
      if (!ranFirst) fn();
      return;
    }
    let skip = ranFirst;
    document$.subscribe(() => {
      if (skip) skip = false;
      else fn();
    });
  };
  if (window.document$ || document.readyState === "complete") {
    follow();
  } else {
    fn();
    ranFirst = true;
    document.addEventListener("DOMContentLoaded", follow, { once: true });
  }
}
