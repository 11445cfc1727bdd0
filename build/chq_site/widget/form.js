/* A widget's form: reading the inputs (with the errors of a permalink's values that
 * could not be put in a field), writing them, the step buttons' arithmetic, the
 * messages beside the fields (in compute()'s words, after the field's label), the
 * inputs another input makes meaningless (disabled, with the reason), and the inputs
 * as a line of text for a printed page. A field being typed in is not flagged until
 * it is left: its refusal is "pending" meanwhile. The build writes the form (one
 * field per parameter, data-param="name"); nothing here creates a field. */

import { readInputs, typedNumber } from "./params.js";
import { el, sentence } from "./util.js";

export class Form {
  /** ``node``: the widget's <form class="chq-form">; ``spec``: its data-spec. */
  constructor(node, spec) {
    this.node = node;
    this.spec = spec;
    this.params = new Map(spec.params.map((p) => [p.name, p]));
    // A permalink's value that no field can show ("cover=swamp"): name -> message,
    // until that field is edited, the form reset or another permalink read.
    this.errors = new Map();
    // A permalink's keys that are no input here ("distanse"), named above the form
    // (permalink.js) until the inputs are edited, reset or another permalink read.
    this.notice = "";
    this.editing = null; // the text field being typed in (not flagged until it is left)
    this.held = false; // its refusal was held back
  }

  /** An edit of field ``name`` by an "input" or "change" event: true when the widget
   *  should answer it. Text fields answer as you type ("input"); their "change" (the
   *  field left, or Enter) only flags what typing held back. Switches and choices
   *  answer on "change". */
  noteEdit(name, type, isText) {
    this.notice = "";
    if (!isText) {
      if (type !== "change") return false;
      this.errors.delete(name);
      return true;
    }
    this.errors.delete(name);
    if (type === "input") {
      this.editing = name;
      return true;
    }
    const held = this.held && this.editing === name;
    this.editing = null;
    this.held = false;
    return held;
  }

  field(name) {
    return this.node.querySelector(`[data-param="${name}"]`);
  }

  inputs(name) {
    return [...this.node.querySelectorAll("input")].filter((input) => input.name === name);
  }

  setField(param, value) {
    const inputs = this.inputs(param.name);
    if (param.kind === "bool") inputs[0].checked = Boolean(value);
    else if (param.kind === "choice") for (const input of inputs) input.checked = input.value === value;
    else inputs[0].value = value === null || value === undefined ? "" : String(value);
  }

  setAll(values) {
    this.editing = null;
    this.notice = "";
    for (const param of this.spec.params) this.setField(param, values[param.name]);
  }

  /** The inputs shown: {params, errors}; ``errors`` as [{field, message, pending}],
   *  ``pending`` for the field being typed in (not to be shown yet). */
  read() {
    const shown = {};
    for (const param of this.spec.params) {
      if (this.errors.has(param.name)) continue; // a permalink's value no field could show
      const inputs = this.inputs(param.name);
      if (param.kind === "bool") {
        shown[param.name] = inputs[0].checked;
      } else if (param.kind === "choice") {
        const checked = inputs.find((input) => input.checked);
        shown[param.name] = checked ? checked.value : param.default;
      } else {
        shown[param.name] = inputs[0].value;
      }
    }
    const read = readInputs(this.spec, shown, this.errors, this.editing);
    this.held = read.errors.some((error) => error.pending);
    return read;
  }

  /** A step button or arrow key: ``delta`` added to the number shown, kept in range
   *  (from the starting value when the field holds no number). */
  step(input, param, delta) {
    const text = input.value.trim();
    let value = typedNumber(param, text);
    if (value === null) value = Number(this.spec.start[param.name]);
    if (!Number.isFinite(value)) value = param.min;
    value = Math.min(param.max, Math.max(param.min, value + delta));
    if (param.kind === "number") value = Math.round(value * 1000) / 1000;
    input.value = String(value);
    this.errors.delete(param.name);
    this.editing = null;
    this.notice = "";
  }

  /** After each read: disable the inputs the others make meaningless (presentation.
   *  IGNORED), saying why, and write the inputs as text for a printed page. */
  reflect(params) {
    for (const rule of this.spec.ignored || []) {
      const field = this.field(rule.param);
      if (!field) continue;
      const off = Object.entries(rule.when).every(([name, value]) => params[name] === value);
      const id = `${this.node.id}-${rule.param}-why`;
      let why = field.querySelector(".chq-why");
      if (off && !why) {
        why = el("p", { class: "chq-why", id, text: rule.reason });
        field.querySelector(".chq-msg").before(why);
      } else if (!off && why) {
        why.remove();
      }
      field.classList.toggle("is-ignored", off);
      for (const input of field.querySelectorAll("input, button")) {
        input.disabled = off;
        const holder = input.type === "radio" ? field : input;
        const described = (holder.getAttribute("aria-describedby") || "").split(/\s+/).filter((x) => x && x !== id);
        if (off) described.push(id);
        if (described.length) holder.setAttribute("aria-describedby", described.join(" "));
      }
    }
    this.surface(params);
    this.printLine();
  }

  /** An option under "More options" that the other inputs make the point of the
   *  setup (presentation.SURFACED: "Attacker is suppressed" in a later round) joins
   *  the main inputs, right after the input that makes it so (Round: Later), where
   *  the tap that reveals it was; it goes back after. */
  surface(params) {
    for (const rule of this.spec.surfaced || []) {
      const field = this.field(rule.param);
      if (!field) continue;
      const wanted = Object.entries(rule.when).every(([name, value]) => params[name] === value);
      if (!field.__chqHome) {
        if (!wanted || !field.closest(".chq-more")) continue;
        field.__chqHome = document.createComment(`${rule.param}: under More options`);
        field.before(field.__chqHome);
      }
      const beside = this.field(Object.keys(rule.when)[0]);
      if (wanted && field.closest(".chq-more") && beside && !beside.closest(".chq-more")) {
        beside.after(field);
        field.classList.add("is-surfaced");
      } else if (!wanted && !field.closest(".chq-more")) {
        field.__chqHome.replaceWith(field);
        field.__chqHome = null;
        field.classList.remove("is-surfaced");
      }
    }
  }

  /** "Inputs: Distance to the Blind (inches) 18; Blind's cover: None; ...": a printed
   *  page shows the inputs of its answer (the form itself does not print). */
  printLine() {
    const parts = [];
    for (const field of this.node.querySelectorAll("[data-param]")) {
      const label = field.querySelector(".chq-label, .chq-switch__label");
      const name = label ? label.textContent.trim() : field.dataset.param;
      const checkbox = field.querySelector("input[type=checkbox]");
      const radio = field.querySelector("input[type=radio]:checked");
      let value;
      if (checkbox) value = checkbox.checked ? "yes" : "no";
      else if (radio) value = (radio.labels[0] || radio).textContent.trim();
      else value = (field.querySelector("input") || {}).value || "–";
      parts.push(`${name}: ${value}${field.classList.contains("is-ignored") ? " (ignored)" : ""}`);
    }
    const root = this.node.closest(".chq-widget");
    let line = root.querySelector(".chq-inputs-print");
    if (!line) {
      line = el("p", { class: "chq-inputs-print" });
      (root.querySelector(":scope > .chq-output") || this.node).before(line);
    }
    line.textContent = `Inputs: ${parts.join("; ")}.`;
  }

  /* --- messages --- */

  clearMessages() {
    for (const msg of this.node.querySelectorAll(".chq-msg")) msg.textContent = "";
    for (const node of this.node.querySelectorAll("[aria-invalid]")) node.removeAttribute("aria-invalid");
    for (const field of this.node.querySelectorAll(".chq-field.is-invalid")) field.classList.remove("is-invalid");
    const general = this.node.querySelector(".chq-form__message");
    general.textContent = this.notice;
    general.hidden = !this.notice;
  }

  /** A message beside the field ``name`` (opening what hides it), or above the form
   *  when no field has that name. */
  showFieldError(name, message) {
    const field = name ? this.field(name) : null;
    if (!field) {
      const general = this.node.querySelector(".chq-form__message");
      const param = name ? this.params.get(name) : null;
      const text = sentence(name ? `${param ? param.label : name}: ${message}` : message);
      general.textContent = this.notice ? `${this.notice} ${text}` : text;
      general.hidden = false;
      return;
    }
    field.classList.add("is-invalid");
    const param = this.params.get(name);
    field.querySelector(".chq-msg").textContent = sentence(`${param ? param.label : name}: ${message}`);
    for (const input of field.querySelectorAll("input")) input.setAttribute("aria-invalid", "true");
    for (let d = field.closest("details"); d; d = d.parentElement && d.parentElement.closest("details")) {
      d.open = true;
    }
  }
}
