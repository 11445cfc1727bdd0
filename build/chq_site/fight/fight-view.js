/* The "Fight it out" panel of the Close Assault widget (fight.js keeps the fight):
 * the round about to be fought (each side's dice and TN, the odds from there), the
 * taps for what the roll did, the taps so far, and the outcome once a side wins.
 *
 * data-state on the panel: idle (no fight on) | waiting (the round is known; its
 * dice, TN and odds come when the engine answers) | ready (shown) | error (no odds:
 * the engine could not load, or compute() refused the round) | over (a side won).
 * data-round: the round shown. Each odd: data-key, data-value, data-exact; each
 * side: data-dice, data-tn (empty until known). The outcome: data-winner,
 * data-margin, data-loser ("dispersed" | "forced-back"), data-winner-suppressed
 * ("yes" | "if-fewer-6s"). */

import { fixed, pct } from "../widget/printing.js";
import { el } from "../widget/util.js";

const NAME = { att: "attacker", def: "defender" };
const Name = { att: "Attacker", def: "Defender" };
const other = (side) => (side === "att" ? "def" : "att");

export class FightView {
  /** ``root``: the widget; ``uid``: its page-unique name; ``spec``: its data-spec
   *  (the labels of the odds); ``act(action, value)``: what a tap asks for. */
  constructor(root, uid, spec, act) {
    this.root = root;
    this.uid = uid;
    this.spec = spec;
    this.act = act;
    this.panel = null;
    this.body = null;
  }

  mount() {
    const title = `${this.uid}-fight-title`;
    const id = `${this.uid}-fight`;
    this.startButton = el("button", { type: "button", class: "chq-button chq-fight__start", "aria-controls": id,
                                      "aria-expanded": "false", text: "Fight it out" });
    this.startButton.addEventListener("click", () => this.act("start"));
    this.note = el("p", { class: "chq-fight__note", role: "status" });
    this.body = el("div", { class: "chq-fight__body", hidden: true });
    this.panel = el("section", { class: "chq-fight", id, "data-fight": "", "data-state": "idle",
                                 "aria-labelledby": title, hidden: true }, [
      el("h2", { class: "chq-fight__title", id: title, text: "Fight it out, round by round" }),
      this.intro = el("p", { class: "chq-fight__intro", text: "Roll real dice and tap what each round "
                                                              + "did: the next round’s dice, TN and odds follow." }),
      this.note, this.body]);
    this.panel.addEventListener("click", (event) => {
      const button = event.target instanceof Element ? event.target.closest("[data-fight-action]") : null;
      if (!button || button.disabled || !this.panel.contains(button)) return;
      const data = button.dataset;
      const value = data.fightAction === "tap"
        ? (data.fightK ? { kind: "win", side: data.fightSide, k: Number(data.fightK) }
          : { kind: "draw", fewer: data.fightFewer })
        : data.fightValue;
      this.act(data.fightAction, value);
    });
    // The start button joins the widget's tools under the headline (Share, Pin as A);
    // the panel follows them (and the compare panel), above the widget's figures.
    const tools = this.root.querySelector(".chq-tools");
    const output = this.root.querySelector(".chq-output");
    if (tools) {
      const note = tools.querySelector(".chq-tools__note");
      if (note && note.parentElement === tools) note.before(this.startButton);
      else tools.append(this.startButton);
    } else {
      const row = el("div", { class: "chq-fight__launch" }, [this.startButton]);
      if (output) output.after(row);
      else this.root.append(row);
    }
    const anchor = this.root.querySelector("[data-compare]") || tools || this.startButton.parentElement;
    anchor.after(this.panel);
    // The widget's own figures are the whole fight's; the panel's odds are from the
    // round reached on. Each says which (result.css).
    const figures = this.root.querySelector(".chq-result > .chq-figures");
    if (figures && !figures.previousElementSibling?.matches(".chq-figures__caption")) {
      figures.before(el("p", { class: "chq-figures__caption", text: "The whole fight" }));
    }
  }

  /** Why a fight could not start (or a new one): shown at the top of the panel. */
  showNote(text) {
    this.note.textContent = text;
    this.panel.hidden = false;
  }

  /** No fight on: only the start button shows. */
  idle() {
    this.intro.hidden = false;
    this.panel.dataset.state = "idle";
    this.panel.removeAttribute("data-round");
    this.panel.hidden = true;
    this.startButton.setAttribute("aria-expanded", "false");
    this.note.textContent = "";
    this.body.hidden = true;
    this.body.replaceChildren();
  }

  /** Draw the fight: ``f`` from Fight.render (replay's rounds/state/outcome, base,
   *  taps, pick, answer, first, engine, failed). */
  render(f) {
    const result = f.answer && f.answer.result ? f.answer.result : null;
    const round = f.rounds.length;
    this.panel.hidden = false;
    this.startButton.setAttribute("aria-expanded", "true");
    this.note.textContent = "";
    this.intro.hidden = f.taps.length > 0; // said once, before the first tap
    this.body.hidden = false;
    this.panel.dataset.round = String(round);
    this.panel.dataset.state = f.outcome ? "over" : result ? "ready"
      : (f.answer && f.answer.error) || f.failed ? "error" : "waiting";
    const parts = f.outcome ? [this.outcome(f.outcome, f.base, round)]
      : [this.heading(round, f.state), this.sides(result), this.status(f, result), this.odds(result),
        this.ask(f, result)];
    parts.push(this.log(f.taps, f.rounds), this.actions(f.taps.length, Boolean(f.outcome)));
    this.body.replaceChildren(...parts.filter(Boolean));
  }

  heading(round, state) {
    const flags = ["att", "def"].filter((side) => state[side]).map((side) => `${Name[side]} suppressed`);
    return el("p", { class: "chq-fight__round", tabindex: "-1" }, [
      el("strong", { text: `Round ${round}` }),
      state.start === "later" ? el("span", { class: "chq-fight__later", text: "after a draw: no order bonus" }) : null,
      ...flags.map((text) => el("span", { class: "chq-fight__flag", text })),
    ]);
  }

  sides(result) {
    const working = (result && result.explain) || [];
    return el("div", { class: "chq-fight__sides" }, ["att", "def"].map((side) => {
      const dice = result ? result.round1[`${side}_dice`] : null;
      const tn = result ? result.round1[`${side}_tn`] : null;
      const line = working.find((text) => text.startsWith(`${NAME[side]}: `));
      return el("div", { class: "chq-fight__side", "data-fight-side": side,
                         "data-dice": dice === null ? "" : dice, "data-tn": tn === null ? "" : tn }, [
        el("span", { class: "chq-fight__who", text: Name[side] }),
        el("span", { class: "chq-fight__dice", text: result ? `${dice}D at ${tn}+` : "–" }),
        line ? el("span", { class: "chq-fight__why", text: line.slice(NAME[side].length + 2) }) : null,
      ]);
    }));
  }

  status(f, result) {
    let text = "";
    if (f.answer && f.answer.error) text = `No odds for this round: ${f.answer.error.message}.`;
    else if (!result && f.failed) text = "The dice, TN and odds need the calculator engine, which could not load "
      + "here. Your taps still follow the rules below.";
    else if (!result && f.engine !== "ready") text = "The engine is still loading: this round’s dice, TN and "
      + "odds come when it is ready. You can tap what happened meanwhile.";
    else if (!result) text = "Working out this round’s dice, TN and odds…";
    return el("p", { class: "chq-fight__status", role: "status", hidden: !text, text });
  }

  odds(result) {
    if (!result) return el("dl", { class: "chq-fight__odds", hidden: true });
    const rows = [[this.spec.headline.key, "Attacker wins", "pct"], ...this.spec.figures];
    return el("div", { class: "chq-fight__oddsbox" }, [
      el("p", { class: "chq-fight__caption", text: "Odds from this round on" }),
      el("dl", { class: "chq-fight__odds" }, rows.map(([key, label, format]) => {
        const prob = result[key] || {};
        const shown = format === "pct" ? pct(prob) : fixed(prob);
        return el("div", { class: "chq-fight__odd" }, [
          el("dt", { text: label }),
          el("dd", { text: shown, "data-key": key, "data-value": String(prob.value),
                     "data-exact": prob.exact || "", title: prob.exact ? `exactly ${prob.exact}` : null }),
        ]);
      })),
    ]);
  }

  /** "What happened?": won (then by how many) or a draw (then who rolled fewer 6s). */
  ask(f, result) {
    const most = (side) => {
      for (const known of [result, f.first]) if (known) return known.round1[`${side}_dice`];
      return f.base[`${side}_dice`] + 3; // not known yet: a bound on the margins offered
    };
    const choice = (value, text, extra = {}) => el("button", {
      type: "button", class: "chq-fight__tap", "data-fight-action": "pick", "data-fight-value": value,
      "aria-expanded": String(f.pick === value), ...extra, text });
    const taps = el("div", { class: "chq-fight__taps", role: "group", "aria-label": "What happened?" }, [
      choice("att", "Attacker won", { disabled: most("att") < 1 }),
      choice("def", "Defender won", { disabled: most("def") < 1 }),
      choice("draw", "Draw"),
    ]);
    const parts = [el("p", { class: "chq-fight__question", text: "Roll, then tap what happened:" }), taps];
    if (f.pick === "att" || f.pick === "def") {
      const side = f.pick;
      const ks = Array.from({ length: most(side) }, (_, i) => i + 1);
      parts.push(el("div", { class: "chq-fight__more" }, [
        el("p", { class: "chq-fight__question", text: `${Name[side]} won by how many successes?` }),
        el("div", { class: "chq-fight__ks", role: "group", "aria-label": `${Name[side]} won by` }, ks.map((k) =>
          el("button", { type: "button", class: "chq-fight__k", "data-fight-action": "tap", "data-fight-side": side,
                         "data-fight-k": k, "aria-label": `${Name[side]} won by ${k}`, text: String(k) }))),
      ]));
    } else if (f.pick === "draw") {
      const fewer = (value, text) => el("button", { type: "button", class: "chq-fight__k chq-fight__k--text",
                                                    "data-fight-action": "tap", "data-fight-fewer": value, text });
      parts.push(el("div", { class: "chq-fight__more" }, [
        el("p", { class: "chq-fight__question", text: "Draw: who rolled fewer 6s?" }),
        el("div", { class: "chq-fight__ks chq-fight__ks--wide", role: "group", "aria-label": "Who rolled fewer 6s" }, [
          fewer("att", "Attacker"), fewer("def", "Defender"), fewer("same", "Same number")]),
      ]));
    }
    return el("div", { class: "chq-fight__ask" }, parts);
  }

  /** What the rules give after the winning tap (002: Determine the Winner; After a Close Assault). */
  outcome(tap, base, round) {
    const winner = tap.side;
    const loser = other(winner);
    const before = base[`${loser}_disruption`];
    const cohesion = base[`${loser}_cohesion`];
    const now = before + tap.k;
    const dispersed = now >= cohesion;
    const dp = `${tap.k} Disruption Point${tap.k === 1 ? "" : "s"}`;
    const lines = [
      `The ${NAME[loser]} takes ${dp} (now ${now}; Cohesion ${cohesion}).`,
      dispersed ? `It is Dispersed: remove it from the table.`
        : `It is suppressed and Forced Back its Fixed Move + ${tap.k}D6″ (1D6″ per Disruption Point taken).`,
      tap.state[winner]
        ? `The ${NAME[winner]} ends suppressed: it was already suppressed.`
        : `The ${NAME[winner]} ends suppressed only if it rolled fewer 6s than the ${NAME[loser]} in this round.`,
    ];
    return el("div", { class: "chq-fight__outcome", role: "status", tabindex: "-1", "data-winner": winner,
                       "data-margin": tap.k, "data-loser": dispersed ? "dispersed" : "forced-back",
                       "data-winner-suppressed": tap.state[winner] ? "yes" : "if-fewer-6s" }, [
      el("p", { class: "chq-fight__verdict", text: `The ${NAME[winner]} wins by ${tap.k} in round ${round}.` }),
      el("ul", {}, lines.map((text) => el("li", { text }))),
    ]);
  }

  /** The taps so far; ``rounds[i]``: who was suppressed when round i + 1 was fought. */
  log(taps, rounds) {
    if (!taps.length) return null;
    const items = taps.map((tap, i) => {
      if (tap.kind === "win") return el("li", { text: `Round ${i + 1}: the ${NAME[tap.side]} won by ${tap.k}.` });
      const text = tap.fewer === "same" ? "draw, the same number of 6s."
        : `draw, the ${NAME[tap.fewer]} rolled fewer 6s`
          + (rounds[i][tap.fewer] ? " (already suppressed)." : " and is suppressed.");
      return el("li", { text: `Round ${i + 1}: ${text}` });
    });
    return el("div", { class: "chq-fight__log" }, [
      el("p", { class: "chq-fight__caption", text: "So far" }), el("ol", {}, items)]);
  }

  actions(count, over) {
    const button = (action, text, extra = {}) => el("button", { type: "button", class: "chq-button",
                                                                "data-fight-action": action, ...extra, text });
    return el("div", { class: "chq-fight__actions" }, [
      button("undo", "Undo last tap", { disabled: count === 0 }),
      button("new", "New fight", { class: over ? "chq-button chq-fight__primary" : "chq-button" }),
      button("end", "Close"),
    ]);
  }

  /** Keep a keyboard (or screen reader) user where the tap took them: the redrawn
   *  panel has new buttons. */
  focusAfter(action, value) {
    const find = (selector) => this.body.querySelector(selector);
    const target = action === "end" ? this.startButton
      : action === "pick" ? find(".chq-fight__more button") || find(`[data-fight-value="${value}"]`)
        : find(".chq-fight__outcome") || find(".chq-fight__round");
    if (target) target.focus();
  }
}
