/* "What do I need?" while two setups are compared ("Pin as A", compare.js): one line
 * under the panel's words naming the fewest for the same target for each setup, A
 * pinned and B shown ("Fewest for 80%: A 6 dice (82.6%); B 10 dice (84.2%)"). A's
 * sweep is answered the way B's is: from the build's answers where they hold every
 * value, else from the engine's sweep, asked under its own key so that A's and B's
 * never supersede each other. The words are need-logic.js compareWords. */

import { engine } from "../engine/engine.js";
import { el } from "../widget/util.js";
import { compareWords, targetLink } from "./need-logic.js";

export class Versus {
  /** ``need``: the panel (need.js), whose input swept, target, points shown and state it reads. */
  constructor(need) {
    this.need = need;
    this.node = el("p", { class: "chq-need__vs", "data-need-vs": "", hidden: true });
    this.a = null; // {request, points}: A's sweep
    this.asked = "";
  }

  /** Draw the line again (the inputs, the target, B's answer or the pinned A changed). */
  refresh() {
    const { need, node } = this;
    const widget = need.widget;
    const pinned = widget.compare && widget.compare.pinned;
    const comparing = Boolean(need.node.open && pinned && !pinned.problem && need.node.dataset.state !== "error");
    node.hidden = !comparing;
    if (!comparing) {
      node.textContent = "";
      return;
    }
    const count = need.counts.find((c) => c.name === need.over);
    const params = pinned.params;
    const values = need.valuesFor(params);
    const request = JSON.stringify([params, need.over, values]);
    const early = need.earlySweep(params, values);
    if (early) this.a = { request, points: early };
    if (!this.a || this.a.request !== request) this.ask(request, params, values);
    const a = this.a && this.a.request === request ? this.a.points : null;
    const b = need.node.dataset.state === "ready" ? need.points : null;
    node.textContent = compareWords(count, need.target, a, b);
  }

  ask(request, params, [first, last]) {
    const { need } = this;
    if (this.asked === request || need.failed) return;
    this.asked = request;
    const question = { over: need.over, values: `${first}..${last}`, target: targetLink(need.target) };
    need.widget.held.then(() => engine.sweep(need.spec.mechanic, params, question, `${need.key}-a`)).then((answer) => need.widget.guard(() => {
      if (this.asked === request) this.asked = "";
      if (!answer || answer.superseded || answer.failed || answer.error) return;
      this.a = { request, points: answer.result.points };
      this.refresh();
    }));
  }
}
