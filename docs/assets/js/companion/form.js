/* A widget's form: reading the inputs (with the errors of a permalink's values that
 * could not be put in a field), writing them, the step buttons' arithmetic, and the
 * messages beside the fields. The build writes the form (one field per parameter,
 * data-param="name"); nothing here creates a field. */

import { NUMBER, rangeText } from "./params.js";
import { sentence } from "./util.js";

export class Form {
  /** ``node``: the widget's <form class="chq-form">; ``spec``: its data-spec. */
  constructor(node, spec) {
    this.node = node;
    this.spec = spec;
    this.params = new Map(spec.params.map((p) => [p.name, p]));
    // A permalink's value that no field can show ("cover=swamp"): name -> message,
    // until that field is edited, the form reset or another permalink read.
    this.errors = new Map();
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
    for (const param of this.spec.params) this.setField(param, values[param.name]);
  }

  /** The inputs shown: {params, errors}; ``errors`` as [{field, message}]. */
  read() {
    const params = {};
    const errors = [];
    for (const param of this.spec.params) {
      if (this.errors.has(param.name)) {
        errors.push({ field: param.name, message: this.errors.get(param.name) });
        continue;
      }
      const inputs = this.inputs(param.name);
      if (param.kind === "bool") {
        params[param.name] = inputs[0].checked;
      } else if (param.kind === "choice") {
        const checked = inputs.find((input) => input.checked);
        params[param.name] = checked ? checked.value : param.default;
      } else {
        const text = inputs[0].value.trim();
        if (NUMBER[param.kind].test(text)) params[param.name] = Number(text);
        else errors.push({ field: param.name, message: `must be ${rangeText(param)}, got '${text}'` });
      }
    }
    return { params, errors };
  }

  /** A step button or arrow key: ``delta`` added to the number shown, kept in range
   *  (from the starting value when the field holds no number). */
  step(input, param, delta) {
    const text = input.value.trim();
    let value = NUMBER[param.kind].test(text) ? Number(text) : Number(this.spec.start[param.name]);
    if (!Number.isFinite(value)) value = param.min;
    value = Math.min(param.max, Math.max(param.min, value + delta));
    if (param.kind === "number") value = Math.round(value * 1000) / 1000;
    input.value = String(value);
    this.errors.delete(param.name);
  }

  /* --- messages --- */

  clearMessages() {
    for (const msg of this.node.querySelectorAll(".chq-msg")) msg.textContent = "";
    for (const node of this.node.querySelectorAll("[aria-invalid]")) node.removeAttribute("aria-invalid");
    for (const field of this.node.querySelectorAll(".chq-field.is-invalid")) field.classList.remove("is-invalid");
    const general = this.node.querySelector(".chq-form__message");
    general.textContent = "";
    general.hidden = true;
  }

  /** A message beside the field ``name`` (opening what hides it), or above the form
   *  when no field has that name. */
  showFieldError(name, message) {
    const field = name ? this.field(name) : null;
    if (!field) {
      const general = this.node.querySelector(".chq-form__message");
      general.textContent = sentence(name ? `${name}: ${message}` : message);
      general.hidden = false;
      return;
    }
    field.classList.add("is-invalid");
    field.querySelector(".chq-msg").textContent = sentence(message);
    for (const input of field.querySelectorAll("input")) input.setAttribute("aria-invalid", "true");
    for (let d = field.closest("details"); d; d = d.parentElement && d.parentElement.closest("details")) {
      d.open = true;
    }
  }
}
