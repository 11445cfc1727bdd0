/* Close Assault round by round: "Fight it out", in the Close Assault
 * calculator's own widget (full mode). The players roll real dice and tap what each
 * round did; the panel (fight-view.js) shows the round about to be fought.
 *
 * Every number shown comes from compute(): each side's dice and TN (``round1`` and
 * the working) and the odds from there, for the inputs the fight started from with
 * ``start: "later"`` and the suppressions the draws left,
 * asked of the same engine the widget uses (its own request key, so the widget's
 * requests and the fight's never supersede each other). What this module applies
 * itself is only what a tap states, as the rules word it (002, Draws; After a Close
 * Assault): a draw suppresses the side that rolled fewer 6s and the sides fight
 * again; a win ends the assault and the loser takes the difference.
 *
 * The fight lives in the address beside the inputs (permalink.js), so a reload
 * (another tab's Reload of a new build reloads this one too) or a shared link
 * brings back the same fight: fight=<taps> (``tapsText``, fight-taps.js), then "@"
 * and the fragment of the inputs it started from when they are not the inputs shown.
 * A link outlives its build, so it means the same on the next: while a fight is on,
 * it names every input (defaults too: the next build's may differ), and rules= the
 * build's mark of its rules (the spec's ``rules``); a link made under other rules
 * opens as saved, and the panel says the odds are this build's. A fight link from
 * before (no rules=, inputs at their defaults left out) reads as it always did.
 *
 * The panel is made here: without JavaScript there is none. */

import { engine } from "../engine/engine.js";
import { FightView } from "./fight-view.js";
import { fightPart, KEY, readFight, replay, RULES } from "./fight-taps.js";
import { addRider, writeFragment, writeKey } from "../widget/permalink.js";
import { el } from "../widget/util.js";

/** What the panel says of a fight whose link was made under other rules. */
const SAVED_ELSEWHERE = "This fight was saved by another version of the calculator: its inputs and taps"
  + " are as saved; the odds shown follow this version’s rules.";

/** Mount the mode in a widget: the Close Assault calculator's own (full) widget only. */
export function mountFight(widget) {
  // (the answer bar lists "Fight" on the pages that fight it out: widget/views.py)
  if (!(widget.spec.views || []).some((question) => question.id === "fight")) return null;
  const fight = new Fight(widget);
  fight.mount();
  return fight;
}

class Fight {
  constructor(widget) {
    this.widget = widget;
    this.key = `${widget.uid}-fight`; // the engine's queue: a newer fight request supersedes an older one
    this.base = null; // the inputs the fight started from; null: no fight on
    this.taps = [];
    this.pick = ""; // the first half of a two-part tap: "att" | "def" (won, by ...) | "draw"
    this.answers = new Map(); // JSON of the params -> {result, source} | {error}
    this.asked = ""; // JSON of the params the engine is working on for the fight
    this.failed = ""; // the engine could not load: why
    this.saved = ""; // what the panel says of the link the fight came from: other rules, or ""
    this.savedNote = null; // where it says it: under the panel's note, which each render clears
    this.view = new FightView(widget.root, widget.uid, widget.spec,
                              (action, value) => widget.guard(() => this.act(action, value)));
    this.unsubscribe = null;
    this.phase = null; // the engine's phase the panel was last drawn for
  }

  mount() {
    this.view.mount();
    this.savedNote = el("p", { class: "chq-fight__note", role: "status", "data-fight-saved": "" });
    this.view.note.after(this.savedNote);
    addRider(this.widget.spec, [KEY, RULES], (params) => this.part(params));
    this.unsubscribe = engine.subscribe((state) => this.widget.guard(() => this.onEngine(state)));
  }

  onEngine(state) {
    if (!this.widget.root.isConnected) { // the page dropped the widget
      if (this.unsubscribe) this.unsubscribe();
      return;
    }
    if (state.phase === "failed") this.failed = state.message || "it stopped";
    // The panel shows the engine's phase alone: it is drawn anew when that changes, not at
    // each second or byte of a start (a redraw replaces its buttons: the focus on one, or
    // a tap under way, would be lost).
    if (state.phase === this.phase) return;
    this.phase = state.phase;
    if (this.base) this.render();
  }

  act(action, value) {
    if (action === "start" && this.base) { // a fight is on: take the reader to it
      this.view.focusAfter(action);
      return;
    }
    if (action === "start" || action === "new") {
      const { params, errors } = this.widget.form.read();
      if (errors.length) {
        this.view.showNote("Fix the inputs marked above first: a fight starts from them.");
        return;
      }
      this.base = params;
      this.taps = [];
      this.pick = "";
      this.saved = "";
    } else if (action === "end") {
      this.base = null;
      this.taps = [];
      this.pick = "";
      this.saved = "";
    } else if (action === "pick") {
      this.pick = this.pick === value ? "" : value;
    } else if (action === "tap") {
      if (!this.base || replay(this.base, this.taps).outcome) return;
      this.taps.push(value);
      this.pick = "";
    } else if (action === "undo") {
      this.taps.pop();
      this.pick = "";
    }
    if (action !== "pick") this.writeAddress();
    this.render();
    this.view.focusAfter(action, value);
  }

  /** The fight's part of the address for the inputs ``params`` shown (fight-taps.js
   *  fightPart): "" with no fight on. */
  part(params) {
    return this.base ? fightPart(this.widget.spec, this.base, this.taps, params) : "";
  }

  /** Keep the address in step with the fight (main widget only). */
  writeAddress() {
    const { widget } = this;
    if (!widget.isMain) return;
    const { params, errors } = widget.form.read();
    if (errors.length) writeKey([KEY, RULES], this.part(null)); // the inputs shown cannot be written
    else writeFragment(widget.spec, params, widget.compare ? widget.compare.vs() : "");
  }

  /** Read the fight from a permalink's fight= (Widget.applyFragment: on mount and on
   *  hashchange, after the inputs): a permalink without it has no fight on. */
  fromHash(hash) {
    const text = String(hash || "").replace(/^#/, "");
    if (!text.includes("=")) return;
    let values = [];
    let rules = [];
    try {
      const query = new URLSearchParams(text);
      values = query.getAll(KEY);
      rules = query.getAll(RULES);
    } catch (_) {
      values = [];
    }
    this.taps = [];
    this.pick = "";
    this.base = null;
    this.saved = "";
    if (!values.length) {
      this.render();
      return;
    }
    const problem = values.length > 1 ? `${KEY} ${this.widget.spec.refusals.twice}` : this.read(values[0]);
    if (problem) {
      this.view.idle();
      this.view.showNote(`The fight in this link cannot be read: ${problem}.`);
      this.showSaved();
      return;
    }
    // Made under other rules (a link without rules= is from before they were named).
    if (rules.some((mark) => mark !== this.widget.spec.rules)) this.saved = SAVED_ELSEWHERE;
    this.render();
  }

  /** Take the fight of a fight= value: "" if it is one, else what is wrong with it.
   *  Without the inputs it started from ("@..."), it started from those shown. */
  read(value) {
    const fight = readFight(this.widget.spec, value);
    if (fight.problem) return fight.problem;
    const { params, errors } = fight.from || this.widget.form.read();
    if (errors.length) return errors.map((e) => `${e.field} ${e.message}`).join("; ");
    this.base = params;
    this.taps = fight.taps;
    return "";
  }

  /** The parameters of compute() for a round-state of this fight. */
  params(state) {
    return { ...this.base, start: state.start, att_suppressed: state.att, def_suppressed: state.def };
  }

  /** The answer for ``params``, if known: asked before, or the widget's own answer
   *  when it is for exactly these inputs (the page's, or the engine's). */
  answerFor(params) {
    const key = JSON.stringify(params);
    if (this.answers.has(key)) return this.answers.get(key);
    const shown = this.widget.output.result;
    const inputs = shown && !shown.partial ? shown.inputs : null;
    if (inputs && Object.keys(params).every((name) => inputs[name] === params[name])) {
      const answer = { result: shown, source: this.widget.root.dataset.source || "build" };
      this.answers.set(key, answer);
      return answer;
    }
    return null;
  }

  ask(params) {
    const key = JSON.stringify(params);
    if (this.asked === key || this.failed) return;
    this.asked = key;
    engine.compute("close_assault", params, this.key).then((answer) => this.widget.guard(() => {
      if (this.asked === key) this.asked = "";
      if (answer.superseded) return; // a newer state was asked for; this one is asked again if needed
      if (answer.failed) this.failed = answer.failed;
      else if (answer.error) this.answers.set(key, { error: answer.error });
      else this.answers.set(key, { result: answer.result, source: "engine" });
      if (this.base) this.render();
    }));
  }

  render() {
    this.showSaved();
    if (!this.base) {
      this.view.idle();
      return;
    }
    const fought = replay(this.base, this.taps);
    const params = this.params(fought.state);
    const answer = this.answerFor(params);
    if (!answer && !fought.outcome) this.ask(params);
    const first = this.answerFor(this.params(fought.rounds[0]));
    this.view.render({
      ...fought,
      base: this.base,
      taps: this.taps,
      pick: this.pick,
      answer,
      first: first && first.result ? first.result : null,
      engine: engine.state.phase,
      failed: this.failed,
    });
  }

  /** Say (or stop saying) what the fight's link was made under; unchanged, untouched
   *  (a status line says a new text each time it is set). */
  showSaved() {
    if (this.savedNote.textContent !== this.saved) this.savedNote.textContent = this.saved;
  }
}
