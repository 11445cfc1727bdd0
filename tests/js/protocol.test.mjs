// The messages between a page and its engine worker (engine/protocol.js): each kind
// made, sent through the structured clone a postMessage does, and read back on the
// side it goes to; anything else refused, naming what is wrong.
import assert from "node:assert/strict";
import { test } from "node:test";

import * as protocol from "../../build/chq_site/engine/protocol.js";

const { ProtocolError, read } = protocol;
const files = { "pyodide.asm.wasm": { bytes: 9598218, sha256: "0123456789abcdef", crc32: 12345 } };
const sent = [
  ["worker", protocol.init({ indexURL: "http://h/assets/engine/pyodide/", wheelURL: "http://h/w.whl",
                             snapshotURL: "http://h/s.bin", snapshotBytes: 31457424,
                             fetched: { "pyodide.asm.wasm": 9598218 }, files })],
  ["worker", protocol.init({ indexURL: "http://h/i/", wheelURL: "http://h/w.whl" })], // no snapshot
  ["worker", protocol.compute(1, "spotting", { distance: 18 }, "chq1-spotting")],
  ["worker", protocol.compute(2, "rally", { disruption: 2 })],
  ["worker", protocol.sweep(3, "supply", {}, { over: "supply_dice", target: "0.8" }, "chq1-supply-sweep")],
  ["worker", protocol.luck(4, "spotting", { distance: 18 }, { mine: 3, theirs: 0 }, "chq1-spotting-luck")],
  ["page", protocol.progress("download", 100, 2000)],
  ["page", protocol.alive()],
  ["page", protocol.ready("snapshot", { total: 2300.5 }, "")],
  ["page", protocol.ready("full", {}, "snapshot not used: truncated")],
  ["page", protocol.failed("Python gave no sign of life for 180 s")],
  ["page", protocol.answer(1, { result: { p_spotted: { value: 0.5, exact: "1/2" } } }, 3.5)],
  ["page", protocol.answer(2, { error: { field: "disruption", message: "enter a whole number" } }, 1)],
  ["page", protocol.answer(3, { superseded: true })],
];

test("every kind is made, cloned and read back as it was sent", () => {
  const kinds = new Set();
  for (const [to, message] of sent) {
    const arrived = structuredClone(message);
    assert.deepEqual(read(arrived, to), message);
    kinds.add(message.type);
  }
  assert.deepEqual([...kinds].sort(), Object.keys(protocol.KINDS).sort());
});

test("the constructors write the fields the other side reads", () => {
  assert.deepEqual(protocol.compute(7, "deploy", { units: 3 }, "k"),
                   { type: "compute", id: 7, key: "k", mechanic: "deploy", params: { units: 3 } });
  assert.deepEqual(protocol.answer(7, { superseded: true }), { type: "answer", id: 7, superseded: true });
  assert.equal(protocol.init({ indexURL: "a", wheelURL: "b" }).snapshotURL, "");
});

test("a message that is not of the protocol is refused, naming what is wrong", () => {
  const refused = [
    [null, "worker", /must be an object/],
    [{ type: "compute", id: 1, mechanic: "spotting" }, "worker", /compute: params is missing/],
    [{ type: "compute", id: "1", mechanic: "spotting", params: {} }, "worker", /compute: id is "1"/],
    [{ type: "hello" }, "page", /unknown message type "hello"/],
    [{ type: "toString" }, "page", /unknown message type "toString"/],
    [{ type: "progress", stage: "download", loaded: 1, total: 2 }, "worker", /goes to the page, not the worker/],
    [{ type: "progress", stage: "thinking", loaded: 1, total: 2 }, "page", /progress: stage is "thinking"/],
    [{ type: "ready", boot: "snapshot", timings: {}, note: "", extra: 1 }, "page", /ready: unknown field extra/],
    [{ type: "answer", id: 1 }, "page", /exactly one of result, error, superseded/],
    [{ type: "answer", id: 1, result: {}, error: { field: "", message: "" } }, "page", /exactly one/],
  ];
  for (const [message, to, why] of refused) {
    assert.throws(() => read(message, to), (error) => error instanceof ProtocolError && why.test(error.message),
                  JSON.stringify(message));
  }
  assert.throws(() => protocol.progress("nowhere", 0, 0), ProtocolError); // constructors check too
});

test("a sweep and a luck request carry their question, and no field left undefined", () => {
  const sweep = protocol.sweep(4, "close_assault", { att_dice: 6 }, { over: "att_dice", values: "1..12", target: "0.8" }, "k");
  assert.deepEqual(read(structuredClone(sweep), "worker"), {
    type: "sweep", id: 4, key: "k", mechanic: "close_assault", params: { att_dice: 6 },
    over: "att_dice", values: "1..12", target: "0.8" });
  assert.deepEqual(protocol.sweep(5, "supply", {}, { over: "supply_dice" }),
                   { type: "sweep", id: 5, mechanic: "supply", params: {}, over: "supply_dice" });
  assert.deepEqual(read(protocol.luck(6, "spotting", { distance: 18 }, { mine: 3, theirs: 0 }), "worker"),
                   { type: "luck", id: 6, mechanic: "spotting", params: { distance: 18 }, mine: 3, theirs: 0 });
  assert.throws(() => protocol.sweep(7, "supply", {}, {}), /sweep: over is missing/);
  assert.throws(() => protocol.luck(8, "spotting", {}, { mine: "3", theirs: 0 }), /luck: mine is "3"/);
  assert.throws(() => read({ type: "luck", id: 1, mechanic: "spotting", params: {}, mine: 1, theirs: 0 }, "page"),
                /goes to the worker, not the page/);
});
