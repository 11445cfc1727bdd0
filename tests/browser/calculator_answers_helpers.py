"""What the calculator-answer stories (test_calculator_answers.py) share: reaching a
calculator on the one page a module keeps (page_fixtures.module_page)."""

from __future__ import annotations

from tests.browser.page_api import STEP_S, SitePage
from tests.browser.site_helpers import url
from tests.browser.widgets_helpers import PAGES


def show(page: SitePage, mechanic: str) -> None:
    """Bring up ``mechanic``'s calculator: by the site's own link when a page of the
    site is shown (Material's instant navigation: the engine stays), else by loading
    it; then wait until its widget has mounted."""
    path = PAGES[mechanic]
    here = str(page.run("return location.href.split('#')[0]"))
    if here != url(page.base, path):
        (page.go if here.startswith(page.base) else page.open)(path)
    page.widget_when("r.calculator === arguments[0] && Boolean(r.engine)", mechanic,
                     what=f"the {mechanic} calculator, mounted", timeout=STEP_S)
