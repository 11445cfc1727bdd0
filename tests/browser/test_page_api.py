"""The page API taps as a player's finger does: on what is there when it lands, in
both engines.

A page may draw a control anew while the player reaches for it (a fight's panel is
drawn again when the engine arrives after a reload). A finger lands on the new one.
Playwright's locator finds the element again for each action; WebDriver's element is
the node found first, and a click on a node the page has since replaced fails as
"stale" (seen once in a full run: tapping "End" of a fight after a reload, WebKit).
Here the page replaces the calculator's Reset button with a copy of itself as it is
brought into view for the tap (the moment between a find and a click), and the tap
must still reset the inputs.

A control may also not take a tap for a moment (the page still settling under it). A
finger lands once it is there to be tapped: Playwright's click waits until the element
keeps still and is the one hit at its centre; WebDriver's clicks at once, and WebKit
refuses a control that is not hit at that moment ("element not interactable", seen once
in a full run: a Try-it link tapped just after a scroll, tests/browser/test_tryit_landing.py).
Here the Reset button is, for a while after it is brought into view, under a clear
layer, and the tap must still land on it, once it is bare.
"""

from __future__ import annotations

from collections.abc import Callable

from chq_site.widget import permalinks

from tests.browser.page_api import MAIN, SitePage
from tests.browser.widgets_helpers import fragment

# The main widget's Reset button, brought into view by a script, is replaced by a copy
# (its form's native reset still works: the copy is a reset button of the form).
REDRAWN = """
const scroll = Element.prototype.scrollIntoView;
Element.prototype.scrollIntoView = function (...args) {
  scroll.apply(this, args);
  if (this.matches(".chq-widget[data-mode=full] button[type=reset]")) this.replaceWith(this.cloneNode(true));
};
"""

# The main widget's Reset button, brought into view by a script, is covered for the
# next 700 ms by a clear layer (the page still settling over it), then bare.
COVERED = """
const scroll = Element.prototype.scrollIntoView;
Element.prototype.scrollIntoView = function (...args) {
  scroll.apply(this, args);
  if (!this.matches(".chq-widget[data-mode=full] button[type=reset]")) return;
  const r = this.getBoundingClientRect();
  const layer = document.createElement("div");
  Object.assign(layer.style, {position: "absolute", zIndex: "10000", left: `${r.left + scrollX}px`,
    top: `${r.top + scrollY}px`, width: `${r.width}px`, height: `${r.height}px`});
  document.body.append(layer);
  setTimeout(() => layer.remove(), 700);
};
"""


def test_a_control_drawn_anew_as_it_is_tapped_is_tapped(site_page: Callable[..., SitePage]) -> None:
    page = site_page(engine_files="missing", init_script=REDRAWN)
    page.open("calculators/spotting/#" + fragment({"distance": 30}))
    page.widget_when("r.state === 'ready' && inputs && inputs.distance === 30", what="the permalink's answer")
    for _ in range(5):
        page.tap(f"{MAIN} button[type=reset]")
        page.answer_for(permalinks.start_values("spotting"))
        page.set_fragment(fragment({"distance": 30}))
        page.widget_when("r.state === 'ready' && inputs && inputs.distance === 30", what="the permalink's answer")
    assert page.errors() == []


def test_a_control_not_there_to_be_tapped_for_a_moment_is_tapped_once_it_is(
        site_page: Callable[..., SitePage]) -> None:
    page = site_page(engine_files="missing", init_script=COVERED)
    page.open("calculators/spotting/#" + fragment({"distance": 30}))
    for _ in range(5):
        page.widget_when("r.state === 'ready' && inputs && inputs.distance === 30", what="the permalink's answer")
        page.tap(f"{MAIN} button[type=reset]")
        page.answer_for(permalinks.start_values("spotting"))
        page.set_fragment(fragment({"distance": 30}))
    assert page.errors() == []
