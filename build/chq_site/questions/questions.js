/* The two questions after the odds, mounted in a calculator's own widget (widget.js
 * asks this module, not each panel): "What do I need?" (need.js) on every calculator
 * with a whole-number input and a chance, "How lucky was that?" (luck.js) on the
 * opposed rolls. Each reads its part of a permalink, follows the inputs shown and the
 * engine, and answers only while it is open. */

import { engine } from "../engine/engine.js";
import { mountLuck } from "./luck.js";
import { mountNeed } from "./need.js";

/** The widget's panels as one: fromHash, refresh (the inputs shown changed, or the
 *  answer table arrived). */
export function mountQuestions(widget) {
  const panels = [mountNeed(widget), mountLuck(widget)].filter(Boolean);
  let unsubscribe = null;
  if (panels.length) {
    unsubscribe = engine.subscribe((state) => widget.guard(() => {
      if (!widget.root.isConnected && unsubscribe) unsubscribe(); // the page dropped the widget
      else for (const panel of panels) panel.onEngine(state);
    }));
  }
  return {
    fromHash: (hash) => panels.forEach((panel) => panel.fromHash(hash)),
    refresh: () => panels.forEach((panel) => panel.refresh()),
  };
}
