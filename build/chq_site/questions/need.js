/* "What do I need?" under a calculator's answer (its own page's widget): the chance
 * for each value of one whole-number input, every other input as shown, as bars (the
 * value shown marked), a target the player sets (80% to start) and what it takes in words as
 * the chance moves ("You need 6 dice for 80%: 82.6%"; the inputs offered: need-offer.js).
 *
 * It answers from the build's answers when they hold every value swept (the page's
 * own, the answer table: data-source="build", no wait for the engine), and asks the
 * engine in any case (its "sweep" request, calculators.sweep: data-source="engine"),
 * whose answer is compute()'s for each value. The numbers and the words come from
 * need-logic.js, the package's rules mirrored and held to Python's golden values.
 *
 * The panel lives in the address beside the inputs (permalink.js addRider): sweep=
 * the input stepped through and target= the chance wanted (0.8), while it is open.
 * On spotting, whose inputs include a Target (Blind or Hidden Unit), a number is the
 * panel's target and a word that input's value. Share and print carry it as the
 * address does. Without JavaScript the build's table of the starting inputs stays.
 *
 * While two setups are compared ("Pin as A", compare.js), a line under the words
 * names the fewest for the same target for each (A pinned, B shown), A's sweep
 * answered the way B's is (the build's answers, else the engine's, under its own
 * key). */

import { engine } from "../engine/engine.js";
import { headlineFor } from "../widget/headline.js";
import { addRider } from "../widget/permalink.js";
import { pct, ratio } from "../widget/printing.js";
import { el, sentence } from "../widget/util.js";
import { Offer } from "./need-offer.js";
import { Versus } from "./need-versus.js";
import { keyPart, readPanelLink, writePanelAddress } from "./panel-address.js";
import {
  amount, answerIn, claimsFor, readTarget, reaches, refusedWords, span, START_TARGET, sweepFrom, targetLink, targetText,
} from "./need-logic.js";

const KEYS = ["sweep", "target"];

/** Mount the panel in a widget that has one (the build wrote it: a full widget of a
 *  calculator with a whole-number input and a chance). */
export function mountNeed(widget) {
  const node = widget.root.querySelector(":scope > [data-need]");
  const questions = widget.spec.questions;
  if (!node || !questions || !questions.sweep) return null;
  const need = new Need(widget, node);
  need.mount();
  return need;
}

class Need {
  constructor(widget, node) {
    this.widget = widget;
    this.node = node;
    this.spec = widget.spec;
    this.counts = this.spec.questions.counts;
    this.over = this.spec.questions.sweep;
    this.target = readTarget(START_TARGET).exact;
    this.key = `${widget.uid}-sweep`; // the engine's queue: a newer sweep supersedes an older one
    this.asked = ""; // the request the engine is working on
    this.shown = ""; // the request the panel shows the answer of
    this.failed = "";
    this.refused = {}; // key -> the refusal of what a permalink gave it (sweep=, target=)
    this.linked = {}; // key -> that link's parts as written: the address keeps them while refused
    this.ids = { over: `${widget.uid}-need-over`, target: `${widget.uid}-need-target`,
                 msg: `${widget.uid}-need-msg`, help: `${widget.uid}-need-help` };
  }

  mount() {
    const body = this.node.querySelector(".chq-question__body");
    const note = body.querySelector(".chq-question__note");
    const controls = el("div", { class: "chq-question__controls" });
    if (this.counts.length > 1) {
      this.select = el("select", { id: this.ids.over, name: "sweep" },
                       this.counts.map((count) => el("option", { value: count.name, text: count.label })));
      controls.append(el("div", { class: "chq-field" }, [
        el("label", { class: "chq-label", for: this.ids.over, text: "Step through" }), this.select]));
    }
    this.input = el("input", { id: this.ids.target, name: "target", type: "text", inputmode: "decimal",
                               autocomplete: "off", spellcheck: "false", value: targetText(this.target),
                               "aria-describedby": `${this.ids.help} ${this.ids.msg}` });
    this.field = el("div", { class: "chq-field", "data-question-field": "target" }, [
      el("label", { class: "chq-label", for: this.ids.target, text: "Target chance" }), this.input,
      el("p", { class: "chq-help", id: this.ids.help, text: "such as 80%, 0.8 or 4/5" }),
      el("p", { class: "chq-msg", id: this.ids.msg })]);
    controls.append(this.field);
    this.words = el("p", { class: "chq-need__words", role: "status", "aria-live": "polite" });
    this.versus = new Versus(this); // while two setups are compared: A's fewest beside B's
    this.offer = new Offer(this); // "Step through": only the inputs that move the chance
    this.bars = el("ol", { class: "chq-need__bars" });
    body.replaceChildren(controls, this.words, this.versus.node, this.bars, ...(note ? [note] : []));
    this.node.dataset.state = "idle";
    this.node.addEventListener("toggle", () => this.widget.guard(() => {
      this.writeAddress();
      this.refresh();
    }));
    this.input.addEventListener("input", () => this.widget.guard(() => this.onTarget()));
    this.input.addEventListener("change", () => this.widget.guard(() => this.onTarget()));
    if (this.select) {
      this.select.addEventListener("change", () => this.widget.guard(() => {
        this.over = this.select.value;
        delete this.refused.sweep;
        delete this.linked.sweep;
        this.writeAddress();
        this.refresh();
      }));
    }
    addRider(this.spec, KEYS, () => this.part(), { pins: false, claims: claimsFor(this.spec) });
  }

  /** The panel's part of the address: "sweep=...&target=..." while it is open (a key
   *  a permalink gave that the panel refuses, as the link wrote it). */
  part() {
    if (!this.node.open) return "";
    return `${keyPart("sweep", this.over, this.linked.sweep)}&${keyPart("target", targetLink(this.target), this.linked.target)}`;
  }

  writeAddress() {
    writePanelAddress(this.widget, KEYS, this.part());
  }

  /** Read sweep= and target= from a permalink (Widget.applyFragment, after the inputs):
   *  with either the panel opens on it. A value it cannot take, or a key given twice,
   *  is named at its field (panel-address.js readPanelLink). */
  fromHash(hash) {
    const link = readPanelLink(this.spec, KEYS, hash, {
      sweep: (raw) => (this.counts.some((count) => count.name === raw) ? "" : this.refusedOver(raw)),
      target: (raw) => readTarget(raw, this.spec.refusals).message || "",
    });
    if (!link) return;
    this.refused = link.problems;
    this.linked = link.linked;
    if ("target" in link.given) {
      const read = readTarget(link.given.target, this.spec.refusals);
      this.input.value = read.exact ? targetText(read.exact) : link.given.target;
      if (read.exact && !link.problems.target) this.target = read.exact;
    }
    if ("sweep" in link.given && !link.problems.sweep) this.over = link.given.sweep;
    if (this.select) this.select.value = this.over;
    if ("sweep" in link.given || "target" in link.given) this.node.open = true; // (its toggle event answers)
    this.refresh();
  }

  /** The refusal of a key the permalink gave ({field, message}), the sweep's first; or null. */
  get problem() {
    const field = KEYS.find((key) => this.refused[key]);
    return field ? { field, message: this.refused[field] } : null;
  }

  /** compute()'s words for an input that cannot be swept (calculators.sweep._over). */
  refusedOver(wanted) {
    return `choose one of ${this.spec.mechanic}'s whole-number inputs: ${this.counts.map((c) => c.name).join(", ")}`
      + ` (you entered '${String(wanted).slice(0, 37)}')`;
  }

  onTarget() {
    const read = readTarget(this.input.value, this.spec.refusals);
    delete this.refused.target; // (the value typed now speaks for itself)
    if (read.exact) {
      this.target = read.exact;
      delete this.linked.target;
      this.writeAddress();
    }
    this.refresh();
  }

  onEngine(state) {
    if (state.phase === "failed") this.failed = state.message || "it stopped";
    if (this.node.open && this.node.dataset.state === "loading") this.refresh();
  }

  /** Answer the inputs shown (when the panel is open): at once from the build's
   *  answers where they hold every value, and from the engine; and setup A's fewest
   *  beside them while two setups are compared. */
  refresh() {
    this.refreshMain();
    this.versus.refresh();
    this.offer.refresh();
  }

  refreshMain() {
    if (!this.node.open) return;
    this.clearMessage();
    const read = readTarget(this.input.value, this.spec.refusals);
    const problem = this.problem || (read.message ? { field: "target", message: read.message } : null);
    if (problem) {
      this.refuse(problem);
      return;
    }
    const { params, errors } = this.widget.form.read();
    if (errors.length) {
      this.say("error", "Fix the inputs marked above first: the bars are for the inputs shown.");
      return;
    }
    const count = this.counts.find((c) => c.name === this.over);
    const values = this.valuesFor(params);
    const request = JSON.stringify([params, this.over, values, targetLink(this.target)]);
    const points = this.earlySweep(params, values);
    if (points) {
      if (this.shown !== request || this.node.dataset.source !== "engine") {
        this.render(count, params[this.over], points, answerIn(count, points, this.target).words, "build");
      }
      this.shown = request;
    } else if (this.shown !== request) {
      this.wait(count, values, params[this.over]);
    }
    this.ask(request, params, values, count);
  }

  ask(request, params, [first, last], count) {
    if (this.asked === request || (this.shown === request && this.node.dataset.source === "engine")) return;
    if (this.failed) {
      if (this.node.dataset.state === "loading") this.say("error", `Only the engine can answer these inputs, and it could not start here: ${this.failed}.`);
      return;
    }
    this.asked = request;
    const question = { over: this.over, values: `${first}..${last}`, target: targetLink(this.target) };
    this.widget.held.then(() => engine.sweep(this.spec.mechanic, params, question, this.key)).then((answer) => this.widget.guard(() => {
      if (this.asked === request) this.asked = "";
      if (!answer || answer.superseded || this.current() !== request) return;
      if (answer.failed) {
        this.failed = answer.failed;
        if (this.shown !== request) this.say("error", `Only the engine can answer these inputs, and it could not start here: ${answer.failed}.`);
      } else if (answer.error) {
        this.refuse(answer.error);
      } else {
        const result = answer.result;
        this.shown = request;
        this.render(count, params[this.over], result.points, result.words, "engine");
      }
    }));
  }

  /** The request for what the panel and the form show now ("" when none can be made). */
  current() {
    const { params, errors } = this.widget.form.read();
    const read = readTarget(this.input.value, this.spec.refusals);
    if (errors.length || read.message || this.problem) return "";
    return JSON.stringify([params, this.over, this.valuesFor(params), targetLink(read.exact)]);
  }

  /** The values swept for ``params`` (the input swept, its span around the value set). */
  valuesFor(params) {
    const param = this.spec.params.find((p) => p.name === this.over);
    return span(param, params[this.over]);
  }

  /** The sweep of ``params`` over ``values`` from the build's answers, where they hold
   *  every value (null otherwise): the headline's figure at each value. */
  earlySweep(params, values) {
    const key = headlineFor(this.spec, params).key;
    return sweepFrom(params, this.over, values, key, (p) => this.widget.earlyAnswer(p));
  }

  /** The bars and the words. ``points``: [{value, p}] (p null where compute() refuses
   *  the inputs at that value). */
  render(count, current, points, words, source) {
    this.points = points;
    const top = points.reduce((most, point) => {
      const x = point.p ? ratio(point.p) : null;
      return x && Number(x[0] * 1000n / x[1]) > most ? Number(x[0] * 1000n / x[1]) : most;
    }, 0);
    this.bars.replaceChildren(...points.map((point) => {
      const share = point.p ? Number(ratio(point.p)[0] * 1000n / ratio(point.p)[1]) / 10 : 0;
      const enough = point.p && reaches(point.p, this.target);
      return el("li", { class: `chq-need__row${point.value === current ? " is-current" : ""}${enough ? " is-enough" : ""}`,
                        "data-value": point.value, "aria-current": point.value === current ? "true" : null }, [
        el("span", { class: "chq-need__label", text: amount(count, point.value) + (point.value === current ? " (as set)" : "") }),
        el("span", { class: "chq-need__track", "aria-hidden": "true" },
           el("span", { class: "chq-need__bar", style: `width: ${share}%` })),
        el("span", { class: "chq-need__pct", "data-exact": point.p && point.p.exact ? point.p.exact : null,
                     text: point.p ? pct(point.p) : "–" }),
        ...(point.refused ? [el("span", { class: "chq-need__why", text: refusedWords(this.spec, point.refused) })] : []),
      ]);
    }));
    this.bars.dataset.top = String(top);
    this.words.textContent = words;
    this.node.dataset.state = "ready";
    this.node.dataset.source = source;
    if (performance.mark) performance.mark(`chq-need-${source}`); // read by tools/bench_browsers.py
    if (source) this.versus.refresh(); // (B's fewest, beside A's)
  }

  /** Waiting for the engine: the bars keep their places (as many rows, values "…"). */
  wait(count, [first, last], current) {
    const rows = [];
    for (let value = first; value <= last; value += 1) rows.push({ value, p: null });
    this.render(count, current, rows, "Working it out…", "");
    for (const pctNode of this.bars.querySelectorAll(".chq-need__pct")) pctNode.textContent = "…";
    this.node.dataset.state = "loading";
    delete this.node.dataset.source;
  }

  say(state, words) {
    this.words.textContent = words;
    this.bars.classList.add("is-stale");
    this.node.dataset.state = state;
    delete this.node.dataset.source;
    this.shown = "";
  }

  /** A refusal ({field, message}): beside the panel's own field (target), else in
   *  the words, naming the field as the form names its fields. */
  refuse({ field, message }) {
    if (field === "target") {
      this.field.classList.add("is-invalid");
      this.input.setAttribute("aria-invalid", "true");
      this.field.querySelector(".chq-msg").textContent = sentence(`Target chance: ${message}`);
      this.say("error", "Fix the target chance first.");
      return;
    }
    const param = this.spec.params.find((p) => p.name === field);
    const label = param ? param.label : field === "sweep" ? "Step through" : field;
    this.say("error", sentence(`${label}: ${message}`));
  }

  clearMessage() {
    this.field.classList.remove("is-invalid");
    this.input.removeAttribute("aria-invalid");
    this.field.querySelector(".chq-msg").textContent = "";
    this.bars.classList.remove("is-stale");
  }
}
