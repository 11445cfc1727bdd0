/* The engine worker's runtime: asked for and compiled as the worker starts (early),
 * handed to Pyodide when its loader asks for it (hookFetch, hookWasm), never compiled
 * twice.
 */

import { openChecked, realFetch, streamChecked } from "./checks.js";
import { checks, describe, expected, failNow, fileName, mark } from "./state.js";

/** Pyodide's downloads go through here: a file the build lists is handed over only
 *  once checked, except the runtime, compiling since the worker started (early). Pyodide
 *  only logs a failed download of its runtime and waits for ever, so a file that stays
 *  wrong also ends the start at once (failNow). */
let runtime = null; // Promise of the compiled runtime (a WebAssembly.Module), or null
export function hookFetch() {
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
export function early(indexURL) {
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

/** Pyodide's instantiateStreaming gets the runtime compiled since the start (early):
 *  the same module for the full boot after a snapshot given up on, never compiled
 *  twice. Pyodide only logs a runtime that did not compile or instantiate (and waits
 *  for ever): here any failure, or a second wrong copy (compileRuntime), ends the start
 *  at once. */
export function hookWasm() {
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
