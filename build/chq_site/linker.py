"""Linker: the site's own stylesheets and modules, one file of each, at build time.

The sources stay as they are written (``docs/assets/css/**``, one ES module per
concern in ``docs/assets/js/companion/``, listed in ``mkdocs.yml``); the built site
has one stylesheet and one module script in their place, so a page asks its server
for three of our files instead of forty. Measured on a 2-core machine, first visit,
a local server (HTTP/1.1: six connections, every request queued behind the others):
the nineteen stylesheets held the first paint of every page to 0.67 s (one file:
0.43 s); the twenty module scripts arrived 0.85 s after navigation start, and the
widgets mount only once the last one has run.

* CSS: the files of ``extra_css``, in their order, joined (the cascade is the same:
  they were consecutive ``<link>``s). A file with ``@import``, ``@charset`` or a
  relative ``url()`` is refused: the joined file lives in another folder.
* JS: the ``type: module`` entries of ``extra_javascript`` under
  ``assets/js/companion/``, with every module they import, each wrapped in a
  function of its own (its names stay its own) and evaluated in the order the
  browser evaluates them (depth first, imports before importers, each once). Only the
  forms our modules use are accepted, and anything else is refused with its file
  and line: ``import { a, b as c } from "./x.js";`` and ``export`` before a
  ``function``, ``async function``, ``class`` or ``const`` (no ``import.meta``: the
  linked file is a classic script, :func:`as_classic_script`, at the end of
  ``<body>``; it sits in the modules' own folder, so ``document.currentScript.src``
  resolves relative URLs as a module's ``import.meta.url`` did).

Both names carry a hash of their content (``bundle_serve`` sends those as immutable;
``sw.js`` precaches them like any other file).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path

from mkdocs.config.config_options import ExtraScriptValue
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

MODULES = "assets/js/companion/"
CSS_NAME = "assets/css/companion.{digest}.css"
JS_NAME = MODULES + "companion.{digest}.js"

IMPORT = re.compile(r'^import \{([^}]*)\} from "\./([\w-]+\.js)";[ \t]*\n', re.M)
EXPORT = re.compile(r"^export (?=(?:async function|function|class|const) )", re.M)
EXPORTED = re.compile(r"^export (?:async function|function|class|const) ([A-Za-z_$][\w$]*)", re.M)
# What is left of `import`/`export` once the accepted forms are taken out: refused.
OTHER_MODULE_SYNTAX = re.compile(r"^[ \t]*(?:import|export)\b|\bimport\s*\(|\bimport\.meta\b", re.M)
IMPORTED_NAME = re.compile(r"^([A-Za-z_$][\w$]*)(?:\s+as\s+([A-Za-z_$][\w$]*))?$")
CSS_REFUSED = re.compile(r"@import|@charset|url\(\s*(?![\"']?(?:data:|#))", re.I)


class LinkError(ValueError):
    """A source the linker cannot join safely: names the file and what it found."""


@dataclass
class Linked:
    """The two files made (site-relative name -> text) and the sources they replace."""

    css_name: str
    css: str
    js_name: str
    js: str
    sources: set[str] = field(default_factory=set)


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:10]


def link_css(docs_dir: Path, paths: list[str]) -> str:
    """The stylesheets at ``paths`` (relative to ``docs_dir``) as one, in order.

    >>> import tempfile
    >>> d = Path(tempfile.mkdtemp()); _ = (d / "a.css").write_text("a{color:red}\\n")
    >>> print(link_css(d, ["a.css"]), end="")
    /* a.css */
    a{color:red}
    """
    parts = []
    for rel in paths:
        text = (docs_dir / rel).read_text(encoding="utf-8")
        found = CSS_REFUSED.search(text)
        if found:
            line = text.count("\n", 0, found.start()) + 1
            raise LinkError(f"{rel}:{line}: {found.group(0)!r} cannot be joined into one stylesheet")
        parts.append(f"/* {rel} */\n{text.rstrip()}\n")
    return "".join(parts)


def _module_var(name: str) -> str:
    return "$chq_" + re.sub(r"\W", "_", name.removesuffix(".js"))


def _destructure(names: str, where: str) -> str:
    out = []
    for item in (n.strip() for n in names.split(",")):
        if not item:
            continue
        found = IMPORTED_NAME.match(item)
        if not found:
            raise LinkError(f"{where}: cannot read the imported name {item!r}")
        out.append(f"{found.group(1)}: {found.group(2)}" if found.group(2) else found.group(1))
    return ", ".join(out)


def _wrap(name: str, source: str) -> tuple[str, list[str]]:
    """``source`` as a function returning its exports; and the modules it imports."""
    imports: list[str] = []
    lines: list[str] = []

    def take(found: re.Match[str]) -> str:
        line = source.count("\n", 0, found.start()) + 1
        imports.append(found.group(2))
        lines.append(f"const {{ {_destructure(found.group(1), f'{name}:{line}')} }} = {_module_var(found.group(2))};\n")
        return "\n" * found.group(0).count("\n")  # keep the line numbers of the rest

    body = IMPORT.sub(take, source)
    exported = EXPORTED.findall(body)
    body = EXPORT.sub("", body)
    stray = OTHER_MODULE_SYNTAX.search(body)
    if stray:
        line = body.count("\n", 0, stray.start()) + 1
        text = body[stray.start():].strip().splitlines()[0]
        raise LinkError(f"{MODULES}{name}:{line}: the linker does not read {text!r}")
    wrapped = (
        f"// ---- {MODULES}{name}\n"
        f"const {_module_var(name)} = (() => {{\n"
        + "".join(lines)
        + body.rstrip()
        + f"\nreturn {{ {', '.join(exported)} }};\n}})();\n"
    )
    return wrapped, imports


def link_modules(folder: Path, entries: list[str]) -> str:
    """The modules ``entries`` (names in ``folder``) and all they import, as one module.

    Evaluated as the browser would: depth first from each entry in order, a
    module's imports before it, each module once; an import cycle is refused.
    """
    done: dict[str, str] = {}
    visiting: list[str] = []

    def visit(name: str) -> None:
        if name in done:
            return
        if name in visiting:
            raise LinkError(f"import cycle: {' -> '.join([*visiting[visiting.index(name):], name])}")
        path = folder / name
        if not path.is_file():
            importer = f" (imported by {visiting[-1]})" if visiting else ""
            raise LinkError(f"{MODULES}{name}: no such module{importer}")
        visiting.append(name)
        wrapped, imports = _wrap(name, path.read_text(encoding="utf-8"))
        for target in imports:
            visit(target)
        visiting.pop()
        done[name] = wrapped

    for entry in entries:
        visit(entry)
    header = (
        "// Combat HQ Rules Companion: the widgets' modules, linked at build time\n"
        f"// (chq_site/linker.py) from {MODULES} in this order: {', '.join(done)}.\n"
    )
    return header + "".join(done.values())


def as_classic_script(linked: str) -> str:
    """The linked modules as one classic script: in a function of its own (no global
    names) and strict, as modules are. A classic script at the end of ``<body>`` runs
    as soon as it has loaded, the page's content parsed: the widgets answer, and the
    browser can show it, before Material's deferred bundle (a module script is
    deferred too, and deferred scripts run back to back: no frame between them).

    >>> print(as_classic_script("const $chq_a = 1;\\n"), end="")
    (() => {
    "use strict";
    const $chq_a = 1;
    })();
    """
    return f'(() => {{\n"use strict";\n{linked}}})();\n'


def link(docs_dir: Path, css: list[str], modules: list[str]) -> Linked:
    """Link the stylesheets ``css`` and the module entries ``modules`` (site paths)."""
    entries = []
    for path in modules:
        if not path.startswith(MODULES) or "/" in path[len(MODULES):]:
            raise LinkError(f"{path}: the linker joins the modules of {MODULES} only")
        entries.append(path[len(MODULES):])
    css_text = link_css(docs_dir, css)
    js_text = as_classic_script(link_modules(docs_dir / MODULES, entries))
    used = re.findall(r"^// ---- (\S+)$", js_text, re.M)
    return Linked(
        css_name=CSS_NAME.format(digest=digest(css_text)),
        css=css_text,
        js_name=JS_NAME.format(digest=digest(js_text)),
        js=js_text,
        sources={*css, *used},
    )


def link_config(config: MkDocsConfig) -> Linked:
    """Link ``extra_css`` and the companion modules of ``extra_javascript``; the config
    then lists the two linked files in their place (other scripts stay where they were)."""
    modules = [  # a plain entry stays a str (MkDocs keeps them so)
        s for s in config.extra_javascript
        if isinstance(s, ExtraScriptValue) and s.type == "module" and s.path.startswith(MODULES)
    ]
    linked = link(Path(config.docs_dir), list(config.extra_css), [s.path for s in modules])
    script = ExtraScriptValue(linked.js_name)  # a classic script: as_classic_script
    first = config.extra_javascript.index(modules[0]) if modules else len(config.extra_javascript)
    others = [s for s in config.extra_javascript if s not in modules]
    config.extra_javascript = [*others[:first], script, *others[first:]] if modules else others
    config.extra_css = [linked.css_name]
    return linked


def replace_sources(files: Files, linked: Linked, config: MkDocsConfig) -> Files:
    """The site without the linked sources, with the two linked files."""
    for file in [f for f in files if f.src_uri in linked.sources]:
        files.remove(file)
    for name, text in ((linked.css_name, linked.css), (linked.js_name, linked.js)):
        files.append(File.generated(config, name, content=text))
    return files


MATERIAL_BUNDLE = re.compile(r'[ \t]*<script src="([^"]*assets/javascripts/bundle\.[0-9a-f]+\.min\.js)"></script>\n?')


def material_last(html: str, linked: Linked) -> str:
    """The page with Material's bundle deferred, right after our module.

    Our module then runs first once the page is parsed: a calculator answers before
    Material's 0.2 s of script (first visit, 2-core machine) rather than after it.
    Material's bundle still runs before DOMContentLoaded and before the deferred
    scripts after it (offline.js, which needs its ``document$``); main.js follows
    ``document$`` from then on (util.js eachPage). A page without our module is left
    as it is.

    >>> page = (
    ...     '<script src="assets/javascripts/bundle.0123abcd.min.js"></script>\\n'
    ...     '<script src="x.js" type="module"></script>\\n<script src="o.js" defer></script>')
    >>> print(material_last(page, Linked("", "", "x.js", "")))
    <script src="x.js" type="module"></script>
    <script src="assets/javascripts/bundle.0123abcd.min.js" defer></script>
    <script src="o.js" defer></script>
    """
    found = MATERIAL_BUNDLE.search(html)
    ours = re.search(rf'<script src="[^"]*{re.escape(linked.js_name)}"[^>]*></script>\n?', html)
    if not ours or not found:
        return html
    if found.start() > ours.start():
        raise LinkError("Material's bundle is already after our module: the page changed shape")
    deferred = f'<script src="{found.group(1)}" defer></script>\n'
    return html[: found.start()] + html[found.end(): ours.end()] + deferred + html[ours.end():]
