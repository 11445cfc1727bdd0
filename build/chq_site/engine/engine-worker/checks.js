/* The engine worker's file checks: each file the build lists (build/chq_site/engine.py
 * file_checks) is checked before it is used, its size, then its SHA-256 (or, where the
 * browser has no SubtleCrypto, its CRC-32, computed as it streams in); a wrong one is
 * asked for once more past the browser's cache (cache: "reload"). The offline copy's
 * service worker (build/chq_site/sw_template.js again()) answers that from the network
 * and keeps the good copy; offline, it checks its own copy and, damaged, answers
 * "x-chq-saved: damaged", said here in the player's words.
 */

import { checkMs, checks, describe, fileName, loaded, mark, report } from "./state.js";

export const realFetch = self.fetch.bind(self);

/** The runtime as it arrives (WebAssembly compiles it meanwhile), checked at its end:
 *  a wrong one errors the stream, so its compiling fails, and compileRuntime fetches
 *  it again. Checked bytes are the build's: a server that labels it wrongly does not stop
 *  it (WebAssembly.instantiateStreaming insists on application/wasm). */
export async function streamChecked(url, init, name) {
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
export async function openChecked(url, init = {}, retry = true) {
  const name = fileName(url);
  const want = checks[name];
  let response = await get(url, init);
  if (!response.ok && want && retry) response = await get(url, { ...init, cache: "reload" });
  if (savedDamaged(response)) throw damaged(name, "", true);
  if (!response.ok) throw new Error(`could not load ${url} (HTTP ${response.status})`);
  const crc = Boolean(want) && !(self.crypto && self.crypto.subtle);
  const read = async () => {
    let bytes = await readCounting(response, name, crc);
    let wrong = want ? await mismatch(name, bytes, want, response) : "";
    if (!wrong) return bytes;
    if (retry) {
      const again = await get(url, { ...init, cache: "reload" });
      if (savedDamaged(again)) throw damaged(name, wrong, true);
      bytes = again.ok ? await readCounting(again, name, crc) : null;
      wrong = again.ok ? await mismatch(name, bytes, want, again) : `HTTP ${again.status}`;
      if (!wrong) return bytes;
    }
    throw damaged(name, wrong);
  };
  return { response, read };
}

/** A file that came wrong twice, in the player's words; `saved`: the offline copy's,
 *  damaged, and no network to fetch it again (a Wi-Fi login is not the cause then). */
function damaged(name, wrong, saved = false) {
  if (saved) {
    return new Error(`the copy of a file it needs (${name}) saved on this device is damaged, and ` +
                     "there is no connection to fetch it again: that happens by itself the next time " +
                     "this device is online");
  }
  return new Error(`a file it needs (${name}) arrived damaged twice (${wrong}). A Wi-Fi login ` +
                   "page or a proxy may be answering for the site: log in to the Wi-Fi if it asks, " +
                   "then reload this page");
}

/** The offline copy's answer for a saved copy it found damaged, offline. */
const savedDamaged = (response) => !response.ok && response.headers.get("x-chq-saved") === "damaged";

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
