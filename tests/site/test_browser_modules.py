"""The widgets' browser code: ES modules by feature in build/chq_site/ (widget/,
answers/, fight/, compare/, engine/, search/, glossary/, theme/), bundled at build;
the engine worker's, engine/engine-worker.js and its modules, likewise.

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
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from chq_site import bundle

from tests.serving import ROOT

SOURCES = bundle.SOURCES
PAGES = ["calculators/spotting/index.html", "rules/blinds/index.html", "index.html"]
# `import ... from "./x.js"` and `import "./x.js"`: the static imports.
IMPORT = re.compile(r"""^\s*import\s+(?:[^"';]*?\s+from\s+)?["'](\.{1,2}/[^"']+)["']""", re.M)


def imported_by(module: str) -> set[str]:
    """``module`` (a path in the package) and every module it imports, at any depth."""
    found = {module}
    for target in IMPORT.findall((bundle.SOURCES / module).read_text(encoding="utf-8")):
        found |= imported_by(((bundle.SOURCES / module).parent / target).resolve().relative_to(bundle.SOURCES).as_posix())
    return found


# Not modules of the page's script: the worker's, those published as written, the
# templates' inline scripts, offline.js's and the service worker's (their own bundles).
NOT_BUNDLED = {bundle.WORKER_SOURCE, *bundle.COPIED.values(),
               *(m for module, _ in bundle.INLINE.values() for m in imported_by(module)),
               *imported_by(bundle.OFFLINE_SOURCE), *imported_by(bundle.SERVICE_WORKER_SOURCE)}
OUR_SCRIPTS = re.compile(r"""<script src="([^"]*assets/js/site/[^"]+)"[^>]*></script>""")
OUR_CSS = re.compile(r"""<link rel="stylesheet" href="([^"]*assets/css/[^"]+)">""")
MAX_LINES = 320  # "small enough to read in one sitting"
WORKER = SOURCES / bundle.WORKER_SOURCE
WORKER_PARTS = SOURCES / "engine" / "engine-worker"
PROTOCOL = SOURCES / "engine" / "protocol.js"  # in the page's script too (modules())
MAX_WORKER_LINES = 400  # the project's limit for a source file
NODE = shutil.which("node")


def rel(path: Path) -> str:
    return path.relative_to(SOURCES).as_posix()


def modules() -> list[Path]:
    """The modules of the page's script: every feature folder's."""
    found = sorted(p for p in SOURCES.glob("*/*.js") if rel(p) not in NOT_BUNDLED)
    assert found, f"no modules in {SOURCES}"
    return found


def worker_modules() -> list[Path]:
    """The engine worker's entry, the modules of its folder and the protocol it shares
    with the page."""
    found = sorted(WORKER_PARTS.glob("*.js"))
    assert found, f"no modules in {WORKER_PARTS}"
    return [WORKER, PROTOCOL, *found]


def listed_css() -> list[str]:
    assert bundle.STYLESHEETS, "chq_site.bundle lists no stylesheets"
    return list(bundle.STYLESHEETS)


def test_every_stylesheet_is_listed_once() -> None:
    found = sorted(rel(p) for p in SOURCES.glob("*/*.css"))
    assert sorted(listed_css()) == found and len(set(listed_css())) == len(found)


def test_no_text_decoration_shorthand_with_a_style() -> None:
    """WebKit, as Safari, drops ``text-decoration`` with more than its line (a style, a
    thickness after it): the whole declaration, so a dotted underline was no underline
    there. The longhands say the same in every engine (tests/browser/test_underlines.py)."""
    found = [f"{rel(p)}: {m.group(0)}" for p in sorted(SOURCES.glob("*/*.css"))
             for m in re.finditer(r"(?<![-\w])text-decoration\s*:([^;!}]*)", p.read_text(encoding="utf-8"))
             if len(m.group(1).split()) > 1]
    assert found == []


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
        assert lines <= MAX_WORKER_LINES, f"{rel(module)}: {lines} lines"


@pytest.mark.parametrize("page", PAGES)
def test_a_page_loads_one_script_and_one_stylesheet_of_ours(built_site: Path, page: str) -> None:
    html = (built_site / page).read_text(encoding="utf-8")
    scripts = OUR_SCRIPTS.findall(html)
    assert len(scripts) == 1 and re.search(r"/site\.[0-9a-f]{10}\.js$", scripts[0]), scripts
    # A classic script, the last of <body> but Material's and offline.js (both deferred).
    tag = re.search(rf'<script src="{re.escape(scripts[0])}"[^>]*>', html).group(0)
    assert "type=" not in tag and "defer" not in tag and "async" not in tag, tag
    assert not re.search(r"<(?!script)[a-z]", html[html.index(tag):html.index("</body>")]), "content after our script"
    assert not list(built_site.rglob("main.js*")), "sources published too"

    sheets = OUR_CSS.findall(html)
    assert len(sheets) == 1 and re.search(r"/site\.[0-9a-f]{10}\.css$", sheets[0]), sheets
    assert not list(built_site.rglob("tablet.css*")), "sources published too"

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
    """Minified, and its map carries exactly ``sources`` (paths in the package), in
    that order, each with its text: the sources themselves are not published."""
    assert not re.search(r"\n[ \t]|/\*(?!# sourceMappingURL)", text), f"{site_path}: indentation or comments left"
    original = sum(len((SOURCES / s).read_text(encoding="utf-8")) for s in sources)
    assert len(text) < 0.8 * original, f"{site_path}: {len(text)} characters of {original}: not minified"
    assert source_map["sources"] == sources, f"{site_path}: the map's sources are not the sources"
    for path, content in zip(sources, source_map["sourcesContent"], strict=True):  # type: ignore[call-overload]
        assert content == (SOURCES / path).read_text(encoding="utf-8"), f"{site_path}: stale source text of {path}"


def test_one_stylesheet_minified_with_its_map_in_cascade_order(built_site: Path) -> None:
    [css] = sorted(p.relative_to(built_site).as_posix() for p in (built_site / "assets/css").glob("*.css"))
    text, source_map = read_bundle(built_site, css)
    check_map(css, text, source_map, listed_css())  # the files of chq_site.bundle, in its order


def test_one_script_minified_with_its_map_of_every_module(built_site: Path) -> None:
    folder = built_site / "assets/js/site"
    [js] = sorted(p.relative_to(built_site).as_posix() for p in folder.glob("*.js"))
    text, source_map = read_bundle(built_site, js)
    code = text[: text.rindex("//# sourceMappingURL=")]
    assert code.startswith("(()=>{") and code.endswith("})();\n"), "not one function (no global names)"
    # Every module of the feature folders, in the order the browser would evaluate
    # them (an import before its importer): none left out, none published on its own.
    sources = list(source_map["sources"])  # type: ignore[call-overload]
    assert sorted(sources) == sorted(rel(m) for m in modules())
    check_map(js, text, source_map, sources)
    for module in modules():
        for target in IMPORT.findall(module.read_text(encoding="utf-8")):
            imported = rel((module.parent / target).resolve())
            assert sources.index(imported) < sources.index(rel(module)), (rel(module), target)


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
    # (one import() call, of an address; the address is Pyodide's loader beside the runtime)
    assert re.search(r"""\bimport\([\w$]+\)""", code) and re.search(r"""\bnew URL\("pyodide\.mjs",""", code), \
        "Pyodide's loader is not imported at run time"
    assert "engine-worker/" not in code, "a module of the worker is named in it"
    assert not (built_site / "assets" / "js" / "engine-worker").exists(), "the worker's modules published too"
    assert "assets/js/engine-worker/" not in (built_site / "sw.js").read_text(encoding="utf-8")
    sources = list(source_map["sources"])  # type: ignore[call-overload]
    assert sorted(sources) == sorted(rel(m) for m in worker_modules())
    check_map(site_path, text, source_map, sources)


def test_offline_js_is_one_classic_script_with_its_map(built_site: Path) -> None:
    """offline.js at its address, with the decisions it shares with the service worker in it."""
    text, source_map = read_bundle(built_site, bundle.OFFLINE_SCRIPT)
    code = text[: text.rindex("//# sourceMappingURL=")]
    assert code.startswith("(()=>{") and code.endswith("})();\n"), "not one function (no global names)"
    sources = list(source_map["sources"])  # type: ignore[call-overload]
    assert sorted(sources) == sorted(imported_by(bundle.OFFLINE_SOURCE))
    check_map(bundle.OFFLINE_SCRIPT, text, source_map, sources)


@pytest.mark.skipif(NODE is None, reason="Node (a build dependency) is not installed")
def test_the_service_worker_is_the_builds_list_then_its_code(built_site: Path) -> None:
    """sw.js: the build's id and files, then the worker's code and the decisions it
    imports, one classic script (as a browser starts a service worker) that parses."""
    text = (built_site / "sw.js").read_text(encoding="utf-8")
    build = re.search(r'<meta name="chq-build" content="([0-9a-f]+)">', (built_site / "index.html").read_text())
    assert build and text.index(f'const BUILD = "{build.group(1)}";') < text.index("const FILES = [\n")
    assert text.endswith(bundle.bundle_service_worker(SOURCES)), "not the code of offline/sw_template.js"
    assert not re.search(r"^\s*(?:import|export)\b", text, re.M), "a module statement left"
    assert "// offline/decisions.js" in text and "cachePrefix(" in text, "the shared decisions are not in it"
    subprocess.run([NODE, "--check", built_site / "sw.js"], check=True, timeout=60)


# The templates' inline scripts: `<script ...>{{ chq_inline.<name> }}</script>` and nothing else.
TEMPLATE_SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script>", re.S)
INLINE_TAG = re.compile(r"\{\{ chq_inline\.(\w+) \}\}")
MATERIAL_TEMPLATES = SOURCES / "theme" / "material"


def test_no_template_holds_script_of_its_own() -> None:
    """Every inline script of our templates is one of bundle.INLINE, made from its module."""
    named = []
    for template in sorted(MATERIAL_TEMPLATES.rglob("*")):
        if template.is_file():
            text = template.read_text(encoding="utf-8")
            assert template.suffix == ".html", f"{template.name}: not a template (a script to include?)"
            for attributes, body in TEMPLATE_SCRIPT.findall(text):
                if "src=" not in attributes:
                    tag = INLINE_TAG.fullmatch(body)
                    assert tag, f"{template.name}: a script of its own: {body[:80]!r}"
                    named.append(tag.group(1))
    assert sorted(named) == sorted(bundle.INLINE), named


@pytest.mark.parametrize(("page", "names"), [("index.html", ["sitemap_shim"]),
                                             ("rules/blinds/index.html", ["sitemap_shim"]),
                                             ("404.html", ["not_found_root", "not_found_scope",
                                                           "not_found_config", "sitemap_shim"])])
def test_a_page_carries_the_inline_scripts_made_from_their_modules(
    built_site: Path, page: str, names: list[str]
) -> None:
    html = (built_site / page).read_text(encoding="utf-8")
    bodies = [body for attributes, body in TEMPLATE_SCRIPT.findall(html) if "src=" not in attributes]
    made = {name: bundle.bundle_inline(SOURCES, *bundle.INLINE[name]) for name in names}
    assert sorted(body for body in bodies if body in made.values()) == sorted(made.values()), page
    if page == "404.html":
        assert bodies[0] == made["not_found_root"], "the 404 page's first script is not its root finder"
    assert not (built_site / "partials").exists(), "a template's part published"


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


TOY_FEATURE = "toy/"


def toy(tmp_path: Path, files: dict[str, str]) -> Path:
    """A source folder with the modules ``files`` in its feature folder toy/."""
    folder = tmp_path / "src" / TOY_FEATURE
    folder.mkdir(parents=True)
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return tmp_path / "src"


@pytest.mark.skipif(NODE is None, reason="Node (a build dependency) is not installed")
def test_the_bundle_evaluates_as_the_modules_do(tmp_path: Path) -> None:
    src = toy(tmp_path, TOY)
    entries = ["d.js", "b.js", "e.js"]
    folder = src / TOY_FEATURE
    # Unbundled: an entry module importing the entries in order, as the page's tags were.
    (folder / "entry.mjs").write_text("".join(f'import "./{e}";\n' for e in entries), encoding="utf-8")
    made = bundle.bundle_js(src, [TOY_FEATURE + e for e in entries])
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
    src = tmp_path / "src"
    for folder in bundle.FOLDERS:
        shutil.copytree(SOURCES / folder, src / folder, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    return src


ENTRIES = bundle.SCRIPTS


def test_an_edit_to_a_source_renames_its_bundle_only(tmp_path: Path) -> None:
    """A browser keeps a bundle a year (immutable): an edit must give it a new name."""
    src = copy_sources(tmp_path)
    before = bundle.bundle(src, listed_css(), ENTRIES)
    assert bundle.bundle(src, listed_css(), ENTRIES).files() == before.files(), "two builds differ"

    module = src / "widget" / "util.js"
    module.write_text(module.read_text(encoding="utf-8").replace('"unknown error"', '"an unknown error"'),
                      encoding="utf-8")
    edited = bundle.bundle(src, listed_css(), ENTRIES)
    assert edited.js.name != before.js.name and "an unknown error" in edited.js.text
    assert edited.css.name == before.css.name

    sheet = src / listed_css()[3]
    sheet.write_text(sheet.read_text(encoding="utf-8") + "\n.chq-edited { color: red }\n", encoding="utf-8")
    again = bundle.bundle(src, listed_css(), ENTRIES)
    assert again.css.name != before.css.name and ".chq-edited" in again.css.text
    assert again.js.name == edited.js.name

    # A comment only: the same code, but the map (and so the name) follows the source.
    module.write_text("// a comment\n" + module.read_text(encoding="utf-8"), encoding="utf-8")
    assert bundle.bundle(src, listed_css(), ENTRIES).js.name != edited.js.name


def test_a_source_esbuild_refuses_stops_the_build_with_its_file_and_line(tmp_path: Path) -> None:
    src = toy(tmp_path, {"a.js": 'import { nope } from "./b.js";\nnope();\n', "b.js": "export const b = 1;\n"})
    with pytest.raises(bundle.BundleError, match=r"(?s)No matching export.*a\.js:1:9"):
        bundle.bundle_js(src, [TOY_FEATURE + "a.js"])
    (src / TOY_FEATURE / "c.js").write_text("const x = ;\n", encoding="utf-8")
    with pytest.raises(bundle.BundleError, match=r"(?s)c\.js:1:10"):
        bundle.bundle_js(src, [TOY_FEATURE + "c.js"])


def test_without_esbuild_the_build_says_run_make_setup(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(bundle, "ESBUILD", ROOT / "node_modules" / ".bin" / "no-esbuild-here")
    src = toy(tmp_path, {"a.js": "globalThis.a = 1;\n"})
    with pytest.raises(bundle.BundleError, match="esbuild is not installed .*: run make setup"):
        bundle.bundle_js(src, [TOY_FEATURE + "a.js"])
