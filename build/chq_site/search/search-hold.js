/* The search index waits for the engine, on a page whose calculator starts it.
 *
 * The search worker loads its index (the whole rules text) as the page loads;
 * Python starting from its snapshot wants the same CPU at the same moment, and a
 * 2-core tablet has not enough for both. On such a page (the build marks the
 * worker's address "#hold:", theme/material/main.html) our search worker
 * (search/worker/worker.js, at assets/js/search-worker.js) waits with the index
 * until this page says "go" on the channel below: once the engine is ready or has
 * failed, or as soon as the reader turns to the search box, whichever comes first.
 * A worker that missed the word asks ("ask") and is told again. */

const CHANNEL = "chq-search-hold";

let channel = null;
let said = false;

function open() {
  if (!channel && typeof BroadcastChannel === "function") {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (event) => {
      if (event.data === "ask" && said) channel.postMessage("go");
    };
  }
  return channel;
}

/** Let the search index be built now (once; any later ask is answered "go"). */
export function releaseSearch() {
  if (said) return;
  said = true;
  const to = open();
  if (to) to.postMessage("go");
}

/** Listen from this page's start: for the worker's ask, and for the reader turning
 *  to the search box (a click, a tap on the search icon, or Material's keyboard
 *  shortcut all focus it). */
export function watchSearch() {
  open();
  document.addEventListener("focusin", (event) => {
    const target = event.target;
    if (target instanceof Element && target.matches("input.md-search__input")) releaseSearch();
  });
}
