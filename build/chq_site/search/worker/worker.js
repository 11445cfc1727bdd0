/* The search worker: speaks the messages of Material's search box (so its results
 * list, highlighting and keyboard stay Material's) and answers from our own index.
 *
 * Material starts the worker its config names and talks to it as to its own:
 * {type: 0 setup, data: {config, docs, options}} (search/search_index.json as the
 * build wrote it: config.chq_index is MiniSearch's index, serialized at build time,
 * build/chq_site/search_index.py), answered {type: 1 ready}; {type: 2 query, data:
 * text}, answered {type: 3 result, data: {items, suggest}} (query.js; suggest: the
 * last word completed, where setup's options ask for it, as Material's feature
 * search.suggest does). One answer per message,
 * in order: Material counts on it. Where setup's options ask for chq_timing (the
 * search benchmark, tools/bench_search_browser.py), each result also says how long
 * the worker took on it (data.chq_ms), apart from the page's own main thread.
 *
 * On a page whose calculator starts the engine, the address says "#hold:": nothing is
 * loaded (the messages wait) until the page says "go" on the channel
 * "chq-search-hold" (search/search-hold.js: the engine is ready or failed, or the
 * reader turned to the search box), so that the index does not load on a tablet's CPU
 * shared with Python starting. Without a BroadcastChannel, or after HOLD_MOST_MS, it
 * goes anyway.
 */
import MiniSearch from "minisearch";
import { INDEX_OPTIONS } from "./options.js";
import { answer } from "./query.js";

export const HOLD = "hold:";
export const HOLD_MOST_MS = 20_000; // a page that never says "go" (its scripts failed) keeps no reader from searching

/** Answer Material's messages in ``scope`` (a worker's global, or a stand-in). */
export function serve(scope, { Channel = scope.BroadcastChannel, later = setTimeout } = {}) {
  let state = null;
  const handle = (message) => {
    if (message && message.type === 0) {
      const { config, docs, options } = message.data;
      state = {
        engine: MiniSearch.loadJS(config.chq_index, INDEX_OPTIONS), docs, intent: config.chq_intent,
        players: config.chq_words, suggest: Boolean(options && options.suggest),
        timing: Boolean(options && options.chq_timing),
      };
      return { type: 1 };
    }
    if (message && message.type === 2) {
      const started = performance.now();
      let data;
      try {
        data = answer(state, String(message.data));
      } catch (error) { // no index yet, or a query it cannot read: no results, not silence
        data = { items: [] };
      }
      if (state && state.timing) data.chq_ms = performance.now() - started;
      return { type: 3, data };
    }
    return null;
  };
  const reply = (message) => {
    const answered = handle(message);
    if (answered) scope.postMessage(answered);
  };
  const held = decodeURIComponent(scope.location.hash.slice(1)).startsWith(HOLD) && typeof Channel === "function";
  const waiting = [];
  let gone = !held;
  scope.addEventListener("message", (event) => (gone ? reply(event.data) : waiting.push(event.data)));
  if (!held) return;
  const channel = new Channel("chq-search-hold");
  const go = () => {
    if (gone) return;
    gone = true;
    channel.close();
    for (const message of waiting.splice(0)) reply(message);
  };
  channel.onmessage = (event) => { if (event.data === "go") go(); };
  later(go, HOLD_MOST_MS);
  channel.postMessage("ask");
}

if (typeof WorkerGlobalScope !== "undefined" && self instanceof WorkerGlobalScope) serve(self);
