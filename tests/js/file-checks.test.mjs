// The engine's file checks (engine/engine-worker/verdict.js), as Python lists a file
// (chq_site/engine/engine.py check_of: bytes, SHA-256's first 16 hex digits, CRC-32; the offline
// copy's service worker compares the same SHA-256 start): the digests the worker and
// the service worker compute give Python's, and what a check concludes, in a player's words.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  NOT_THE_BUILDS, crc32, crc32Done, damagedWords, hexStart, mismatch, sizeWords,
} from "../../build/chq_site/engine/engine-worker/verdict.js";
import { golden } from "./golden.mjs";

const { checks } = golden("offline");
const bytesOf = (hex) => Uint8Array.from(hex.match(/../g) || [], (pair) => parseInt(pair, 16));

test("the SHA-256 start and the CRC-32 of a file are Python's", async () => {
  for (const { hex, bytes, sha256, crc32: want } of checks) {
    const data = bytesOf(hex);
    assert.equal(data.length, bytes);
    assert.equal(hexStart(await crypto.subtle.digest("SHA-256", data)), sha256, hex);
    assert.equal(crc32Done(crc32(data, -1)), want, `crc32 of ${hex}`);
    // In chunks as a body streams in, of any length: the same sum.
    let sum = -1;
    for (let at = 0; at < data.length; at += 7) sum = crc32(data.subarray(at, at + 7), sum);
    assert.equal(crc32Done(sum), want, `crc32 of ${hex} in chunks`);
  }
});

test("a body is the build's file when its size and digest are", () => {
  const [, abc] = checks;
  const want = { bytes: abc.bytes, sha256: abc.sha256, crc32: abc.crc32 };
  assert.equal(mismatch({ length: 3, first: 0x61, type: "", sha256: abc.sha256 }, want), "");
  assert.equal(mismatch({ length: 3, first: 0x61, type: "", crc32: abc.crc32 }, want), "", "no SubtleCrypto: CRC-32");
  assert.equal(mismatch({ length: 3, first: 0x61, type: "", sha256: "0".repeat(16) }, want), NOT_THE_BUILDS);
  assert.equal(mismatch({ length: 3, first: 0x61, type: "", crc32: abc.crc32 + 1 }, want), NOT_THE_BUILDS);
});

test("a body of another size is named: a web page (by its type or its first byte) or a file", () => {
  const want = { bytes: 9_598_218, sha256: "", crc32: 0 };
  assert.equal(mismatch({ length: 4_210, first: 0x3c, type: "" }, want),
               "a web page of 4 kB came instead of 9.6 MB");
  assert.equal(mismatch({ length: 120, first: 0x7b, type: "text/html; charset=utf-8" }, want),
               "a web page of 120 bytes came instead of 9.6 MB");
  assert.equal(mismatch({ length: 5_000_000, first: 0, type: "application/wasm" }, want),
               "a file of 5.0 MB came instead of 9.6 MB");
  assert.deepEqual([0, 999, 1000, 1499, 999_999, 1e6].map(sizeWords),
                   ["0 bytes", "999 bytes", "1 kB", "1 kB", "1000 kB", "1.0 MB"]);
});

test("a file damaged twice, or saved damaged with no connection, is said in a player's words", () => {
  assert.match(damagedWords("pyodide.asm.wasm", "a web page of 4 kB came instead of 9.6 MB"),
               /^a file it needs \(pyodide\.asm\.wasm\) arrived damaged twice \(a web page of 4 kB .*\)\. A Wi-Fi login page/);
  assert.match(damagedWords("snapshot.bin", "", true),
               /^the copy of a file it needs \(snapshot\.bin\) saved on this device is damaged, and there is no connection/);
});
