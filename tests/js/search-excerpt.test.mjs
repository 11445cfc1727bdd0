// A search result's text cut to an excerpt (build/chq_site/search/worker/excerpt.js):
// from the paragraph or row holding the most words found, about EXCERPT_MOST
// characters of the section's own text, cut between words, its markup whole.
import assert from "node:assert/strict";
import { test } from "node:test";
import { EXCERPT_MOST, excerpt } from "../../build/chq_site/search/worker/excerpt.js";

/** The text a reader sees (tags out, entities as one character). */
const seen = (html) => html.replace(/<[^>]*>/g, "").replace(/&[a-z]+;|&#\d+;/g, "_");

/** Whether every tag opened is closed, in order. */
function balanced(html) {
  const open = [];
  for (const [, closing, name] of html.matchAll(/<(\/?)([a-z][a-z0-9]*)[^>]*>/g)) {
    if (!closing) open.push(name);
    else if (open.pop() !== name) return false;
  }
  return open.length === 0;
}

const WORDS = "Blinds move at Average speed and may always make a triple move for one Command Dice".split(" ");
const paragraph = (n, from = 0) =>
  Array.from({ length: n }, (_, i) => WORDS[(i + from) % WORDS.length]).join(" ");

test("a short text is shown whole", () => {
  const html = "<p>A Blind is spotted automatically when it is 6” or less from an <mark>enemy</mark> unit.</p>";
  assert.equal(excerpt(html), html);
});

test("a long text is cut between words, about EXCERPT_MOST characters, '…' where it goes on", () => {
  const html = `<p>${paragraph(200)} &amp; ${paragraph(40)}</p>`;
  const cut = excerpt(html);
  assert.ok(balanced(cut), cut);
  assert.match(cut, / …<\/p>$/);
  const shown = seen(cut).replace(/ …$/, "");
  assert.ok(shown.length <= EXCERPT_MOST && shown.length > EXCERPT_MOST - 20, `${shown.length} characters`);
  // every word shown whole: the text shown begins the text, up to a space
  assert.ok(seen(html).startsWith(`${shown} `), shown);
});

test("the budget ending in a word keeps that word whole, and never cuts an entity", () => {
  const word = "Suppression".repeat(4);
  for (const most of [5, 20, 43, 44, 45]) {
    const cut = excerpt(`<p>${word} &amp; ${word}</p>`, most);
    assert.ok(!/&[a-z]*(?:[^a-z;]|$)/.test(cut.replace(/&amp;/g, "")), cut);
    for (const shown of seen(cut).split(/\s+/).filter((w) => w !== "…" && w !== "_")) assert.equal(shown, word);
  }
});

test("a table's excerpt starts at the row holding a word found, rows kept as rows", () => {
  const rows = Array.from({ length: 30 }, (_, i) => `<li>Row ${i} · ${paragraph(6, i)}</li>`);
  rows[17] = "<li>Row 17 · <code>Cover</code> <mark>Dice</mark> · +1D in Light Cover</li>";
  const cut = excerpt(`<ul>${rows.join("")}</ul>`);
  assert.ok(cut.startsWith("<ul><li>Row 17 · <code>Cover</code> <mark>Dice</mark>"), cut);
  assert.ok(balanced(cut), cut);
  assert.ok(cut.endsWith("<li>…</li></ul>"), cut); // the rows left out: one row "…"
  assert.ok(!cut.includes("Row 16"), cut);
});

test("the row marking the most different words found is where it starts, not the first marking one", () => {
  const rows = Array.from({ length: 30 }, (_, i) => `<li>Row ${i} · ${paragraph(6, i)}</li>`);
  rows[3] = "<li>Row 3 · FP <mark>dice</mark> at +2 TN, <mark>dice</mark> again</li>";
  rows[9] = "<li>Row 9 · <mark>Cover</mark> <mark>Dice</mark> · +1D in Light Cover</li>";
  assert.ok(excerpt(`<ul>${rows.join("")}</ul>`).startsWith("<ul><li>Row 9 ·"));
});

test("an excerpt starting inside a nested list opens the tags open there", () => {
  const html = `<ul><li>Move: Average<ul><li>Reliability: <mark>Average</mark></li></ul></li><li>${paragraph(90)}</li></ul>`;
  const cut = excerpt(html);
  assert.ok(cut.startsWith("<ul><li><ul><li>Reliability: <mark>Average</mark>"), cut);
  assert.ok(balanced(cut), cut);
});

test("nothing found in a text: its excerpt is its beginning", () => {
  const html = `<p>${paragraph(10)}</p><p>${paragraph(200, 3)}</p>`;
  assert.ok(excerpt(html).startsWith(`<p>${paragraph(10)}</p>`));
});
