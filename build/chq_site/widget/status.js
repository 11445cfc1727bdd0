/* A widget's engine status line (.chq-status): what the engine is doing while it
 * loads, nothing once it is ready, and, when it could not load, why and what the
 * widget can still show (the answers computed when the site was built). */

import { el, megabytes, sentence } from "./util.js";

/** Show the engine's state (data-engine, the status line, the progress bar); false
 *  when the engine failed: the widget then shows its fallback. */
export function showEngine(root, state) {
  const status = root.querySelector(".chq-status");
  const text = status.querySelector(".chq-status__text");
  const bar = status.querySelector(".chq-status__bar");
  root.dataset.engine = state.phase === "failed" ? "error" : state.phase;
  if (state.boot) root.dataset.engineBoot = state.boot; // "snapshot" | "full"
  if (state.phase === "failed") return false;
  if (state.phase === "ready") {
    text.textContent = "";
    bar.hidden = true;
    status.hidden = true;
    return true;
  }
  status.hidden = false;
  // The main line says what it means at the table; the figures (what is downloaded,
  // how big) go on a smaller line under it.
  const size = state.bytes ? `, ${megabytes(state.bytes)}` : "";
  if (state.phase === "idle") {
    text.replaceChildren("This calculator gets ready when you scroll to it.",
                         detail(`It downloads its engine (Python in your browser${size}) once per visit.`));
    bar.hidden = true;
    return true;
  }
  bar.hidden = false;
  // The seconds tick visibly but are not read out every second (role="status").
  const waited = el("span", { class: "chq-status__elapsed", "aria-hidden": "true",
                              text: state.elapsed >= 2 ? ` ${state.elapsed} s so far.` : "" });
  if (state.stage === "calculators") {
    text.replaceChildren("Getting the calculator ready… almost there.", waited,
                         detail("Loading the calculators into the engine."));
    bar.value = 95;
  } else if (state.stage === "start") {
    text.replaceChildren("Getting the calculator ready… almost there.", waited,
                         detail("Starting the engine (Python in your browser)."));
    bar.value = 88;
  } else {
    const done = state.total ? Math.min(1, state.loaded / state.total) : 0;
    text.replaceChildren(`Getting the calculator ready… ${Math.round(done * 100)}%.`, waited,
                         " The rules stay readable meanwhile.",
                         detail(`Downloading its engine (Python in your browser${size}), once per visit.`));
    bar.value = Math.round(done * 85);
  }
  return true;
}

/** The status's second line: the figures behind the main one (size, what runs). */
function detail(text) {
  return el("span", { class: "chq-status__detail", text });
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
