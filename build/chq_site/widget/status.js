/* A widget's engine status line (.chq-status): what the engine is doing while it
 * loads, nothing once it is ready, and, when it could not load, why and what the
 * widget can still show (the answers computed when the site was built). */

import { el, sentence } from "./util.js";

/** Show the engine's state (data-engine, the status line, the progress bar); false
 *  when the engine failed: the widget then shows its fallback. The status keeps one
 *  size in every state (status.css): the answer and the controls under it never
 *  move as the engine gets ready, nor when it fails. */
export function showEngine(root, state) {
  const status = root.querySelector(".chq-status");
  const text = status.querySelector(".chq-status__text");
  const bar = status.querySelector(".chq-status__bar");
  root.dataset.engine = state.phase === "failed" ? "error" : state.phase;
  if (state.boot) root.dataset.engineBoot = state.boot; // "snapshot" | "full"
  if (state.phase === "failed") return false;
  const words = engineWords(state);
  status.hidden = false;
  // The seconds tick visibly but are not read out every second (role="status").
  const waited = el("span", { class: "chq-status__elapsed", "aria-hidden": "true", text: words.elapsed });
  text.replaceChildren(words.main, detail(words.detail, waited));
  bar.hidden = words.bar === null;
  if (words.bar !== null) bar.value = words.bar;
  return true;
}

/** The engine's state in words, as the status shows it: ``main`` (one short line),
 *  ``detail`` (what is downloaded, how big, where from), ``elapsed`` (the seconds
 *  waited, from 2 s on) and ``bar`` (0-100, or null: no bar). The size is said only
 *  where a download waits: not once the engine is saved on this device
 *  (``state.saved``: the offline copy answers the page), nor once it is ready. */
export function engineWords(state) {
  const size = aboutMegabytes(state.sent);
  const once = size ? `${size}, once` : "once";
  const elapsed = state.phase === "loading" && state.elapsed >= 2 ? ` ${state.elapsed} s so far.` : "";
  if (state.phase === "ready") {
    return { main: "Calculator ready.", detail: "Change any input: its answer is worked out here, in your browser.",
             elapsed: "", bar: null };
  }
  if (state.phase === "idle") {
    return { main: "This calculator gets ready when you scroll to it.",
             detail: state.saved ? "Its engine is saved on this device." : `It downloads its engine first: ${once}.`,
             elapsed: "", bar: null };
  }
  if (state.stage === "calculators" || state.stage === "start") {
    return { main: "Getting the calculator ready… almost there.",
             detail: state.stage === "start" ? "Starting the engine (Python in your browser)."
               : "Loading the calculators into the engine.",
             elapsed, bar: state.stage === "start" ? 88 : 95 };
  }
  const done = state.total ? Math.min(1, state.loaded / state.total) : 0;
  return { main: `Getting the calculator ready… ${Math.round(done * 100)}%.`,
           detail: state.saved ? "Loading its engine from this device."
             : `Downloading its engine: ${once}. The rules stay readable meanwhile.`,
           elapsed, bar: Math.round(done * 85) };
}

/** A download's size as a player reads it: "about 13 MB" ("" when not known). */
export function aboutMegabytes(bytes) {
  if (!(bytes > 0)) return "";
  const mb = bytes / 1e6;
  return `about ${mb >= 10 ? Math.round(mb) : Number(mb.toFixed(1))} MB`;
}

/** The status's second line: the figures behind the main one (size, what runs). */
function detail(text, ...more) {
  return el("span", { class: "chq-status__detail" }, [text, ...more]);
}

/** The engine could not load (``reason``): say so, and point to the build-time
 * table. A calculator page's own widget opens it; a card in the rules text leaves it
 * as the reader left it: the engine fails for every card of the page at once, and
 * opening each card's table (300-700 px each) moved the text under the reader. */
export function showFailure(root, reason) {
  const status = root.querySelector(".chq-status");
  status.hidden = false;
  const bar = status.querySelector(".chq-status__bar");
  bar.hidden = true;
  const clean = String(reason || "unknown error").replace(/[.\s]+$/, "");
  const table = root.querySelector(".chq-table");
  const opens = Boolean(table) && root.dataset.mode !== "compact";
  status.querySelector(".chq-status__text").textContent =
    `The calculator engine could not load here: ${clean}. The table below was computed when the site was built` +
    (table && !opens && !table.open ? ` (tap “${table.querySelector("summary").textContent.trim()}” to open it).` : ".");
  root.dataset.engine = "error";
  if (opens) table.open = true;
  // The status keeps its size (status.css): a reason longer than it holds scrolls in
  // it, and a box that scrolls must be reachable from the keyboard.
  if (status.scrollHeight > status.clientHeight) status.tabIndex = 0;
}

/** What an answer waits for while the engine works it out (or gets ready). */
export function waitingHint(phase) {
  return phase === "ready" ? "Working out the answer for these inputs…"
    : "These inputs need the calculator’s engine: their answer comes when it is ready.";
}

/** What an answer waits for while a field is typed in: the field and what it takes. */
export function typingHint(spec, error) {
  const param = spec.params.find((p) => p.name === error.field);
  return sentence(`${param ? param.label : error.field}: ${error.message}`);
}

/** Where the answer would be, with no engine and no answer for the inputs shown. */
export function withoutEngineHint(root) {
  const examples = root.querySelector(".chq-presets") ? ", or pick a “Try it” example" : "";
  return "Without the engine, only the answers computed when the site was built " +
         `can be shown here: press Reset${examples}.`;
}

/** Something went wrong in the widget's own code: say so in its status line. */
export function showProblem(root, text) {
  const status = root.querySelector(".chq-status__text");
  if (status) status.textContent = text;
  root.dataset.state = "error";
}
