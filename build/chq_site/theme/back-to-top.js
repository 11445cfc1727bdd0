/* Material's "Back to top" button comes down under the header as the reader scrolls
 * up. On a rules page it came over a calculator card's answer bar as the card
 * reached the top of the screen (on a phone: the chance and its cue under a 130 px
 * button). While it would cover an answer, it steps aside (hidden: a tap there
 * reaches the answer); it is back as soon as the answer has scrolled on. A
 * calculator's own page does without it (widget.css). Each page Material shows. */

import { eachPage } from "../widget/util.js";

// Room kept around the button: it must not touch an answer either.
const CLEAR_PX = 8;

/** Whether two boxes ({top, right, bottom, left}) overlap, ``gap`` px around ``a``
 *  counting as ``a``. */
export function overlaps(a, b, gap = 0) {
  return a.left - gap < b.right && b.left < a.right + gap && a.top - gap < b.bottom && b.top < a.bottom + gap;
}

let queued = false;

function check() {
  queued = false;
  const top = document.querySelector(".md-top");
  if (!top) return;
  const box = top.getBoundingClientRect();
  const answers = document.querySelectorAll(".chq-widget .chq-output");
  const covers = [...answers].some((answer) => overlaps(box, answer.getBoundingClientRect(), CLEAR_PX));
  top.classList.toggle("chq-top--aside", covers);
}

function soon() {
  if (queued) return;
  queued = true;
  requestAnimationFrame(check);
}

let watched = null;

function watch() {
  const top = document.querySelector(".md-top");
  if (top && top !== watched) {
    watched = top;
    // Material shows and hides it by its "hidden" attribute, as the reader scrolls.
    new MutationObserver(soon).observe(top, { attributes: true, attributeFilter: ["hidden"] });
  }
  soon();
}

if (typeof window !== "undefined" && typeof document !== "undefined") {
  window.addEventListener("scroll", soon, { passive: true });
  window.addEventListener("resize", soon);
  eachPage(watch);
}
