/* A widget's answer, drawn the same way whoever computed it (the build or the
 * engine): the headline (a percentage; a tap opens its exact value beside it, as the
 * cue under it says), the figures, the charts and the working (full widgets only), and the
 * steps of the explanation. An answer from an answer table is "partial": it has no
 * chart and no working yet. */

import { renderCharts } from "./charts.js";
import { engine } from "../engine/engine.js";
import { headlineFor } from "./headline.js";
import { exact, exactRange, fixed, pct, pctRange } from "./printing.js";
import { besideText, endsText } from "./range-words.js";
import { el, fill } from "./util.js";

/** The line under the headline button that says what a tap on it shows. */
function cueText(exact, hasFraction) {
  if (exact) return "Tap to hide the exact value";
  return hasFraction ? "Tap for the exact fraction" : "Tap for more digits";
}

/** Two probabilities that are the same chance (exactly, when both are exact). */
function sameChance(a, b) {
  return a.exact && b.exact ? a.exact === b.exact : Number(a.value) === Number(b.value);
}

export class ResultView {
  /** ``root``: the widget; ``spec``: its data-spec; ``uid``: a page-unique name
   *  (for the chart's radio group); ``guard``: runs a callback, showing its error. */
  constructor(root, spec, uid, guard) {
    this.root = root;
    this.spec = spec;
    this.uid = uid;
    this.guard = guard;
    this.result = null; // the answer shown
    this.showExact = false; // the headline's exact value shown beside it
    // The charts: "exactly" | "at-least", from the chart that says (a Blind's move: at least).
    this.view = ((spec.charts || []).find((chart) => chart.view) || { view: "exactly" }).view;
  }

  /** Draw ``this.result`` everywhere it shows. */
  render() {
    this.renderHeadline();
    this.renderFigures();
    const partial = Boolean(this.result.partial); // from the answer table: no chart, no working
    this.root.classList.toggle("chq-partial", partial);
    if (this.spec.mode === "full") {
      if (partial) {
        const later = el("p", { class: "chq-chart__empty",
                                text: engine.state.phase === "failed"
                                  ? "The chart and the working need the engine, which could not load here."
                                  : "The chart and the working come with the engine’s full answer." });
        for (const box of this.root.querySelectorAll(".chq-charts, .chq-details")) box.replaceChildren();
        const charts = this.root.querySelector(".chq-charts");
        if (charts) charts.append(later);
      } else {
        renderCharts(this);
        this.renderDetails();
      }
    }
    const explain = this.root.querySelector(".chq-explain");
    explain.replaceChildren(...(this.result.explain || []).map((step) => el("li", { text: step })));
  }

  /** No answer for the inputs shown: the headline shows ``shown`` ("…", "–"), no
   *  figure of other inputs stays in view (chq-stale hides them, keeping their place),
   *  and ``hint`` says why where the answer would be. */
  clear(shown, hint) {
    this.result = null;
    this.root.classList.add("chq-stale");
    const headline = this.root.querySelector("[data-headline]");
    headline.textContent = shown;
    headline.dataset.value = "";
    headline.dataset.exact = "";
    for (const node of this.root.querySelectorAll("[data-ends], [data-beside], [data-headline-cue], [data-headline-exact]")) {
      node.hidden = true;
    }
    const note = this.root.querySelector(".chq-output__hint");
    note.textContent = hint;
    note.hidden = false;
  }

  /** The headline button: its exact value, beside the percentage, shown or not. */
  toggleExact() {
    this.showExact = !this.showExact;
    this.renderHeadline();
  }

  renderHeadline() {
    const headline = this.root.querySelector("[data-headline]");
    const result = this.result;
    if (!headline || !result) return;
    const { key, label } = headlineFor(this.spec, result.inputs || {});
    const labelNode = this.root.querySelector(".chq-output__label");
    if (labelNode && labelNode.textContent !== label) labelNode.textContent = label;
    if (!key) {
      headline.dataset.value = "";
      headline.dataset.exact = "";
      headline.textContent = result.summary || "";
      return;
    }
    const prob = result[key] || {};
    headline.dataset.value = String(prob.value);
    headline.dataset.exact = prob.exact || "";
    headline.setAttribute("aria-pressed", String(this.showExact));
    // A tap on the headline is not obvious: the cue under it says what it shows.
    const cue = this.root.querySelector("[data-headline-cue]");
    if (cue) {
      cue.textContent = cueText(this.showExact, Boolean(prob.exact));
      cue.hidden = false;
    }
    // The cue says what a tap shows, not a title: Material's tooltips (content.tooltips)
    // would take the button's aria-describedby, which names the label and the cue.
    // A range (chq_site.presentation.HEADLINE_RANGE): "low–high"; data-value is the low end.
    const range = this.spec.headline.range;
    const high = range ? result[range.high] : null;
    headline.dataset.high = high ? String(high.value) : "";
    // An outcome the rules make automatic (spotting within 6″) says so, not 100.0%.
    const { automatic } = this.spec.headline;
    headline.textContent = high ? pctRange(prob, high)
      : automatic && result[automatic] === true ? this.spec.headline.automatic_words : pct(prob);
    // The exact value opens beside the percentage, never in its place: a fraction
    // grouped and cut to read, "about 1 in N"; a range in percent (printing.js).
    const exactNode = this.root.querySelector("[data-headline-exact]");
    if (exactNode) {
      const ranged = high && !sameChance(prob, high);
      const text = this.showExact ? (ranged ? exactRange(prob, high) : exact(prob)) : "";
      // Its parts (the fraction, its digits, "≈ the percentage", "about 1 in N") wrap as wholes.
      const parts = text.split(/ (?=≈)|(?<=,) (?=about )| (?=\(\d)/);
      exactNode.replaceChildren(...parts.flatMap((part, i) => [i ? " " : "", el("span", { text: part })]));
      exactNode.hidden = !this.showExact;
    }
    this.renderBeside(range);
  }

  /** Under a range: each end named, then the chance without the plan and what the
   *  plan adds (range-words.js, the command line's words). */
  renderBeside(range) {
    const ends = this.root.querySelector("[data-ends]");
    const beside = this.root.querySelector("[data-beside]");
    if (!beside || !ends) return;
    const result = this.result;
    const named = range && range.ends ? endsText(range, result) : null;
    const before = range && range.beside ? besideText(range, result) : null;
    ends.textContent = named || "";
    ends.hidden = !named;
    beside.textContent = before || "";
    beside.hidden = !before;
    if (before) {
      beside.dataset.low = String(result[range.beside.low].value);
      beside.dataset.high = String(result[range.beside.high].value);
    }
  }

  renderFigures() {
    const list = this.root.querySelector(".chq-figures");
    if (!list) return;
    const items = [];
    for (const [key, label, format] of this.spec.figures) {
      const value = this.result[key];
      if (!value || typeof value !== "object" || (value.value === undefined && value.text === undefined)) continue;
      // An answer table may carry a figure as the page prints it ({text}: answers.js).
      const shown = value.text !== undefined ? value.text
        : format === "pct" ? pct(value) : fixed(value);
      items.push(el("div", { class: "chq-figure" }, [
        el("dt", { text: label }),
        el("dd", { text: shown, title: value.exact ? `exactly ${value.exact}` : null }),
      ]));
    }
    list.replaceChildren(...items);
    list.hidden = items.length === 0;
  }

  /** The working: one row per entry of the result's list, columns from the spec. */
  renderDetails() {
    const box = this.root.querySelector(".chq-details");
    const spec = this.spec.details;
    if (!box || !spec) return;
    const entries = Array.isArray(this.result[spec.key]) ? this.result[spec.key] : [];
    const head = el("tr", {}, spec.columns.map(([title]) => el("th", { scope: "col", text: title })));
    const rows = entries.map((entry, i) => el("tr", {}, spec.columns.map(([, template], c) =>
      el(c === 0 ? "th" : "td", c === 0 ? { scope: "row", text: fill(template, entry, i) } : { text: fill(template, entry, i) }))));
    const table = el("table", { class: "chq-details__table" }, [
      el("caption", { text: spec.title }),
      el("thead", {}, [head]),
      el("tbody", {}, rows),
    ]);
    // Scrolls sideways on a phone: focusable and named (axe: scrollable-region-focusable).
    const scroll = { class: "chq-table__scroll", tabindex: 0, role: "region", "aria-label": spec.title };
    box.replaceChildren(el("div", scroll, [table]));
  }
}

/* "How this calculator reads the rules" on a calculator's page: a long list (about
 * 3,000 px on a tablet) between the answer and the rest of the page. The HTML has it
 * open, for readers without JavaScript and for print; the script closes it when the
 * widget mounts, and opens every one it closed for as long as the page is printed
 * (print.css also shows a closed one's content where the browser can). */
const folded = new Set();
let printing = false; // the print listeners are set (once a page)

export function foldReadings(root) {
  const readings = root.querySelector(":scope > .chq-readings");
  if (!readings || root.dataset.mode !== "full") return;
  readings.open = false;
  folded.add(readings);
  if (!printing) {
    printing = true;
    window.addEventListener("beforeprint", () => {
      for (const node of [...folded]) {
        if (!node.isConnected) folded.delete(node);
        else if (!node.open) { node.open = true; node.dataset.printOpened = ""; }
      }
    });
    window.addEventListener("afterprint", () => {
      for (const node of folded) {
        if (node.hasAttribute("data-print-opened")) { node.open = false; delete node.dataset.printOpened; }
      }
    });
  }
}
