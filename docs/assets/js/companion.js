/* Combat HQ Rules Companion: the calculator widgets.
 *
 * The build (build/site_widgets.py) writes each widget as plain HTML: a form built
 * from calculators.PARAMETERS, an empty result area, the readings and a table
 * computed at build time. This script brings the forms to life:
 *
 *   - one engine per tab: a module web worker (engine-worker.js) running Pyodide and
 *     the calculators wheel, started by the first page that has a widget and kept
 *     across Material's instant navigation;
 *   - widgets mount from Material's document$ (so they survive instant navigation);
 *   - the page's main widget reads its inputs from the URL fragment (a permalink,
 *     read as URLSearchParams) on mount and on hashchange, and keeps the fragment in
 *     step with history.replaceState as the inputs change;
 *   - a newer input supersedes an older request: stale answers are dropped;
 *   - the page carries the answers for each widget's starting inputs and worked
 *     examples (computed by the build): when the inputs shown have one, it is shown
 *     at once (data-source="build"), and the engine's own answer replaces it when it
 *     comes (data-source="engine"); data-engine tells the engine's own state
 *     (idle | loading | ready | error);
 *   - if the engine cannot load, each widget says so and shows its build-time table
 *     (and still the answers the page carries).
 *
 * Nothing here writes to console.error: every failure is shown in the widget.
 */
(() => {
  "use strict";

  if (window.__chqWidgets) return;
  window.__chqWidgets = true;

  const SCRIPT_URL = (document.currentScript && document.currentScript.src) || "";
  // The engine is given up on after this long with no sign of progress, by stage:
  // downloading, no new bytes (the server went away); starting, no word from the
  // worker (Python starts in one long step on a slow tablet; it still says "alive"
  // between steps). Never a fixed total: a slow engine that is getting on is waited for.
  const SILENCE_MS = { download: 30_000, start: 180_000, calculators: 180_000 };

  /* ---------------------------------------------------------------------- */
  /* Small helpers                                                          */
  /* ---------------------------------------------------------------------- */

  /** A probability as the site prints it (same rules as site_widgets.pct). */
  function pct(value) {
    if (value === null || value === undefined || Number.isNaN(value)) return "–";
    if (value > 0 && value < 0.0005) return "<0.1%";
    if (value >= 0.9995 && value < 1) return ">99.9%";
    return `${(value * 100).toFixed(1)}%`;
  }

  function megabytes(bytes) {
    return `${(bytes / 1e6).toFixed(1)} MB`;
  }

  function describe(error) {
    if (!error) return "unknown error";
    return String((error && error.message) || error).split("\n").pop().slice(0, 300);
  }

  function sentence(text) {
    const t = String(text || "").trim();
    if (!t) return "";
    return t[0].toUpperCase() + t.slice(1) + (/[.!?]$/.test(t) ? "" : ".");
  }

  function el(tag, props = {}, children = []) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(props)) {
      if (value === undefined || value === null || value === false) continue;
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = value;
      else node.setAttribute(key, value === true ? "" : String(value));
    }
    for (const child of [].concat(children)) {
      if (child !== null && child !== undefined) node.append(child);
    }
    return node;
  }

  function fill(template, entry, index) {
    if (template === "#") return String(index + 1);
    if (template.startsWith("pct:")) {
      const prob = entry[template.slice(4)];
      return prob && typeof prob === "object" ? pct(prob.value) : "–";
    }
    if (template.startsWith("bool:")) return entry[template.slice(5)] ? "yes" : "no";
    return template.replace(/\{(\w+)\}/g, (_, key) => (entry[key] === null || entry[key] === undefined ? "–" : String(entry[key])));
  }

  /** The site root, wherever the site is served (works under a sub-path). */
  function siteRoot() {
    try {
      if (window.__md_scope instanceof URL) return new URL(window.__md_scope.href.replace(/\/?$/, "/"));
    } catch (_) { /* fall through */ }
    const meta = document.querySelector('meta[name="chq-root"]');
    if (meta) return new URL(meta.getAttribute("content").replace(/\/?$/, "/"), location.href);
    return new URL("../../", SCRIPT_URL || location.href);
  }

  function engineInfo() {
    const meta = document.querySelector('meta[name="chq-engine"]');
    if (!meta) return null;
    try {
      return JSON.parse(meta.getAttribute("content"));
    } catch (_) {
      return null;
    }
  }

  function supportsModuleWorkers() {
    let supported = false;
    try {
      const probe = { get type() { supported = true; return "module"; } };
      new Worker("blob://", probe).terminate();
    } catch (_) { /* the URL is meant to fail; the getter has told us already */ }
    return supported;
  }

  /* ---------------------------------------------------------------------- */
  /* The engine: one worker per tab                                          */
  /* ---------------------------------------------------------------------- */

  function createEngine() {
    const listeners = new Set();
    const pending = new Map(); // request id -> resolve
    let state = { phase: "idle", stage: "", loaded: 0, total: 0, bytes: 0, message: "", elapsed: 0 };
    let worker = null;
    let nextId = 0;
    let watchdog = 0;
    let lastLoaded = -1;
    let lastSign = 0;
    let sizes = { fetched: {}, total: 0 };
    const timings = { created: 0, ready: 0 };

    function set(patch) {
      state = { ...state, ...patch };
      for (const listener of [...listeners]) {
        try { listener(state); } catch (_) { /* a widget's problem, not the engine's */ }
      }
    }

    function fail(reason) {
      if (state.phase === "failed") return;
      clearInterval(watchdog);
      set({ phase: "failed", message: reason });
      for (const resolve of pending.values()) resolve({ failed: reason });
      pending.clear();
      if (worker) {
        try { worker.terminate(); } catch (_) { /* already gone */ }
        worker = null;
      }
    }

    /** Every second while loading: the elapsed time for the widgets, and the end of
     *  waiting when nothing has moved for the stage's limit. */
    function watch() {
      lastSign = performance.now();
      clearInterval(watchdog);
      watchdog = setInterval(() => {
        if (state.phase !== "loading") return clearInterval(watchdog);
        const now = performance.now();
        const silent = now - lastSign;
        const limit = SILENCE_MS[state.stage] || SILENCE_MS.start;
        if (silent > limit) {
          const seconds = Math.round(silent / 1000);
          fail(state.stage === "download"
            ? `nothing arrived for ${seconds} s: the site's server may have gone away`
            : `Python gave no sign of life for ${seconds} s`);
        } else {
          set({ elapsed: Math.round((now - timings.created) / 1000) });
        }
      }, 1000);
    }

    /** A sign of progress: new bytes, a new stage, or (past the download) any word. */
    function progressed(msg) {
      const moved = msg.stage !== state.stage || (msg.loaded || 0) > lastLoaded;
      if (moved || (msg.type === "alive" && state.stage !== "download")) lastSign = performance.now();
      if (msg.loaded !== undefined) lastLoaded = Math.max(lastLoaded, msg.loaded);
    }

    function onMessage(event) {
      const msg = event.data || {};
      if (msg.type === "answer") {
        const resolve = pending.get(msg.id);
        pending.delete(msg.id);
        if (resolve) resolve(msg);
      } else if (msg.type === "progress") {
        progressed(msg);
        set({ stage: msg.stage, loaded: msg.loaded, total: msg.total });
      } else if (msg.type === "alive") {
        progressed(msg);
      } else if (msg.type === "ready") {
        clearInterval(watchdog);
        timings.ready = performance.now();
        if (performance.mark) performance.mark("chq-engine-ready");
        timings.worker = msg.timings;
        timings.note = msg.note || "";
        set({ phase: "ready", stage: "ready", boot: msg.boot || "full" });
      } else if (msg.type === "failed") {
        fail(msg.message || "it stopped with an error");
      }
    }

    function start() {
      if (state.phase !== "idle") return;
      timings.created = performance.now();
      set({ phase: "loading", stage: "download", loaded: 0, total: sizes.fetched ? Object.values(sizes.fetched).reduce((a, b) => a + b, 0) : 0, bytes: sizes.total });
      try {
        if (location.protocol === "file:") {
          fail("this page was opened as a file, and browsers do not let a file start it. Serve the site over HTTP (even python -m http.server will do)");
          return;
        }
        if (typeof Worker === "undefined" || typeof WebAssembly !== "object" || !supportsModuleWorkers()) {
          fail("this browser cannot run it (it needs module web workers and WebAssembly)");
          return;
        }
        const info = engineInfo();
        if (!info || !info.index || !info.wheel) {
          fail("this page does not say where the engine is");
          return;
        }
        const root = siteRoot();
        const onError = (event) => {
          if (event && event.preventDefault) event.preventDefault();
          fail(`its script did not start${event && event.message ? ` (${event.message})` : ""}`);
        };
        const boot = window.__chqBoot; // started early from <head> on calculator pages
        window.__chqBoot = null;
        if (boot && boot.worker) {
          worker = boot.worker;
          boot.release();
        } else {
          worker = new Worker(new URL("assets/js/engine-worker.js", root), { type: "module", name: "chq-engine" });
        }
        worker.addEventListener("message", onMessage);
        worker.addEventListener("error", onError);
        if (boot && boot.worker) {
          for (const event of boot.said) (event.type === "error" ? onError : onMessage)(event);
        }
        worker.addEventListener("messageerror", () => fail("it sent an answer this page could not read"));
        worker.postMessage({
          type: "init",
          indexURL: new URL(info.index, root).href,
          wheelURL: new URL(info.wheel, root).href,
          snapshotURL: info.snapshot ? new URL(info.snapshot, root).href : "",
          snapshotBytes: info.snapshot_bytes || 0,
          fetched: sizes.fetched || {},
        });
        watch();
      } catch (error) {
        fail(describe(error));
      }
    }

    return {
      get state() { return state; },
      timings,
      configure(engineSizes) {
        if (engineSizes && state.phase === "idle") {
          sizes = engineSizes;
          set({ bytes: sizes.total || 0 });
        }
      },
      subscribe(listener) {
        listeners.add(listener);
        listener(state);
        return () => listeners.delete(listener);
      },
      start,
      /** Ask for one result; resolves {result} | {error} | {superseded} | {failed}. */
      compute(mechanic, params, key) {
        if (state.phase === "idle") start();
        if (state.phase === "failed") return Promise.resolve({ failed: state.message });
        const id = ++nextId;
        return new Promise((resolve) => {
          pending.set(id, resolve);
          try {
            worker.postMessage({ type: "compute", id, key, mechanic, params });
          } catch (error) {
            pending.delete(id);
            resolve({ error: { field: "", message: describe(error) } });
          }
        });
      },
    };
  }

  // Module-level singleton, kept on window so nothing can make a second one.
  const engine = window.__chqEngine || (window.__chqEngine = createEngine());

  /* ---------------------------------------------------------------------- */
  /* Widgets                                                                 */
  /* ---------------------------------------------------------------------- */

  const NUMBER = {
    int: /^[+-]?\d+$/,
    number: /^[+-]?(\d+\.?\d*|\.\d+)$/,
  };

  function rangeText(param) {
    if (param.kind === "choice") return `one of ${param.choices.join(", ")}`;
    if (param.kind === "bool") return "true or false";
    return `${param.kind === "int" ? "a whole number" : "a number"} ${param.min}..${param.max}`;
  }

  function formatValue(param, value) {
    if (param.kind === "bool") return value ? "true" : "false";
    return String(value);
  }

  /** The canonical key of a full set of inputs (site_widgets.answer_key mirrors it):
   *  "name=value" for every parameter, sorted by name, values as a permalink writes them. */
  function answerKey(params, values) {
    return [...params]
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .map((param) => `${param.name}=${formatValue(param, values[param.name])}`)
      .join("&");
  }

  /** The answers the build put in the page for this widget: answerKey -> result. */
  function readAnswers(root) {
    const template = root.querySelector(":scope > template.chq-answers");
    if (!template) return new Map();
    try {
      return new Map(Object.entries(JSON.parse(template.content.textContent)));
    } catch (_) {
      return new Map(); // the engine still answers
    }
  }

  /* The small calculators' answer tables (build/site_answers.py): the headline and
   * figures for every input, read before the engine has started. One fetch per
   * table per tab, shared by every widget that reads it. */
  const tables = new Map(); // URL -> Promise of the table (null if it could not load)

  function loadTable(path) {
    const url = new URL(path, siteRoot()).href;
    if (!tables.has(url)) {
      tables.set(url, fetch(url, { credentials: "same-origin" })
        .then((response) => (response.ok ? response.json() : null))
        .catch(() => null));
    }
    return tables.get(url);
  }

  /** A probability from its exact fraction "n/d" (the float only for display). */
  function fraction(exact) {
    const [n, d] = exact.split("/");
    let value = Number(n) / Number(d);
    if (!Number.isFinite(value)) value = Number((BigInt(n) * 10n ** 18n) / BigInt(d)) / 1e18;
    return { value, exact };
  }

  /** The table's answer for a full set of inputs (site_answers.lookup mirrors it),
   *  or null when the table has none (e.g. a spotter with other than 4D). */
  function tableAnswer(table, params) {
    let position = 0;
    for (const axis of table.axes) {
      const value = params[axis.name];
      let found;
      if (axis.values) {
        found = axis.values.findIndex((known) => known === value);
        if (found < 0) return null;
      } else {
        found = axis.steps.findIndex((step) => value <= step);
        if (found < 0) found = axis.steps.length;
      }
      position = position * (axis.values ? axis.values.length : axis.steps.length + 1) + found;
    }
    const width = table.width;
    const answer = table.answers[parseInt(table.index.slice(position * width, (position + 1) * width), 36)];
    if (!answer) return null;
    // Inputs in key order, as compute_json writes them.
    const inputs = Object.fromEntries(Object.keys(params).sort().map((key) => [key, params[key]]));
    const result = { partial: true, inputs };
    table.keys.forEach((key, i) => {
      const slot = answer[i];
      if (slot === -1) return;
      if (Array.isArray(slot)) result[key] = slot.map((j) => table.values[j]).join("; ");
      else if (/^\d+\/\d+$/.test(table.values[slot])) result[key] = fraction(table.values[slot]);
      else result[key] = table.values[slot];
    });
    return result;
  }

  function sameValues(a, b, names) {
    return names.every((name) => a[name] === b[name]);
  }

  class Widget {
    constructor(root, isMain) {
      this.root = root;
      this.spec = JSON.parse(root.dataset.spec);
      this.isMain = isMain;
      this.form = root.querySelector(".chq-form");
      this.params = new Map(this.spec.params.map((p) => [p.name, p]));
      this.names = this.spec.params.map((p) => p.name);
      this.answers = readAnswers(root);
      this.table = null; // the answer table, once loaded (small calculators only)
      this.inputHint = root.querySelector(".chq-output__hint").textContent; // "Fix the input…"
      this.uid = root.id || `chq-${Math.random().toString(36).slice(2)}`;
      this.seq = 0;
      this.latest = 0;
      this.fragmentErrors = new Map();
      this.result = null;
      this.showExact = false;
      this.view = "exactly";
      this.unsubscribe = null;
      this.observer = null;
    }

    /* --- lifecycle --- */

    mount() {
      const { root, form } = this;
      root.classList.add("chq-js");
      // With answers of its own (the page's, or an answer table), a widget keeps its
      // form when the engine cannot load.
      root.classList.toggle("chq-has-answers", this.answers.size > 0 || Boolean(this.spec.table));
      form.addEventListener("submit", (event) => event.preventDefault());
      form.addEventListener("input", (event) => this.onEdit(event));
      form.addEventListener("change", (event) => this.onEdit(event));
      form.addEventListener("reset", () => setTimeout(() => this.guard(() => this.afterReset()), 0));
      form.addEventListener("keydown", (event) => this.guard(() => this.onKey(event)));
      root.addEventListener("click", (event) => this.guard(() => this.onClick(event)));
      const table = root.querySelector(".chq-table"); // open for readers without JavaScript
      if (table) table.open = false;
      engine.configure(this.spec.engine);
      if (this.spec.table) {
        loadTable(this.spec.table).then((table) => {
          this.table = table;
          if (table) this.guard(() => this.showFromTable());
          else this.root.classList.toggle("chq-has-answers", this.answers.size > 0);
        });
      }
      this.unsubscribe = engine.subscribe((state) => this.guard(() => this.onEngine(state)));
      // A compact card in the rules text waits until it is about to be seen before it
      // downloads the engine: a reader who never scrolls to it never pays for it.
      if (this.spec.mode === "compact" && engine.state.phase === "idle" && "IntersectionObserver" in window) {
        this.observer = new IntersectionObserver((entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          this.observer.disconnect();
          this.observer = null;
          this.guard(() => this.update("init"));
        }, { rootMargin: "300px 0px" });
        this.observer.observe(root);
        this.update("init", false); // the answer the page carries, if any, without the engine
        return;
      }
      engine.start();
      if (!(this.isMain && this.applyFragment(location.hash))) this.update("init");
    }

    destroy() {
      if (this.unsubscribe) this.unsubscribe();
      if (this.observer) this.observer.disconnect();
      this.latest = -1;
    }

    guard(fn) {
      try {
        fn();
      } catch (error) {
        this.showProblem(`Something went wrong in this calculator: ${describe(error)}`);
      }
    }

    /* --- events --- */

    onEdit(event) {
      const target = event.target;
      if (!target || !target.name || !this.params.has(target.name)) return;
      const param = this.params.get(target.name);
      // Text fields compute as you type ("input"); switches and choices on "change".
      const isText = param.kind === "int" || param.kind === "number";
      if (isText !== (event.type === "input")) return;
      this.fragmentErrors.delete(target.name);
      this.guard(() => this.update("user"));
    }

    onKey(event) {
      const input = event.target;
      if (!input || input.tagName !== "INPUT" || !this.params.has(input.name)) return;
      const param = this.params.get(input.name);
      if (param.kind !== "int" && param.kind !== "number") return;
      const steps = { ArrowUp: 1, ArrowDown: -1, PageUp: 5, PageDown: -5 };
      if (event.key in steps) {
        event.preventDefault();
        this.step(input, param, steps[event.key]);
      } else if (event.key === "Enter") {
        event.preventDefault();
      }
    }

    onClick(event) {
      const target = event.target instanceof Element ? event.target : null;
      if (!target) return;
      const stepButton = target.closest(".chq-step");
      if (stepButton && this.root.contains(stepButton)) {
        const field = stepButton.closest("[data-param]");
        const param = this.params.get(field.dataset.param);
        const input = field.querySelector("input");
        this.step(input, param, Number(stepButton.dataset.step));
        return;
      }
      const preset = target.closest(".chq-preset");
      if (preset && this.root.contains(preset)) {
        event.preventDefault();
        event.stopPropagation(); // keep Material's instant navigation out of it
        const found = this.spec.presets.find((p) => p.id === preset.dataset.preset);
        if (found) this.applyPreset(found);
        return;
      }
      const headline = target.closest("button[data-headline]");
      if (headline && this.root.contains(headline)) {
        this.showExact = !this.showExact;
        this.renderHeadline();
        return;
      }
      const open = target.closest(".chq-open");
      if (open) open.href = this.openHref(); // make sure it carries the inputs shown
    }

    step(input, param, delta) {
      const text = input.value.trim();
      let value = NUMBER[param.kind].test(text) ? Number(text) : Number(this.spec.start[param.name]);
      if (!Number.isFinite(value)) value = param.min;
      value = Math.min(param.max, Math.max(param.min, value + delta));
      if (param.kind === "number") value = Math.round(value * 1000) / 1000;
      input.value = String(value);
      this.fragmentErrors.delete(param.name);
      this.update("user");
    }

    afterReset() {
      this.fragmentErrors.clear();
      this.update("reset");
    }

    /* --- reading and writing the form --- */

    field(name) {
      return this.form.querySelector(`[data-param="${name}"]`);
    }

    inputs(name) {
      return [...this.form.querySelectorAll("input")].filter((input) => input.name === name);
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

    read() {
      const params = {};
      const errors = [];
      for (const param of this.spec.params) {
        if (this.fragmentErrors.has(param.name)) {
          errors.push({ field: param.name, message: this.fragmentErrors.get(param.name) });
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

    /** Fill the form from a permalink fragment; false if the hash is not one. */
    applyFragment(hash) {
      const text = String(hash || "").replace(/^#/, "");
      if (!text.includes("=")) return false;
      let query;
      try {
        query = new URLSearchParams(text);
      } catch (_) {
        return false;
      }
      this.setAll(this.spec.base); // what a permalink leaves out means the default
      this.fragmentErrors.clear();
      const advanced = new Set();
      for (const [key, raw] of query) {
        const param = this.params.get(key);
        if (!param) continue; // a fragment may carry other things; unknown keys are ignored
        if (param.kind === "bool") {
          if (raw === "true" || raw === "false") this.setField(param, raw === "true");
          else this.fragmentErrors.set(key, `must be true or false, got '${raw}'`);
        } else if (param.kind === "choice") {
          if (param.choices.includes(raw)) this.setField(param, raw);
          else this.fragmentErrors.set(key, `must be ${rangeText(param)}, got '${raw}'`);
        } else {
          this.setField(param, raw);
        }
        if (this.field(key) && this.field(key).closest(".chq-more")) advanced.add(key);
      }
      const more = this.form.querySelector(".chq-more");
      if (more && advanced.size) more.open = true;
      this.update("fragment");
      return true;
    }

    applyPreset(preset) {
      this.fragmentErrors.clear();
      this.setAll(preset.params);
      this.update("preset");
    }

    fragmentFor(params) {
      for (const preset of this.spec.presets || []) {
        if (sameValues(preset.params, params, this.names)) return preset.fragment;
      }
      const parts = [];
      for (const param of this.spec.params) {
        const value = params[param.name];
        if (param.required || value !== param.default) {
          parts.push(`${param.name}=${encodeURIComponent(formatValue(param, value))}`);
        }
      }
      return parts.join("&");
    }

    writeFragment(params) {
      const url = new URL(location.href);
      const atStart = sameValues(params, this.spec.start, this.names);
      url.hash = atStart ? "" : this.fragmentFor(params);
      if (url.href !== location.href) history.replaceState(history.state, "", url.href);
    }

    openHref() {
      const { params, errors } = this.read();
      const base = this.spec.canonical;
      return errors.length ? base : `${base}#${this.fragmentFor(params)}`;
    }

    /* --- computing --- */

    /** Show the answer for the inputs shown: at once if the page carries it, and
     *  (unless ``ask`` is false) from the engine. */
    update(origin, ask = true) {
      if (ask && this.observer) {
        this.observer.disconnect();
        this.observer = null;
      }
      const { params, errors } = this.read();
      const id = ++this.seq;
      this.latest = id;
      this.clearMessages();
      this.showPresetNote(params);
      if (errors.length) {
        for (const error of errors) this.showFieldError(error.field, error.message);
        this.showInputError();
        return;
      }
      if (this.isMain && (origin === "user" || origin === "preset" || origin === "reset")) this.writeFragment(params);
      const open = this.root.querySelector(".chq-open");
      if (open) open.href = this.openHref();
      const early = this.earlyAnswer(params);
      if (early) {
        this.show(early, "build");
      } else {
        this.root.dataset.state = "loading"; // (a failed engine says so in a moment)
        // An answer for other inputs may stay in view for a while: not as if it were this one's.
        if (engine.state.phase !== "ready") this.root.classList.add("chq-stale");
      }
      if (!ask) return;
      if (!early) this.root.classList.add("chq-busy");
      engine.compute(this.spec.mechanic, params, this.uid).then((answer) => {
        if (id !== this.latest || answer.superseded) return;
        this.guard(() => this.receive(answer));
      });
    }

    /** The answer the page carries for these inputs (full), or the table's (headline
     *  and figures), or null: only the engine can say. */
    earlyAnswer(params) {
      return this.answers.get(answerKey(this.spec.params, params)) ||
        (this.table ? tableAnswer(this.table, params) : null);
    }

    /** The table has arrived: show its answer if the inputs shown have none yet
     *  (still waiting for the engine, or the engine could not load). */
    showFromTable() {
      if (this.root.dataset.state === "ready") return;
      const { params, errors } = this.read();
      if (errors.length) return;
      const early = this.earlyAnswer(params);
      if (early) this.show(early, "build");
    }

    receive(answer) {
      this.root.classList.remove("chq-busy");
      if (answer.failed) {
        this.showFallback(answer.failed);
        return;
      }
      if (answer.error) {
        this.showFieldError(answer.error.field, answer.error.message);
        this.showInputError();
        return;
      }
      this.show(answer.result, "engine");
    }

    /** Render a result (the same way whoever computed it); ``source``: "build" | "engine". */
    show(result, source) {
      const json = JSON.stringify(result);
      if (this.root.dataset.state === "ready" && this.root.dataset.result === json) {
        this.root.dataset.source = source; // the same answer, already shown: nothing to redraw
        return;
      }
      this.result = result;
      this.root.classList.remove("chq-stale");
      this.root.querySelector(".chq-output__hint").hidden = true;
      this.root.querySelector(".chq-result").hidden = false;
      this.render();
      this.root.dataset.result = json;
      this.root.dataset.source = source;
      this.root.dataset.state = "ready";
      if (performance.mark) performance.mark(`chq-answer-${source}`); // read by build/bench_site.py
    }

    /* --- messages --- */

    clearMessages() {
      for (const msg of this.form.querySelectorAll(".chq-msg")) msg.textContent = "";
      for (const node of this.form.querySelectorAll("[aria-invalid]")) node.removeAttribute("aria-invalid");
      for (const field of this.form.querySelectorAll(".chq-field.is-invalid")) field.classList.remove("is-invalid");
      const general = this.form.querySelector(".chq-form__message");
      general.textContent = "";
      general.hidden = true;
    }

    showFieldError(name, message) {
      const field = name ? this.field(name) : null;
      if (!field) {
        const general = this.form.querySelector(".chq-form__message");
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

    showInputError() {
      this.showNoAnswer(this.inputHint);
    }

    /** No answer for the inputs shown: say why (``hint``) where the answer would be. */
    showNoAnswer(hint) {
      this.root.dataset.state = "error";
      this.root.removeAttribute("data-result");
      this.root.removeAttribute("data-source");
      this.root.classList.add("chq-stale");
      const headline = this.root.querySelector("[data-headline]");
      headline.textContent = "–";
      headline.dataset.value = "";
      headline.dataset.exact = "";
      const note = this.root.querySelector(".chq-output__hint");
      note.textContent = hint;
      note.hidden = false;
      this.root.querySelector(".chq-result").hidden = true;
    }

    showPresetNote(params) {
      const note = this.root.querySelector(".chq-presets__note");
      if (!note) return;
      const preset = (this.spec.presets || []).find((p) => sameValues(p.params, params, this.names));
      note.textContent = preset && preset.note ? preset.note : "";
      note.hidden = !note.textContent;
      for (const chip of this.root.querySelectorAll(".chq-preset")) {
        if (preset && chip.dataset.preset === preset.id) chip.setAttribute("aria-current", "true");
        else chip.removeAttribute("aria-current");
      }
    }

    showProblem(text) {
      const status = this.root.querySelector(".chq-status__text");
      if (status) status.textContent = text;
      this.root.dataset.state = "error";
    }

    /* --- engine status --- */

    onEngine(state) {
      const status = this.root.querySelector(".chq-status");
      const text = status.querySelector(".chq-status__text");
      const bar = status.querySelector(".chq-status__bar");
      this.root.dataset.engine = state.phase === "failed" ? "error" : state.phase;
      if (state.boot) this.root.dataset.engineBoot = state.boot; // "snapshot" | "full"
      if (state.phase === "failed") {
        this.showFallback(state.message);
        return;
      }
      if (state.phase === "ready") {
        text.textContent = "";
        bar.hidden = true;
        status.hidden = true;
        return;
      }
      status.hidden = false;
      const size = state.bytes ? ` (${megabytes(state.bytes)})` : "";
      if (state.phase === "idle") {
        text.textContent = `This calculator starts when you scroll to it: it downloads the Python engine${size} once per visit.`;
        bar.hidden = true;
        return;
      }
      bar.hidden = false;
      // The seconds tick visibly but are not read out every second (role="status").
      const waited = el("span", { class: "chq-status__elapsed", "aria-hidden": "true",
                                  text: state.elapsed >= 2 ? ` ${state.elapsed} s so far.` : "" });
      if (state.stage === "calculators") {
        text.replaceChildren("Loading the calculators…", waited);
        bar.value = 95;
      } else if (state.stage === "start") {
        text.replaceChildren("Starting Python…", waited);
        bar.value = 88;
      } else {
        const done = state.total ? Math.min(1, state.loaded / state.total) : 0;
        text.replaceChildren(`Downloading the Python engine${size}… ${Math.round(done * 100)}%.`, waited,
                             " The rules stay readable meanwhile.");
        bar.value = Math.round(done * 85);
      }
    }

    showFallback(reason) {
      const status = this.root.querySelector(".chq-status");
      status.hidden = false;
      const bar = status.querySelector(".chq-status__bar");
      bar.hidden = true;
      const clean = String(reason || "unknown error").replace(/[.\s]+$/, "");
      status.querySelector(".chq-status__text").textContent =
        `The calculator engine could not load here: ${clean}. The table below was computed when the site was built.`;
      this.root.dataset.engine = "error";
      const table = this.root.querySelector(".chq-table");
      if (table) table.open = true;
      // An answer already shown for the inputs shown (the page's own) stays.
      if (this.root.dataset.state === "ready") {
        if (this.result && this.result.partial) this.render(); // it says the chart will not come
        return;
      }
      const examples = this.root.querySelector(".chq-presets") ? ", or pick a “Try it” example" : "";
      this.showNoAnswer("Without the engine, only the answers computed when the site was built " +
                        `can be shown here: press Reset${examples}.`);
    }

    /* --- results --- */

    render() {
      this.renderHeadline();
      this.renderFigures();
      const partial = Boolean(this.result.partial); // from the answer table: no chart, no working
      this.root.classList.toggle("chq-partial", partial);
      if (this.spec.mode === "full") {
        if (partial) {
          const later = el("p", { class: "chq-chart__empty",
                                  text: engine.state.phase === "failed"
                                    ? "The chart and the working need the engine, which could not load here."
                                    : "The chart and the working come with the engine’s full answer." });
          for (const box of this.root.querySelectorAll(".chq-charts, .chq-details")) box.replaceChildren();
          const charts = this.root.querySelector(".chq-charts");
          if (charts) charts.append(later);
        } else {
          this.renderCharts();
          this.renderDetails();
        }
      }
      const explain = this.root.querySelector(".chq-explain");
      explain.replaceChildren(...(this.result.explain || []).map((step) => el("li", { text: step })));
    }

    renderHeadline() {
      const headline = this.root.querySelector("[data-headline]");
      const result = this.result;
      if (!headline || !result) return;
      const key = this.spec.headline.key;
      if (!key) {
        headline.dataset.value = "";
        headline.dataset.exact = "";
        headline.textContent = result.summary || "";
        return;
      }
      const prob = result[key] || {};
      const value = Number(prob.value);
      headline.dataset.value = String(prob.value);
      headline.dataset.exact = prob.exact || "";
      headline.setAttribute("aria-pressed", String(this.showExact));
      headline.classList.toggle("is-exact", this.showExact);
      if (this.showExact) {
        headline.textContent = prob.exact ? prob.exact : `≈ ${value.toPrecision(15)}`;
        headline.title = prob.exact
          ? "Exact fraction: click for the percentage"
          : "No exact fraction (the deviation geometry is irrational): click for the percentage";
      } else {
        headline.textContent = pct(value);
        headline.title = "Click for the exact fraction";
      }
    }

    renderFigures() {
      const list = this.root.querySelector(".chq-figures");
      if (!list) return;
      const items = [];
      for (const [key, label, format] of this.spec.figures) {
        const value = this.result[key];
        if (!value || typeof value !== "object" || value.value === undefined) continue;
        const shown = format === "pct" ? pct(value.value) : Number(value.value).toFixed(2);
        items.push(el("div", { class: "chq-figure" }, [
          el("dt", { text: label }),
          el("dd", { text: shown, title: value.exact ? `exactly ${value.exact}` : null }),
        ]));
      }
      list.replaceChildren(...items);
      list.hidden = items.length === 0;
    }

    renderCharts() {
      const box = this.root.querySelector(".chq-charts");
      if (!box) return;
      const charts = this.spec.charts || [];
      const nodes = [];
      const cumulativeWanted = charts.some((c) => c.cumulative);
      if (cumulativeWanted) nodes.push(this.viewToggle());
      const series = charts.map((chart) => {
        const entries = Array.isArray(this.result[chart.key]) ? this.result[chart.key] : [];
        const values = entries.map((entry) => Number((entry[chart.value] || {}).value) || 0);
        const shown = chart.cumulative && this.view === "at-least"
          ? values.map((_, i) => values.slice(i).reduce((a, b) => a + b, 0))
          : values;
        return { chart, entries, shown };
      });
      const top = Math.max(1e-12, ...series.flatMap((s) => s.shown));
      for (const { chart, entries, shown } of series) {
        const figure = el("figure", { class: "chq-chart" });
        figure.append(el("figcaption", { text: chart.title }));
        if (!entries.length) {
          figure.append(el("p", { class: "chq-chart__empty", text: "Cannot happen with these inputs." }));
          nodes.push(figure);
          continue;
        }
        const marked = this.markedRows(chart, entries);
        const rows = entries.map((entry, i) => {
          let label = fill(chart.label, entry, i);
          if (chart.cumulative && this.view === "at-least" && i < entries.length - 1) label += " or more";
          const bar = el("span", { class: "chq-bar" });
          bar.style.width = `${(100 * shown[i]) / top}%`;
          const prob = entry[chart.value] || {};
          const row = el("tr", { class: marked.has(i) ? "is-current" : null }, [
            el("th", { scope: "row", text: label }, marked.has(i) ? [el("span", { class: "chq-sr", text: " (counts)" })] : []),
            el("td", { class: "chq-bar-cell" }, [bar]),
            el("td", { class: "chq-value", text: pct(shown[i]),
                        title: this.view === "exactly" && prob.exact ? `exactly ${prob.exact}` : null }),
          ]);
          return row;
        });
        figure.append(el("table", { class: "chq-bars" }, [el("tbody", {}, rows)]));
        nodes.push(figure);
      }
      box.replaceChildren(...nodes);
    }

    /** Rows that count for the headline: the distance's band, or entries >= an input. */
    markedRows(chart, entries) {
      const marked = new Set();
      const mark = chart.mark;
      const inputs = this.result.inputs || {};
      if (!mark) return marked;
      entries.forEach((entry, i) => {
        if (mark.band) {
          const d = Number(inputs[mark.band]);
          const m = /^(\d+)(?:-(\d+)|\+)$/.exec(entry.band || "");
          if (!m) return;
          const lo = Number(m[1]);
          const hi = m[2] === undefined ? Infinity : Number(m[2]);
          if (lo === 0 ? d <= hi : d > lo && d <= hi) marked.add(i);
        } else if (mark.entry && Number(entry[mark.entry]) >= Number(inputs[mark.atLeastInput])) {
          marked.add(i);
        }
      });
      return marked;
    }

    viewToggle() {
      const name = `${this.uid}-view`;
      const options = [["exactly", "Exactly"], ["at-least", "At least"]].flatMap(([value, label]) => {
        const id = `${name}-${value}`;
        const input = el("input", { type: "radio", name, id, value, checked: this.view === value });
        input.addEventListener("change", () => this.guard(() => {
          this.view = value;
          this.renderCharts();
          const again = this.root.querySelector(`#${CSS.escape(id)}`);
          if (again) again.focus();
        }));
        return [input, el("label", { for: id, text: label })];
      });
      return el("div", { class: "chq-view", role: "radiogroup", "aria-label": "Show the chance of exactly this outcome, or of at least this much" }, [
        el("span", { class: "chq-view__label", text: "Show:", "aria-hidden": "true" }),
        el("div", { class: "chq-segmented chq-segmented--small" }, options),
      ]);
    }

    renderDetails() {
      const box = this.root.querySelector(".chq-details");
      const spec = this.spec.details;
      if (!box || !spec) return;
      const entries = Array.isArray(this.result[spec.key]) ? this.result[spec.key] : [];
      const head = el("tr", {}, spec.columns.map(([title]) => el("th", { scope: "col", text: title })));
      const rows = entries.map((entry, i) => el("tr", {}, spec.columns.map(([, template], c) =>
        el(c === 0 ? "th" : "td", c === 0 ? { scope: "row", text: fill(template, entry, i) } : { text: fill(template, entry, i) }))));
      const table = el("table", { class: "chq-details__table" }, [
        el("caption", { text: spec.title }),
        el("thead", {}, [head]),
        el("tbody", {}, rows),
      ]);
      box.replaceChildren(el("div", { class: "chq-table__scroll" }, [table]));
    }
  }

  /* ---------------------------------------------------------------------- */
  /* Mounting                                                                */
  /* ---------------------------------------------------------------------- */

  const live = new Set();

  function mainWidget() {
    for (const widget of live) if (widget.isMain && widget.root.isConnected) return widget;
    return null;
  }

  function mountAll() {
    for (const widget of [...live]) {
      if (!widget.root.isConnected) {
        widget.destroy();
        live.delete(widget);
      }
    }
    let hasMain = Boolean(mainWidget());
    for (const root of document.querySelectorAll(".chq-widget[data-calculator]")) {
      if (root.__chqWidget) continue;
      const isMain = !hasMain && root.dataset.mode === "full";
      if (isMain) hasMain = true;
      let widget;
      try {
        widget = new Widget(root, isMain);
      } catch (error) {
        root.dataset.state = "error";
        continue;
      }
      root.__chqWidget = widget;
      live.add(widget);
      widget.guard(() => widget.mount());
    }
  }

  function safeMount() {
    try {
      mountAll();
    } catch (_) { /* each widget reports its own trouble */ }
  }

  window.addEventListener("hashchange", () => {
    const widget = mainWidget();
    if (widget) widget.guard(() => widget.applyFragment(location.hash));
  });

  /** When Material's instant navigation cannot fetch a page (server gone, 404), it
   *  falls back to ``location.href = url``. For a link with a ``#`` part that is a
   *  same-document jump to the address it has already pushed: the old page stays,
   *  silently, under the new address. Load that address for real instead, so the
   *  browser shows its error page (or the server's 404 page). Material fetches pages
   *  with XMLHttpRequest and adds its listeners after open(): these run first, note
   *  the outcome, and act once Material's fallback is done, only if the address shown
   *  is the one that failed. (Material aborts a finished request, so the status must
   *  be read here, before its listeners run.) */
  function loadFailedNavigations() {
    const Request = window.XMLHttpRequest;
    if (!Request || Request.prototype.__chqWatched) return;
    const { open } = Request.prototype;
    Request.prototype.__chqWatched = true;
    Request.prototype.open = function (method, url, ...rest) {
      const result = open.call(this, method, url, ...rest);
      const wanted = String(url);
      if (wanted.includes("#")) {
        const settle = (event) => {
          if (event.type === "load" && this.status >= 200 && this.status < 300) return;
          setTimeout(() => {
            try {
              if (location.href === new URL(wanted, location.href).href) location.reload();
            } catch (_) { /* not an address: not a page */ }
          }, 0);
        };
        this.addEventListener("load", settle);
        this.addEventListener("error", settle);
      }
      return result;
    };
  }

  loadFailedNavigations();

  if (typeof document$ !== "undefined" && document$ && typeof document$.subscribe === "function") {
    document$.subscribe(safeMount);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", safeMount);
  } else {
    safeMount();
  }
})();
