/* The engine client: one module web worker per tab (assets/js/engine-worker.js:
 * Pyodide and the calculators wheel), started by the first page that has a widget
 * and kept across Material's instant navigation (window.__chqEngine).
 *
 * The only place a worker is started (start(): a calculator answered by the engine
 * alone calls it as it mounts). The messages both ways are protocol.js's, bundled
 * into this script and into the worker: an id-tagged pump, compute in, answer out,
 * plus the worker's progress reports while it starts; a message that is not of the
 * protocol fails the engine, saying why. The state widgets subscribe to: phase
 * (idle | loading | ready | failed), stage (download | start | calculators | ready),
 * bytes loaded of total, the bytes a start sends (sent) and whether they are saved on
 * this device (saved), elapsed seconds, the failure's message, and how it booted
 * (snapshot | full). */

import * as protocol from "./protocol.js";
import { releaseSearch } from "../search/search-hold.js";
import { describe, engineInfo, siteRoot, supportsModuleWorkers } from "../widget/util.js";

// The engine is given up on after this long with no sign of progress, by stage:
// downloading, no new bytes (the server went away); starting, no word from the
// worker (Python starts in one long step on a slow tablet; it still says "alive"
// between steps). Never a fixed total: a slow engine that is getting on is waited for.
const SILENCE_MS = { download: 30_000, start: 180_000, calculators: 180_000 };

function createEngine() {
  const listeners = new Set();
  const pending = new Map(); // request id -> resolve
  // What a start downloads, from the page's chq-engine meta (engineInfo): the one
  // place the engine's settings come from.
  const sizes = engineInfo() || {};
  // Saved: a service worker answers this page, so the engine comes from the copy saved
  // on this device (offline.js): no download waits, and the widgets say none.
  const saved = Boolean(typeof navigator !== "undefined" && navigator.serviceWorker && navigator.serviceWorker.controller);
  let state = { phase: "idle", stage: "", loaded: 0, total: 0, sent: sizes.sent || 0, saved, message: "", elapsed: 0 };
  let worker = null;
  let nextId = 0;
  let watchdog = 0;
  let lastLoaded = -1;
  let lastSign = 0;
  const timings = { created: 0, ready: 0 };

  function set(patch) {
    state = { ...state, ...patch };
    if (state.phase === "ready" || state.phase === "failed") releaseSearch(); // search-hold.js
    for (const listener of [...listeners]) {
      try { listener(state); } catch (_) { /* a widget's problem, not the engine's */ }
    }
  }

  function fail(reason) {
    if (state.phase === "failed") return;
    clearInterval(watchdog);
    set({ phase: "failed", message: reason });
    for (const resolve of pending.values()) resolve({ failed: reason });
    pending.clear();
    if (worker) {
      try { worker.terminate(); } catch (_) { /* already gone */ }
      worker = null;
    }
  }

  /** Every second while loading: the elapsed time for the widgets, and the end of
   *  waiting when nothing has moved for the stage's limit. */
  function watch() {
    lastSign = performance.now();
    clearInterval(watchdog);
    watchdog = setInterval(() => {
      if (state.phase !== "loading") return clearInterval(watchdog);
      const now = performance.now();
      const silent = now - lastSign;
      const limit = SILENCE_MS[state.stage] || SILENCE_MS.start;
      if (silent > limit) {
        const seconds = Math.round(silent / 1000);
        fail(state.stage === "download"
          ? `nothing arrived for ${seconds} s: the site's server may have gone away`
          : `Python gave no sign of life for ${seconds} s`);
      } else {
        set({ elapsed: Math.round((now - timings.created) / 1000) });
      }
    }, 1000);
  }

  /** A sign of progress: new bytes, a new stage, or (past the download) any word. */
  function progressed(msg) {
    const moved = msg.stage !== state.stage || (msg.loaded || 0) > lastLoaded;
    if (moved || (msg.type === "alive" && state.stage !== "download")) lastSign = performance.now();
    if (msg.loaded !== undefined) lastLoaded = Math.max(lastLoaded, msg.loaded);
  }

  function onMessage(event) {
    let msg = null;
    try {
      msg = protocol.read(event.data, "page");
    } catch (error) {
      fail(`it sent a message this page could not read (${error.message})`);
      return;
    }
    if (msg.type === "answer") {
      const resolve = pending.get(msg.id);
      pending.delete(msg.id);
      if (resolve) resolve(msg);
    } else if (msg.type === "progress") {
      progressed(msg);
      set({ stage: msg.stage, loaded: msg.loaded, total: msg.total });
    } else if (msg.type === "alive") {
      progressed(msg);
    } else if (msg.type === "ready") {
      clearInterval(watchdog);
      timings.ready = performance.now();
      if (performance.mark) performance.mark("chq-engine-ready");
      timings.worker = msg.timings;
      timings.note = msg.note || "";
      set({ phase: "ready", stage: "ready", boot: msg.boot || "full" });
    } else if (msg.type === "failed") {
      fail(msg.message || "it stopped with an error");
    }
  }

  function start() {
    if (state.phase !== "idle") return;
    timings.created = performance.now();
    set({ phase: "loading", stage: "download", loaded: 0, total: sizes.fetched ? Object.values(sizes.fetched).reduce((a, b) => a + b, 0) : 0 });
    try {
      if (location.protocol === "file:") {
        fail("this page was opened as a file, and browsers do not let a file start it. Serve the site over HTTP (even python -m http.server will do)");
        return;
      }
      if (typeof Worker === "undefined" || typeof WebAssembly !== "object" || !supportsModuleWorkers()) {
        fail("this browser cannot run it (it needs module web workers and WebAssembly)");
        return;
      }
      const info = engineInfo();
      if (!info || !info.index || !info.wheel) {
        fail("this page does not say where the engine is");
        return;
      }
      const root = siteRoot();
      const onError = (event) => {
        if (event && event.preventDefault) event.preventDefault();
        fail(`its script did not start${event && event.message ? ` (${event.message})` : ""}`);
      };
      worker = new Worker(new URL("assets/js/engine-worker.js", root), { type: "module", name: "chq-engine" });
      worker.addEventListener("message", onMessage);
      worker.addEventListener("error", onError);
      worker.addEventListener("messageerror", () => fail("it sent an answer this page could not read"));
      worker.postMessage(protocol.init({
        indexURL: new URL(info.index, root).href,
        wheelURL: new URL(info.wheel, root).href,
        snapshotURL: info.snapshot ? new URL(info.snapshot, root).href : "",
        snapshotBytes: info.snapshot_bytes || 0,
        fetched: sizes.fetched || {},
        files: info.files || {}, // what each file must be: the worker checks them
      }));
      watch();
    } catch (error) {
      fail(describe(error));
    }
  }

  /** Send the request ``message(id)`` makes; resolves with its answer (starting the
   *  engine first if it is idle). */
  function ask(message) {
    if (state.phase === "idle") start();
    if (state.phase === "failed") return Promise.resolve({ failed: state.message });
    const id = ++nextId;
    return new Promise((resolve) => {
      pending.set(id, resolve);
      try {
        worker.postMessage(message(id));
      } catch (error) {
        pending.delete(id);
        resolve({ error: { field: "", message: describe(error) } });
      }
    });
  }

  return {
    get state() { return state; },
    timings,
    subscribe(listener) {
      listeners.add(listener);
      listener(state);
      return () => listeners.delete(listener);
    },
    start,
    /** Ask for one result; resolves {result} | {error} | {superseded} | {failed}. */
    compute(mechanic, params, key) {
      return ask((id) => protocol.compute(id, mechanic, params, key));
    },
    /** "What do I need?" (protocol.sweep: {over, values, target}); resolves as compute. */
    sweep(mechanic, params, question, key) {
      return ask((id) => protocol.sweep(id, mechanic, params, question, key));
    },
    /** "How lucky was that?" (protocol.luck: {mine, theirs}); resolves as compute. */
    luck(mechanic, params, rolled, key) {
      return ask((id) => protocol.luck(id, mechanic, params, rolled, key));
    },
  };
}

// One per tab, kept on window so nothing can make a second one (not even a second
// copy of this module, loaded from another address).
export const engine = window.__chqEngine || (window.__chqEngine = createEngine());
