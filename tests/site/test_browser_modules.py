"""The widgets' browser code: ES modules in docs/assets/js/companion/, linked at build.

The sources are one module per concern; the built site has one classic script and
one stylesheet of ours in their place (chq_site/linker.py: three requests of ours
instead of forty on a page's first visit). These check the sources (every import
names a module that is there, modules small enough to read), the pages (one of each,
Material's bundle after ours) and the linker itself, against Node running the very
same modules unlinked: the linked file must evaluate them in the same order and give
the same exports.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from chq_site import linker

from tests.conftest import ROOT

SOURCE = ROOT / "docs" / "assets" / "js" / "companion"
PAGES = ["calculators/spotting/index.html", "rules/blinds/index.html", "index.html"]
# `import ... from "./x.js"` and `import "./x.js"`: the static imports.
IMPORT = re.compile(r"""^\s*import\s+(?:[^"';]*?\s+from\s+)?["'](\.{1,2}/[^"']+)["']""", re.M)
OUR_SCRIPTS = re.compile(r"""<script src="([^"]*assets/js/companion/[^"]+)"[^>]*></script>""")
OUR_CSS = re.compile(r"""<link rel="stylesheet" href="([^"]*assets/css/[^"]+)">""")
MAX_LINES = 320  # "small enough to read in one sitting"
NODE = shutil.which("node")


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


def test_modules_are_small() -> None:
    for module in modules():
        lines = module.read_text(encoding="utf-8").count("\n")
        assert lines <= MAX_LINES, f"{module.name}: {lines} lines"


@pytest.mark.parametrize("page", PAGES)
def test_a_page_loads_one_script_and_one_stylesheet_of_ours(built_site: Path, page: str) -> None:
    html = (built_site / page).read_text(encoding="utf-8")
    scripts = OUR_SCRIPTS.findall(html)
    assert len(scripts) == 1 and re.search(r"/companion\.[0-9a-f]{10}\.js$", scripts[0]), scripts
    # A classic script, the last of <body> but Material's and offline.js (both deferred).
    tag = re.search(rf'<script src="{re.escape(scripts[0])}"[^>]*>', html).group(0)
    assert "type=" not in tag and "defer" not in tag and "async" not in tag, tag
    assert not re.search(r"<(?!script)[a-z]", html[html.index(tag):html.index("</body>")]), "content after our script"
    linked = (built_site / page).parent / scripts[0]
    text = linked.read_text(encoding="utf-8")
    assert sorted(re.findall(r"^// ---- assets/js/companion/(\S+)$", text, re.M)) == [m.name for m in modules()]
    assert not list((built_site / "assets" / "js" / "companion").glob("main.js*")), "sources published too"

    sheets = OUR_CSS.findall(html)
    assert len(sheets) == 1 and re.search(r"/companion\.[0-9a-f]{10}\.css$", sheets[0]), sheets
    css = ((built_site / page).parent / sheets[0]).read_text(encoding="utf-8")
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    listed = re.findall(r"^  - (assets/css/\S+\.css)$", config, re.M)
    assert listed, "mkdocs.yml lists no extra_css"
    at = [css.index((ROOT / "docs" / rel).read_text(encoding="utf-8").rstrip()) for rel in listed]
    assert at == sorted(at), "the stylesheets are not in mkdocs.yml's order"

    # Material's bundle: deferred, after our module (which then answers first).
    material = re.search(r'<script src="[^"]*assets/javascripts/bundle\.[0-9a-f]+\.min\.js" defer></script>', html)
    assert material and material.start() > html.index(scripts[0]), "Material's bundle is not deferred after ours"


# ------------------------------------------------------------------ the linker itself

TOY = {  # a toy graph in the shapes our modules use: shared, diamond, aliased, side effects
    "a.js": 'import { b } from "./b.js";\nimport { c as see } from "./c.js";\n'
            'globalThis.log.push("a");\nexport const a = () => b() + see;\n',
    "b.js": 'import { c } from "./c.js";\nglobalThis.log.push("b");\n'
            'export function b() { return "b" + c; }\nexport class B {}\n',
    "c.js": 'globalThis.log.push("c");\nexport const c = "c";\nconst local = 1; // not exported\n',
    "d.js": 'import { a } from "./a.js";\nglobalThis.log.push("d");\nexport async function d() { return a(); }\n',
}
RUN = """globalThis.log = [];
const found = await import(process.argv[1]);
console.log(JSON.stringify({ log: globalThis.log, d: await found.d() }));"""


def toy(tmp_path: Path, files: dict[str, str]) -> Path:
    folder = tmp_path / "assets" / "js" / "companion"
    folder.mkdir(parents=True)
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


@pytest.mark.skipif(NODE is None, reason="Node (a build dependency) is not installed")
def test_the_linked_file_evaluates_as_the_modules_do(tmp_path: Path) -> None:
    folder = toy(tmp_path, TOY)
    entries = ["d.js", "b.js", "c.js"]
    # Unlinked: an entry module importing the entries in order, as the page's tags were.
    (folder / "entry.mjs").write_text(
        "".join(f'import "./{e}";\n' for e in entries) + 'export { d } from "./d.js";\n', encoding="utf-8"
    )
    linked = folder / "linked.mjs"
    linked.write_text(linker.link_modules(folder, entries) + "export const d = $chq_d.d;\n", encoding="utf-8")

    def run(path: Path) -> dict[str, object]:
        out = subprocess.run([NODE, "--input-type=module", "-e", RUN, str(path)],
                             capture_output=True, text=True, check=True, timeout=60)
        return dict(json.loads(out.stdout))

    unlinked = run(folder / "entry.mjs")
    assert unlinked == {"log": ["c", "b", "a", "d"], "d": "bcc"}
    assert run(linked) == unlinked


@pytest.mark.parametrize(
    ("files", "message"),
    [
        ({"a.js": 'import { b } from "./b.js";\n', "b.js": 'import { a } from "./a.js";\n'},
         "import cycle: a.js -> b.js -> a.js"),
        ({"a.js": 'import { b } from "./nowhere.js";\n'}, "nowhere.js: no such module (imported by a.js)"),
        ({"a.js": "const x = 1;\nexport default x;\n"}, "a.js:2: the linker does not read 'export default x;'"),
        ({"a.js": "\nexport let x = 1;\n"}, "a.js:2: the linker does not read 'export let x = 1;'"),
        ({"a.js": 'import * as b from "./b.js";\n', "b.js": ""}, "a.js:1: the linker does not read"),
        ({"a.js": 'const m = import("./b.js");\n', "b.js": ""}, "a.js:1: the linker does not read"),
        ({"a.js": "const u = import.meta.url;\n"}, "a.js:1: the linker does not read"),
    ],
    ids=["cycle", "missing", "default-export", "let-export", "namespace-import", "dynamic-import", "import-meta"],
)
def test_the_linker_refuses_what_it_cannot_join_safely(
    tmp_path: Path, files: dict[str, str], message: str
) -> None:
    folder = toy(tmp_path, files)
    with pytest.raises(linker.LinkError, match=re.escape(message)):
        linker.link_modules(folder, ["a.js"])


@pytest.mark.parametrize(
    ("css", "found"),
    [("@import 'x.css';", "@import"), ("a { background: url(x.png) }", "url("),
     ('@charset "utf-8";', "@charset")],
)
def test_a_stylesheet_that_cannot_move_folder_is_refused(tmp_path: Path, css: str, found: str) -> None:
    (tmp_path / "x.css").write_text("a { color: red }\n" + css + "\n", encoding="utf-8")
    with pytest.raises(linker.LinkError, match=re.escape(f"x.css:2: '{found}")):
        linker.link_css(tmp_path, ["x.css"])
    (tmp_path / "ok.css").write_text('a { background: url("data:image/svg+xml,x") }\n', encoding="utf-8")
    assert "data:image" in linker.link_css(tmp_path, ["ok.css"])
