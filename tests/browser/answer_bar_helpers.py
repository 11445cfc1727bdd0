"""Shared by test_answer_bar.py: what the answer bar and the question open show.

``SHOWN`` reads, on the page's main widget: the question open (data-view), the bar's
questions and whether each is on the screen, the page's scroll, and for the sheet
open whether it lies between the site's header and the bar and its answer (the first
of the question's own answer elements) is in view inside it.
"""

from __future__ import annotations

#: The element that holds each question's answer, first found first.
ANSWER = {
    "odds": ".chq-figures, .chq-explain",
    "need": ".chq-need__words",
    "luck": ".chq-luck__words, .chq-question__body",
    "compare": "[data-side=a] [data-headline]",
    "fight": ".chq-fight__round, .chq-fight__title",
}

SHOWN = """(answers) => {
  const w = document.querySelector('.chq-widget[data-mode=full]');
  const bar = w.querySelector(':scope > .chq-output').getBoundingClientRect();
  const header = document.querySelector('.md-header').getBoundingClientRect().bottom;
  const onScreen = (r) => r.height > 0 && r.top >= -0.5 && r.bottom <= innerHeight + 0.5;
  const buttons = [...w.querySelectorAll('[data-view-button]')].map((b) => ({
    id: b.dataset.viewButton, pressed: b.getAttribute('aria-pressed'),
    onScreen: onScreen(b.getBoundingClientRect())}));
  const view = w.dataset.view || null;
  let sheet = null;
  if (view) {
    const node = w.querySelector('.chq-sheet');
    const box = node.getBoundingClientRect();
    const answer = [...node.querySelectorAll(answers[view])].find((n) => n.getBoundingClientRect().height > 0);
    const a = answer ? answer.getBoundingClientRect() : null;
    sheet = {top: box.top, bottom: box.bottom, header, barTop: bar.top,
             answer: a ? answer.textContent.trim().slice(0, 80) : null,
             answerInView: Boolean(a) && a.top >= box.top - 0.5 && a.bottom <= box.bottom + 0.5
                           && a.top >= header - 0.5 && a.bottom <= bar.top + 0.5};
  }
  return {view, scrollY, buttons, sheet, hash: location.hash};
}"""


def sheet_problems(shown: dict, view: str) -> list[str]:
    """What keeps the question ``view`` from being open with its answer in view."""
    if shown["view"] != view:
        return [f"the question open is {shown['view']!r}, not {view!r}"]
    sheet = shown["sheet"]
    problems = []
    if sheet["top"] < sheet["header"] - 0.5 or sheet["bottom"] > sheet["barTop"] + 0.5:
        problems.append(f"{view}: the sheet ({sheet['top']:.0f}-{sheet['bottom']:.0f} px) is not between the "
                        f"header ({sheet['header']:.0f}) and the bar ({sheet['barTop']:.0f})")
    if not sheet["answerInView"]:
        problems.append(f"{view}: its answer ({sheet['answer']!r}) is not in view")
    pressed = [b["id"] for b in shown["buttons"] if b["pressed"] == "true"]
    if pressed != [view]:
        problems.append(f"{view}: the bar shows {pressed} pressed")
    return problems
