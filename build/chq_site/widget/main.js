/* Combat HQ Rules Companion: the calculator widgets, mounted.
 *
 * The entry module (mkdocs.yml extra_javascript, type: module; in the built site part
 * of one classic script, the last of <body>): it runs once per page load, once the
 * page's content is parsed, and mounts the widgets of every page Material
 * shows, the first one and each one its instant navigation brings (document$). The
 * rest is in modules by concern; the build bundles them all into one file, in the order
 * the browser would evaluate them (esbuild, chq_site/bundle.py), and puts it before
 * Material's bundle (so the first answer is on screen before Material's script runs):
 *
 *   widget.js      one widget: events, answering the inputs shown, the fallback
 *   form.js        reading and writing the inputs; messages beside the fields
 *   permalink.js   the address's fragment <-> the inputs; "Try it" presets
 *   answers.js     the answers the build computed (in the page; answer tables)
 *   engine.js      the engine client: one Pyodide worker per tab (engine-worker.js)
 *   status.js      the engine's state and failure in the widget's status line
 *   result.js      the headline, figures, working; charts.js the bar charts
 *   navigation.js  a failed instant navigation loads the address for real; where
 *                  a page brought in starts (a permalink at its top; Back)
 *   search-hold.js the search index waits for the engine (search/worker/worker.js "#hold:")
 *   search-field.js the search field's grey completion hidden while the query overflows
 *   params.js, util.js   small helpers
 *
 * The engine starts early on calculator pages (theme/material/main.html, from <head>:
 * window.__chqBoot) and is kept on window (window.__chqEngine) across instant
 * navigation; window.__chqWidgets keeps a second copy of this module from mounting
 * the widgets twice.
 */

import { placeNewPages, loadFailedNavigations } from "../theme/navigation.js";
import { watchWideTables } from "../theme/wide-tables.js";
import { watchSearch } from "../search/search-hold.js";
import { watchSearchField } from "../search/search-field.js";
import { eachPage } from "./util.js";
import { Widget } from "./widget.js";

const live = new Set();

function mainWidget() {
  for (const widget of live) if (widget.isMain && widget.root.isConnected) return widget;
  return null;
}

/** Mount every widget on the page not yet mounted; forget those the page dropped. */
function mountAll() {
  for (const widget of [...live]) {
    if (!widget.root.isConnected) {
      widget.destroy();
      live.delete(widget);
    }
  }
  let hasMain = Boolean(mainWidget());
  for (const root of document.querySelectorAll(".chq-widget[data-calculator]")) {
    if (root.__chqWidget) continue;
    const isMain = !hasMain && root.dataset.mode === "full";
    if (isMain) hasMain = true;
    let widget;
    try {
      widget = new Widget(root, isMain);
    } catch (error) {
      root.dataset.state = "error";
      continue;
    }
    root.__chqWidget = widget;
    live.add(widget);
    widget.guard(() => widget.mount());
  }
}

function safeMount() {
  try {
    mountAll();
  } catch (_) { /* each widget reports its own trouble */ }
}

function start() {
  window.addEventListener("hashchange", () => {
    const widget = mainWidget();
    if (widget) widget.guard(() => widget.applyFragment(location.hash));
  });

  loadFailedNavigations();
  watchSearch();
  watchSearchField(); // the grey completion hidden while the query is wider than the field
  watchWideTables(); // a table wider than its box says it scrolls (theme/wide-tables.js)

  eachPage(safeMount); // this page now, then each page Material shows (util.js)
  placeNewPages(); // after the widgets of a page brought in are mounted: they change its length
}

if (!window.__chqWidgets) {
  window.__chqWidgets = true;
  start();
}
