/* Combat HQ Rules Companion: the calculator engine, a module web worker.
 *
 * One per tab (companion/engine.js starts it on the first page with a widget and keeps it
 * across Material's instant navigation). It loads the self-hosted Pyodide runtime
 * and the calculators wheel, then answers requests:
 *
 *   in:  {type: "init", indexURL, wheelURL, snapshotURL, snapshotBytes,
 *         fetched: {file: bytes}}                                           (once)
 *        {type: "compute", id, key, mechanic, params}
 *   out: {type: "progress", stage: "download"|"start"|"calculators", loaded, total}
 *        {type: "alive"}   (every second while starting, whenever the worker is free)
 *        {type: "ready", boot: "snapshot"|"full", timings, note}
 *        {type: "failed", message}
 *        {type: "answer", id, result} | {type: "answer", id, error: {field, message}}
 *        {type: "answer", id, superseded: true}   (a newer request with the same key came in)
 *
 * Start-up: from the build's memory snapshot (build/chq_site/engine_snapshot.mjs: Python
 * already started, the calculators imported) when the browser can inflate it
 * (DecompressionStream); its gzip check and its size catch a truncated or corrupt
 * copy, and Pyodide refuses one from another build. Anything wrong with it, and the
 * worker boots the normal way (Python from scratch, then the wheel): slower, same
 * answers. "ready" says which boot it was.
 *
 * User input stays data: the request is one JSON string handed to the Python
 * function calculators.compute_json as an argument. No Python source is ever built
 * from it.
 */

let computeJson = null;
let started = null;
const queue = new Map(); // key -> the newest request with that key
let draining = false;

const post = (message) => self.postMessage(message);

// Started early from a calculator page's <head> (overrides/main.html): the init
// arrives in the script's own fragment, so Python starts before the page has loaded.
if (self.location.hash.length > 1) {
  try {
    started = start(JSON.parse(decodeURIComponent(self.location.hash.slice(1))));
  } catch (_) { /* a bad fragment: wait for the page's init message instead */ }
}

self.addEventListener("message", (event) => {
  const msg = event.data || {};
  if (msg.type === "init") {
    if (!started) started = start(msg);
  } else if (msg.type === "compute") {
    const key = msg.key || String(msg.id);
    const older = queue.get(key);
    if (older) post({ type: "answer", id: older.id, superseded: true });
    queue.set(key, msg);
    drain();
  }
});

// Nothing may escape as an uncaught error (it would reach the page's console).
self.addEventListener("unhandledrejection", (event) => {
  event.preventDefault();
  post({ type: "failed", message: describe(event.reason) });
});
self.addEventListener("error", (event) => {
  event.preventDefault();
  post({ type: "failed", message: describe(event.error || event.message) });
});

function describe(error) {
  if (!error) return "unknown error";
  const text = String((error && error.message) || error);
  // Python tracebacks: the last line says what happened.
  const lines = text.trim().split("\n");
  return lines[lines.length - 1].slice(0, 300);
}

/** Count the bytes of the runtime files as they stream in, for an honest progress bar. */
function meterDownloads(fetched) {
  // `fetched` (file name -> bytes) may lose a file later (a snapshot given up on):
  // the total and the sum count only the files still expected.
  const loaded = new Map();
  let last = 0;
  const report = (force) => {
    const total = Object.values(fetched || {}).reduce((a, b) => a + b, 0);
    const sum = [...loaded].reduce((a, [name, bytes]) => a + (name in fetched ? bytes : 0), 0);
    const now = Date.now();
    if (!force && now - last < 100) return;
    last = now;
    post({ type: "progress", stage: sum >= total && total > 0 ? "start" : "download",
           loaded: Math.min(sum, total), total });
  };
  const realFetch = self.fetch.bind(self);
  self.fetch = async (input, init) => {
    const response = await realFetch(input, init);
    const url = typeof input === "string" ? input : (input && input.url) || String(input);
    const name = url.split("?")[0].split("/").pop();
    if (!(name in (fetched || {})) || !response.ok || !response.body || typeof TransformStream === "undefined") {
      return response;
    }
    loaded.set(name, 0);
    const counter = new TransformStream({
      transform(chunk, controller) {
        loaded.set(name, (loaded.get(name) || 0) + chunk.byteLength);
        report(false);
        controller.enqueue(chunk);
      },
      flush() {
        loaded.set(name, Math.max(loaded.get(name) || 0, fetched[name]));
        report(true);
      },
    });
    return new Response(response.body.pipeThrough(counter), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
  report(true);
}

async function start({ indexURL, wheelURL, snapshotURL, snapshotBytes, fetched }) {
  const t0 = performance.now();
  // Each step in ms from this start; the start itself as a wall-clock time (the
  // page's clock has another origin): tools/bench_site.py reports them.
  const timings = { startedAt: performance.timeOrigin + t0 };
  const quiet = { stdout: () => {}, stderr: () => {} };
  // A sign of life between the long steps of starting Python: the page waits for a
  // slow engine that is getting on, and gives up on a silent one.
  const alive = setInterval(() => post({ type: "alive" }), 1000);
  try {
    const inflating = Boolean(snapshotURL) && typeof DecompressionStream === "function";
    const expected = { ...(fetched || {}) };
    if (!inflating && snapshotURL) delete expected[snapshotURL.split("/").pop()];
    meterDownloads(expected);
    const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
    timings.imported = performance.now() - t0;
    let pyodide = null;
    let note = "";
    if (inflating) {
      // Pyodide needs the snapshot's size before it compiles the runtime, its bytes
      // only when it restores them: it gets the (empty) buffer at once, and its
      // fsInit step, which runs between the two, waits until the buffer is filled.
      // So the runtime downloads and compiles while the snapshot inflates. (A
      // snapshot the server does not have is known from its answer: full boot at once.)
      const data = new Uint8Array(snapshotBytes);
      let spoilt = null;
      try {
        const response = await download(snapshotURL);
        const filled = unpackInto(response.body.pipeThrough(new DecompressionStream("gzip")), data).then(
          () => { timings.inflated = performance.now() - t0; },
          (error) => {
            spoilt = error;
            new Uint32Array(data.buffer, 0, 1)[0] = 0; // no magic number: Pyodide refuses to restore it
          },
        );
        pyodide = await loadPyodide({ indexURL, ...quiet, _loadSnapshot: data,
                                    fsInit: () => { timings.instantiated = performance.now() - t0; return filled; } });
        timings.loadPyodide = performance.now() - t0;
        computeJson = pyodide.pyimport("calculators").compute_json;
        check();
      } catch (error) {
        delete expected[snapshotURL.split("/").pop()]; // the progress bar no longer waits for it
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
      const wheel = download(wheelURL).then((response) => response.arrayBuffer());
      wheel.catch(() => {}); // awaited below; a failure is reported there
      pyodide = await loadPyodide({ indexURL, ...quiet });
      timings.loadPyodide = performance.now() - t0;
      post({ type: "progress", stage: "calculators", loaded: 1, total: 1 });
      pyodide.unpackArchive(new Uint8Array(await wheel), "wheel");
      computeJson = pyodide.pyimport("calculators").compute_json;
      check();
    }
    timings.total = performance.now() - t0;
    post({ type: "ready", boot, timings, note });
    drain();
  } catch (error) {
    computeJson = null;
    post({ type: "failed", message: plain(describe(error)) });
  } finally {
    clearInterval(alive);
  }
}

/** One real call before saying "ready": proves the package imports and answers. */
function check() {
  const reply = JSON.parse(computeJson(JSON.stringify({ mechanic: "supply", params: { supply_dice: 3 } })));
  if (!reply.result) throw new Error("the calculators did not answer");
}

async function download(url) {
  let response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw new Error(`could not load ${url} (${describe(error)})`);
  }
  if (!response.ok) throw new Error(`could not load ${url} (HTTP ${response.status})`);
  return response;
}

/** Put the runs of a packed snapshot (build/chq_site/engine.py pack_snapshot: "CHQ1",
 *  the size, the number of runs, each run's offset and length, then the runs' bytes),
 *  read inflated from `stream`, in place in `data`, which is all zeros: the zero
 *  pages, half of Python's memory, are never inflated nor copied. Throws unless it is
 *  exactly what the build made. */
async function unpackInto(stream, data) {
  const reader = stream.getReader();
  let head = new Uint8Array(0); // the bytes before the runs', until all have come
  let runs = null;
  let run = 0;
  let inRun = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    let chunk = value;
    if (!runs) {
      const joined = new Uint8Array(head.byteLength + chunk.byteLength);
      joined.set(head);
      joined.set(chunk, head.byteLength);
      head = joined;
      runs = readRuns(head, data.byteLength);
      if (!runs) continue;
      chunk = head.subarray(12 + 8 * runs.length);
      head = null;
    }
    for (let at = 0; at < chunk.byteLength;) {
      if (run === runs.length) throw new Error("the snapshot is larger than the build made it");
      const [offset, length] = runs[run];
      const n = Math.min(length - inRun, chunk.byteLength - at);
      data.set(chunk.subarray(at, at + n), offset + inRun);
      at += n;
      inRun += n;
      if (inRun === length) {
        run += 1;
        inRun = 0;
      }
    }
  }
  if (!runs || run !== runs.length) throw new Error("the snapshot is shorter than the build made it");
}

/** A packed snapshot's runs, [offset, length] each, from the bytes it begins with
 *  (`head`); null while they have not all come. Throws when they are not a snapshot
 *  of `total` bytes. */
function readRuns(head, total) {
  if (head.byteLength < 12) return null;
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  if (String.fromCharCode(...head.subarray(0, 4)) !== "CHQ1") {
    throw new Error("the snapshot is not one this site packs");
  }
  if (view.getUint32(4, true) !== total) {
    throw new Error(`the snapshot is ${view.getUint32(4, true)} bytes, the build made ${total}`);
  }
  const count = view.getUint32(8, true);
  if (12 + 8 * count > total) throw new Error("the snapshot's list of runs is too long");
  if (head.byteLength < 12 + 8 * count) return null;
  const runs = [];
  for (let i = 0, end = 0; i < count; i++) {
    const offset = view.getUint32(12 + 8 * i, true);
    const length = view.getUint32(16 + 8 * i, true);
    if (offset < end || offset + length > total) throw new Error("the snapshot's runs overlap or overrun");
    runs.push([offset, length]);
    end = offset + length;
  }
  return runs;
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
    const request = JSON.stringify({ mechanic: msg.mechanic, params: msg.params });
    const reply = JSON.parse(computeJson(request));
    post({ type: "answer", id: msg.id, ...reply, ms: performance.now() - t });
  } catch (error) {
    post({ type: "answer", id: msg.id, error: { field: "", message: describe(error) } });
  }
}
