/* Share ([data-action="share"], on every widget): the permalink of the inputs shown
 * (and of a pinned setup A, compare.js) through the device's share sheet where there
 * is one, else copied. The installed app has no address bar: this is how a player
 * passes a link on. What it did is said in the widget's live line
 * (.chq-tools__note): "Shared", "Link copied", or, when neither worked, the link
 * itself, selected, to copy by hand. */

import { addressFragment, fragmentFor, writeFragment } from "./permalink.js";
import { el } from "./util.js";

export function mountShare(widget) {
  const button = widget.root.querySelector('[data-action="share"]');
  if (!button) return;
  button.addEventListener("click", () => widget.guard(() => {
    share(widget).catch(() => say(widget, "Could not share the link here."));
  }));
}

/** The address that opens the calculator with the inputs shown ("" while an input
 *  needs fixing): the main widget's is the address bar's (put in step first, as a
 *  permalink opened by hand may spell the same inputs another way); a card's opens
 *  its calculator page. */
export function permalink(widget) {
  const { spec } = widget;
  const { params, errors } = widget.form.read();
  if (errors.length) return "";
  const vs = widget.compare ? widget.compare.vs() : "";
  if (widget.isMain) writeFragment(spec, params, vs);
  const url = new URL(spec.canonical, location.href);
  url.hash = widget.isMain || vs ? addressFragment(spec, params, vs) : fragmentFor(spec, params);
  return url.href;
}

async function share(widget) {
  const link = permalink(widget);
  if (!link) {
    say(widget, "Fix the input marked above first: the link carries the inputs shown.");
    return;
  }
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title: document.title, url: link });
      say(widget, "Shared");
      return;
    } catch (error) {
      if (error && error.name === "AbortError") { // the player closed the share sheet
        say(widget, "");
        return;
      }
    } // no share sheet after all: copy it
  }
  if (await copy(link)) say(widget, "Link copied");
  else say(widget, "Copy this link:", link);
}

/** Copy ``text``: the clipboard API (secure pages), else a selected text area and
 *  the copy command (a club server on plain http). True if either worked. */
async function copy(text) {
  if (navigator.clipboard && typeof navigator.clipboard.writeText === "function") {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch (_) { /* not allowed here: try the old way */ }
  }
  const focused = document.activeElement;
  const area = el("textarea", { readonly: true, "aria-hidden": "true", class: "chq-copy-area" });
  area.value = text;
  document.body.append(area);
  let copied = false;
  try {
    area.select();
    copied = document.execCommand("copy");
  } catch (_) {
    copied = false;
  }
  area.remove();
  if (focused && typeof focused.focus === "function") focused.focus();
  return copied;
}

/** Say ``text`` in the live line; with ``link``, show it selected beside it. */
function say(widget, text, link = "") {
  const note = widget.root.querySelector(".chq-tools__note");
  if (!note) return;
  const old = widget.root.querySelector(".chq-tools__link");
  if (old) old.remove();
  note.textContent = "";
  // A fresh change, so that the same words are announced again.
  setTimeout(() => { note.textContent = text; }, 0);
  if (!link) return;
  const field = el("input", { type: "text", class: "chq-tools__link", readonly: true,
                              "aria-label": "Link to these inputs", spellcheck: "false" });
  field.value = link;
  note.after(field);
  field.focus();
  field.select();
}
