"""Bundle: our stylesheets and modules, one file of each, made by esbuild at build time.

The sources stay as they are written (``docs/assets/css/**``, one stylesheet per
concern; ``docs/assets/js/companion/``, one ES module per concern), listed in
``mkdocs.yml``; the built site has one stylesheet and one classic script of ours in
their place, so a page asks its server for two files of ours instead of forty.
Measured on a 2-core machine, first visit, a local server (HTTP/1.1: six
connections, every request queued behind the others): the nineteen stylesheets held
the first paint of every page to 0.67 s (one file: 0.43 s); the twenty module
scripts arrived 0.85 s after navigation start, and the widgets mount only once the
last one has run.

esbuild (npm ``esbuild``, pinned in ``package.json``; ``make setup`` installs it with
``npm ci``) makes both, minified, each with its source map:

* CSS: the files of ``extra_css``, in their order (the cascade is the same: they
  were consecutive ``<link>``s), as one stylesheet in ``assets/css/``.
* JS: the ``type: module`` entries of ``extra_javascript`` under
  ``assets/js/companion/``, with every module they import, evaluated in the order
  the browser evaluates them (each entry in turn, depth first, imports before
  importers, each module once), as one classic script (an IIFE: no global names) in
  the modules' own folder, so ``document.currentScript.src`` resolves relative URLs
  as a module's own address did.
* The engine worker: ``assets/js/engine-worker.js`` and the modules it imports
  (``assets/js/engine-worker/``, one per concern) as one ES module at that same
  address (the page and ``companion/engine.js`` start it by its name). One file: in
  WebKit a module worker's every request passes through the page's main thread, busy
  while the page loads. Pyodide's loader stays a runtime ``import()`` of the
  self-hosted file (its URL is computed: esbuild leaves it alone).

The first two names carry a hash of their content and their map's (``bundle_serve``
sends those as immutable; the worker's name stays, revalidated like every unhashed
file; ``sw.js`` precaches them like any other file, but not the maps).
A map is named by a relative ``sourceMappingURL`` comment at the end of its file: a
browser fetches it only when its developer tools are open.
"""

from __future__ import annotations

import hashlib
import json
import os
import posixpath
import re
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mkdocs.config.config_options import ExtraScriptValue
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

from chq_site.paths import ROOT

ESBUILD = ROOT / "node_modules" / ".bin" / "esbuild"
MODULES = "assets/js/companion/"
CSS_NAME = "assets/css/companion.{digest}.css"
JS_NAME = MODULES + "companion.{digest}.js"
WORKER = "assets/js/engine-worker.js"  # its own name: started by it
# Our bundles' maps, by site path (lean.remove_source_maps keeps these).
OUR_MAP = re.compile(
    r"^(?:(?:assets/css/companion|assets/js/companion/companion)\.[0-9a-f]{10}\.(?:css|js)|assets/js/engine-worker\.js)\.map$"
)
# No syntax newer than the sources' own (ES2020: BigInt literals); what Safari 14.1
# needs (the first Safari that reads them all; CSS: -webkit-user-select).
TARGET = "--target=es2020,safari14.1"
TIMEOUT = 120


class BundleError(RuntimeError):
    """esbuild is missing or refused the sources: its own message, with file and line."""


@dataclass
class Output:
    """One file made: its site path, its text (ending in its map's comment), its map."""

    name: str
    text: str
    map: str


@dataclass
class Bundle:
    """The stylesheet and the script made (and the engine worker, when asked for), and
    the source files they replace."""

    css: Output
    js: Output
    sources: set[str] = field(default_factory=set)
    worker: Output | None = None

    def outputs(self) -> list[Output]:
        return [self.css, self.js, *([self.worker] if self.worker else [])]

    def files(self) -> dict[str, str]:
        """Site path -> text of the files to publish (each made and its map)."""
        return {name: text for o in self.outputs() for name, text in ((o.name, o.text), (o.name + ".map", o.map))}


def digest(*texts: str) -> str:
    """The hash in a bundle's name: of its text and its map's.

    >>> digest("a{}", "{}")
    'f9f62cdc1c'
    """
    h = hashlib.sha256()
    for text in texts:
        h.update(text.encode("utf-8") + b"\0")
    return h.hexdigest()[:10]


def esbuild_command() -> Path:
    """The esbuild of ``node_modules`` (``npm ci``), or a build error saying so."""
    if not ESBUILD.exists():
        raise BundleError(f"esbuild is not installed ({ESBUILD.relative_to(ROOT)} is missing): run make setup")
    return ESBUILD


def run_esbuild(entry: str, *, loader: str, docs_dir: Path, options: list[str]) -> tuple[str, dict[str, Any]]:
    """Bundle ``entry`` (the text of an entry file in ``docs_dir``, read from stdin).

    Returns the minified text and its source map, whose ``sources`` are site paths
    (relative to ``docs_dir``; esbuild writes them relative to its own output).
    """
    with tempfile.TemporaryDirectory(prefix="chq-bundle-") as tmp:
        out = Path(tmp) / f"out.{loader}"
        command = [
            str(esbuild_command()), "--bundle", "--minify", "--sourcemap=external", "--charset=utf8",
            f"--loader={loader}", f"--sourcefile=(entries of mkdocs.yml).{loader}", f"--outfile={out}",
            "--log-level=warning", "--log-limit=0", *options,
        ]  # fmt: skip
        try:
            done = subprocess.run(
                command, input=entry, cwd=docs_dir, capture_output=True, text=True, timeout=TIMEOUT, check=False
            )
        except OSError as error:  # not runnable (no Node for the npm shim, a broken install)
            raise BundleError(f"esbuild could not run ({error}): run make setup") from error
        if done.returncode != 0 or done.stderr.strip():
            # A warning stops the build too: a bundle the sources did not mean is not published.
            raise BundleError(f"esbuild refused the sources:\n{done.stderr.strip()}")
        text = out.read_text(encoding="utf-8")
        source_map = json.loads(out.with_name(out.name + ".map").read_text(encoding="utf-8"))
        root = str(docs_dir.resolve())
        source_map["sources"] = [
            Path(os.path.relpath((Path(tmp) / s).resolve(), root)).as_posix() for s in source_map["sources"]
        ]
    return text, source_map


def finish(name_pattern: str, text: str, source_map: dict[str, Any]) -> Output:
    """Name the file by its content, point it at its map, and its map at the sources:
    paths from the file's folder to where each source sits (``docs/``, not published:
    the map carries their text, ``sourcesContent``)."""
    folder = posixpath.dirname(name_pattern)
    sources = [posixpath.relpath(s, folder) for s in source_map["sources"]]
    map_text = json.dumps({**source_map, "sources": sources}, ensure_ascii=False, separators=(",", ":"))
    name = name_pattern.format(digest=digest(text, map_text))
    map_name = posixpath.basename(name) + ".map"
    comment = f"/*# sourceMappingURL={map_name} */" if name.endswith(".css") else f"//# sourceMappingURL={map_name}"
    return Output(name, text.rstrip("\n") + "\n" + comment + "\n", map_text)


def bundle_css(docs_dir: Path, paths: list[str]) -> Output:
    """The stylesheets at ``paths`` (relative to ``docs_dir``) as one, in order."""
    entry = "".join(f'@import "./{p}";\n' for p in paths)
    return finish(CSS_NAME, *run_esbuild(entry, loader="css", docs_dir=docs_dir, options=[TARGET]))


def bundle_js(docs_dir: Path, entries: list[str]) -> Output:
    """The modules ``entries`` (site paths under ``MODULES``) and all they import, as
    one classic script, evaluated as the page's module tags were: entry by entry."""
    entry = "".join(f'import "./{p}";\n' for p in entries)
    options = ["--format=iife", TARGET]
    return finish(JS_NAME, *run_esbuild(entry, loader="js", docs_dir=docs_dir, options=options))


def bundle_worker(docs_dir: Path) -> Output:
    """The engine worker (``WORKER``) and the modules it imports, as one ES module of
    the same name; its ``import()`` of Pyodide's loader left as it is written."""
    entry = f'import "./{WORKER}";\n'
    options = ["--format=esm", TARGET]
    return finish(WORKER, *run_esbuild(entry, loader="js", docs_dir=docs_dir, options=options))


def bundle(docs_dir: Path, css: list[str], modules: list[str], *, worker: bool = False) -> Bundle:
    """Bundle the stylesheets ``css`` and the module entries ``modules`` (site paths),
    and the engine worker if ``worker``."""
    for path in modules:
        if not path.startswith(MODULES) or "/" in path[len(MODULES):]:
            raise BundleError(f"{path}: the bundle takes its modules from {MODULES} only")
    made = Bundle(css=bundle_css(docs_dir, css), js=bundle_js(docs_dir, modules))
    made.worker = bundle_worker(docs_dir) if worker else None
    used = {
        posixpath.normpath(posixpath.join(posixpath.dirname(o.name), s))
        for o in made.outputs() for s in json.loads(o.map)["sources"]
    }  # fmt: skip
    made.sources = {*css, *used}
    return made


def bundle_config(config: MkDocsConfig) -> Bundle:
    """Bundle ``extra_css``, the companion modules of ``extra_javascript`` and the engine
    worker; the config then lists the two files made in their place (other scripts
    stay where they were; the worker is started by its name)."""
    modules = [  # a plain entry stays a str (MkDocs keeps them so)
        s for s in config.extra_javascript
        if isinstance(s, ExtraScriptValue) and s.type == "module" and s.path.startswith(MODULES)
    ]
    made = bundle(Path(config.docs_dir), list(config.extra_css), [s.path for s in modules], worker=True)
    script = ExtraScriptValue(made.js.name)  # a classic script (an IIFE)
    first = config.extra_javascript.index(modules[0]) if modules else len(config.extra_javascript)
    others = [s for s in config.extra_javascript if s not in modules]
    config.extra_javascript = [*others[:first], script, *others[first:]] if modules else others
    config.extra_css = [made.css.name]
    return made


def replace_sources(files: Files, made: Bundle, config: MkDocsConfig) -> Files:
    """The site without the bundled sources, with the files made and their maps."""
    for file in [f for f in files if f.src_uri in made.sources]:
        files.remove(file)
    for name, text in made.files().items():
        files.append(File.generated(config, name, content=text))
    return files


MATERIAL_BUNDLE = re.compile(r'[ \t]*<script src="([^"]*assets/javascripts/bundle\.[0-9a-f]+\.min\.js)"></script>\n?')


def material_last(html: str, script_name: str) -> str:
    """The page with Material's bundle deferred, right after our script.

    Our script then runs first once the page is parsed: a calculator answers before
    Material's 0.2 s of script (first visit, 2-core machine) rather than after it.
    A classic script at the end of ``<body>`` runs as soon as it has loaded, and the
    browser can paint before the deferred scripts (which run back to back: no frame
    between them). Material's bundle still runs before DOMContentLoaded and before
    the deferred scripts after it (offline.js, which needs its ``document$``);
    main.js follows ``document$`` from then on (util.js eachPage). A page without
    our script is left as it is.

    >>> page = (
    ...     '<script src="assets/javascripts/bundle.0123abcd.min.js"></script>\\n'
    ...     '<script src="x.js"></script>\\n<script src="o.js" defer></script>')
    >>> print(material_last(page, "x.js"))
    <script src="x.js"></script>
    <script src="assets/javascripts/bundle.0123abcd.min.js" defer></script>
    <script src="o.js" defer></script>
    """
    found = MATERIAL_BUNDLE.search(html)
    ours = re.search(rf'<script src="[^"]*{re.escape(script_name)}"[^>]*></script>\n?', html)
    if not ours or not found:
        return html
    if found.start() > ours.start():
        raise BundleError("Material's bundle is already after our script: the page changed shape")
    deferred = f'<script src="{found.group(1)}" defer></script>\n'
    return html[: found.start()] + html[found.end(): ours.end()] + deferred + html[ours.end():]
