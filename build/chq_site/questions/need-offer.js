/* "What do I need?"'s choice of input ("Step through"): it offers only the whole-number
 * inputs that move the chance at the inputs shown. An input whose sweep over the
 * values the panel would step through is "flat" (Defender's Cohesion where it does not
 * change the chance) is left out, as chq_site.questions.questions.moving leaves it out.
 *
 * Each input's sweep comes from the build's answers where they hold every value (the
 * panel's own rule, need-logic.js sweepFrom), else from the engine's sweep (its
 * "direction", calculators.sweep's), asked under a key of its own so that it never
 * supersedes the panel's sweep. While an input's sweep is not known yet it is offered.
 * When the input shown turns out not to move the chance and another does, the panel
 * steps through the first that does. */

import { engine } from "../engine/engine.js";
import { headlineFor } from "../widget/headline.js";
import { el } from "../widget/util.js";
import { moves, span, sweepFrom } from "./need-logic.js";

const MOST_KEPT = 400; // sweeps remembered (moving or not), then forgotten all at once

export class Offer {
  /** ``need``: the panel (need.js): its select, counts, input swept, widget and engine key. */
  constructor(need) {
    this.need = need;
    this.known = new Map(); // request -> does that input move the chance?
    this.asked = new Set();
  }

  /** Offer the inputs that move the chance at the inputs shown (the panel is open). */
  refresh() {
    const { need } = this;
    if (!need.select || !need.node.open) return;
    const { params, errors } = need.widget.form.read();
    if (errors.length) return;
    const key = headlineFor(need.spec, params).key;
    const offered = [];
    let settled = true;
    for (const count of need.counts) {
      const values = span(need.spec.params.find((p) => p.name === count.name), params[count.name]);
      const request = JSON.stringify([params, count.name, values]);
      if (!this.known.has(request)) {
        const points = sweepFrom(params, count.name, values, key, (p) => need.widget.earlyAnswer(p));
        if (points) this.remember(request, moves(points));
        else this.ask(request, params, count.name, values);
      }
      const known = this.known.get(request);
      if (known === undefined) settled = false;
      if (known !== false) offered.push(count.name);
    }
    this.show(offered, settled);
  }

  remember(request, moving) {
    if (this.known.size >= MOST_KEPT) this.known.clear();
    this.known.set(request, moving);
  }

  ask(request, params, over, [first, last]) {
    const { need } = this;
    if (this.asked.has(request) || need.failed) return;
    this.asked.add(request);
    const question = { over, values: `${first}..${last}` };
    need.widget.held.then(() => engine.sweep(need.spec.mechanic, params, question, `${need.key}-offer-${over}`))
      .then((answer) => need.widget.guard(() => {
        this.asked.delete(request);
        if (!answer || answer.superseded || answer.failed) return;
        // (a sweep refused, such as a chance given at none of these values, moves nothing)
        this.remember(request, Boolean(answer.result) && answer.result.direction !== "flat");
        this.refresh();
      }));
  }

  /** The select's options: the inputs offered (the one shown kept while none moves);
   *  once every sweep is known, a shown input that does not move gives way. */
  show(offered, settled) {
    const { need } = this;
    let names = offered;
    const linked = (need.refused && need.refused.sweep) || need.problem; // a link's sweep= refused: it says so
    if (!names.includes(need.over)) {
      if (settled && names.length && !linked) {
        need.over = names[0];
        need.writeAddress();
        need.refreshMain();
        need.versus.refresh();
      } else {
        names = need.counts.map((count) => count.name).filter((name) => name === need.over || names.includes(name));
      }
    }
    need.node.dataset.offered = names.join(" ");
    const now = [...need.select.options].map((option) => option.value);
    if (now.join(" ") !== names.join(" ")) {
      need.select.replaceChildren(...need.counts.filter((count) => names.includes(count.name))
        .map((count) => el("option", { value: count.name, text: count.label })));
    }
    need.select.value = need.over;
  }
}
