/* Combat HQ Rules Companion: the calculator engine, a module web worker.
 *
 * One per tab (companion.js starts it on the first page with a widget and keeps it
 * across Material's instant navigation). It loads the self-hosted Pyodide runtime
 * and the calculators wheel, then answers requests:
 *
 *   in:  {type: "init", indexURL, wheelURL, fetched: {file: bytes}}    (once)
 *        {type: "compute", id, key, mechanic, params}
 *   out: {type: "progress", stage: "download"|"start"|"calculators", loaded, total}
 *        {type: "ready", timings} | {type: "failed", message}
 *        {type: "answer", id, result} | {type: "answer", id, error: {field, message}}
 *        {type: "answer", id, superseded: true}   (a newer request with the same key came in)
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
  const total = Object.values(fetched || {}).reduce((a, b) => a + b, 0);
  const loaded = new Map();
  let last = 0;
  const report = (force) => {
    const sum = [...loaded.values()].reduce((a, b) => a + b, 0);
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

async function start({ indexURL, wheelURL, fetched }) {
  const t0 = performance.now();
  const timings = {};
  try {
    meterDownloads(fetched);
    // The wheel downloads while Python starts, and is unpacked straight into
    // site-packages (no package manager round trips).
    const wheel = fetch(wheelURL).then(
      (response) => {
        if (!response.ok) throw new Error(`could not load ${wheelURL} (HTTP ${response.status})`);
        return response.arrayBuffer();
      },
      (error) => { throw new Error(`could not load ${wheelURL} (${describe(error)})`); },
    );
    wheel.catch(() => {}); // awaited below; a failure is reported there
    const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
    const pyodide = await loadPyodide({
      indexURL,
      stdout: () => {},
      stderr: () => {},
    });
    timings.loadPyodide = performance.now() - t0;
    post({ type: "progress", stage: "calculators", loaded: 1, total: 1 });
    pyodide.unpackArchive(new Uint8Array(await wheel), "wheel");
    const calculators = pyodide.pyimport("calculators");
    computeJson = calculators.compute_json;
    // One real call before saying "ready": proves the package imports and answers.
    JSON.parse(computeJson(JSON.stringify({ mechanic: "supply", params: { supply_dice: 3 } })));
    timings.total = performance.now() - t0;
    post({ type: "ready", timings });
    drain();
  } catch (error) {
    computeJson = null;
    post({ type: "failed", message: plain(describe(error)) });
  }
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
