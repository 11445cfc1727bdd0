/* Wide tables on a narrow screen: a table wider than its box scrolls inside it (the
 * box: Material's .md-typeset__scrollwrap, our .chq-table__scroll), and a player
 * must see that it does. A box that scrolls gets data-scrolls and, just above it, a
 * line "Scroll sideways for more →" (.chq-scroll-cue); theme/tables.css shades the
 * edge that hides columns (that shade needs no script: with JavaScript off it is
 * the cue). A box that scrolls takes focus, so a keyboard scrolls it too.
 *
 * Boxes come and go: Material wraps a page's tables after our script has run, a
 * widget draws its tables with each answer, a disclosure opens, the screen turns.
 * One check (on the next frame) follows any change outside the search box, a resize,
 * or a disclosure opened; it changes the page only where a box's state changed, so it
 * does not feed itself. */

export const BOXES = ".md-typeset__scrollwrap, .chq-table__scroll";
export const CUE = "Scroll sideways for more \u2192";

/** Whether a box of ``clientWidth`` holding content ``scrollWidth`` wide scrolls:
 *  more than a pixel hidden (sub-pixel widths round either way). */
export function scrolls(scrollWidth, clientWidth) {
  return clientWidth > 0 && scrollWidth - clientWidth > 1;
}

function cueBefore(box) {
  const cue = box.previousElementSibling;
  return cue && cue.classList.contains("chq-scroll-cue") ? cue : null;
}

/** Whether any of the mutation ``records`` changed something outside Material's
 *  search box. Its results, drawn anew with each key, hold no box; measuring every
 *  box of the page for them took 5-12 ms of each key on a tablet's CPU (CPU 4x). A
 *  target that is no element (a text node) counts. */
export function outsideSearch(records) {
  return records.some((record) => {
    const target = record.target;
    return !(target && typeof target.closest === "function" && target.closest(".md-search"));
  });
}

/** Mark each box of ``root`` by whether it scrolls now. */
export function markWideTables(root = document) {
  for (const box of root.querySelectorAll(BOXES)) {
    const wide = scrolls(box.scrollWidth, box.clientWidth);
    if (wide === box.hasAttribute("data-scrolls") && wide === Boolean(cueBefore(box))) continue;
    const cue = cueBefore(box);
    if (wide) {
      box.setAttribute("data-scrolls", "");
      if (!box.hasAttribute("tabindex")) {
        box.setAttribute("tabindex", "0");
        box.dataset.scrollFocus = ""; // ours: taken back when it fits again
      }
      if (!cue) {
        const line = document.createElement("p");
        line.className = "chq-scroll-cue";
        line.setAttribute("aria-hidden", "true"); // the table's own text says it all
        line.textContent = CUE;
        box.before(line);
      }
    } else {
      box.removeAttribute("data-scrolls");
      if (box.hasAttribute("data-scroll-focus")) {
        box.removeAttribute("tabindex");
        box.removeAttribute("data-scroll-focus");
      }
      if (cue) cue.remove();
    }
  }
}

/** Keep every box's mark current for as long as the page lives. */
export function watchWideTables() {
  let queued = false;
  const check = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      markWideTables();
    });
  };
  new MutationObserver((records) => outsideSearch(records) && check())
    .observe(document.body, { childList: true, subtree: true });
  window.addEventListener("resize", check);
  document.addEventListener("toggle", check, true); // a <details> opened or closed
  check();
}
