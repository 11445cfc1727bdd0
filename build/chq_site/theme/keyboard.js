/* Keyboard and screen-reader help that Material's pages lack. Each page Material
 * shows (document$, instant navigation included):
 *
 *   - a calculator page gets a second skip link, "Skip to the calculator", beside
 *     Material's "Skip to content" (both first in the Tab order, shown on focus);
 *   - the header's menu button (below 1000 px, see nav-tablet.css) is a real
 *     button, reached with Tab and opened with Enter or Space (Material's is a
 *     <label> for a hidden checkbox: mouse and touch only); it says whether the
 *     drawer is open, and Escape closes the drawer and puts focus back on it.
 *     While the drawer is closed its links cannot take focus (drawer.css);
 *   - a calculator's "Try it" chips are buttons (role="button" in the template):
 *     Space chooses one, as Enter does, instead of scrolling the page.
 *
 * Without JavaScript none of this is needed: no calculator, no drawer button
 * (drawer.css keeps the closed drawer out of the Tab order by itself).
 */

import { eachPage } from "../widget/util.js";

const SKIP_ID = "chq-skip-calculator";

function skipLink() {
  const target = document.querySelector(".chq-widget--full[id]");
  const old = document.getElementById(SKIP_ID);
  if (!target) {
    if (old) old.remove();
    return;
  }
  const holder = document.querySelector('[data-md-component="skip"]') || document.body;
  const link = old || document.createElement("a");
  link.id = SKIP_ID;
  link.className = "md-skip chq-skip";
  link.href = `#${target.id}`;
  link.textContent = "Skip to the calculator";
  if (!old) link.addEventListener("click", skip);
  if (link.parentElement !== holder) holder.append(link);
}

/** Focus the calculator itself: following the link would put "#chq1-..." in the
 *  address, where the calculator keeps its inputs (the permalink). Material's
 *  instant navigation (a click listener on <body>) pushes any same-page link's
 *  fragment whether or not the click was handled, so the click stops here. */
function skip(event) {
  const target = document.querySelector(".chq-widget--full[id]");
  if (!target) return;
  event.preventDefault();
  event.stopPropagation();
  if (!target.hasAttribute("tabindex")) target.tabIndex = -1;
  target.focus({ preventScroll: true });
  target.scrollIntoView({ block: "start" });
}

function drawer() {
  return document.getElementById("__drawer");
}

function menuButton() {
  return document.querySelector('label.md-header__button[for="__drawer"]');
}

function setupMenuButton() {
  const label = menuButton();
  const toggle = drawer();
  if (!label || !toggle || document.querySelector(".chq-menu")) return;
  // A real button in place of Material's <label> (which cannot take focus, nor be
  // given the button role); the label stays for JavaScript-off.
  const button = document.createElement("button");
  button.type = "button";
  button.className = "md-header__button md-icon chq-menu";
  button.setAttribute("aria-label", "Navigation");
  button.setAttribute("aria-controls", "__drawer");
  button.innerHTML = label.innerHTML;
  label.before(button);
  label.hidden = true;
  const say = () => button.setAttribute("aria-expanded", String(toggle.checked));
  const set = (open) => {
    toggle.checked = open;
    toggle.dispatchEvent(new Event("change", { bubbles: true }));
  };
  say();
  toggle.addEventListener("change", say);
  button.addEventListener("click", (event) => {
    set(!toggle.checked);
    if (toggle.checked && event.detail === 0) {
      // From the keyboard (Enter, Space): the drawer's links take focus as it
      // opens (drawer.css), so go to the first.
      requestAnimationFrame(() => {
        const links = document.querySelectorAll(".md-sidebar--primary .md-nav__link[href]");
        const first = [...links].find((a) => getComputedStyle(a).visibility === "visible" && a.getClientRects().length);
        if (first) first.focus();
      });
    }
  });
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !toggle.checked) return;
    set(false);
    button.focus();
  });
}

function onKey(event) {
  if (event.key !== " " || event.defaultPrevented) return;
  const chip = event.target instanceof Element ? event.target.closest('.chq-preset[role="button"]') : null;
  if (!chip) return;
  event.preventDefault();
  chip.click();
}

function pageShown() {
  try {
    skipLink();
    setupMenuButton();
  } catch (_) { /* the page works without these */ }
}

if (!window.__chqKeyboard) {
  window.__chqKeyboard = true;
  document.addEventListener("keydown", onKey);
  eachPage(pageShown);
}
