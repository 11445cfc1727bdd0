/* A result's text, cut to what a reader takes in at a glance: the section's own
 * words from the paragraph or row holding the most words found, about EXCERPT_MOST
 * characters of them, cut between words and ended with "…" where the text goes on.
 *
 * A section's whole text can be thousands of characters (a unit's entry, a table
 * of twenty rows): shown whole, each result is a wall, and the results sent to the
 * page at every keystroke weigh about 80 KB. Material shows what it is given (its
 * stylesheet clamps nothing), so the worker sends the excerpt. The markup stays the
 * section's: the excerpt opens the tags open where it starts and closes those open
 * where it ends, and a table's rows stay rows, each shown whole or left for a last
 * row "…".
 */

export const EXCERPT_MOST = 320; // characters of text shown

const TAG = /<(\/?)([a-z][a-z0-9]*)[^>]*>/g;
const BLOCKS = new Set(["p", "li", "pre"]); // where an excerpt may start
const VOID = new Set(["br", "hr", "img", "wbr"]);
const LISTS = new Set(["ul", "ol"]);

/** The HTML cut into tags and the text between them: [{tag, name, closing} | {text}]. */
function tokens(html) {
  const out = [];
  let at = 0;
  for (const found of html.matchAll(TAG)) {
    if (found.index > at) out.push({ text: html.slice(at, found.index) });
    out.push({ tag: found[0], name: found[2], closing: found[1] === "/" });
    at = found.index + found[0].length;
  }
  if (at < html.length) out.push({ text: html.slice(at) });
  return out;
}

/** ``html`` (a marked text: its words found in <mark>) from the paragraph, row or
 *  block of code that marks the most different words (the first such; the text's
 *  start where none marks any), to about
 *  ``most`` characters of text, the tags open at either end opened and closed. */
export function excerpt(html, most = EXCERPT_MOST) {
  const text = String(html);
  if (most !== EXCERPT_MOST) return cut(text, most);
  let made = MADE.get(text);
  if (made === undefined) {
    if (MADE.size >= MADE_MOST) MADE.clear();
    MADE.set(text, (made = cut(text, most)));
  }
  return made;
}

// Excerpts remembered: the same marked texts come back key after key (text-words.js
// remembers each text's markings), and a query finds a hundred entries or more.
const MADE = new Map();
const MADE_MOST = 2000;

/** Where the block (paragraph, row, block of code) starts that marks the most
 *  different words, the first of them (0 where none marks any). */
function bestBlock(all) {
  let best = 0;
  let most = 0;
  let block = 0;
  let words = new Set();
  for (let i = 0; i < all.length; i++) {
    const t = all[i];
    if (t.tag && !t.closing && BLOCKS.has(t.name)) {
      block = i;
      words = new Set();
    } else if (t.tag && t.name === "mark" && !t.closing && all[i + 1]?.text) {
      words.add(all[i + 1].text.toLowerCase());
      if (words.size > most) [best, most] = [block, words.size];
    }
  }
  return best;
}

function cut(text, most) {
  const all = tokens(text);
  const start = bestBlock(all);
  let open = []; // the tags open where the excerpt starts, then as it goes
  const follow = (t) => {
    if (!t.tag || VOID.has(t.name)) return;
    if (!t.closing) open.push(t);
    else if (open.length && open[open.length - 1].name === t.name) open.pop();
  };
  for (let i = 0; i < start; i++) follow(all[i]);
  let out = open.map((t) => t.tag).join("");
  let left = most;
  let row = null; // where the last row begun after the first started ({out, open})
  let i = start;
  for (; i < all.length; i++) {
    const t = all[i];
    if (t.tag) {
      if (left <= 0 && !t.closing) break; // nothing of the next block: it is "…"
      if (t.name === "li" && !t.closing && i > start) row = { out, open: [...open] };
      out += t.tag;
      follow(t);
    } else if (!t.text.trim()) out += t.text;
    else if (left <= 0) break;
    else if (t.text.length <= left) {
      out += t.text;
      left -= t.text.length;
    } else if (row) {
      // A table's row is shown whole or not at all: the rows before it, then "…".
      ({ out, open } = row);
      break;
    } else {
      // Cut between words, after the word the budget ends in if none ends before it
      // (an entity such as &amp; holds no space: never cut in one).
      let space = t.text.lastIndexOf(" ", left);
      if (space < 0) space = t.text.indexOf(" ", left);
      out += t.text.slice(0, space < 0 ? t.text.length : space).trimEnd();
      break;
    }
  }
  if (i === all.length) return out;
  // (in a list, "…" is a row of its own)
  const more = LISTS.has(open.at(-1)?.name) ? "<li>…</li>" : " …";
  return out + more + open.reverse().map((t) => `</${t.name}>`).join("");
}
