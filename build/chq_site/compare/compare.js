/* Compare two setups: "Pin as A" ([data-action="pin"]) keeps the inputs
 * shown as setup A; the reader changes anything, and the compare panel
 * ([data-compare], drawn by compare-view.js) shows A beside B, the inputs shown.
 *
 *   - A's answer comes the way B's does: the answer the page or its answer table
 *     carries (Widget.earlyAnswer), then the engine's (the same id-tagged worker,
 *     asked under its own key, so A's request and B's never supersede each other);
 *   - A lives in the address as vs=<A's own fragment, URL-encoded> (permalink.js,
 *     addressFragment), so a compared pair can be shared and opened again, offline
 *     too; a permalink without vs= is one setup, as before;
 *   - A is read from vs= by the same code that reads a permalink into the form
 *     (compare-setup.js, permalink.js readLink), so a bad vs= gets the messages a
 *     bad permalink gets, naming vs= and the field. */

import { linkedSetup } from "./compare-setup.js";
import { drawPanel } from "./compare-view.js";
import { engine } from "../engine/engine.js";
import { headlineFor } from "../widget/headline.js";
import { fragmentFor, replaceAddress, writeFragment } from "../widget/permalink.js";
import { pct } from "../widget/printing.js";
import { el, sentence } from "../widget/util.js";

/** The compare controller of a full widget (null for a card, which has no Pin). */
export function mountCompare(widget) {
  const button = widget.root.querySelector('[data-action="pin"]');
  const panel = widget.root.querySelector("[data-compare]");
  return button && panel ? new Compare(widget, button, panel) : null;
}

class Compare {
  constructor(widget, button, panel) {
    this.widget = widget;
    this.button = button;
    this.panel = panel;
    this.pinned = null; // {fragment, params, problem}: setup A
    this.a = null; // A's answer: {result, source} | {problem}
    this.seq = 0;
    this.exact = false; // the sides' headlines as exact fractions
    button.addEventListener("click", () => widget.guard(() => (this.pinned ? this.unpin() : this.pin())));
    // A side's headline toggles both sides' exact fractions (not the main headline's).
    panel.addEventListener("click", (event) => {
      const headline = event.target instanceof Element && event.target.closest("button[data-headline]");
      if (!headline) return;
      event.stopPropagation();
      widget.guard(() => {
        this.exact = !this.exact;
        this.render();
        const side = headline.closest("[data-side]").dataset.side;
        panel.querySelector(`[data-side="${side}"] [data-headline]`).focus();
      });
    });
    // "Show: Exactly | At least" under the main chart: the compare chart follows it.
    const charts = widget.root.querySelector(".chq-charts");
    if (charts) charts.addEventListener("change", () => widget.guard(() => this.render()));
    // B's answer shown, or its state changed (Widget.update, show, showNoAnswer).
    new MutationObserver(() => widget.guard(() => this.refresh()))
      .observe(widget.root, { attributes: true, attributeFilter: ["data-state", "data-source", "data-result"] });
  }

  /** A's own fragment while pinned (the vs= of the address), else "". */
  vs() {
    return this.pinned ? this.pinned.fragment : "";
  }

  pin() {
    const { params, errors } = this.widget.form.read();
    if (errors.length) {
      this.say("Fix the input marked above before pinning it as A.");
      return;
    }
    this.pinned = { fragment: fragmentFor(this.widget.spec, params), params, problem: "" };
    this.say("");
    this.writeAddress();
    this.ask();
  }

  unpin() {
    this.pinned = null;
    this.a = null;
    this.seq += 1; // an answer for A still on its way is dropped
    this.writeAddress();
    this.render();
  }

  /** Read A from a permalink's vs= (main.js: on mount and on hashchange): a
   *  permalink without it is one setup; a hash that is no permalink changes nothing. */
  fromHash(hash) {
    const setup = linkedSetup(this.widget.spec, hash);
    if (setup === undefined) return;
    if (setup === null) {
      if (this.pinned) this.unpinQuietly();
      return;
    }
    this.pinned = setup;
    this.ask();
  }

  unpinQuietly() {
    this.pinned = null;
    this.a = null;
    this.seq += 1;
    this.render();
  }

  /** Answer A: at once from the page or its answer table, then from the engine. */
  ask() {
    const id = ++this.seq;
    const { pinned, widget } = this;
    this.a = pinned.problem ? { problem: pinned.problem } : null;
    if (!pinned.problem) {
      const early = widget.earlyAnswer(pinned.params);
      if (early) this.a = { result: early, source: "build" };
      engine.compute(widget.spec.mechanic, pinned.params, `${widget.uid}-a`).then((answer) => {
        if (id !== this.seq || answer.superseded) return;
        widget.guard(() => this.receive(answer));
      });
    }
    this.render();
  }

  receive(answer) {
    if (answer.failed) {
      if (!this.a) this.a = { problem: `Setup A needs the calculator engine, which could not load here: ${answer.failed}.` };
    } else if (answer.error) {
      const field = answer.error.field ? `${answer.error.field} ` : "";
      this.a = { problem: sentence(`Setup A (vs= in the address): ${field}${answer.error.message}`) };
    } else {
      this.a = { result: answer.result, source: "engine" };
    }
    this.render();
  }

  /** B's answer or its state changed: draw the panel again. */
  refresh() {
    if (!this.pinned) return;
    if (!this.a && !this.pinned.problem) { // an answer table may have come since A was asked
      const early = this.widget.earlyAnswer(this.pinned.params);
      if (early) this.a = { result: early, source: "build" };
    }
    this.render();
  }

  /** The address: B's inputs, and vs= while pinned (main widget only). */
  writeAddress() {
    const { widget } = this;
    if (!widget.isMain) return;
    const { params, errors } = widget.form.read();
    if (!errors.length) {
      writeFragment(widget.spec, params, this.vs());
      return;
    }
    // B cannot be written as it stands: keep the address's B, change only its vs=.
    const parts = location.hash.replace(/^#/, "").split("&").filter((p) => p && !p.startsWith("vs="));
    if (this.pinned) parts.push(`vs=${encodeURIComponent(this.vs())}`);
    const url = new URL(location.href);
    url.hash = parts.join("&");
    replaceAddress(url.href);
  }

  say(text) {
    const note = this.widget.root.querySelector(".chq-tools__note");
    if (note) note.textContent = text;
  }

  render() {
    const { widget, button, panel } = this;
    if (widget.questions) widget.questions.refresh(); // What do I need? names A's fewest beside B's
    button.setAttribute("aria-pressed", String(Boolean(this.pinned)));
    button.textContent = this.pinned ? "Unpin A" : "Pin as A";
    widget.root.classList.toggle("chq-comparing", Boolean(this.pinned));
    this.renderBar();
    if (!this.pinned) {
      panel.hidden = true;
      panel.replaceChildren();
      return;
    }
    const root = widget.root;
    const state = root.dataset.state;
    const b = state === "ready" ? { result: widget.output.result, source: root.dataset.source || "" }
      : state === "error" ? { problem: root.querySelector(".chq-output__hint").textContent }
      : null; // B is being answered
    const inputsB = widget.form.read();
    drawPanel(panel, {
      widget,
      exact: this.exact,
      a: this.a,
      b,
      paramsA: this.pinned.params,
      paramsB: inputsB.errors.length ? null : inputsB.params,
    });
    panel.hidden = false;
  }

  /** The sticky headline bar while pinned: A's answer beside B's headline, each
   *  lettered as in the panel, so both stay in view while the reader edits B. */
  renderBar() {
    const output = this.widget.root.querySelector(":scope > .chq-output");
    if (!output) return;
    let a = output.querySelector("[data-bar-a]");
    let mark = output.querySelector("[data-bar-b]");
    if (!this.pinned) {
      if (a) a.remove();
      if (mark) mark.remove();
      return;
    }
    const headline = output.querySelector("[data-headline]");
    if (!a) {
      a = el("span", { class: "chq-output__a", "data-bar-a": true });
      mark = el("span", { class: "chq-side__mark chq-output__b", "data-bar-b": true, "aria-hidden": "true", text: "B" });
      headline.before(a, mark);
    }
    const result = this.a && this.a.result;
    let shown = this.a && this.a.problem ? "–" : "…";
    let exact = "";
    if (result) {
      const key = headlineFor(this.widget.spec, this.pinned.params).key;
      const prob = key ? result[key] : null;
      shown = prob && typeof prob === "object" ? pct(prob) : String(result.summary || "–");
      exact = prob && prob.exact ? prob.exact : "";
    }
    a.dataset.value = result ? shown : "";
    a.title = exact ? `Setup A, exactly ${exact}` : "Setup A, pinned";
    a.replaceChildren(el("span", { class: "chq-side__mark", "aria-hidden": "true", text: "A" }),
                      el("span", { class: "chq-sr", text: "Setup A: " }),
                      el("span", { class: "chq-output__avalue", text: shown }),
                      el("span", { class: "chq-sr", text: "; setup B:" }));
  }
}
