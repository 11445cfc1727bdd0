/* Every question at the answer bar: a calculator's own (full) widget lists, at the
 * foot of its sticky answer bar, each question its page answers (the odds in full and
 * their working, What do I need?, How lucky was that?, Compare, Fight it out; the
 * build writes the row: widget/views.py, templates/parts.html). A tap opens that
 * question's panel as a sheet over the page, anchored just above the bar, its answer
 * at the top of the sheet; "Inputs" (or the same tap again, or Escape) closes it. The
 * panels stay where the build wrote them: a sheet is the panel itself, fixed above the
 * bar while open (views.css), so a page without JavaScript reads as before and every
 * panel keeps its own logic.
 *
 * While a sheet hides the form, the bar says in a few words what the answer assumes
 * besides the page's starting inputs ("Also: Round: Later · Attacker is suppressed").
 * A link that carries a question (sweep=, rolled=, vs=, fight=) opens on it
 * (views-logic.js viewForLink). data-view on the widget: the question open. */

import { assumesLine, inputWords, viewForLink } from "./views-logic.js";

/** The bar's questions of a calculator's own widget, mounted (a card has none: then
 *  an object that does nothing). */
export function mountViews(widget) {
  const bar = widget.root.querySelector(":scope > .chq-output");
  const nav = bar && bar.querySelector(".chq-views");
  if (!nav || !widget.spec.views) return { fromHash() {}, refresh() {} };
  const views = new Views(widget, bar, nav);
  views.mount();
  return views;
}

class Views {
  constructor(widget, bar, nav) {
    this.widget = widget;
    this.root = widget.root;
    this.bar = bar;
    this.nav = nav;
    this.open = null; // the id of the question open, or null
    this.panels = this.findPanels();
    this.assumes = bar.querySelector("[data-assumes]");
  }

  /** Each question's panel: {node, show} (node: what becomes the sheet; show: what a
   *  tap on the question does besides opening it). */
  findPanels() {
    const { root, widget } = this;
    // Back to the inputs, a question stays as it was (open in the page, its part of the
    // address kept), and follows the inputs: a tap on it shows it again.
    const still = (node, show) => node && { node, show };
    const details = (selector) => {
      const node = root.querySelector(selector);
      return still(node, () => { node.open = true; });
    };
    const panels = {
      odds: still(root.querySelector(":scope > .chq-result"), () => {}),
      need: details("[data-need]"),
      luck: details("[data-luck]"),
      // Nothing pinned: a tap pins the inputs shown as A (then B is what they become).
      compare: widget.compare && still(root.querySelector("[data-compare]"),
                                       () => { if (!widget.compare.pinned) widget.compare.pin(); }),
      fight: widget.fight && still(root.querySelector("[data-fight]"),
                                   () => { if (!widget.fight.base) widget.fight.act("start"); }),
    };
    for (const id of Object.keys(panels)) if (!panels[id]) delete panels[id];
    return panels;
  }

  mount() {
    for (const button of this.nav.querySelectorAll("[data-view-button]")) {
      const id = button.dataset.viewButton;
      if (id !== "inputs" && !this.panels[id]) button.hidden = true; // (a panel the page lost)
      button.addEventListener("click", () => this.widget.guard(() => {
        if (id === "inputs" || this.open === id) this.close(true);
        else this.show(id, true);
      }));
    }
    // The bar's place in the page while it is fixed at the foot of the screen (views.css).
    const spacer = document.createElement("div");
    spacer.className = "chq-bar-spacer";
    spacer.setAttribute("aria-hidden", "true");
    this.bar.after(spacer);
    // A panel closed by its own summary closes its sheet.
    for (const [id, panel] of Object.entries(this.panels)) {
      if (panel.node.tagName !== "DETAILS") continue;
      panel.node.addEventListener("toggle", () => {
        if (!panel.node.open && this.open === id) this.widget.guard(() => this.close(false));
      });
    }
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && this.open && this.root.isConnected) this.widget.guard(() => this.close(true));
    });
    window.addEventListener("resize", () => { if (this.open && this.root.isConnected) this.place(); });
  }

  /** Open the question ``id`` as a sheet over the page (the one open before closes).
   *  ``act``: a tap on it, which does what the question needs to answer (pin A, start
   *  a fight); a link opens only what it brought (its own part opened it). */
  show(id, act) {
    const panel = this.panels[id];
    if (!panel) return;
    if (this.open) this.close(false);
    const { node } = panel;
    // The sheet first: what the panel focuses as it opens (a fight's round) is then in
    // the sheet, and the page behind does not scroll to it.
    node.classList.add("chq-sheet");
    this.root.dataset.view = id;
    if (act) panel.show();
    if (node.hidden || (node.tagName === "DETAILS" && !node.open)) { // it could not open (its note says why)
      node.classList.remove("chq-sheet");
      delete this.root.dataset.view;
      return;
    }
    this.open = id;
    if (!node.hasAttribute("tabindex")) node.setAttribute("tabindex", "-1");
    this.press();
    this.refresh();
    node.scrollTop = 0;
    if (!node.contains(document.activeElement)) node.focus({ preventScroll: true });
  }

  /** Close the sheet open; ``focus``: the bar's Inputs takes the focus. */
  close(focus) {
    const id = this.open;
    if (!id) return;
    this.open = null;
    const panel = this.panels[id];
    panel.node.classList.remove("chq-sheet");
    delete this.root.dataset.view;
    this.press();
    this.refresh();
    if (focus) this.nav.querySelector("[data-view-button=inputs]").focus({ preventScroll: true });
  }

  press() {
    for (const button of this.nav.querySelectorAll("[data-view-button]")) {
      button.setAttribute("aria-pressed", String(button.dataset.viewButton === (this.open || "inputs")));
    }
  }

  /** Where the sheet goes: over the widget's column, from under the site's header
   *  to the top of the answer bar (fixed at the foot of the screen while open). */
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

  /** While a sheet hides the form: the bar's "Also:" line, the inputs set away from
   *  the page's start; the sheet placed for the bar's height it makes. */
  refresh() {
    if (!this.assumes) return;
    let line = "";
    if (this.open) {
      const { params } = this.widget.form.read();
      const start = this.widget.spec.start || {};
      const parts = [];
      for (const param of this.widget.spec.params) {
        const value = params[param.name];
        const field = this.widget.form.field(param.name);
        if (value === undefined || value === start[param.name] || !field) continue;
        parts.push(inputWords(param.kind, fieldLabel(field, param), shownValue(field, param, value)));
      }
      line = assumesLine(parts);
    }
    this.assumes.textContent = line;
    this.assumes.hidden = !line;
    if (this.open) this.place();
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
    const id = viewForLink(query, this.widget.spec.views, (found) => Boolean(this.panels[found]));
    if (id && id !== this.open) this.show(id, false);
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
