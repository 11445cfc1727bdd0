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
