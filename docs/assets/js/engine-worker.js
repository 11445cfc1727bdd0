/* Combat HQ Rules Companion: the calculator engine, a module web worker.
 *
 * One per tab (companion/engine.js starts it on the first page with a widget and keeps it
 * across Material's instant navigation). It loads the self-hosted Pyodide runtime
 * and the calculators wheel, then answers requests:
 *
 *   in:  {type: "init", indexURL, wheelURL, snapshotURL, snapshotBytes,
 *         fetched: {file: bytes}, files: {file: {bytes, sha256, crc32}}}    (once)
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
 * from it.
 */

let computeJson = null;
let started = null;
const queue = new Map(); // key -> the newest request with that key
let draining = false;

const post = (message) => self.postMessage(message);

/** Each step of the start, in ms from it (the "ready" message's timings): the first
 *  time a step is reached counts. */
let t0 = performance.now();
const timings = {};
const mark = (step) => { if (!(step in timings)) timings[step] = performance.now() - t0; };

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

/** The bytes of each download as it streams in, for an honest progress bar: only the
 *  files in `expected` (file name -> bytes) count, and it may lose one later (a
 *  snapshot given up on). */
let loaded = new Map();
let expected = {};
let lastReport = 0;
function report(force) {
  const total = Object.values(expected).reduce((a, b) => a + b, 0);
  const sum = [...loaded].reduce((a, [name, bytes]) => a + (name in expected ? bytes : 0), 0);
  const now = Date.now();
  if (!force && now - lastReport < 100) return;
  lastReport = now;
  post({ type: "progress", stage: sum >= total && total > 0 ? "start" : "download",
         loaded: Math.min(sum, total), total });
}

const realFetch = self.fetch.bind(self);
let checks = {}; // file name -> {bytes, sha256, crc32}, as the build made it
const checkMs = {}; // file name -> milliseconds spent checking it (in "ready"'s timings)
let failNow = () => {}; // ends the start at once (set by start())
const fileName = (url) => String(url).split("?")[0].split("#")[0].split("/").pop();

/** Pyodide's downloads go through here: a file the build lists is handed over only
 *  once checked, except the runtime, compiling since the worker started (early). Pyodide
 *  only logs a failed download of its runtime and waits for ever, so a file that stays
 *  wrong also ends the start at once (failNow). */
let runtime = null; // Promise of the compiled runtime (a WebAssembly.Module), or null
function hookFetch() {
  self.fetch = async (input, init) => {
    const url = typeof input === "string" ? input : (input && input.url) || String(input);
    const name = fileName(url);
    if (!(name in checks) && !(name in expected)) return realFetch(input, init);
    if (name.endsWith(".wasm") && runtime) {
      mark("runtimeRequested");
      return new Response(null, { status: 200, headers: { "content-type": "application/wasm" } }); // unread: see hookWasm
    }
    try {
      const got = await openChecked(url, init);
      const bytes = await got.read();
      if (name.endsWith(".zip")) mark("stdlibFetched");
      return new Response(bytes, { status: 200, headers: { "content-type": got.response.headers.get("content-type") || "" } });
    } catch (error) {
      failNow(error);
      throw error;
    }
  };
}

/** Ask for the runtime as the worker starts (it compiles as it streams in), with the
 *  snapshot (start), not once Pyodide's loader has been imported and run: in WebKit a
 *  worker's downloads pass through the page's own thread, busy while the page loads,
 *  and the loader alone took 0.1-1.4 s there. (Asking for the standard library and
 *  pyodide.asm.mjs early too was measured slower in WebKit: more bytes through that
 *  thread at once, and the runtime came later.) */
function early(indexURL) {
  const wasm = new URL("pyodide.asm.wasm", indexURL).href;
  if (checks[fileName(wasm)] && typeof WebAssembly.compileStreaming === "function") {
    runtime = compileRuntime(wasm);
    runtime.catch(() => {}); // said by hookWasm, when Pyodide asks for it
  }
}

/** The runtime, compiled as it arrives and checked at its end (streamChecked): a
 *  wrong one errors the stream, so its compiling fails, and it is fetched once more,
 *  past the browser's cache, and checked whole before it compiles. */
async function compileRuntime(url) {
  try {
    const module = await WebAssembly.compileStreaming(streamChecked(url, {}, fileName(url)));
    mark("compiled");
    return module;
  } catch (error) {
    let bytes;
    try {
      bytes = await (await openChecked(url, { cache: "reload" }, false)).read();
    } catch (again) {
      failNow(again);
      throw again;
    }
    try {
      const module = await WebAssembly.compile(bytes);
      mark("compiled");
      return module;
    } catch (wrong) {
      throw notStarted(wrong);
    }
  }
}

/** A runtime that will not compile or instantiate, said (and the start ended). */
function notStarted(error) {
  if (error && error.fatal) return error;
  const said = new Error(`its Python runtime did not start here (${describe(error)})`);
  failNow(said);
  return said;
}

/** The runtime as it arrives (WebAssembly compiles it meanwhile), checked at its end:
 *  a wrong one errors the stream, so its compiling fails, and compileRuntime fetches
 *  it again. Checked bytes are the build's: a server that labels it wrongly does not stop
 *  it (WebAssembly.instantiateStreaming insists on application/wasm). */
async function streamChecked(url, init, name) {
  const want = checks[name];
  const crc = !(self.crypto && self.crypto.subtle);
  const response = await get(url, init);
  const reader = response.ok ? response.body.getReader() : null;
  const chunks = [];
  let count = 0;
  let sum = -1;
  loaded.set(name, 0);
  const body = new ReadableStream({
    async pull(controller) {
      if (!reader) return controller.error(new Error(`HTTP ${response.status}`));
      const { done, value } = await reader.read();
      if (!done) {
        chunks.push(value);
        count += value.byteLength;
        if (crc) sum = timed(name, () => crc32(value, sum));
        loaded.set(name, count);
        report(false);
        return count > want.bytes ? controller.error(new Error("too long")) : controller.enqueue(value);
      }
      const bytes = new Uint8Array(count);
      for (let at = 0, i = 0; i < chunks.length; at += chunks[i].byteLength, i++) bytes.set(chunks[i], at);
      bytes.crc = (sum ^ -1) >>> 0;
      report(true);
      mark("runtimeFetched");
      const wrong = await mismatch(name, bytes, want, response);
      return wrong ? controller.error(new Error(wrong)) : controller.close();
    },
    cancel(reason) { reader && reader.cancel(reason); },
  });
  return new Response(body, { status: 200, headers: { "content-type": "application/wasm" } });
}

const timed = (name, fn) => {
  const t = performance.now();
  const value = fn();
  checkMs[name] = (checkMs[name] || 0) + performance.now() - t;
  return value;
};

/** Fetch `url`; once its answer (status and headers) is in, resolve to
 *  {response, read()}, where read() gives its body, checked against what the build
 *  made. A wrong answer (an error status, a wrong size or hash) is asked for once
 *  more past the browser's cache, which then keeps the right one. */
async function openChecked(url, init = {}, retry = true) {
  const name = fileName(url);
  const want = checks[name];
  let response = await get(url, init);
  if (!response.ok && want && retry) response = await get(url, { ...init, cache: "reload" });
  if (!response.ok) throw new Error(`could not load ${url} (HTTP ${response.status})`);
  const crc = Boolean(want) && !(self.crypto && self.crypto.subtle);
  const read = async () => {
    let bytes = await readCounting(response, name, crc);
    let wrong = want ? await mismatch(name, bytes, want, response) : "";
    if (!wrong) return bytes;
    if (retry) {
      const again = await get(url, { ...init, cache: "reload" });
      bytes = again.ok ? await readCounting(again, name, crc) : null;
      wrong = again.ok ? await mismatch(name, bytes, want, again) : `HTTP ${again.status}`;
      if (!wrong) return bytes;
    }
    throw damaged(name, wrong);
  };
  return { response, read };
}

/** A file that came wrong twice, in the player's words. */
function damaged(name, wrong) {
  return new Error(`a file it needs (${name}) arrived damaged twice (${wrong}). A Wi-Fi login ` +
                   "page or a proxy may be answering for the site: log in to the Wi-Fi if it asks, " +
                   "then reload this page");
}

async function get(url, init) {
  try {
    return await realFetch(url, init);
  } catch (error) {
    throw new Error(`could not load ${url} (${describe(error)})`);
  }
}

/** A response's body, its bytes counted for the progress bar as they come, and, when
 *  `crc` (see mismatch), its CRC-32 computed meanwhile (as `bytes.crc`). */
async function readCounting(response, name, crc) {
  loaded.set(name, 0);
  const chunks = [];
  let count = 0;
  let sum = -1;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    count += value.byteLength;
    if (crc) sum = timed(name, () => crc32(value, sum));
    loaded.set(name, count);
    report(false);
  }
  const bytes = new Uint8Array(count);
  for (let at = 0, i = 0; i < chunks.length; at += chunks[i].byteLength, i++) bytes.set(chunks[i], at);
  bytes.crc = (sum ^ -1) >>> 0;
  report(true);
  return bytes;
}

/** Why `bytes` are not the file `name` the build made (`want`), or "" when they are.
 *
 *  The check is SHA-256 where the browser has SubtleCrypto; it has it only in a secure
 *  context (https: or localhost), and a club's server on plain http://192.168.x.y is
 *  not one. There the check is the size and a CRC-32 of every byte, computed while the
 *  body streams in (on a real network the download hides it), which catches any page,
 *  cut or garbled transfer; it only cannot tell a file made on purpose to look like
 *  ours, which no Wi-Fi login or proxy error is. Measured on a 2-core machine under
 *  heavy load (tests/browser/test_engine_integrity.py prints them): SHA-256, off the
 *  worker's thread, 16-30 ms for the 9.6 MB runtime and 24-130 ms for the 6 MB
 *  snapshot; CRC-32 100-130 ms and 65-215 ms, spread over their downloads. No
 *  difference in the engine's start could be told from the noise (medians of six
 *  alternating starts: 3.35 s without the checks, 3.29 s with). */
async function mismatch(name, bytes, want, response) {
  if (bytes.byteLength !== want.bytes) {
    const type = response.headers.get("content-type") || "";
    const what = /html/i.test(type) || bytes[0] === 0x3c ? "a web page" : "a file";
    return `${what} of ${size(bytes.byteLength)} came instead of ${size(want.bytes)}`;
  }
  if (self.crypto && self.crypto.subtle) {
    const t = performance.now();
    const digest = new Uint8Array(await self.crypto.subtle.digest("SHA-256", bytes));
    checkMs[name] = performance.now() - t;
    const hex = Array.from(digest.subarray(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
    return hex === want.sha256 ? "" : "its bytes are not the ones the site was built with";
  }
  return bytes.crc === want.crc32 ? "" : "its bytes are not the ones the site was built with";
}

const size = (n) => (n >= 1e6 ? `${(n / 1e6).toFixed(1)} MB` : n >= 1e3 ? `${Math.round(n / 1e3)} kB` : `${n} bytes`);

let crcTables = null;
/** CRC-32 (zlib's) of `chunk`, continued from `crc` (start with -1; xor with -1 at the
 *  end); four bytes a step ("slicing by 4": about 2 ms a megabyte on a loaded 2-core
 *  machine). */
function crc32(chunk, crc) {
  const t = crcTables || (crcTables = new Int32Array(1024));
  if (!t[1]) {
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      t[n] = c;
    }
    for (let k = 256; k < 1024; k++) t[k] = t[t[k - 256] & 0xff] ^ (t[k - 256] >>> 8);
  }
  let c = crc;
  let i = 0;
  for (const end = chunk.length - (chunk.length & 3); i < end; i += 4) {
    c ^= chunk[i] | (chunk[i + 1] << 8) | (chunk[i + 2] << 16) | (chunk[i + 3] << 24);
    c = t[768 + (c & 0xff)] ^ t[512 + ((c >>> 8) & 0xff)] ^ t[256 + ((c >>> 16) & 0xff)] ^ t[c >>> 24];
  }
  for (; i < chunk.length; i++) c = t[(c ^ chunk[i]) & 0xff] ^ (c >>> 8);
  return c;
}

/** Pyodide's instantiateStreaming gets the runtime compiled since the start (early):
 *  the same module for the full boot after a snapshot given up on, never compiled
 *  twice. Pyodide only logs a runtime that did not compile or instantiate (and waits
 *  for ever): here any failure, or a second wrong copy (compileRuntime), ends the start
 *  at once. */
function hookWasm() {
  const real = WebAssembly.instantiateStreaming;
  if (typeof real !== "function") return;
  WebAssembly.instantiateStreaming = async function (source, imports) {
    mark("compileCalled");
    try {
      if (!runtime) return await real.call(this, source, imports);
      const module = await runtime;
      const instance = await WebAssembly.instantiate(module, imports);
      mark("runtimeInstantiated");
      return { module, instance };
    } catch (error) {
      throw notStarted(error);
    }
  };
}

async function start({ indexURL, wheelURL, snapshotURL, snapshotBytes, fetched, files }) {
  t0 = performance.now();
  // Each step in ms from this start (mark); the start itself as a wall-clock time (the
  // page's clock has another origin): tools/bench_site and tools/bench_browsers report them.
  timings.startedAt = performance.timeOrigin + t0;
  const quiet = { stdout: () => {}, stderr: () => {} };
  // A sign of life between the long steps of starting Python: the page waits for a
  // slow engine that is getting on, and gives up on a silent one. An error ends the
  // wait at once: loadPyodide() is raced with `fatal`.
  const alive = setInterval(() => post({ type: "alive" }), 1000);
  let stop = null;
  const fatal = new Promise((_, reject) => { stop = reject; });
  fatal.catch(() => {});
  failNow = (error) => stop(Object.assign(error instanceof Error ? error : new Error(String(error)), { fatal: true }));
  const until = (promise) => Promise.race([promise, fatal]);
  try {
    const inflating = Boolean(snapshotURL) && typeof DecompressionStream === "function";
    expected = { ...(fetched || {}) };
    if (!inflating && snapshotURL) delete expected[fileName(snapshotURL)];
    checks = files || {};
    hookFetch();
    hookWasm();
    report(true);
    early(indexURL);
    const snapshot = inflating ? openChecked(snapshotURL) : null;
    snapshot && snapshot.catch(() => {}); // said below: a full boot
    const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
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
        computeJson = pyodide.pyimport("calculators").compute_json;
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
      post({ type: "progress", stage: "calculators", loaded: 1, total: 1 });
      pyodide.unpackArchive(await wheel, "wheel");
      computeJson = pyodide.pyimport("calculators").compute_json;
      check();
    }
    mark("total");
    timings.checks = { how: self.crypto && self.crypto.subtle ? "sha256" : "crc32", ms: checkMs };
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

// Started early from a calculator page's <head> (overrides/main.html): the init
// arrives in the script's own fragment, so Python starts before the page has loaded.
// (Last: everything above is defined by then.)
if (self.location.hash.length > 1) {
  try {
    started = start(JSON.parse(decodeURIComponent(self.location.hash.slice(1))));
  } catch (_) { /* a bad fragment: wait for the page's init message instead */ }
}
