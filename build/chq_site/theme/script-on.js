/* JavaScript is on: say so on <html> before the first paint.
 *
 * The site's script comes at the end of the page, and a page can be painted before it
 * has loaded (a slow tablet, a first visit on a slow network). Without this mark, a
 * calculator would first be painted as it is with JavaScript off (its status line, its
 * readings and the build's table, open) and then, its script mounted, as a calculator
 * (examples, form, answer bar; readings and table folded): everything under its status
 * line moved (a layout shift of 0.52 on Close Assault with the script held). With the
 * mark, the widgets' stylesheet gives them their mounted layout from the first paint
 * (widget/widget.css), and the script fills it in.
 *
 * Should the site's script fail to load, the mark goes, and the page is as it is with
 * JavaScript off. It runs inline in <head>, before the stylesheets (chq_site/bundle.py
 * INLINE, theme/material/main.html).
 */

export const MARK = "chq-script-on";
/** The site's own script, the one that mounts the widgets (chq_site/bundle.py JS_NAME). */
export const SITE_SCRIPT = /\/assets\/js\/site\/site\.[0-9a-f]+\.js$/;

/** Whether an error event is the site's script failing to load. */
export function isSiteScriptFailure(target) {
  return Boolean(target) && target.tagName === "SCRIPT" && SITE_SCRIPT.test(String(target.src || ""));
}

/** Mark ``doc``'s root, and take the mark back if the site's script fails to load
 *  (a resource's error reaches the window only while capturing). */
export function markScriptOn(doc = document, win = window) {
  doc.documentElement.classList.add(MARK);
  win.addEventListener("error", (event) => {
    if (isSiteScriptFailure(event.target)) doc.documentElement.classList.remove(MARK);
  }, true);
}
