"""The widgets' browser code: ES modules in docs/assets/js/companion/, bundled at build;
the engine worker's, docs/assets/js/engine-worker.js and its modules, likewise.

The sources are one module per concern and one stylesheet per concern; the built site
has one classic script and one stylesheet of ours in their place, made by esbuild
(chq_site/bundle.py: two requests of ours instead of forty on a page's first visit).
These check the sources (every import names a module that is there, modules small
enough to read), the pages (one of each, hashed, minified, with a map that carries
every source; Material's bundle after ours), and the bundle against Node running the
very same modules unbundled: the one script must evaluate them in the same order.
"""

from __future__ import annotations

import json
import posixpath
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from chq_site import bundle

from tests.conftest import ROOT

DOCS = ROOT / "docs"
SOURCE = DOCS / "assets" / "js" / "companion"
PAGES = ["calculators/spotting/index.html", "rules/blinds/index.html", "index.html"]
# `import ... from "./x.js"` and `import "./x.js"`: the static imports.
IMPORT = re.compile(r"""^\s*import\s+(?:[^"';]*?\s+from\s+)?["'](\.{1,2}/[^"']+)["']""", re.M)
OUR_SCRIPTS = re.compile(r"""<script src="([^"]*assets/js/companion/[^"]+)"[^>]*></script>""")
OUR_CSS = re.compile(r"""<link rel="stylesheet" href="([^"]*assets/css/[^"]+)">""")
MAX_LINES = 320  # "small enough to read in one sitting"
WORKER = DOCS / "assets" / "js" / "engine-worker.js"
WORKER_PARTS = DOCS / "assets" / "js" / "engine-worker"
MAX_WORKER_LINES = 400  # the project's limit for a source file
NODE = shutil.which("node")


def modules() -> list[Path]:
    found = sorted(SOURCE.glob("*.js"))
    assert found, f"no modules in {SOURCE}"
    return found


def worker_modules() -> list[Path]:
    """The engine worker's entry and the modules of its folder."""
    found = sorted(WORKER_PARTS.glob("*.js"))
    assert found, f"no modules in {WORKER_PARTS}"
    return [WORKER, *found]


def listed_css() -> list[str]:
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    listed = re.findall(r"^  - (assets/css/\S+\.css)$", config, re.M)
    assert listed, "mkdocs.yml lists no extra_css"
    return listed


def test_every_import_names_a_module_that_is_there() -> None:
    for module in [*modules(), *worker_modules()]:
        for target in IMPORT.findall(module.read_text(encoding="utf-8")):
            assert (module.parent / target).resolve().is_file(), (
                f"{module.name} imports {target}: no such file"
            )


def test_modules_are_small() -> None:
    for module in modules():
        lines = module.read_text(encoding="utf-8").count("\n")
        assert lines <= MAX_LINES, f"{module.name}: {lines} lines"


def test_worker_modules_are_small() -> None:
    for module in worker_modules():
        lines = module.read_text(encoding="utf-8").count("\n")
        assert lines <= MAX_WORKER_LINES, f"{module.relative_to(DOCS)}: {lines} lines"


@pytest.mark.parametrize("page", PAGES)
def test_a_page_loads_one_script_and_one_stylesheet_of_ours(built_site: Path, page: str) -> None:
    html = (built_site / page).read_text(encoding="utf-8")
    scripts = OUR_SCRIPTS.findall(html)
    assert len(scripts) == 1 and re.search(r"/companion\.[0-9a-f]{10}\.js$", scripts[0]), scripts
    # A classic script, the last of <body> but Material's and offline.js (both deferred).
    tag = re.search(rf'<script src="{re.escape(scripts[0])}"[^>]*>', html).group(0)
    assert "type=" not in tag and "defer" not in tag and "async" not in tag, tag
    assert not re.search(r"<(?!script)[a-z]", html[html.index(tag):html.index("</body>")]), "content after our script"
    assert not list((built_site / "assets" / "js" / "companion").glob("main.js*")), "sources published too"

    sheets = OUR_CSS.findall(html)
    assert len(sheets) == 1 and re.search(r"/companion\.[0-9a-f]{10}\.css$", sheets[0]), sheets
    assert not list((built_site / "assets" / "css").rglob("tablet.css*")), "sources published too"

    # Material's bundle: deferred, after our script (which then answers first).
    material = re.search(r'<script src="[^"]*assets/javascripts/bundle\.[0-9a-f]+\.min\.js" defer></script>', html)
    assert material and material.start() > html.index(scripts[0]), "Material's bundle is not deferred after ours"


def read_bundle(built_site: Path, site_path: str) -> tuple[str, dict[str, object]]:
    """A bundle of the built site and its map (found by the file's own comment)."""
    path = built_site / site_path
    text = path.read_text(encoding="utf-8")
    found = re.search(r"(?://|/\*)# sourceMappingURL=(\S+?)(?: \*/)?\n?$", text)
    assert found, f"{site_path}: no sourceMappingURL at its end"
    assert found.group(1) == f"{path.name}.map", f"{site_path}: the map is not the file's own, beside it"
    return text, json.loads((path.parent / found.group(1)).read_text(encoding="utf-8"))


def check_map(site_path: str, text: str, source_map: dict[str, object], sources: list[str]) -> None:
    """Minified, and its map carries exactly ``sources`` (site paths), in that order,
    each with its text: the sources themselves are not published."""
    assert not re.search(r"\n[ \t]|/\*(?!# sourceMappingURL)", text), f"{site_path}: indentation or comments left"
    original = sum(len((DOCS / s).read_text(encoding="utf-8")) for s in sources)
    assert len(text) < 0.8 * original, f"{site_path}: {len(text)} characters of {original}: not minified"
    folder = posixpath.dirname(site_path)
    named = [posixpath.normpath(posixpath.join(folder, s)) for s in source_map["sources"]]  # type: ignore[union-attr]
    assert named == sources, f"{site_path}: the map's sources are not the sources"
    for rel, content in zip(sources, source_map["sourcesContent"], strict=True):  # type: ignore[call-overload]
        assert content == (DOCS / rel).read_text(encoding="utf-8"), f"{site_path}: stale source text of {rel}"


def test_one_stylesheet_minified_with_its_map_in_cascade_order(built_site: Path) -> None:
    [css] = sorted(p.relative_to(built_site).as_posix() for p in (built_site / "assets/css").glob("*.css"))
    text, source_map = read_bundle(built_site, css)
    check_map(css, text, source_map, listed_css())  # the files of mkdocs.yml, in its order


def test_one_script_minified_with_its_map_of_every_module(built_site: Path) -> None:
    folder = built_site / "assets/js/companion"
    [js] = sorted(p.relative_to(built_site).as_posix() for p in folder.glob("*.js"))
    text, source_map = read_bundle(built_site, js)
    code = text[: text.rindex("//# sourceMappingURL=")]
    assert code.startswith("(()=>{") and code.endswith("})();\n"), "not one function (no global names)"
    # Every module of the folder, in the order the browser would evaluate them (an
    # import before its importer): none left out, none published on its own.
    sources = [f"assets/js/companion/{s}" for s in source_map["sources"]]  # type: ignore[union-attr]
    assert sorted(sources) == sorted(f"assets/js/companion/{m.name}" for m in modules())
    check_map(js, text, source_map, sources)
    order = [s.rsplit("/", 1)[1] for s in sources]
    for module in modules():
        for target in IMPORT.findall(module.read_text(encoding="utf-8")):
            assert order.index(target.removeprefix("./")) < order.index(module.name), (module.name, target)


def test_the_engine_worker_is_one_module_file_with_its_map(built_site: Path) -> None:
    """One request for the worker, at the address the pages start it by: its modules are
    in it (none imported, none published), Pyodide's loader is still imported at run
    time from the self-hosted copy."""
    site_path = "assets/js/engine-worker.js"
    text, source_map = read_bundle(built_site, site_path)
    code = text[: text.rindex("//# sourceMappingURL=")]
    # No static import or re-export left (the only import is Pyodide's, a call).
    statement = r"""(?:^|[;}\n])\s*(?:import\s*(?:[{*"']|[\w$]+\s*(?:,|from\b))|export\b)"""
    assert not re.search(statement, code), "a static import or export is left"
    assert re.search(r"""\bimport\(new URL\("pyodide\.mjs",""", code), "Pyodide's loader is not imported at run time"
    assert "engine-worker/" not in code, "a module of the worker is named in it"
    assert not (built_site / "assets" / "js" / "engine-worker").exists(), "the worker's modules published too"
    assert "assets/js/engine-worker/" not in (built_site / "sw.js").read_text(encoding="utf-8")
    sources = [posixpath.normpath(posixpath.join("assets/js", s)) for s in source_map["sources"]]  # type: ignore[union-attr]
    assert sorted(sources) == sorted(m.relative_to(DOCS).as_posix() for m in worker_modules())
    check_map(site_path, text, source_map, sources)


# ------------------------------------------------------------------ the bundle itself

TOY = {  # a toy graph: shared, diamond, aliased, side effects, a class, an async function
    "a.js": 'import { b } from "./b.js";\nimport { c as see } from "./c.js";\n'
            'globalThis.log.push("a");\nexport const a = () => b() + see;\n',
    "b.js": 'import { c } from "./c.js";\nglobalThis.log.push("b");\n'
            'export function b() { return "b" + c; }\nexport class B {}\n',
    "c.js": 'globalThis.log.push("c");\nexport const c = "c";\nconst local = 1; // not exported\n',
    "d.js": 'import { a } from "./a.js";\nglobalThis.log.push("d");\n'
            "globalThis.d = async () => a();\n",
    "e.js": 'import { c } from "./c.js";\nglobalThis.log.push("e" + c);\n',
}
RUN = """globalThis.log = [];
await import(process.argv[1]);
console.log(JSON.stringify({ log: globalThis.log, d: await globalThis.d() }));"""


def toy(tmp_path: Path, files: dict[str, str]) -> Path:
    """A docs folder with the modules ``files`` in assets/js/companion/."""
    folder = tmp_path / "docs" / "assets" / "js" / "companion"
    folder.mkdir(parents=True)
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return tmp_path / "docs"


@pytest.mark.skipif(NODE is None, reason="Node (a build dependency) is not installed")
def test_the_bundle_evaluates_as_the_modules_do(tmp_path: Path) -> None:
    docs = toy(tmp_path, TOY)
    entries = ["d.js", "b.js", "e.js"]
    folder = docs / bundle.MODULES
    # Unbundled: an entry module importing the entries in order, as the page's tags were.
    (folder / "entry.mjs").write_text("".join(f'import "./{e}";\n' for e in entries), encoding="utf-8")
    made = bundle.bundle_js(docs, [bundle.MODULES + e for e in entries])
    bundled = tmp_path / "bundled.cjs"  # a classic script, run as one
    bundled.write_text(made.text, encoding="utf-8")

    def run(path: Path) -> dict[str, object]:
        out = subprocess.run([NODE, "--input-type=module", "-e", RUN, str(path)],
                             capture_output=True, text=True, check=True, timeout=60)
        return dict(json.loads(out.stdout))

    unbundled = run(folder / "entry.mjs")
    assert unbundled == {"log": ["c", "b", "a", "d", "ec"], "d": "bcc"}
    assert run(bundled) == unbundled
    assert "globalThis.log" in made.text and "\n  " not in made.text, "not minified"


def copy_sources(tmp_path: Path) -> Path:
    docs = tmp_path / "docs"
    shutil.copytree(DOCS / "assets" / "css", docs / "assets" / "css")
    shutil.copytree(SOURCE, docs / bundle.MODULES)
    return docs


ENTRIES = ["assets/js/companion/main.js", "assets/js/companion/glossary.js", "assets/js/companion/keyboard.js"]


def test_an_edit_to_a_source_renames_its_bundle_only(tmp_path: Path) -> None:
    """A browser keeps a bundle a year (immutable): an edit must give it a new name."""
    docs = copy_sources(tmp_path)
    before = bundle.bundle(docs, listed_css(), ENTRIES)
    assert bundle.bundle(docs, listed_css(), ENTRIES).files() == before.files(), "two builds differ"

    module = docs / bundle.MODULES / "util.js"
    module.write_text(module.read_text(encoding="utf-8").replace('"unknown error"', '"an unknown error"'),
                      encoding="utf-8")
    edited = bundle.bundle(docs, listed_css(), ENTRIES)
    assert edited.js.name != before.js.name and "an unknown error" in edited.js.text
    assert edited.css.name == before.css.name

    sheet = docs / listed_css()[3]
    sheet.write_text(sheet.read_text(encoding="utf-8") + "\n.chq-edited { color: red }\n", encoding="utf-8")
    again = bundle.bundle(docs, listed_css(), ENTRIES)
    assert again.css.name != before.css.name and ".chq-edited" in again.css.text
    assert again.js.name == edited.js.name

    # A comment only: the same code, but the map (and so the name) follows the source.
    module.write_text("// a comment\n" + module.read_text(encoding="utf-8"), encoding="utf-8")
    assert bundle.bundle(docs, listed_css(), ENTRIES).js.name != edited.js.name


def test_a_source_esbuild_refuses_stops_the_build_with_its_file_and_line(tmp_path: Path) -> None:
    docs = toy(tmp_path, {"a.js": 'import { nope } from "./b.js";\nnope();\n', "b.js": "export const b = 1;\n"})
    with pytest.raises(bundle.BundleError, match=r"(?s)No matching export.*a\.js:1:9"):
        bundle.bundle_js(docs, [bundle.MODULES + "a.js"])
    (docs / bundle.MODULES / "c.js").write_text("const x = ;\n", encoding="utf-8")
    with pytest.raises(bundle.BundleError, match=r"(?s)c\.js:1:10"):
        bundle.bundle_js(docs, [bundle.MODULES + "c.js"])


def test_without_esbuild_the_build_says_run_make_setup(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(bundle, "ESBUILD", ROOT / "node_modules" / ".bin" / "no-esbuild-here")
    docs = toy(tmp_path, {"a.js": "globalThis.a = 1;\n"})
    with pytest.raises(bundle.BundleError, match="esbuild is not installed .*: run make setup"):
        bundle.bundle_js(docs, [bundle.MODULES + "a.js"])
