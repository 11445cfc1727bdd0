/* Glossary terms in place. The build links a few game terms in each page's text to
 * their glossary entry (chq_site/glossary.py: <a class="chq-term" data-term
 * data-definition>). Here a tap, a click, Enter or Space on a term opens its
 * definition in a small pop-over beside it, with a link to the full entry and a
 * close button; Escape, the close button, a tap elsewhere or another page closes it
 * and focus goes back to the term. With a mouse, hovering a term shows it too. One
 * pop-over at a time. Without this script a term is a plain link to its entry. */

import { eachPage } from "../widget/util.js";

const HOVER = "(hover: hover) and (pointer: fine)";
const GAP = 6; // px between the term and the pop-over
const MARGIN = 8; // px kept free at the edges of the screen
const HOVER_OPEN_MS = 150; // a pointer passing over a term does not open it
const HOVER_CLOSE_MS = 250; // time to move the pointer from the term onto the pop-over

let popover = null; // the one pop-over element, made on first use
let current = null; // the term whose definition is shown
let pinned = false; // opened by a tap, click or key (not by hover): stays until closed
let timer = 0;

function build() {
  const box = document.createElement("div");
  box.className = "chq-gloss";
  box.id = "chq-gloss";
  box.setAttribute("role", "dialog");
  box.setAttribute("aria-labelledby", "chq-gloss-term");
  box.tabIndex = -1;
  box.hidden = true;
  box.innerHTML =
    '<p class="chq-gloss__term" id="chq-gloss-term"></p>' +
    '<p class="chq-gloss__text"></p>' +
    '<p class="chq-gloss__more"><a class="chq-gloss__link" href="">Full entry in the Glossary</a></p>' +
    '<button type="button" class="chq-gloss__close" aria-label="Close the definition">' +
    '<span aria-hidden="true">×</span></button>';
  box.addEventListener("pointerenter", () => clearTimeout(timer));
  box.addEventListener("pointerleave", (event) => {
    if (event.pointerType === "mouse" && !pinned) later(close, HOVER_CLOSE_MS);
  });
  box.querySelector(".chq-gloss__close").addEventListener("click", () => close(true));
  box.addEventListener("keydown", onPopoverKey);
  document.body.append(box);
  return box;
}

function later(fn, ms) {
  clearTimeout(timer);
  timer = setTimeout(fn, ms);
}

/** Show ``term``'s definition; ``pin``: opened on purpose (focus goes into it). */
function open(term, pin) {
  clearTimeout(timer);
  if (!popover || !popover.isConnected) popover = build();
  if (current && current !== term) close(false);
  current = term;
  pinned = pin;
  popover.querySelector(".chq-gloss__term").textContent = term.dataset.term || term.textContent;
  popover.querySelector(".chq-gloss__text").textContent = term.dataset.definition || "";
  popover.querySelector(".chq-gloss__link").href = term.href;
  popover.hidden = false;
  popover.classList.toggle("is-pinned", pin);
  term.setAttribute("aria-expanded", "true");
  term.setAttribute("aria-controls", popover.id);
  place();
  if (pin) popover.focus({ preventScroll: true });
}

/** Close the pop-over; ``refocus``: put focus back on its term. */
function close(refocus) {
  clearTimeout(timer);
  if (!popover || popover.hidden) return;
  const term = current;
  const hadFocus = popover.contains(document.activeElement);
  popover.hidden = true;
  current = null;
  pinned = false;
  if (term) {
    term.setAttribute("aria-expanded", "false");
    if ((refocus || hadFocus) && term.isConnected) term.focus({ preventScroll: true });
  }
}

/** Below the term (above it when there is more room there), inside the screen. */
function place() {
  if (!current || popover.hidden) return;
  const width = document.documentElement.clientWidth;
  const height = window.innerHeight;
  popover.style.maxWidth = `${Math.max(0, width - 2 * MARGIN)}px`;
  const rects = current.getClientRects();
  const rect = rects.length ? rects[0] : current.getBoundingClientRect();
  const box = popover.getBoundingClientRect();
  let left = Math.min(rect.left, width - MARGIN - box.width);
  left = Math.max(MARGIN, left);
  const below = height - rect.bottom;
  const top = below < box.height + GAP + MARGIN && rect.top > below
    ? rect.top - GAP - box.height
    : rect.bottom + GAP;
  // Page coordinates: the pop-over scrolls with the text it explains.
  const origin = popover.offsetParent ? popover.offsetParent.getBoundingClientRect() : { left: 0, top: 0 };
  popover.style.left = `${left - origin.left}px`;
  popover.style.top = `${top - origin.top}px`;
}

function termOf(target) {
  const term = target instanceof Element ? target.closest("a.chq-term") : null;
  return term && term.dataset.definition !== undefined ? term : null;
}

function onClick(event) {
  const term = termOf(event.target);
  if (!term) {
    if (popover && !popover.hidden && !popover.contains(event.target)) close(false);
    return;
  }
  // A new tab or window, as for any link.
  if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  event.stopPropagation(); // keep Material's instant navigation out of it
  if (current === term && pinned) close(true);
  else open(term, true);
}

function onKey(event) {
  if (event.key === "Escape" && popover && !popover.hidden) {
    close(true);
    return;
  }
  const term = termOf(event.target);
  if (term && event.key === " ") { // Enter is a click already
    event.preventDefault();
    open(term, true);
  }
}

/** Tab out of the pop-over: on to what follows the term (or back to the term). */
function onPopoverKey(event) {
  if (event.key !== "Tab") return;
  const stops = [...popover.querySelectorAll("a[href], button")];
  const first = stops[0];
  const last = stops[stops.length - 1];
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === popover)) {
    event.preventDefault();
    close(true);
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    const term = current;
    close(true);
    const next = following(term);
    if (next) next.focus();
  }
}

/** The first element after ``node`` that Tab would reach, or null. */
function following(node) {
  const all = [...document.querySelectorAll(
    "a[href], button:not([disabled]), input:not([disabled]), select, textarea, summary, [tabindex]:not([tabindex='-1'])")];
  const after = all.filter((el) => node.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING
    && !popover.contains(el) && el.getClientRects().length > 0);
  return after[0] || null;
}

function onPointerOver(event) {
  if (event.pointerType !== "mouse" || !window.matchMedia(HOVER).matches) return;
  const term = termOf(event.target);
  if (term) {
    if (current === term) clearTimeout(timer);
    else if (!pinned) later(() => open(term, false), HOVER_OPEN_MS);
  }
}

function onPointerOut(event) {
  if (event.pointerType !== "mouse" || pinned) return;
  const term = termOf(event.target);
  if (!term) return;
  if (current === term) later(close, HOVER_CLOSE_MS);
  else clearTimeout(timer); // left before it opened
}

function markTerms() {
  close(false); // a new page: the old term is gone
  for (const term of document.querySelectorAll("a.chq-term[data-definition]")) {
    term.setAttribute("aria-haspopup", "dialog");
    term.setAttribute("aria-expanded", "false");
  }
}

function start() {
  document.addEventListener("click", onClick, true);
  document.addEventListener("keydown", onKey);
  document.addEventListener("pointerover", onPointerOver);
  document.addEventListener("pointerout", onPointerOut);
  window.addEventListener("resize", place);
  eachPage(markTerms); // each page Material shows (instant navigation too)
}

if (!window.__chqGlossary) {
  window.__chqGlossary = true;
  start();
}
