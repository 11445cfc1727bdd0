/* The engine worker's file checks: each file the build lists (build/chq_site/engine/engine.py
 * file_checks) is checked before it is used, its size, then its SHA-256 (or, where the
 * browser has no SubtleCrypto, its CRC-32, computed as it streams in); a wrong one is
 * asked for once more past the browser's cache (cache: "reload"). The offline copy's
 * service worker (build/chq_site/offline/sw_template.js again()) answers that from the
 * network and keeps the good copy; offline, it checks its own copy and, damaged, answers
 * "x-chq-saved: damaged", said here in the player's words. What a check concludes, and
 * in which words, is verdict.js (checked under Node against Python's digests).
 */

import { checkMs, checks, describe, fileName, loaded, mark, report } from "./state.js";
import { crc32, crc32Done, damagedWords, hexStart, mismatch as verdict } from "./verdict.js";

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
      bytes.crc = crc32Done(sum);
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

/** A file that came wrong twice, in the player's words (verdict.js damagedWords). */
const damaged = (name, wrong, saved = false) => new Error(damagedWords(name, wrong, saved));

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
  bytes.crc = crc32Done(sum);
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
  const got = { length: bytes.byteLength, first: bytes[0], type: response.headers.get("content-type") || "" };
  if (got.length === want.bytes) {
    if (self.crypto && self.crypto.subtle) {
      const t = performance.now();
      got.sha256 = hexStart(await self.crypto.subtle.digest("SHA-256", bytes));
      checkMs[name] = performance.now() - t;
    } else {
      got.crc32 = bytes.crc;
    }
  }
  return verdict(got, want);
}
