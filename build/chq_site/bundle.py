"""Bundle: our stylesheets and modules, one file of each, made by esbuild at build time.

The sources stay as they are written, by feature beside the Python of that feature
(``widget/``, ``answers/``, ``fight/``, ``compare/``, ``questions/``, ``engine/``, ``offline/``,
``search/``, ``glossary/``, ``theme/`` in this package: one stylesheet per concern,
one ES module per concern), listed here (``STYLESHEETS``, ``SCRIPTS``); the built
site has one stylesheet and one classic script of ours in their place, so a page
asks its server for two files of ours instead of forty.
Measured on a 2-core machine, first visit, a local server (HTTP/1.1: six
connections, every request queued behind the others): the nineteen stylesheets held
the first paint of every page to 0.67 s (one file: 0.43 s); the twenty module
scripts arrived 0.85 s after navigation start, and the widgets mount only once the
last one has run.

esbuild (npm ``esbuild``, pinned in ``package.json``; ``make setup`` installs it with
``npm ci``) makes both, minified, each with its source map:

* CSS: the files of ``STYLESHEETS``, in their order (the cascade is the same: they
  were consecutive ``<link>``s), as one stylesheet in ``assets/css/``.
* JS: the entries of ``SCRIPTS``, with every module they import, evaluated in the
  order the browser evaluates them (each entry in turn, depth first, imports before
  importers, each module once), as one classic script (an IIFE: no global names) in
  ``assets/js/site/``, so ``document.currentScript.src`` resolves relative URLs
  as before (widget/util.js: the site root is three folders up).
* The engine worker: ``engine/engine-worker.js`` and the modules it imports
  (``engine/engine-worker/``, one per concern) as one ES module at
  ``assets/js/engine-worker.js`` (the page and ``engine/engine.js`` start it by that
  name). One file: in WebKit a module worker's every request passes through the
  page's main thread, busy while the page loads. Pyodide's loader stays a runtime
  ``import()`` of the self-hosted file (its URL is computed: esbuild leaves it alone).

Five small scripts run inline where the theme's templates put them (``INLINE``): the
sitemap shim before Material's bundle and stylesheets (``theme/sitemap.js``), the mark
that JavaScript is on, there too (``theme/script-on.js``: a calculator's layout from the
first paint is its script's), and the
"not found" page's three steps to its site root (``offline/not-found.js``). Each is
a function of a module Node's tests import; esbuild makes each a minified classic
script without a map, which the plugin hands the templates (``chq_inline``), so no
template holds script of its own.

The offline copy's ``offline.js`` (after Material's bundle, deferred) is a classic
script of its own at ``assets/js/offline.js``, with its map, bundled with the decisions
it shares with the service worker (``offline/decisions.js``); so is the service
worker's code (``offline/sw_template.js``), unminified and without a map, which
``offline.py`` writes into ``sw.js`` after the build's list of files. The search worker
(``search/worker/worker.js``, MiniSearch and the modules it imports) is one classic
script at ``assets/js/search-worker.js``, with its map: Material's search box starts
it by that name (``theme/material/main.html``) as a classic worker. The web app's
manifest and icons are published as written (``COPIED``).

The first two names carry a hash of their content and their map's (``bundle_serve``
sends those as immutable; the worker's name stays, revalidated like every unhashed
file; ``sw.js`` precaches them like any other file, but not the maps).
A map is named by a relative ``sourceMappingURL`` comment at the end of its file: a
browser fetches it only when its developer tools are open. Its sources are named by
their path in this package (``widget/main.js``) and carry their text.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mkdocs.config.config_options import ExtraScriptValue
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

from chq_site.paths import PACKAGE, ROOT

ESBUILD = ROOT / "node_modules" / ".bin" / "esbuild"
SOURCES = PACKAGE  # the browser code and styles, by feature folder
# In cascade order: a later file's rules override an earlier one's.
STYLESHEETS = [
    "theme/tablet.css",
    "theme/nav-tablet.css",
    "theme/drawer.css",
    "widget/widget.css",
    "widget/status.css",
    "widget/presets.css",
    "widget/form.css",
    "widget/result.css",
    "widget/views.css",
    "widget/chart.css",
    "widget/details.css",
    "theme/tables.css",
    "theme/links.css",
    "glossary/glossary.css",
    "fight/fight.css",
    "compare/compare.css",
    "questions/questions.css",
    "theme/home.css",
    "search/search.css",
    "theme/phone.css",
    "theme/code.css",
    "theme/print.css",
    "offline/offline.css",
]
# The entries of the one script, evaluated in this order as module tags would be.
SCRIPTS = ["widget/main.js", "glossary/glossary.js", "theme/keyboard.js", "theme/back-to-top.js"]
WORKER_SOURCE = "engine/engine-worker.js"
SEARCH_WORKER_SOURCE = "search/worker/worker.js"
# The scripts the templates write inline: name (chq_inline.<name> in a template) ->
# (module, the function it runs there).
INLINE = {
    "sitemap_shim": ("theme/sitemap.js", "shimSitemap"),  # main.html, before the stylesheets
    "script_on": ("theme/script-on.js", "markScriptOn"),  # main.html, before the stylesheets
    "not_found_root": ("offline/not-found.js", "findRoot"),  # 404.html, first in <head>
    "not_found_scope": ("offline/not-found.js", "pointScope"),  # 404.html, after Material's __md_scope
    "not_found_config": ("offline/not-found.js", "pointConfig"),  # 404.html, after Material's config
}
# What the HTML parser would read inside an inline script as more than its text.
NOT_INLINE = re.compile(r"</script|<!--|<script", re.I)
# Published as written: site path -> source. The web app's manifest and icons are the
# offline copy's (offline.py links them from every page; the 404 page finds the site
# root by the manifest), not content: they live with it.
COPIED = {
    "manifest.webmanifest": "offline/manifest.webmanifest",
    "assets/icons/icon-192.png": "offline/icons/icon-192.png",
    "assets/icons/icon-512.png": "offline/icons/icon-512.png",
    "assets/icons/icon.svg": "offline/icons/icon.svg",
}
OFFLINE_SCRIPT = "assets/js/offline.js"  # deferred: after Material's bundle (material_last)
OFFLINE_SOURCE = "offline/offline.js"
SERVICE_WORKER_SOURCE = "offline/sw_template.js"  # sw.js's code: offline.py puts the build's list before it
# The feature folders holding browser code or styles (watched by `mkdocs serve`).
FOLDERS = sorted(p.name for p in SOURCES.iterdir() if p.is_dir() and (any(p.glob("*.js")) or any(p.glob("*.css"))))

CSS_NAME = "assets/css/site.{digest}.css"
JS_NAME = "assets/js/site/site.{digest}.js"
WORKER = "assets/js/engine-worker.js"  # its own name: started by it
SEARCH_WORKER = "assets/js/search-worker.js"  # its own name: Material's search box starts it
# Our bundles' maps, by site path (lean.remove_source_maps keeps these).
OUR_MAP = re.compile(
    r"^(?:(?:assets/css/site|assets/js/site/site)\.[0-9a-f]{10}\.(?:css|js)|assets/js/(?:engine-worker|search-worker|offline)\.js)\.map$"
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
    """The stylesheet and the script made (and the engine worker, when asked for)."""

    css: Output
    js: Output
    worker: Output | None = None
    inline: dict[str, str] = field(default_factory=dict)
    offline: Output | None = None
    search: Output | None = None
    service_worker: str = ""  # sw.js's code, without the build's list (offline.py adds it)

    def outputs(self) -> list[Output]:
        return [self.css, self.js, *(o for o in (self.worker, self.offline, self.search) if o)]

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


def run_esbuild(
    entry: str, *, loader: str, source_dir: Path, options: list[str], mapped: bool = True, minified: bool = True
) -> tuple[str, dict[str, Any]]:
    """Bundle ``entry`` (the text of an entry file in ``source_dir``, read from stdin).

    Returns the minified text and its source map, whose ``sources`` are paths
    relative to ``source_dir`` (esbuild writes them relative to its own output);
    unless ``mapped`` is false: no map then (an empty one returned). ``minified``
    false: as the sources read, without their comments.
    """
    with tempfile.TemporaryDirectory(prefix="chq-bundle-") as tmp:
        out = Path(tmp) / f"out.{loader}"
        command = [
            str(esbuild_command()), "--bundle", *(["--minify"] if minified else []),
            *(["--sourcemap=external"] if mapped else []),
            "--charset=utf8",
            f"--loader={loader}", f"--sourcefile=(entries of chq_site.bundle).{loader}", f"--outfile={out}",
            "--log-level=warning", "--log-limit=0", *options,
        ]  # fmt: skip
        try:
            done = subprocess.run(
                command, input=entry, cwd=source_dir, capture_output=True, text=True, timeout=TIMEOUT, check=False
            )
        except OSError as error:  # not runnable (no Node for the npm shim, a broken install)
            raise BundleError(f"esbuild could not run ({error}): run make setup") from error
        if done.returncode != 0 or done.stderr.strip():
            # A warning stops the build too: a bundle the sources did not mean is not published.
            raise BundleError(f"esbuild refused the sources:\n{done.stderr.strip()}")
        text = out.read_text(encoding="utf-8")
        if not mapped:
            return text, {}
        source_map = json.loads(out.with_name(out.name + ".map").read_text(encoding="utf-8"))
        root = str(source_dir.resolve())
        source_map["sources"] = [
            Path(os.path.relpath((Path(tmp) / s).resolve(), root)).as_posix() for s in source_map["sources"]
        ]
    return text, source_map


def finish(name_pattern: str, text: str, source_map: dict[str, Any]) -> Output:
    """Name the file by its content and point it at its map (the sources are named by
    their path in the package, not published: the map carries their text,
    ``sourcesContent``)."""
    map_text = json.dumps(source_map, ensure_ascii=False, separators=(",", ":"))
    name = name_pattern.format(digest=digest(text, map_text))
    map_name = name.rsplit("/", 1)[-1] + ".map"
    comment = f"/*# sourceMappingURL={map_name} */" if name.endswith(".css") else f"//# sourceMappingURL={map_name}"
    return Output(name, text.rstrip("\n") + "\n" + comment + "\n", map_text)


def bundle_css(source_dir: Path, paths: list[str]) -> Output:
    """The stylesheets at ``paths`` (relative to ``source_dir``) as one, in order."""
    entry = "".join(f'@import "./{p}";\n' for p in paths)
    return finish(CSS_NAME, *run_esbuild(entry, loader="css", source_dir=source_dir, options=[TARGET]))


def bundle_js(source_dir: Path, entries: list[str]) -> Output:
    """The modules ``entries`` (relative to ``source_dir``) and all they import, as
    one classic script, evaluated as the page's module tags were: entry by entry."""
    entry = "".join(f'import "./{p}";\n' for p in entries)
    options = ["--format=iife", TARGET]
    return finish(JS_NAME, *run_esbuild(entry, loader="js", source_dir=source_dir, options=options))


def bundle_worker(source_dir: Path) -> Output:
    """The engine worker (``WORKER_SOURCE``) and the modules it imports, as one ES
    module named ``WORKER``; its ``import()`` of Pyodide's loader left as it is written."""
    entry = f'import "./{WORKER_SOURCE}";\n'
    options = ["--format=esm", TARGET]
    return finish(WORKER, *run_esbuild(entry, loader="js", source_dir=source_dir, options=options))


def bundle_inline(source_dir: Path, module: str, function: str) -> str:
    """The text of an inline script that runs ``function`` of ``module`` (a path in
    ``source_dir``) at once: minified, one function (no global names), no map (an
    inline script has no file to name one by), nothing the HTML parser would end it at.

    >>> text = bundle_inline(SOURCES, *INLINE["not_found_scope"])
    >>> text.startswith("(()=>{") and "__md_scope" in text and text.endswith("})();")
    True
    """
    entry = f'import {{ {function} }} from "./{module}";\n{function}();\n'
    text, _ = run_esbuild(entry, loader="js", source_dir=source_dir, options=["--format=iife", TARGET], mapped=False)
    found = NOT_INLINE.search(text)
    if found:
        raise BundleError(f"{module} {function}(): {found.group(0)!r} in its text would end or open a script inline")
    return text.strip()


def bundle_offline(source_dir: Path) -> Output:
    """offline.js and the modules it imports, as one classic script named ``OFFLINE_SCRIPT``."""
    entry = f'import "./{OFFLINE_SOURCE}";\n'
    return finish(OFFLINE_SCRIPT, *run_esbuild(entry, loader="js", source_dir=source_dir, options=["--format=iife", TARGET]))


def bundle_search_worker(source_dir: Path) -> Output:
    """The search worker (``SEARCH_WORKER_SOURCE``), MiniSearch and the modules it
    imports, as one classic script named ``SEARCH_WORKER`` (Material starts its search
    worker with ``new Worker(url)``: a classic worker, which cannot ``import``)."""
    entry = f'import "./{SEARCH_WORKER_SOURCE}";\n'
    options = ["--format=iife", TARGET]
    return finish(SEARCH_WORKER, *run_esbuild(entry, loader="js", source_dir=source_dir, options=options))


def bundle_service_worker(source_dir: Path) -> str:
    """The service worker's code (``SERVICE_WORKER_SOURCE`` and what it imports) as one
    classic script (a browser starts a service worker as one), readable as written (the
    file a player's device runs, when it is debugged: no map), its ``BUILD`` and
    ``FILES`` left for ``offline.py`` to define before it."""
    entry = f'import "./{SERVICE_WORKER_SOURCE}";\n'
    text, _ = run_esbuild(entry, loader="js", source_dir=source_dir, options=["--format=iife", TARGET],
                          mapped=False, minified=False)
    return text


def bundle(
    source_dir: Path = SOURCES, css: list[str] = STYLESHEETS, scripts: list[str] = SCRIPTS, *, worker: bool = False
) -> Bundle:
    """Bundle the stylesheets ``css`` and the module entries ``scripts`` (paths in
    ``source_dir``), the inline scripts (``INLINE``), offline.js and the service worker's
    code, and the engine worker and the search worker if ``worker``."""
    made = Bundle(css=bundle_css(source_dir, css), js=bundle_js(source_dir, scripts))
    made.inline = {name: bundle_inline(source_dir, *at) for name, at in INLINE.items()}
    made.offline = bundle_offline(source_dir)
    made.service_worker = bundle_service_worker(source_dir)
    made.worker = bundle_worker(source_dir) if worker else None
    made.search = bundle_search_worker(source_dir) if worker else None
    return made


def bundle_config(config: MkDocsConfig) -> Bundle:
    """Bundle our stylesheets, scripts and the two workers; the config then lists
    the stylesheet and the script made, and ``offline.js`` deferred, before any the
    site's ``mkdocs.yml`` adds (the worker is started by its name)."""
    made = bundle(worker=True)
    ours = [ExtraScriptValue(made.js.name), ExtraScriptValue(OFFLINE_SCRIPT)]  # a classic script (an IIFE)
    ours[1].defer = True
    config.extra_javascript = [*ours, *config.extra_javascript]
    config.extra_css = [made.css.name, *config.extra_css]
    return made


def add_outputs(files: Files, made: Bundle, config: MkDocsConfig) -> Files:
    """The site with the files made and their maps, and the files published as written."""
    for name, text in made.files().items():
        files.append(File.generated(config, name, content=text))
    for name, source in COPIED.items():
        files.append(File.generated(config, name, abs_src_path=str(SOURCES / source)))
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
