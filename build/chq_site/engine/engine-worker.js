/* Combat HQ Rules Companion: the calculator engine, a module web worker.
 *
 * One per tab (engine/engine.js starts it on the first page with a widget and keeps it
 * across Material's instant navigation). It loads the self-hosted Pyodide runtime
 * and the calculators wheel, then answers requests:
 *
 *   in:  init (once), compute, sweep, luck
 *   out: progress, alive, ready, failed, answer (superseded: a newer request with the
 *        same key came in)
 *
 * as protocol.js makes and checks them (bundled into this worker and into the page's
 * script: one list of kinds and fields for both).
 *
 * Start-up: from the build's memory snapshot (build/chq_site/engine_snapshot.mjs: Python
 * already started, the calculators imported) when the browser can inflate it
 * (DecompressionStream); its gzip check and its size catch a truncated or corrupt
 * copy, and Pyodide refuses one from another build. Anything wrong with it, and the
 * worker boots the normal way (Python from scratch, then the wheel): slower, same
 * answers, the runtime compiled once for both. "ready" says which boot it was. The
 * runtime and the snapshot are asked for as the worker starts, before Pyodide's loader
 * has come (early()): in WebKit a worker's downloads pass through the page's own
 * thread, busy while the page loads.
 *
 * Every file the build lists in `files` (build/chq_site/engine.py file_checks) is
 * checked before it is used: its size, then its SHA-256 (or, where the browser has no
 * SubtleCrypto, its CRC-32). Without a service worker, a Wi-Fi login page or a cut
 * transfer answered once for a file whose name never changes would be kept by the
 * browser's cache for a year: a wrong body is fetched again past that cache, and a
 * second wrong one fails the engine with a word about it. Any error while Python
 * starts fails the engine at once (Pyodide itself only logs a runtime that did not
 * compile, and would wait for ever).
 *
 * User input stays data: the request is one JSON string handed to the Python
 * function calculators.compute_json as an argument. No Python source is ever built
 * from it. *
 * Its parts, one module each in engine-worker/: state.js (messages out, timings, the
 * progress bar, the build's file checks), checks.js (the checks themselves and the
 * fetch again past the cache), runtime.js (the runtime asked for and compiled early,
 * handed to Pyodide), snapshot.js (unpacked as it inflates). The site build bundles
 * them with this file into one (build/chq_site/bundle.py), at this file's address: one
 * request, which in WebKit passes through the page's busy main thread.
 */

import * as protocol from "./protocol.js";
import { openChecked } from "./engine-worker/checks.js";
import { early, hookFetch, hookWasm } from "./engine-worker/runtime.js";
import { unpackInto } from "./engine-worker/snapshot.js";
import {
  checkMs, describe, expected, failNow, fileName, mark, post, report, restartClock, setChecks,
  setExpected, setFailNow, timings,
} from "./engine-worker/state.js";

let computeJson = null;
// Each request kind's door into the package (JSON text in and out): filled as it starts.
const doors = { compute: null, sweep: null, luck: null };
let started = null;
const queue = new Map(); // key -> the newest request with that key
let draining = false;

self.addEventListener("message", (event) => {
  let msg = null;
  try {
    msg = protocol.read(event.data, "worker");
  } catch (error) {
    post(protocol.failed(`a message it could not read (${error.message})`));
    return;
  }
  if (msg.type === "init") {
    if (!started) started = start(msg);
  } else if (msg.type in doors) {
    const key = msg.key || String(msg.id);
    const older = queue.get(key);
    if (older) post(protocol.answer(older.id, { superseded: true }));
    queue.set(key, msg);
    drain();
  }
});

// Nothing may escape as an uncaught error (it would reach the page's console).
self.addEventListener("unhandledrejection", (event) => {
  event.preventDefault();
  post(protocol.failed(describe(event.reason)));
});
self.addEventListener("error", (event) => {
  event.preventDefault();
  post(protocol.failed(describe(event.error || event.message)));
});

async function start({ indexURL, wheelURL, snapshotURL, snapshotBytes, fetched, files }) {
  // Each step in ms from this start (mark); the start itself as a wall-clock time (the
  // page's clock has another origin): tools/bench_site and tools/bench_browsers report them.
  timings.startedAt = performance.timeOrigin + restartClock();
  const quiet = { stdout: () => {}, stderr: () => {} };
  // A sign of life between the long steps of starting Python: the page waits for a
  // slow engine that is getting on, and gives up on a silent one. An error ends the
  // wait at once: loadPyodide() is raced with `fatal`.
  const alive = setInterval(() => post(protocol.alive()), 1000);
  let stop = null;
  const fatal = new Promise((_, reject) => { stop = reject; });
  fatal.catch(() => {});
  setFailNow((error) => stop(Object.assign(error instanceof Error ? error : new Error(String(error)), { fatal: true })));
  const until = (promise) => Promise.race([promise, fatal]);
  try {
    const inflating = Boolean(snapshotURL) && typeof DecompressionStream === "function";
    setExpected({ ...(fetched || {}) });
    if (!inflating && snapshotURL) delete expected[fileName(snapshotURL)];
    setChecks(files || {});
    hookFetch();
    hookWasm();
    report(true);
    early(indexURL);
    const snapshot = inflating ? openChecked(snapshotURL) : null;
    snapshot && snapshot.catch(() => {}); // said below: a full boot
    const { loadPyodide } = await importNamed(new URL("pyodide.mjs", indexURL).href);
    mark("imported");
    let pyodide = null;
    let note = "";
    if (inflating) {
      // Pyodide needs the snapshot's size before it compiles the runtime, its bytes
      // only when it restores them: it gets the (empty) buffer at once, and its
      // fsInit step, which runs between the two, waits until the buffer is filled.
      // So the runtime downloads and compiles while the snapshot downloads, is
      // checked and inflates, both asked for as the worker started (early). (A
      // snapshot the server does not have is known from its answer: full boot at
      // once, with the runtime compiled meanwhile.)
      const data = new Uint8Array(snapshotBytes);
      let spoilt = null;
      try {
        const got = await snapshot;
        const filled = got.read().then((bytes) => (mark("snapshotFetched"), unpackInto(
          new Response(bytes).body.pipeThrough(new DecompressionStream("gzip")), data))).then(
          () => mark("inflated"),
          (error) => {
            spoilt = error;
            new Uint32Array(data.buffer, 0, 1)[0] = 0; // no magic number: Pyodide refuses to restore it
          },
        );
        pyodide = await until(loadPyodide({ indexURL, ...quiet, _loadSnapshot: data,
          fsInit: () => { mark("instantiated"); return filled; } }));
        mark("loadPyodide");
        openDoors(pyodide);
        mark("pyimport");
        check();
      } catch (error) {
        if (error && error.fatal) throw error; // the runtime itself: no other boot would do
        delete expected[fileName(snapshotURL)]; // the progress bar no longer waits for it
        // Ours ("the snapshot is N bytes, ...") or Pyodide's ("Snapshot build id mismatch", ...)
        const why = spoilt || error;
        note = `snapshot not used: ${String((why && why.message) || why).trim().split("\n")[0].slice(0, 200)}`;
        pyodide = null;
        computeJson = null;
      }
    }
    const boot = pyodide ? "snapshot" : "full";
    if (!pyodide) {
      // The wheel downloads while Python starts, and is unpacked straight into
      // site-packages (no package manager round trips).
      const wheel = openChecked(wheelURL).then((got) => got.read());
      wheel.catch(failNow); // a wheel that stays wrong ends the start at once
      pyodide = await until(loadPyodide({ indexURL, ...quiet }));
      mark("loadPyodide");
      post(protocol.progress("calculators", 1, 1));
      pyodide.unpackArchive(await wheel, "wheel");
      openDoors(pyodide);
      check();
    }
    mark("total");
    timings.checks = { how: self.crypto && self.crypto.subtle ? "sha256" : "crc32", ms: checkMs };
    post(protocol.ready(boot, timings, note));
    drain();
  } catch (error) {
    computeJson = null;
    post(protocol.failed(plain(describe(error))));
  } finally {
    clearInterval(alive);
  }
}

/** The package's doors, one per request kind: compute_json, sweep_json, luck_json. */
function openDoors(pyodide) {
  const calculators = pyodide.pyimport("calculators");
  doors.compute = calculators.compute_json;
  doors.sweep = calculators.sweep_json;
  doors.luck = calculators.luck_json;
  computeJson = doors.compute;
}

/** One real call before saying "ready": proves the package imports and answers. */
function check() {
  const reply = JSON.parse(computeJson(JSON.stringify({ mechanic: "supply", params: { supply_dice: 3 } })));
  if (!reply.result) throw new Error("the calculators did not answer");
}

/** import(), its failure naming the file: WebKit's own words name none ("Importing a
 * module script failed."), Chromium's do. */
function importNamed(href) {
  return import(href).catch((error) => {
    throw new Error(`could not load ${href}: ${(error && error.message) || error}`);
  });
}

/** Say "a file did not download" rather than a browser's fetch jargon. */
function plain(text) {
  const url = /(https?:\/\/[^\s'"]+)/.exec(text);
  if (url && /fetch|network|load|import/i.test(text)) {
    return `a file it needs did not download (${url[1].replace(/[.,;:)]+$/, "")})`;
  }
  return text;
}

async function drain() {
  if (draining || !computeJson) return;
  draining = true;
  try {
    while (queue.size) {
      const [key, msg] = queue.entries().next().value;
      queue.delete(key);
      answer(msg);
      // Let newer requests arrive (and replace queued ones) between answers.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  } finally {
    draining = false;
  }
}

function answer(msg) {
  const t = performance.now();
  try {
    // The request as its door reads it: every field of the message but its kind, id and key.
    const { type, id, key, ...request } = msg;
    const reply = JSON.parse(doors[type](JSON.stringify(request)));
    post(protocol.answer(msg.id, reply, performance.now() - t));
  } catch (error) {
    post(protocol.answer(msg.id, { error: { field: "", message: describe(error) } }));
  }
}
