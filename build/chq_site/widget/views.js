/* Every question at the answer bar: a calculator's own (full) widget lists, in its
 * sticky answer bar, each question its page answers (the odds in full and their
 * working, What do I need?, How lucky was that?, Compare, Fight it out). A tap opens
 * that question's panel as a sheet over the page, anchored just above the bar, its
 * answer at the top of the sheet; "Inputs" (or the same tap again, or Escape) closes
 * it. The panels stay where the build wrote them: a sheet is the panel itself, fixed
 * above the bar while open (views.css), so a page without JavaScript reads as before
 * and every panel keeps its own logic.
 *
 * The engine's status line joins the bar, as a progress line along its top edge.
 * The answer bar also says, in a few words, what the answer assumes that is not on
 * screen (an input set away from the page's start whose field is out of view or
 * behind the sheet): "Also: Round: Later · Attacker is suppressed".
 *
 * A link that carries a question (sweep=, rolled=, vs=, fight=) opens on it
 * (views-logic.js viewForLink). data-view on the widget: the question open. */

import { assumesLine, inputWords, QUESTIONS, viewForLink } from "./views-logic.js";
import { el } from "./util.js";

/** The bar's questions for a full widget (null for a card). ``widget``: its
 *  compare and fight parts are read as they are when a question opens. */
export function mountViews(widget) {
  if (widget.spec.mode !== "full") return null;
  const bar = widget.root.querySelector(":scope > .chq-output");
  return bar ? new Views(widget, bar) : null;
}

class Views {
  constructor(widget, bar) {
    this.widget = widget;
    this.root = widget.root;
    this.bar = bar;
    this.open = null; // the id of the question open, or null
    this.panels = this.findPanels();
    this.visible = new Set(); // the fields in view (IntersectionObserver)
    this.buttons = new Map();
  }

  /** Each question the page answers: {show, hide, node} (node: the panel that
   *  becomes the sheet; show/hide: what opening and closing it does besides). */
  findPanels() {
    const { root, widget } = this;
    const details = (selector) => {
      const node = root.querySelector(selector);
      return node && { node: () => node, show: () => { node.open = true; }, hide: () => { node.open = false; } };
    };
    const result = root.querySelector(":scope > .chq-result");
    const panels = {
      odds: result && { node: () => result, show() {}, hide() {} },
      need: details("[data-need]"),
      luck: details("[data-luck]"),
    };
    if (widget.compare) {
      panels.compare = {
        node: () => root.querySelector("[data-compare]"),
        show: () => { if (!widget.compare.pinned) widget.compare.pin(); }, // nothing pinned: these inputs are A
        hide() {},
      };
    }
    if (widget.fight) {
      panels.fight = {
        node: () => root.querySelector("[data-fight]"),
        show: () => { if (!widget.fight.base) widget.fight.act("start"); },
        hide() {},
      };
    }
    for (const id of Object.keys(panels)) if (!panels[id]) delete panels[id];
    return panels;
  }

  mount() {
    const nav = el("nav", { class: "chq-views", "aria-label": "This answer's questions" });
    for (const question of QUESTIONS) {
      if (question.id !== "inputs" && !this.panels[question.id]) continue;
      const button = el("button", { type: "button", class: "chq-view", "data-view-button": question.id,
                                    title: question.title, "aria-pressed": String(question.id === "inputs"),
                                    text: question.label });
      if (question.id !== "inputs") button.setAttribute("aria-label", question.title);
      button.addEventListener("click", () => this.widget.guard(() => {
        if (question.id === "inputs" || this.open === question.id) this.close(true);
        else this.show(question.id);
      }));
      this.buttons.set(question.id, button);
      nav.append(button);
    }
    // The engine's state rides the bar's top edge (status.css): its words take room
    // only when it fails; an answer that waits for the engine says so in the bar.
    const status = this.root.querySelector(":scope > .chq-status");
    if (status) this.bar.prepend(status);
    this.assumes = el("p", { class: "chq-output__assumes", "data-assumes": "", hidden: true });
    this.bar.append(this.assumes, nav);
    this.spacer = el("div", { class: "chq-bar-spacer", "aria-hidden": "true" });
    this.bar.after(this.spacer);
    // A panel closed by its own summary (or a fight ended) closes its sheet.
    for (const [id, panel] of Object.entries(this.panels)) {
      const node = panel.node();
      if (node && node.tagName === "DETAILS") {
        node.addEventListener("toggle", () => { if (!node.open && this.open === id) this.widget.guard(() => this.close(false)); });
      }
    }
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && this.open && this.root.isConnected) this.widget.guard(() => this.close(true));
    });
    window.addEventListener("resize", () => { if (this.open) this.place(); });
    if ("IntersectionObserver" in window) {
      this.observer = new IntersectionObserver((entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) this.visible.add(entry.target);
          else this.visible.delete(entry.target);
        }
        this.widget.guard(() => this.refresh());
      });
      for (const field of this.root.querySelectorAll(".chq-form [data-param]")) this.observer.observe(field);
    }
  }

  /** Open the question ``id`` as a sheet over the page (the one open before closes). */
  show(id) {
    const panel = this.panels[id];
    if (!panel) return;
    if (this.open) this.close(false);
    const node = panel.node();
    if (!node) return;
    // A sheet before the panel opens: what it focuses as it opens (a fight's round)
    // is then in the sheet, and the page behind does not scroll to it.
    node.classList.add("chq-sheet");
    this.root.dataset.view = id;
    this.place();
    panel.show();
    if (node.hidden) { // it could not open (its own note says why)
      node.classList.remove("chq-sheet");
      delete this.root.dataset.view;
      return;
    }
    this.open = id;
    if (!node.hasAttribute("tabindex")) node.setAttribute("tabindex", "-1");
    document.documentElement.classList.add("chq-sheet-open");
    this.place();
    node.scrollTop = 0;
    if (!node.contains(document.activeElement)) node.focus({ preventScroll: true });
    this.press();
    this.refresh();
  }

  /** Close the sheet open; ``focus``: the bar's Inputs takes the focus. */
  close(focus) {
    const id = this.open;
    if (!id) return;
    this.open = null;
    const panel = this.panels[id];
    const node = panel.node();
    if (node) node.classList.remove("chq-sheet");
    delete this.root.dataset.view;
    document.documentElement.classList.remove("chq-sheet-open");
    panel.hide();
    this.press();
    this.refresh();
    if (focus) this.buttons.get("inputs").focus({ preventScroll: true });
  }

  press() {
    for (const [id, button] of this.buttons) {
      button.setAttribute("aria-pressed", String(id === (this.open || "inputs")));
    }
  }

  /** Where the sheet goes: over the widget's column, from under the site's header
   *  to the top of the answer bar (fixed at the bottom of the screen while open). */
  place() {
    const box = this.root.getBoundingClientRect();
    const header = document.querySelector(".md-header");
    const top = header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
    const style = this.root.style;
    style.setProperty("--chq-sheet-left", `${Math.round(box.left)}px`);
    style.setProperty("--chq-sheet-width", `${Math.round(box.width)}px`);
    const barHeight = Math.ceil(this.bar.getBoundingClientRect().height);
    style.setProperty("--chq-bar-height", `${barHeight}px`);
    style.setProperty("--chq-sheet-max", `${Math.max(120, Math.floor(window.innerHeight - top - barHeight))}px`);
  }

  /** The bar's "Also:" line: the inputs set away from the page's start that are not
   *  on screen (out of view, folded away, or behind the sheet). */
  refresh() {
    if (!this.assumes) return;
    const { params } = this.widget.form.read();
    const start = this.widget.spec.start || {};
    const parts = [];
    for (const param of this.widget.spec.params) {
      const value = params[param.name];
      if (value === undefined || value === start[param.name]) continue;
      const field = this.widget.form.field(param.name);
      if (!field || (!this.open && this.visible.has(field) && !field.closest("details:not([open])"))) continue;
      parts.push(inputWords(param.kind, fieldLabel(field, param), shownValue(field, param, value)));
    }
    const line = assumesLine(parts);
    this.assumes.textContent = line;
    this.assumes.hidden = !line;
    if (this.open) this.place(); // the bar's height may have changed
  }

  /** Open the question a link carries (on mount, and when the address changes). */
  fromHash(hash) {
    const text = String(hash || "").replace(/^#/, "");
    let query = null;
    try {
      query = text.includes("=") ? new URLSearchParams(text) : null;
    } catch (_) {
      query = null;
    }
    const id = viewForLink(query, Object.keys(this.panels));
    if (id && id !== this.open) this.show(id);
  }
}

function fieldLabel(field, param) {
  const label = field.querySelector(".chq-switch__label, .chq-label");
  return label ? label.firstChild.textContent.trim() : param.label;
}

function shownValue(field, param, value) {
  if (param.kind !== "choice") return value;
  const radio = field.querySelector("input[type=radio]:checked");
  return radio && radio.labels[0] ? radio.labels[0].textContent.trim() : value;
}
