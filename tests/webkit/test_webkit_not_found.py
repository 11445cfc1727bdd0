"""The site's 404 page under a sub-path in WebKitGTK (the engine of Safari on an iPad),
on a first visit: the club bundle's serve.py serves the folder that contains the
site as ``rules/``, and a tablet that never opened the site follows a broken link
to ``/rules/no-such-page/``. The page finds the site root by asking the server
(chq_site/theme/material/404.html), not from the site's section names ("rules" is one of them).
(tests/browser/test_offline_404.py and test_site_subpath.py cover it in Chromium.)
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.club_bundle.club_server import serve_py
from tests.webkit.driver import run_js, wait_js

SHOWN = """
const h1 = document.querySelector('article h1');
const header = document.querySelector('.md-header');
const home = document.querySelector('a.md-header__button.md-logo');
if (!h1 || !header || !home || !window.__chqRoot) return null;
const colour = getComputedStyle(header).backgroundColor;
if (!colour.startsWith('rgb(')) return null;  // unstyled: transparent
return {title: h1.textContent.trim(), colour, home: home.href, root: window.__chqRoot,
        scripted: !document.documentElement.classList.contains('no-js')};
"""


@pytest.fixture(scope="module")
def club_subpath(built_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    host = tmp_path_factory.mktemp("club-host-webkit")
    (host / "rules").symlink_to(built_site, target_is_directory=True)
    with serve_py(host) as (origin, _):
        yield origin + "/rules/"


def test_a_first_visit_to_a_missing_page_under_the_subpath(club_subpath: str, new_webkit: Any) -> None:
    driver = new_webkit()
    driver.get(club_subpath + "no-such-page/")
    shown = wait_js(driver, SHOWN, what="the 404 page, styled",
                    explain="return {html: document.documentElement.outerHTML.slice(0, 600), "
                            "root: window.__chqRoot || null}")
    print(f"\nWebKit, first visit to {club_subpath}no-such-page/: {shown}")
    assert shown["title"] == "404 - Not found"
    assert shown["home"] == club_subpath
    assert shown["root"] == {"href": club_subpath, "from": "server"}
    assert shown["scripted"], "Material's script did not run"
    # Home leads to the site's home page.
    run_js(driver, "document.querySelector('a.md-header__button.md-logo').click()")
    wait_js(driver, "return location.href === arguments[0] && document.querySelector('article h1')",
            club_subpath, what="the home page under the sub-path")
