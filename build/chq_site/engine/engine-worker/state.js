/* The engine worker's shared parts: its messages out, the clock of its start's steps,
 * its progress bar, and the build's list of file checks (engine-worker.js sets them
 * as it starts: setExpected, setChecks, setFailNow, restartClock).
 */

import * as protocol from "../protocol.js";

export const post = (message) => self.postMessage(message);

/** Each step of the start, in ms from it (the "ready" message's timings): the first
 *  time a step is reached counts. */
let t0 = performance.now();
export const timings = {};
export const mark = (step) => { if (!(step in timings)) timings[step] = performance.now() - t0; };

/** The start's clock from now (start() calls it): the time it restarted at. */
export function restartClock() {
  t0 = performance.now();
  return t0;
}

export function describe(error) {
  if (!error) return "unknown error";
  const text = String((error && error.message) || error);
  // Python tracebacks: the last line says what happened.
  const lines = text.trim().split("\n");
  return lines[lines.length - 1].slice(0, 300);
}

/** The bytes of each download as it streams in, for an honest progress bar: only the
 *  files in `expected` (file name -> bytes) count, and it may lose one later (a
 *  snapshot given up on). */
export let loaded = new Map();
export let expected = {};
let lastReport = 0;
export function report(force) {
  const total = Object.values(expected).reduce((a, b) => a + b, 0);
  const sum = [...loaded].reduce((a, [name, bytes]) => a + (name in expected ? bytes : 0), 0);
  const now = Date.now();
  if (!force && now - lastReport < 100) return;
  lastReport = now;
  post(protocol.progress(sum >= total && total > 0 ? "start" : "download", Math.min(sum, total), total));
}

/** The files whose bytes count in the progress bar (file name -> bytes). */
export function setExpected(files) {
  expected = files;
}

export let checks = {}; // file name -> {bytes, sha256, crc32}, as the build made it
export const checkMs = {}; // file name -> milliseconds spent checking it (in "ready"'s timings)
export let failNow = () => {}; // ends the start at once (set by start())
export const fileName = (url) => String(url).split("?")[0].split("#")[0].split("/").pop();

/** The build's checks of its files (file name -> {bytes, sha256, crc32}). */
export function setChecks(files) {
  checks = files;
}

/** What ends the start at once (start() sets it, with the start's own reject). */
export function setFailNow(fail) {
  failNow = fail;
}
