/* "How lucky was that?" under the answer of the opposed rolls' calculators (spotting,
 * Close Assault's round as the inputs set it): the successes each side rolled in,
 * "1 in 12: a lucky roll" out, with the chance of doing at least that well.
 *
 * It answers at once where the build wrote the roll's pools (every setting the
 * answer table covers: the pools beside each answer, answers.js tablePools; and the
 * starting inputs and worked examples: the details' data-pools,
 * chq_site.questions.luck_pools) with luck-logic.js, calculators.luck's counting mirrored; and asks the engine in any
 * case (its "luck" request: data-source="engine"). A count a side cannot roll, or
 * spotting where it is automatic, is named as compute() names it. The panel lives
 * in the address while it holds a roll: rolled=5,3. */

import { answerKey, tablePools } from "../answers/answers.js";
import { engine } from "../engine/engine.js";
import { addRider } from "../widget/permalink.js";
import { el, sentence } from "../widget/util.js";
import { luckOf, readCount, readRolled } from "./luck-logic.js";
import { readPanelLink, writePanelAddress } from "./panel-address.js";

const KEYS = ["rolled"];

export function mountLuck(widget) {
  const node = widget.root.querySelector(":scope > [data-luck]");
  const questions = widget.spec.questions;
  if (!node || !questions || !questions.opposed) return null;
  const luck = new Luck(widget, node);
  luck.mount();
  return luck;
}

const capital = (text) => text[0].toUpperCase() + text.slice(1);

class Luck {
  constructor(widget, node) {
    this.widget = widget;
    this.node = node;
    this.spec = widget.spec;
    this.sides = { ...this.spec.questions.opposed, mechanic: this.spec.mechanic };
    let pools = {};
    try {
      pools = JSON.parse(node.dataset.pools || "{}");
    } catch (_) { /* the engine answers */ }
    this.pools = new Map(Object.entries(pools));
    this.key = `${widget.uid}-luck`;
    this.asked = "";
    this.shown = "";
    this.failed = "";
    this.problem = "";
    this.linked = null; // a refused rolled= as the link wrote it: the address keeps it while refused
  }

  mount() {
    const uid = this.widget.uid;
    const field = (side, name) => {
      const id = `${uid}-luck-${name}`;
      const input = el("input", { id, name: `rolled_${name}`, type: "text", inputmode: "numeric", autocomplete: "off",
                                  spellcheck: "false", "aria-describedby": `${uid}-luck-msg` });
      input.addEventListener("input", () => this.widget.guard(() => this.onEdit()));
      return [input, el("div", { class: "chq-field" }, [
        el("label", { class: "chq-label", for: id, text: `${capital(side)}: successes rolled` }), input])];
    };
    const [mine, mineField] = field(this.sides.mine, "mine");
    const [theirs, theirsField] = field(this.sides.theirs, "theirs");
    this.inputs = { mine, theirs };
    this.msg = el("p", { class: "chq-msg", id: `${uid}-luck-msg` });
    this.words = el("p", { class: "chq-luck__words", role: "status", "aria-live": "polite" });
    this.explain = el("ul", { class: "chq-luck__explain" });
    this.node.querySelector(".chq-question__body").replaceChildren(
      el("div", { class: "chq-question__controls" }, [mineField, theirsField]), this.msg, this.words, this.explain);
    this.node.dataset.state = "idle";
    this.node.addEventListener("toggle", () => this.widget.guard(() => this.refresh()));
    addRider(this.spec, KEYS, () => this.part(), { pins: false });
  }

  rolled() {
    return { mine: readCount(this.inputs.mine.value), theirs: readCount(this.inputs.theirs.value) };
  }

  part() {
    if (!this.node.open) return "";
    if (this.linked) return this.linked.join("&");
    const { mine, theirs } = this.rolled();
    return mine !== null && theirs !== null ? `rolled=${mine},${theirs}` : "";
  }

  onEdit() {
    this.problem = "";
    this.linked = null;
    this.writeAddress();
    this.refresh();
  }

  writeAddress() {
    writePanelAddress(this.widget, KEYS, this.part());
  }

  /** rolled=5,3 from a permalink: the panel opens on that roll. A roll it cannot
   *  read, or rolled= given twice, is named under the counts (the first shown, as the
   *  form shows an input given twice) and stays in the address as the link wrote it. */
  fromHash(hash) {
    const link = readPanelLink(this.spec, KEYS, hash, { rolled: (raw) => readRolled(raw).message || "" });
    if (!link) return;
    this.problem = link.problems.rolled || "";
    this.linked = link.linked.rolled || null;
    if (!("rolled" in link.given)) return;
    const read = readRolled(link.given.rolled);
    this.inputs.mine.value = read.message ? "" : String(read.mine);
    this.inputs.theirs.value = read.message ? "" : String(read.theirs);
    this.node.open = true;
    this.refresh();
  }

  onEngine(state) {
    if (state.phase === "failed") this.failed = state.message || "it stopped";
    if (this.node.open && this.node.dataset.state === "loading") this.refresh();
  }

  refresh() {
    if (!this.node.open) return;
    this.msg.textContent = "";
    for (const input of Object.values(this.inputs)) input.removeAttribute("aria-invalid");
    if (this.problem) {
      this.refuse({ field: "rolled", message: this.problem });
      return;
    }
    const { mine, theirs } = this.rolled();
    const typed = [this.inputs.mine.value.trim(), this.inputs.theirs.value.trim()];
    if (mine === null || theirs === null) {
      if (typed.some((t, i) => t && [mine, theirs][i] === null)) {
        this.refuse({ field: "rolled", message: `enter each side's successes as a whole number (you entered '${typed.join(",")}')` });
      } else {
        this.say("idle", "Enter the successes each side rolled.");
      }
      return;
    }
    const { params, errors } = this.widget.form.read();
    if (errors.length) {
      this.say("error", "Fix the inputs marked above first: the roll is judged by the inputs shown.");
      return;
    }
    const request = JSON.stringify([params, mine, theirs]);
    // (only where the build answers the inputs too: luck() first refuses what compute() refuses)
    const pools = this.widget.earlyAnswer(params)
      && (this.pools.get(answerKey(this.spec.params, params)) || tablePools(this.widget.table, params));
    if (pools) {
      const answer = luckOf(pools, this.sides, mine, theirs);
      if (this.shown !== request || this.node.dataset.source !== "engine") this.receive(answer, request, "build");
    } else if (this.shown !== request) {
      this.say("loading", "Working it out…");
    }
    this.ask(request, params, mine, theirs);
  }

  ask(request, params, mine, theirs) {
    if (this.asked === request || (this.shown === request && this.node.dataset.source === "engine")) return;
    if (this.failed) {
      if (this.node.dataset.state === "loading") this.say("error", `Only the engine can answer these inputs, and it could not start here: ${this.failed}.`);
      return;
    }
    this.asked = request;
    this.widget.held.then(() => engine.luck(this.spec.mechanic, params, { mine, theirs }, this.key)).then((answer) => this.widget.guard(() => {
      if (this.asked === request) this.asked = "";
      if (!answer || answer.superseded || this.current() !== request) return;
      if (answer.failed) {
        this.failed = answer.failed;
        if (this.shown !== request) this.say("error", `Only the engine can answer these inputs, and it could not start here: ${answer.failed}.`);
        return;
      }
      this.receive(answer, request, "engine");
    }));
  }

  current() {
    const { mine, theirs } = this.rolled();
    const { params, errors } = this.widget.form.read();
    return errors.length || mine === null || theirs === null ? "" : JSON.stringify([params, mine, theirs]);
  }

  receive(answer, request, source) {
    if (answer.error) {
      this.refuse(answer.error);
      return;
    }
    const result = answer.result;
    this.shown = request;
    this.words.textContent = result.words;
    // How it was worked out, in the package's words: the pools, the chance of scoring
    // at least as many successes, and of a difference at least as good.
    this.explain.replaceChildren(...result.explain.map((line) => el("li", { text: sentence(line) })));
    this.node.dataset.state = "ready";
    this.node.dataset.source = source;
    this.node.dataset.result = JSON.stringify({ p_mine_at_least: result.p_mine_at_least, p_margin_at_least: result.p_margin_at_least });
  }

  say(state, words) {
    this.words.textContent = words;
    this.explain.replaceChildren();
    this.node.dataset.state = state;
    delete this.node.dataset.source;
    delete this.node.dataset.result;
    this.shown = "";
  }

  /** A refusal ({field, message}): the counts' (rolled) under their fields; an input's
   *  (spotting's distance where it is automatic) in the words, named as the form names it. */
  refuse({ field, message }) {
    if (field === "rolled") {
      this.msg.textContent = sentence(`Successes rolled: ${message}`);
      for (const input of Object.values(this.inputs)) input.setAttribute("aria-invalid", "true");
      this.say("error", "Fix the successes rolled first.");
      return;
    }
    const param = this.spec.params.find((p) => p.name === field);
    this.say("error", sentence(`${param ? param.label : field}: ${message}`));
  }
}
