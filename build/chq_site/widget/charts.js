/* A full widget's charts: one bar chart per list in the answer (spec.charts), all
 * on one scale, the rows that count for the headline marked, and for outcomes that
 * add up a toggle between "exactly" and "at least". Plain HTML tables, no canvas. */

import { pct, ratio, tails } from "./printing.js";
import { el, fill } from "./util.js";

/** Draw the charts of ``output`` (a ResultView: root, spec, result, view, uid, guard). */
export function renderCharts(output) {
  const box = output.root.querySelector(".chq-charts");
  if (!box) return;
  const charts = output.spec.charts || [];
  const nodes = [];
  const cumulativeWanted = charts.some((c) => c.cumulative);
  if (cumulativeWanted) nodes.push(viewToggle(output));
  const series = charts.map((chart) => {
    const entries = Array.isArray(output.result[chart.key]) ? output.result[chart.key] : [];
    // Figures {value, exact}: printed from the exact fraction, the bar from the value.
    const shown = chart.cumulative && output.view === "at-least" ? atLeast(entries, chart)
      : entries.map((entry) => entry[chart.value] || { value: 0 });
    return { chart, entries, shown };
  });
  const top = Math.max(1e-12, ...series.flatMap((s) => s.shown.map((f) => Number(f.value) || 0)));
  for (const { chart, entries, shown } of series) {
    const figure = el("figure", { class: "chq-chart" });
    figure.append(el("figcaption", { text: chart.title }));
    if (!entries.length) {
      figure.append(el("p", { class: "chq-chart__empty", text: "Cannot happen with these inputs." }));
      nodes.push(figure);
      continue;
    }
    let marked = markedRows(chart, entries, output.result.inputs || {});
    // "At least": the first row that counts is the headline's whole chance.
    if (chart.cumulative && output.view === "at-least" && marked.size) marked = new Set([Math.min(...marked)]);
    const rows = entries.map((entry, i) => {
      let label = fill(chart.label, entry, i);
      if (chart.cumulative && output.view === "at-least" && i < entries.length - 1) label += " or more";
      const prob = entry[chart.value] || {};
      const row = el("tr", { class: marked.has(i) ? "is-current" : null }, [
        el("th", { scope: "row", text: label }, marked.has(i) ? [el("span", { class: "chq-sr", text: " (counts)" })] : []),
        el("td", { class: "chq-bar-cell" }, barFor(shown[i], top)),
        el("td", { class: "chq-value", text: isAutomatic(chart, entry) && !(chart.cumulative && output.view === "at-least")
          ? output.spec.headline.automatic_words : pct(shown[i]),
                    title: output.view === "exactly" && prob.exact ? `exactly ${prob.exact}` : null }),
      ]);
      return row;
    });
    figure.append(el("table", { class: "chq-bars" }, [el("tbody", {}, rows)]));
    nodes.push(figure);
  }
  box.replaceChildren(...nodes);
}

/** An entry the rules make automatic (the chart's ``automatic``: [key, value]), said
 *  in words, not 100.0% (calculators.labels.is_automatic). */
export function isAutomatic(chart, entry) {
  return Boolean(chart.automatic) && entry[chart.automatic[0]] === chart.automatic[1];
}

/** A chance's bar, as wide as its share of ``top`` (at least a pixel, so a possible
 *  outcome shows); none for an impossible one (exactly 0), which draws nothing. */
export function barFor(figure, top, className = "chq-bar") {
  const x = ratio(figure);
  if (!x || x[0] === 0n) return [];
  const bar = el("span", { class: className });
  bar.style.width = `${(100 * (Number(figure.value ?? figure) || 0)) / top}%`;
  return [bar];
}

/** "At least": each entry's chance plus every later one's, as figures {value, exact}. */
export function atLeast(entries, chart) {
  return tails(entries.map((entry) => entry[chart.value] || {}));
}

/** Rows that count for the headline: the distance's band, or entries >= an input. */
export function markedRows(chart, entries, inputs) {
  const marked = new Set();
  const mark = chart.mark;
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

/** "Show: Exactly | At least": redraws the charts, keeping the focus on the choice. */
function viewToggle(output) {
  const name = `${output.uid}-view`;
  const options = [["exactly", "Exactly"], ["at-least", "At least"]].flatMap(([value, label]) => {
    const id = `${name}-${value}`;
    const input = el("input", { type: "radio", name, id, value, checked: output.view === value });
    input.addEventListener("change", () => output.guard(() => {
      output.view = value;
      renderCharts(output);
      const again = output.root.querySelector(`#${CSS.escape(id)}`);
      if (again) again.focus();
    }));
    return [input, el("label", { for: id, text: label })];
  });
  return el("div", { class: "chq-view", role: "radiogroup", "aria-label": "Show the chance of exactly this outcome, or of at least this much" }, [
    el("span", { class: "chq-view__label", text: "Show:", "aria-hidden": "true" }),
    el("div", { class: "chq-segmented chq-segmented--small" }, options),
  ]);
}
