/* The compare panel ([data-compare]) of a pinned widget (compare.js holds the
 * state): setup A and setup B side by side ([data-side="a"], [data-side="b"]), each
 * headline drawn by the same code as the widget's own (ResultView.renderHeadline:
 * data-value, data-exact); B − A in percentage points ([data-diff], exact when both
 * are); the inputs that differ; the figures side by side; and each chart with A's
 * and B's bars in pairs (A striped and lettered "A", B solid and lettered "B": not
 * told apart by colour alone). Plain HTML, like charts.js. */

import { barFor, markedRows } from "../widget/charts.js";
import { headlineFor } from "../widget/headline.js";
import { ResultView } from "../widget/result.js";
import { fixed, minus, pct, points, tails } from "../widget/printing.js";
import { el, fill } from "../widget/util.js";

/** Draw the panel. ``m``: {widget, exact, a, b, paramsA, paramsB}; a side's answer is
 *  {result, source}, {problem} (why there is none) or null (being answered). */
export function drawPanel(panel, m) {
  const { widget } = m;
  const spec = widget.spec;
  const sides = [side("a", m.a, m), side("b", m.b, m)];
  const nodes = [
    el("h2", { class: "chq-subtitle chq-compare__title", text: "Compare two setups" }),
    el("p", { class: "chq-compare__intro",
              text: "A is pinned; B is the inputs above: change any of them. Press “Unpin A” to go back to one setup." }),
    el("div", { class: "chq-compare__sides" }, sides),
  ];
  if (spec.headline.key) nodes.push(difference(sides));
  nodes.push(differing(m));
  const ra = m.a && m.a.result;
  const rb = m.b && m.b.result;
  if (ra && rb) {
    const figures = figureTable(spec, ra, rb);
    if (figures) nodes.push(figures);
    nodes.push(...charts(spec, ra, rb, widget.output.view));
  }
  panel.setAttribute("aria-label", "Compare setups A and B");
  panel.replaceChildren(...nodes);
}

function side(name, answer, m) {
  const spec = m.widget.spec;
  const labelId = `${m.widget.uid}-side-${name}-label`;
  const state = !answer ? "loading" : answer.problem ? "error" : "ready";
  const box = el("div", { class: `chq-side chq-side--${name}`, "data-side": name, "data-state": state,
                          "data-source": answer && answer.source ? answer.source : null });
  box.append(el("p", { class: "chq-side__name" }, [
    el("span", { class: "chq-side__mark", "aria-hidden": "true", text: name.toUpperCase() }),
    el("span", { text: name === "a" ? "Setup A, pinned" : "Setup B, the inputs above" }),
  ]));
  // Its own label: what the headline is the chance of (renderHeadline may name
  // another for these inputs, e.g. Hidden Units found rather than a Blind spotted).
  const params = (answer && answer.result && answer.result.inputs) || (name === "a" ? m.paramsA : m.paramsB) || {};
  box.append(el("p", { class: "chq-output__label chq-side__label", id: labelId, text: headlineFor(spec, params).label }));
  const headline = spec.headline.key
    ? el("button", { type: "button", class: "chq-headline", "data-headline": true, "aria-pressed": "false",
                     "aria-describedby": labelId })
    : el("span", { class: "chq-headline chq-headline--text", "data-headline": true });
  headline.dataset.value = "";
  headline.dataset.exact = "";
  headline.textContent = state === "loading" ? "…" : "–";
  box.append(headline);
  if (spec.headline.key) box.append(el("span", { class: "chq-headline__exact", "data-headline-exact": true, hidden: true }));
  if (state === "ready") {
    const view = new ResultView(box, spec, m.widget.uid, (fn) => m.widget.guard(fn));
    view.result = answer.result;
    view.showExact = m.exact;
    view.renderHeadline();
  } else if (state === "error") {
    box.append(el("p", { class: "chq-side__note", text: answer.problem }));
  }
  return box;
}

/* --- B − A --- */

/** B − A of a mean, signed to two decimals ("+0.13"), or "0" for none. */
function meanChange(b, a) {
  const diff = minus(b, a);
  if (!diff) return "–";
  if (diff.exact ? diff.exact.startsWith("0/") : diff.value === 0) return "0";
  const shown = fixed(diff);
  return shown.startsWith("-") ? `−${shown.slice(1)}` : `+${shown}`;
}

/** B − A in percentage points, signed ("+2.0 points"), or "no difference". */
function pointsText(b, a) {
  const shown = points(b, a);
  return shown === "0.0" ? "no difference" : `${shown} points`;
}

function difference(sides) {
  const [ha, hb] = sides.map((box) => box.querySelector("[data-headline]"));
  const line = el("p", { class: "chq-compare__diff", "data-diff": true });
  line.dataset.value = "";
  line.dataset.exact = "";
  if (ha.dataset.value === "" || hb.dataset.value === "") {
    line.textContent = "B − A: – (both answers are needed)";
    return line;
  }
  const side = (h) => ({ value: Number(h.dataset.value), exact: h.dataset.exact || null });
  const diff = minus(side(hb), side(ha));
  line.dataset.value = String(diff.value);
  line.dataset.exact = diff.exact || "";
  line.append("B − A: ", el("strong", { text: pointsText(side(hb), side(ha)),
                                          title: diff.exact ? `exactly ${diff.exact}` : null }));
  return line;
}

/* --- the inputs --- */

function valueText(widget, param, value) {
  if (param.kind === "bool") return value ? "yes" : "no";
  if (param.kind === "choice") {
    const input = [...widget.form.inputs(param.name)].find((i) => i.value === value);
    const label = input && input.labels && input.labels[0];
    return label ? label.textContent.trim() : String(value);
  }
  return String(value);
}

function differing(m) {
  const { widget, paramsA, paramsB } = m;
  const box = el("div", { class: "chq-compare__inputs" });
  if (!paramsA) return box;
  if (!paramsB) {
    box.append(el("p", { text: "B has an input to fix above." }));
    return box;
  }
  const changed = widget.spec.params.filter((p) => paramsA[p.name] !== paramsB[p.name]);
  if (!changed.length) {
    box.append(el("p", { text: "A and B have the same inputs: change any input above to compare." }));
    return box;
  }
  box.append(el("p", { class: "chq-compare__lead", text: "What differs (A → B):" }));
  box.append(el("ul", {}, changed.map((p) => el("li", {}, [
    `${p.label}: `,
    el("span", { class: "chq-compare__was", text: valueText(widget, p, paramsA[p.name]) }),
    " → ",
    el("strong", { text: valueText(widget, p, paramsB[p.name]) }),
  ]))));
  return box;
}

/* --- figures --- */

function figureTable(spec, ra, rb) {
  const rows = [];
  for (const [key, label, format] of spec.figures) {
    const a = ra[key];
    const b = rb[key];
    if (!a || !b || typeof a !== "object" || typeof b !== "object" || a.value === undefined || b.value === undefined) continue;
    const shown = (v) => (format === "pct" ? pct(v) : fixed(v));
    const change = format === "pct" ? points(b, a).replace(/^0\.0$/, "0") : meanChange(b, a);
    rows.push(el("tr", {}, [
      el("th", { scope: "row", text: label }),
      el("td", { text: shown(a) }),
      el("td", { text: shown(b) }),
      el("td", { class: "chq-compare__change", text: change }),
    ]));
  }
  if (!rows.length) return null;
  // The first column's head is for screen readers (axe: empty-table-header); the
  // row heads say what each row is.
  const head = el("tr", {}, [el("th", { scope: "col" }, [el("span", { class: "chq-sr", text: "Figure" })]),
                             ...["A", "B", "B − A"].map((t) => el("th", { scope: "col", text: t }))]);
  return el("div", { class: "chq-table__scroll" }, [
    el("table", { class: "chq-compare__figures" }, [
      el("caption", { text: "The other figures (B − A in percentage points for chances)" }),
      el("thead", {}, [head]), el("tbody", {}, rows)]),
  ]);
}

/* --- charts --- */

/** A chart's rows: [{label, value, marked}] (marked: counts for the headline, as
 *  on the widget's own chart). */
function rowsOf(chart, result) {
  const entries = Array.isArray(result[chart.key]) ? result[chart.key] : [];
  const marked = markedRows(chart, entries, result.inputs || {});
  return entries.map((entry, i) => {
    const prob = entry[chart.value] || {};
    return { label: fill(chart.label, entry, i), value: prob, marked: marked.has(i) };
  });
}

/** The labels of both lists, each list's order kept (B's own rows after their predecessor). */
function merge(a, b) {
  const out = [...a];
  b.forEach((label, i) => {
    if (out.includes(label)) return;
    const before = i > 0 ? out.indexOf(b[i - 1]) : -1;
    out.splice(before + 1, 0, label);
  });
  return out;
}

function charts(spec, ra, rb, view) {
  if (!(spec.charts || []).length) return [];
  if (ra.partial || rb.partial) {
    return [el("p", { class: "chq-chart__empty", text: "The charts of A and B come with the engine’s full answers." })];
  }
  const series = spec.charts.map((chart) => {
    const a = rowsOf(chart, ra);
    const b = rowsOf(chart, rb);
    const labels = merge(a.map((r) => r.label), b.map((r) => r.label));
    const at = (rows, label) => rows.find((r) => r.label === label) || { value: { value: 0, exact: "0/1" }, marked: false };
    let [va, vb] = [a, b].map((rows) => labels.map((label) => at(rows, label).value));
    const [ma, mb] = [a, b].map((rows) => labels.map((label) => at(rows, label).marked));
    const atLeast = chart.cumulative && view === "at-least";
    if (atLeast) [va, vb] = [va, vb].map(tails);
    return { chart, labels, va, vb, ma, mb, atLeast };
  });
  const top = Math.max(1e-12, ...series.flatMap((s) => [...s.va, ...s.vb].map((f) => Number(f.value) || 0)));
  const legend = el("p", { class: "chq-compare__legend" }, [
    el("span", {}, [el("span", { class: "chq-pair__key chq-pair__key--a", "aria-hidden": "true" }), " A (pinned): striped bars"]),
    el("span", {}, [el("span", { class: "chq-pair__key chq-pair__key--b", "aria-hidden": "true" }), " B (the inputs above): solid bars"]),
  ]);
  return [legend, ...series.map(({ chart, labels, va, vb, ma, mb, atLeast }) => {
    const figure = el("figure", { class: "chq-chart chq-compare__chart" }, [
      el("figcaption", { text: `${chart.title}: A and B` }),
    ]);
    if (!labels.length) {
      figure.append(el("p", { class: "chq-chart__empty", text: "Cannot happen with either setup." }));
      return figure;
    }
    const groups = labels.map((label, i) => {
      const shown = atLeast && i < labels.length - 1 ? `${label} or more` : label;
      return el("tbody", { class: "chq-pair" }, [
        bar("a", va[i], ma[i], top, el("th", { scope: "rowgroup", rowspan: "2", text: shown })),
        bar("b", vb[i], mb[i], top, null),
      ]);
    });
    figure.append(el("table", { class: "chq-bars chq-bars--pairs" }, groups));
    return figure;
  })];
}

function bar(name, value, marked, top, head) {
  return el("tr", { class: `chq-pair__${name}${marked ? " is-current" : ""}` }, [
    head,
    el("td", { class: "chq-pair__who", text: name.toUpperCase() },
       marked ? [el("span", { class: "chq-sr", text: " (counts)" })] : []),
    el("td", { class: "chq-bar-cell" }, barFor(value, top, `chq-bar chq-bar--${name}`)),
    el("td", { class: "chq-value", text: pct(value) }),
  ]);
}
