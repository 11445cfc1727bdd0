/* One calculator widget, brought to life. The build wrote it as plain HTML (a form
 * from calculators.PARAMETERS, an empty result area, the readings, a table computed
 * at build time, and the answers for its starting inputs and worked examples):
 *
 *   - the inputs shown are answered at once when the page (or an answer table)
 *     carries their answer (data-source="build"), and by the engine when it comes
 *     (data-source="engine"); data-state tells the answer's state (loading | ready |
 *     error), data-engine the engine's (idle | loading | ready | error);
 *   - a newer input supersedes an older request: stale answers are dropped;
 *   - the main widget keeps the address's fragment (a permalink) in step with its
 *     inputs, and reads it on mount and on hashchange (main.js); a link's question opens;
 *   - a compact card in the rules text starts the engine only when scrolled to;
 *   - if the engine cannot load, the widget says so, shows its build-time table and
 *     keeps the answers the page carries. No console.error: every failure shows in it. */

import { answerKey, loadTable, readAnswers, tableAnswer } from "../answers/answers.js";
import { mountCompare } from "../compare/compare.js";
import { engine } from "../engine/engine.js";
import { mountFight } from "../fight/fight.js";
import { mountQuestions } from "../questions/questions.js";
import { Form } from "./form.js";
import { applyFragment, openHref, showPresetNote, writeFragment } from "./permalink.js";
import { foldReadings, ResultView } from "./result.js";
import { mountShare } from "./share.js";
import { showEngine, showFailure, showProblem, typingHint, waitingHint, withoutEngineHint } from "./status.js";
import { afterPaint, describe } from "./util.js";
import { mountViews } from "./views.js";

export class Widget {
  /** ``root``: the widget's element (.chq-widget[data-calculator]); ``isMain``: the
   *  page's main widget, the one whose inputs the address carries. */
  constructor(root, isMain) {
    this.root = root;
    this.spec = JSON.parse(root.dataset.spec);
    this.isMain = isMain;
    this.form = new Form(root.querySelector(".chq-form"), this.spec);
    this.params = this.form.params;
    this.answers = readAnswers(root);
    this.table = null; // the answer table, once loaded (small calculators only)
    this.inputHint = root.querySelector(".chq-output__hint").textContent; // "Fix the input…"
    this.uid = root.id || `chq-${Math.random().toString(36).slice(2)}`;
    this.seq = 0;
    this.latest = 0;
    this.output = new ResultView(root, this.spec, this.uid, (fn) => this.guard(fn));
    this.unsubscribe = null;
    this.observer = null;
    this.held = Promise.resolve(); // what the engine waits for: a table's answer on screen
  }

  /* --- lifecycle --- */

  mount() {
    const { root } = this;
    const form = this.form.node;
    root.classList.add("chq-js");
    // With answers of its own (the page's, or an answer table), it keeps its form without the engine.
    root.classList.toggle("chq-has-answers", this.answers.size > 0 || Boolean(this.spec.table));
    form.addEventListener("submit", (event) => event.preventDefault());
    form.addEventListener("input", (event) => this.onEdit(event));
    form.addEventListener("change", (event) => this.onEdit(event));
    form.addEventListener("reset", () => setTimeout(() => this.guard(() => this.afterReset()), 0));
    form.addEventListener("keydown", (event) => this.guard(() => this.onKey(event)));
    root.addEventListener("click", (event) => this.guard(() => this.onClick(event)));
    mountShare(this); this.compare = mountCompare(this); // Share; Pin as A (share.js, compare.js)
    for (const table of root.querySelectorAll(".chq-table")) table.open = false; // open without JavaScript
    foldReadings(root); // a calculator's page: the answer close to the inputs (result.js)
    if (this.spec.table) {
      // The engine waits until the table's answer is on screen (or the table could
      // not load): Python starting beside the page held it back on a 2-core tablet.
      this.held = loadTable(this.spec.table).then((table) => {
        this.table = table;
        if (table) this.guard(() => { this.showFromTable(); this.questions.refresh(); }); // (the panels read it too)
        else this.root.classList.toggle("chq-has-answers", this.answers.size > 0);
        return afterPaint();
      });
    }
    this.unsubscribe = engine.subscribe((state) => this.guard(() => this.onEngine(state)));
    this.fight = mountFight(this); this.questions = mountQuestions(this); // Close Assault: "Fight it out"; the questions after the odds
    this.views = mountViews(this); // every question at the answer bar (views.js)
    // A card in the rules text downloads the engine only when about to be seen: one never seen never pays.
    if (this.spec.mode === "compact" && engine.state.phase === "idle" && "IntersectionObserver" in window) {
      this.observer = new IntersectionObserver((entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        this.observer.disconnect();
        this.observer = null;
        this.guard(() => this.update("init"));
      }, { rootMargin: "300px 0px" });
      this.observer.observe(root);
      this.update("init", false); // the answer the page carries, if any, without the engine
      return;
    }
    this.held.then(() => engine.start());
    if (!(this.isMain && this.applyFragment(location.hash))) this.update("init");
  }

  destroy() {
    if (this.unsubscribe) this.unsubscribe();
    if (this.observer) this.observer.disconnect();
    this.latest = -1;
  }

  guard(fn) {
    try {
      fn();
    } catch (error) {
      showProblem(this.root, `Something went wrong in this calculator: ${describe(error)}`);
    }
  }

  /* --- events --- */

  onEdit(event) {
    const target = event.target;
    if (!target || !target.name || !this.params.has(target.name)) return;
    const param = this.params.get(target.name);
    // Text fields compute as you type ("input"); switches and choices on "change" (form.js).
    const isText = param.kind === "int" || param.kind === "number";
    if (this.form.noteEdit(target.name, event.type, isText)) this.guard(() => this.update("user"));
  }

  onKey(event) {
    const input = event.target;
    if (!input || input.tagName !== "INPUT" || !this.params.has(input.name)) return;
    const param = this.params.get(input.name);
    if (param.kind !== "int" && param.kind !== "number") return;
    const steps = { ArrowUp: 1, ArrowDown: -1, PageUp: 5, PageDown: -5 };
    if (event.key in steps) {
      event.preventDefault();
      this.step(input, param, steps[event.key]);
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (this.form.noteEdit(input.name, "change", true)) this.update("user"); // flag what typing held back
    }
  }

  onClick(event) {
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    const stepButton = target.closest(".chq-step");
    if (stepButton && this.root.contains(stepButton)) {
      const field = stepButton.closest("[data-param]");
      const param = this.params.get(field.dataset.param);
      const input = field.querySelector("input");
      this.step(input, param, Number(stepButton.dataset.step));
      return;
    }
    const preset = target.closest(".chq-preset");
    if (preset && this.root.contains(preset)) {
      event.preventDefault();
      event.stopPropagation(); // keep Material's instant navigation out of it
      const found = this.spec.presets.find((p) => p.id === preset.dataset.preset);
      if (found) this.applyPreset(found);
      return;
    }
    const headline = target.closest("button[data-headline], [data-headline-cue]"); // the cue says "Tap"
    if (headline && this.root.contains(headline)) {
      this.output.toggleExact();
      return;
    }
    const open = target.closest(".chq-open");
    if (open) open.href = openHref(this.spec, this.form); // make sure it carries the inputs shown
  }

  step(input, param, delta) {
    this.form.step(input, param, delta);
    this.update("user");
  }

  afterReset() {
    this.form.errors.clear();
    this.form.notice = "";
    this.update("reset");
  }

  /** Fill the form from a permalink fragment and answer it; false if the hash is not one. */
  applyFragment(hash) {
    if (!applyFragment(this.form, hash)) return false;
    // vs=: a pinned setup A (compare.js); fight=: a fight's taps (fight.js); sweep=, target=, rolled= (questions/)
    for (const part of [this.compare, this.fight, this.questions]) if (part) part.fromHash(hash);
    this.update("fragment");
    this.views.fromHash(hash); // a link that carries a question opens on it
    return true;
  }

  applyPreset(preset) {
    this.form.errors.clear();
    this.form.setAll(preset.params);
    this.update("preset");
  }

  /* --- computing --- */

  /** Show the answer for the inputs shown: at once if the page carries it, and
   *  (unless ``ask`` is false) from the engine. */
  update(origin, ask = true) {
    if (ask && this.observer) {
      this.observer.disconnect();
      this.observer = null;
    }
    const { params, errors } = this.form.read();
    const id = ++this.seq;
    this.latest = id;
    this.form.clearMessages();
    showPresetNote(this.root, this.spec, params);
    this.form.reflect(params);
    if (this.questions) this.questions.refresh(); // the panels under the answer follow the inputs shown,
    this.views.refresh(); // and the bar's words for what is set out of sight
    if (errors.length) {
      for (const error of errors) if (!error.pending) this.form.showFieldError(error.field, error.message);
      // A field being typed in is not flagged yet; the answer says what it waits for.
      if (!errors.every((error) => error.pending)) this.showInputError();
      else this.showWaiting(typingHint(this.spec, errors[0]));
      return;
    }
    if (this.isMain && (origin === "user" || origin === "preset" || origin === "reset")) writeFragment(this.spec, params, this.compare ? this.compare.vs() : "");
    const open = this.root.querySelector(".chq-open");
    if (open) open.href = openHref(this.spec, this.form);
    const early = this.earlyAnswer(params);
    if (early) this.show(early, "build");
    else this.showWaiting(waitingHint(engine.state.phase)); // (a failed engine says so in a moment)
    if (!ask) return;
    if (!early) this.root.classList.add("chq-busy");
    this.held.then(() => id === this.latest && engine.compute(this.spec.mechanic, params, this.uid)).then((answer) => {
      if (!answer || id !== this.latest || answer.superseded) return;
      this.guard(() => this.receive(answer));
    });
  }

  /** The answer the page carries for these inputs (full), or the table's (headline
   *  and figures), or null: only the engine can say. */
  earlyAnswer(params) {
    return this.answers.get(answerKey(this.spec.params, params)) ||
      (this.table ? tableAnswer(this.table, params) : null);
  }

  /** The table has arrived: show its answer if the inputs shown have none yet
   *  (still waiting for the engine, or the engine could not load). */
  showFromTable() {
    if (this.root.dataset.state === "ready") return;
    const { params, errors } = this.form.read();
    if (errors.length) return;
    const early = this.earlyAnswer(params);
    if (early) this.show(early, "build");
  }

  receive(answer) {
    this.root.classList.remove("chq-busy");
    if (answer.failed) {
      this.showFallback(answer.failed);
      return;
    }
    if (answer.error) {
      this.form.showFieldError(answer.error.field, answer.error.message);
      this.showInputError();
      return;
    }
    this.show(answer.result, "engine");
  }

  /** Render a result (the same way whoever computed it); ``source``: "build" | "engine". */
  show(result, source) {
    const json = JSON.stringify(result);
    if (this.root.dataset.state === "ready" && this.root.dataset.result === json) {
      this.root.dataset.source = source; // the same answer, already shown: nothing to redraw
      return;
    }
    this.output.result = result;
    this.root.classList.remove("chq-stale");
    this.root.querySelector(".chq-output__hint").hidden = true;
    this.root.querySelector(".chq-result").hidden = false;
    this.output.render();
    this.root.dataset.result = json;
    this.root.dataset.source = source;
    this.root.dataset.state = "ready";
    if (performance.mark) performance.mark(`chq-answer-${source}`); // read by tools/bench_site.py
  }

  /* --- no answer --- */

  showInputError() {
    this.showNoAnswer(this.inputHint);
  }

  /** No answer for the inputs shown: say why (``hint``) where the answer would be. */
  showNoAnswer(hint) {
    this.clearAnswer("error", "–", hint);
    this.root.querySelector(".chq-result").hidden = true;
  }

  /** No answer for the inputs shown yet: none for other inputs stays on screen (the
   *  answer's place is kept, its figures hidden: chq-stale), and ``hint`` says what
   *  the answer waits for. */
  showWaiting(hint) {
    this.clearAnswer("loading", "…", hint);
  }

  clearAnswer(state, shown, hint) {
    this.root.dataset.state = state;
    this.root.removeAttribute("data-result");
    this.root.removeAttribute("data-source");
    this.output.clear(shown, hint);
  }

  /* --- the engine --- */

  onEngine(state) {
    if (!showEngine(this.root, state)) this.showFallback(state.message);
  }

  showFallback(reason) {
    showFailure(this.root, reason);
    // An answer already shown for the inputs shown (the page's own) stays.
    if (this.root.dataset.state === "ready") {
      const result = this.output.result;
      if (result && result.partial) this.output.render(); // it says the chart will not come
      return;
    }
    this.showNoAnswer(withoutEngineHint(this.root));
  }
}
