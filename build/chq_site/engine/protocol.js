/* The messages between a page and its engine worker: one module, bundled by esbuild
 * into both sides (the page's script and engine-worker.js), so that a kind or a field
 * is named once.
 *
 *   page -> worker  init     {indexURL, wheelURL, snapshotURL, snapshotBytes, fetched, files}   (once)
 *                   compute  {id, key, mechanic, params}
 *                   sweep    {id, key, mechanic, params, over, values, target}   ("What do I need?")
 *                   luck     {id, key, mechanic, params, mine, theirs}           ("How lucky was that?")
 *   worker -> page  progress {stage: "download"|"start"|"calculators", loaded, total}
 *                   alive    {}   (every second while starting, whenever the worker is free)
 *                   ready    {boot: "snapshot"|"full", timings, note}
 *                   failed   {message}
 *                   answer   {id, result} | {id, error: {field, message}} | {id, superseded: true}
 *
 * A sweep or a luck request is answered as a compute is (calculators.sweep_json and
 * luck_json: the same {result} | {error}), in the same queue: a request supersedes
 * the older one with the same key, whatever its kind.
 *
 * Each message is a plain object with its kind in `type` (structured-clone safe). The
 * constructors below make them; read() checks one that arrived and refuses, naming
 * the field, anything else: a message from another build of the site (an old worker
 * kept by instant navigation, a cached script) fails loudly, not as a silent wait.
 */

const string = (value) => typeof value === "string";
const number = (value) => typeof value === "number" && Number.isFinite(value);
const object = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const optional = (check) => (value) => value === undefined || check(value);

/** Each kind, the side it goes to, and a check of each field it must carry. */
export const KINDS = Object.freeze({
  init: { to: "worker", fields: { indexURL: string, wheelURL: string, snapshotURL: string,
                                  snapshotBytes: number, fetched: object, files: object } },
  compute: { to: "worker", fields: { id: number, key: optional(string), mechanic: string, params: object } },
  sweep: { to: "worker", fields: { id: number, key: optional(string), mechanic: string, params: object,
                                  over: string, values: optional(string), target: optional(string) } },
  luck: { to: "worker", fields: { id: number, key: optional(string), mechanic: string, params: object,
                                 mine: number, theirs: number } },
  progress: { to: "page", fields: { stage: (s) => ["download", "start", "calculators"].includes(s),
                                    loaded: number, total: number } },
  alive: { to: "page", fields: {} },
  ready: { to: "page", fields: { boot: (b) => b === "snapshot" || b === "full", timings: object, note: string } },
  failed: { to: "page", fields: { message: string } },
  answer: { to: "page", fields: { id: number, result: optional(object), error: optional(object),
                                  superseded: optional((s) => s === true), ms: optional(number) } },
});

export class ProtocolError extends Error {}

/** ``fields`` without those left undefined (a message carries no empty field). */
function drop(fields) {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

/** The message of kind `type` with `fields`, checked as read() would check it. */
function make(type, fields) {
  return read({ type, ...fields }, KINDS[type].to);
}

export const init = ({ indexURL, wheelURL, snapshotURL = "", snapshotBytes = 0, fetched = {}, files = {} }) =>
  make("init", { indexURL, wheelURL, snapshotURL, snapshotBytes, fetched, files });
export const compute = (id, mechanic, params, key) =>
  make("compute", key === undefined ? { id, mechanic, params } : { id, key, mechanic, params });
/** "What do I need?": the chance for each of ``values`` ("A..B", or undefined: the
 *  package's own) of the whole-number input ``over``, and the fewest for ``target``
 *  (text, "0.8" or "80%"; undefined: none). */
export const sweep = (id, mechanic, params, { over, values, target }, key) =>
  make("sweep", drop({ id, key, mechanic, params, over, values, target }));
/** "How lucky was that?": ``mine`` successes against ``theirs``. */
export const luck = (id, mechanic, params, { mine, theirs }, key) =>
  make("luck", drop({ id, key, mechanic, params, mine, theirs }));
export const progress = (stage, loaded, total) => make("progress", { stage, loaded, total });
export const alive = () => make("alive", {});
export const ready = (boot, timings, note = "") => make("ready", { boot, timings, note });
export const failed = (message) => make("failed", { message });
/** An answer: `reply` is what calculators.compute_json gave ({result} or {error}),
 *  or {superseded: true}; `ms` the time it took. */
export const answer = (id, reply, ms) => make("answer", ms === undefined ? { id, ...reply } : { id, ...reply, ms });

/** `message` as it arrived on side `to` ("worker" or "page"), or a ProtocolError
 *  naming what is wrong with it. */
export function read(message, to) {
  if (!object(message)) throw new ProtocolError("a message must be an object");
  const kind = KINDS[message.type];
  if (!kind || !Object.prototype.hasOwnProperty.call(KINDS, message.type)) {
    throw new ProtocolError(`unknown message type ${JSON.stringify(message.type)}`);
  }
  if (kind.to !== to) throw new ProtocolError(`a ${message.type} message goes to the ${kind.to}, not the ${to}`);
  for (const [field, check] of Object.entries(kind.fields)) {
    if (!check(message[field])) {
      throw new ProtocolError(`${message.type}: ${field} is ${JSON.stringify(message[field]) ?? "missing"}`);
    }
  }
  for (const field of Object.keys(message)) {
    if (field !== "type" && !Object.prototype.hasOwnProperty.call(kind.fields, field)) {
      throw new ProtocolError(`${message.type}: unknown field ${field}`);
    }
  }
  if (message.type === "answer" && [message.result, message.error, message.superseded].filter((v) => v !== undefined).length !== 1) {
    throw new ProtocolError("answer: exactly one of result, error, superseded");
  }
  return message;
}
