"""The widgets' browser code: ES modules in docs/assets/js/companion/, no bundler.

Every page lists each module in its own ``<script type="module">`` (mkdocs.yml
``extra_javascript``), so the browser fetches them all while it parses the page; a
module reached only through an ``import`` is fetched one level of imports later,
after the page is parsed, and holds up the widgets' first answer (measured: about
0.2 s on a local server). Every import must name a module that is there: one missing
file and none of the widgets start.
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.conftest import ROOT

SOURCE = ROOT / "docs" / "assets" / "js" / "companion"
PAGE = "calculators/spotting/index.html"
# `import ... from "./x.js"` and `import "./x.js"`: the static imports.
IMPORT = re.compile(r"""^\s*import\s+(?:[^"';]*?\s+from\s+)?["'](\.{1,2}/[^"']+)["']""", re.M)
MODULE_TAG = re.compile(r"""<script src="([^"]*assets/js/companion/[^"]+)" type="module"></script>""")
MAX_LINES = 320  # "small enough to read in one sitting" (issue 11)


def modules() -> list[Path]:
    found = sorted(SOURCE.glob("*.js"))
    assert found, f"no modules in {SOURCE}"
    return found


def test_every_import_names_a_module_that_is_there() -> None:
    for module in modules():
        for target in IMPORT.findall(module.read_text(encoding="utf-8")):
            assert (module.parent / target).resolve().is_file(), (
                f"{module.name} imports {target}: no such file"
            )


def test_every_module_is_fetched_while_the_page_parses(built_site: Path) -> None:
    html = (built_site / PAGE).read_text(encoding="utf-8")
    listed = [src.rsplit("/", 1)[-1] for src in MODULE_TAG.findall(html)]
    assert len(listed) == len(set(listed)), listed
    assert sorted(listed) == [m.name for m in modules()], (
        "list each module of docs/assets/js/companion/ in mkdocs.yml extra_javascript "
        "({path: assets/js/companion/<name>.js, type: module})"
    )
    for name in listed:
        assert (built_site / "assets" / "js" / "companion" / name).is_file(), name


def test_modules_are_small() -> None:
    for module in modules():
        lines = module.read_text(encoding="utf-8").count("\n")
        assert lines <= MAX_LINES, f"{module.name}: {lines} lines"
