/* What the engine worker's file checks conclude (checks.js reads the bytes; these
 * decide): whether a body is the file the build made, in the player's words when not,
 * and the digests both the worker and the offline copy's service worker compare with
 * what the build lists (chq_site/engine/engine.py check_of, offline.py file_digest: the first
 * 16 hex digits of a SHA-256, a CRC-32). Node's tests hold them to golden values
 * Python writes (tests/js/file-checks.test.mjs).
 */

export const NOT_THE_BUILDS = "its bytes are not the ones the site was built with";

/** The first 16 hex digits of a SHA-256 digest (an ArrayBuffer or bytes), as the build lists them. */
export function hexStart(digest) {
  const bytes = digest instanceof Uint8Array ? digest : new Uint8Array(digest);
  return Array.from(bytes.subarray(0, 8), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Why a body is not the file the build made (`want`: {bytes, sha256, crc32}), or ""
 *  when it is. `got`: its length, its first byte, the content type it came with, and
 *  its SHA-256's start (where the browser can compute one) or else its CRC-32. */
export function mismatch(got, want) {
  if (got.length !== want.bytes) {
    const what = /html/i.test(got.type || "") || got.first === 0x3c ? "a web page" : "a file";
    return `${what} of ${sizeWords(got.length)} came instead of ${sizeWords(want.bytes)}`;
  }
  if (got.sha256 !== undefined) return got.sha256 === want.sha256 ? "" : NOT_THE_BUILDS;
  return got.crc32 === want.crc32 ? "" : NOT_THE_BUILDS;
}

/** A size in a player's words: "9.6 MB", "640 kB", "12 bytes". */
export function sizeWords(n) {
  return n >= 1e6 ? `${(n / 1e6).toFixed(1)} MB` : n >= 1e3 ? `${Math.round(n / 1e3)} kB` : `${n} bytes`;
}

/** Why a file that came wrong twice cannot be used, in the player's words; `saved`:
 *  the offline copy's, damaged, and no network to fetch it again (a Wi-Fi login is
 *  not the cause then). */
export function damagedWords(name, wrong, saved = false) {
  if (saved) {
    return `the copy of a file it needs (${name}) saved on this device is damaged, and ` +
           "there is no connection to fetch it again: that happens by itself the next time " +
           "this device is online";
  }
  return `a file it needs (${name}) arrived damaged twice (${wrong}). A Wi-Fi login ` +
         "page or a proxy may be answering for the site: log in to the Wi-Fi if it asks, " +
         "then reload this page";
}

let crcTables = null;
/** CRC-32 (zlib's) of `chunk`, continued from `crc` (start with -1; xor with -1 at the
 *  end: crc32Done); four bytes a step ("slicing by 4": about 2 ms a megabyte on a loaded
 *  2-core machine). */
export function crc32(chunk, crc) {
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

/** The CRC-32 of the chunks crc32 was given, as zlib gives it (an unsigned number). */
export const crc32Done = (crc) => (crc ^ -1) >>> 0;
