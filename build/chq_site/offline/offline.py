"""Offline: what happens to the built site after everything is in it.

Called from the plugin (``plugin.py``):

* ``post_page(output, page, config)`` (``on_post_page``) links the web app manifest,
  the theme colour and the touch icon from every page, and gives it the tag that
  ``write_service_worker`` fills with the build id. (No engine preload hints:
  the engine runs in a module worker, which cannot use a document's preloads or
  module map; a preload would at best warm the HTTP cache and at worst fetch the
  9.6 MB wasm twice.)
* ``post_build(site_dir, config)`` (``on_post_build``, after the engine copy):

  1. lean (``lean``): removes Material's source maps (and the comments pointing at
     them; ours stay, ``bundle.OUR_MAP``), Material's search worker and lunr (ours answers
     the search box), and the build date from ``sitemap.xml``;
  2. writes ``sw.js`` at the site root: a service worker that precaches every
     page and file of this build under a cache named by a hash of their content
     (the build id, which every page carries too: ``stamp_build``), checking each
     copy against the size and SHA-256 listed for it: the build's id and list, then
     the worker's code (``offline/sw_template.js`` bundled by ``bundle.py``);
  3. writes precompressed ``.gz`` copies of the large text files and the wasm
     for web servers that can send them (nginx ``gzip_static``, Caddy
     ``precompressed``, the club bundle's ``serve.py``).

Everything here is a pure function of the files in ``site_dir``: two builds of the
same sources give the same ``sw.js`` and the same ``.gz`` bytes.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import re
from pathlib import Path
from typing import Any

from chq_site import bundle, policy
from chq_site.paths import CACHE
from chq_site.theme import lean

GZ_CACHE = CACHE / "gz"

SERVICE_WORKER = "sw.js"
MANIFEST = "manifest.webmanifest"
TOUCH_ICON = "assets/icons/icon-192.png"
THEME_COLOUR = "#795548"  # Material's "brown" primary, the header colour

# Never precached: source maps, compressed copies (the server negotiates those),
# the worker itself.
NOT_PRECACHED_SUFFIXES = (".map", ".gz")
NOT_PRECACHED_NAMES = frozenset({SERVICE_WORKER})

# Precompressed copies: these types, at least this big, when gzip saves >= 10 %.
GZ_SUFFIXES = frozenset(
    {".html", ".js", ".mjs", ".css", ".json", ".wasm", ".svg", ".xml", ".webmanifest", ".txt"}
)
GZ_MIN_BYTES = 1024
GZ_MAX_RATIO = 0.9


# --------------------------------------------------------------- the 404 page

NOT_FOUND_PAGE = "404.html"
# A stylesheet or script tag with a URL relative to the site root ("./assets/...").
RELATIVE_RESOURCE = re.compile(
    r'<link rel="stylesheet" href="\./[^"]*">|<script src="\./[^"]*"(?: [\w-]+(?:="[^"]*")?)*></script>'
)


def hide_from_preload(html: str) -> str:
    """Write the page's stylesheet and script tags from script, after its ``<base>``.

    theme/material/404.html renders the "not found" page with links relative to the site
    root and sets ``<base>`` to the root it finds at run time. Chromium's preload
    scanner reads ahead of that script and would fetch each stylesheet and script
    relative to the page's own address (/rules/x/y/assets/...: failed requests).
    A tag written by ``document.write`` is parsed, in order and blocking as before,
    only once ``<base>`` is in place.

    >>> print(hide_from_preload('<link rel="stylesheet" href="./a.css"><script src="./b.js"></script>'))
    <script>document.write("<link rel=\\"stylesheet\\" href=\\"./a.css\\">")</script><script>document.write("<script src=\\"./b.js\\"><\\/script>")</script>
    >>> print(hide_from_preload('<script src="./c.js" defer></script>'))
    <script>document.write("<script src=\\"./c.js\\" defer><\\/script>")</script>
    """

    def written(match: re.Match[str]) -> str:
        return "<script>document.write(" + json.dumps(match.group(0)).replace("</", "<\\/") + ")</script>"

    return RELATIVE_RESOURCE.sub(written, html)


def fix_not_found_page(site_dir: Path) -> bool:
    """Apply :func:`hide_from_preload` to the built ``404.html`` and give it the build
    id's tag, as every page has (``post_page`` never sees this page); whether it changed."""
    page = site_dir / NOT_FOUND_PAGE
    if not page.is_file():
        return False
    html = page.read_text(encoding="utf-8")
    if "window.__chqRoot" not in html:
        return False  # not our template (theme/material/404.html): leave it
    fixed = hide_from_preload(html)
    if offline_enabled() and not STAMPED_TAG.search(fixed.encode()) and "</head>" in fixed:
        fixed = fixed.replace("</head>", f"  {BUILD_TAG.decode()}\n</head>", 1)
    page.write_text(fixed, encoding="utf-8")
    return fixed != html


# ---------------------------------------------------------------- service worker


def url_of(rel: str) -> str:
    """The URL (relative to the site root) that serves a built file.

    >>> url_of("index.html"), url_of("rules/blinds/index.html"), url_of("404.html")
    ('./', 'rules/blinds/', '404.html')
    """
    if rel == "index.html":
        return "./"
    if rel.endswith("/index.html"):
        return rel[: -len("index.html")]
    return rel


def precache_files(site_dir: Path) -> list[tuple[str, Path]]:
    """(URL, file) for everything the service worker keeps, sorted by URL."""
    entries = []
    for path in site_dir.rglob("*"):
        if not path.is_file():
            continue
        rel = path.relative_to(site_dir).as_posix()
        if path.name in NOT_PRECACHED_NAMES or path.name.endswith(NOT_PRECACHED_SUFFIXES):
            continue
        entries.append((url_of(rel), path))
    return sorted(entries)



def file_digest(path: Path) -> str:
    """SHA-256 of a file, hex (the service worker checks each copy against it).

    >>> import tempfile; f = Path(tempfile.mkdtemp()) / "a"; _ = f.write_bytes(b"abc")
    >>> file_digest(f)[:16]
    'ba7816bf8f01cfea'
    """
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


# Every page's build id (offline.js: a tab reloads when a worker of another build
# takes it over). Written empty by post_page, filled in by write_service_worker: the id
# is a hash of the whole site with these tags empty, so it can be in every page.
BUILD_TAG = b'<meta name="chq-build" content="">'
STAMPED_TAG = re.compile(rb'<meta name="chq-build" content="[0-9a-f]*">')


def unstamped(data: bytes) -> bytes:
    """A page's bytes with its build id taken out (the tag left empty).

    >>> unstamped(b'<head><meta name="chq-build" content="0123abcd"></head>')
    b'<head><meta name="chq-build" content=""></head>'
    """
    return STAMPED_TAG.sub(BUILD_TAG, data, count=1)


def stamped(data: bytes, build_hash: str) -> bytes:
    """A page's bytes with ``build_hash`` in its build id tag (none: unchanged).

    >>> stamped(b'<meta name="chq-build" content="">', "00ff")
    b'<meta name="chq-build" content="00ff">'
    >>> stamped(b'<p>no tag</p>', "00ff")
    b'<p>no tag</p>'
    """
    tag = BUILD_TAG.replace(b'content=""', b'content="' + build_hash.encode() + b'"')
    return STAMPED_TAG.sub(lambda _: tag, data, count=1)


SW_HEADER = (
    "/* Combat HQ Rules Companion: the offline service worker. Written by build/chq_site/offline/offline.py:\n"
    " * the build's id and files, then offline/sw_template.js and what it imports, bundled. Do not edit. */\n"
)


def service_worker_source(site_dir: Path, code: str | None = None) -> tuple[str, str, list[list[Any]]]:
    """The text of ``sw.js`` (the build's ``BUILD`` and ``FILES``, then the worker's
    ``code``: the build's, made in ``on_config``, or bundled now,
    ``bundle.bundle_service_worker``), the build hash and the precache list
    ``[url, hash, bytes]``.

    Stamps the build hash into every page that has the tag (``BUILD_TAG``), again if
    it has one already: the hash is taken with the tags empty, the list after."""
    entries = precache_files(site_dir)
    build = hashlib.sha256()
    pages = {}
    for url, path in entries:
        if path.suffix == ".html":
            data = path.read_bytes()
            pages[path] = data
            digest = hashlib.sha256(unstamped(data)).hexdigest()
        else:
            digest = file_digest(path)
        build.update(f"{url}\0{digest}\n".encode())
    build_hash = build.hexdigest()[:16]
    for path, data in pages.items():
        page = stamped(data, build_hash)
        if page != data:
            path.write_bytes(page)
    files = [[url, file_digest(path)[:16], path.stat().st_size] for url, path in entries]
    listing = ",\n".join("  " + json.dumps(entry, separators=(",", ":")) for entry in files)
    if code is None:
        code = bundle.bundle_service_worker(bundle.SOURCES)
    # [URL relative to the site root, first 16 hex digits of its SHA-256, bytes] a file.
    source = f"{SW_HEADER}const BUILD = {json.dumps(build_hash)};\nconst FILES = [\n{listing}\n];\n{code}"
    return source, build_hash, files


def write_service_worker(site_dir: Path, code: str | None = None) -> str:
    """Write ``sw.js`` at the site root, its ``code`` after the build's list (and the
    build hash into every page); return the build hash it precaches."""
    source, build_hash, _ = service_worker_source(site_dir, code)
    (site_dir / SERVICE_WORKER).write_text(source, encoding="utf-8")
    return build_hash


# ------------------------------------------------------------------ precompress


def gzip_bytes(data: bytes) -> bytes:
    """Deterministic gzip (no name, mtime 0), cached by content for the big files."""
    key = hashlib.sha256(data).hexdigest()
    cached = GZ_CACHE / f"{key}.gz"
    if len(data) >= 256 * 1024 and cached.is_file():
        return cached.read_bytes()
    out = gzip.compress(data, compresslevel=9, mtime=0)
    if len(data) >= 256 * 1024:
        GZ_CACHE.mkdir(parents=True, exist_ok=True)
        tmp = cached.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(out)
        tmp.replace(cached)
    return out


def sent_size(name: str, data: bytes) -> int:
    """The bytes a server that sends the ``.gz`` copies (the club bundle's serve.py,
    most hosts) sends for the file ``name``: its ``.gz`` copy's size when
    :func:`precompress` writes one, else its own.

    >>> sent_size("a.json", b"{}" * 1000) < 2000 == sent_size("a.zip", b"{}" * 1000)
    True
    """
    if Path(name).suffix not in GZ_SUFFIXES or len(data) < GZ_MIN_BYTES:
        return len(data)
    packed = len(gzip_bytes(data))
    return len(data) if packed > GZ_MAX_RATIO * len(data) else packed


def precompress(site_dir: Path) -> list[Path]:
    """Write ``name.gz`` beside each large text file (and the wasm); return them."""
    written = []
    for path in sorted(site_dir.rglob("*")):
        if not path.is_file() or path.suffix not in GZ_SUFFIXES:
            continue
        data = path.read_bytes()
        if sent_size(path.name, data) == len(data):
            continue
        packed = gzip_bytes(data)
        target = path.with_name(path.name + ".gz")
        target.write_bytes(packed)
        written.append(target)
    return written


# ------------------------------------------------------------------------ hooks

# The MkDocs command this build runs under (``on_startup``): "build", "serve", ...
_command = {"name": "build"}

# What `mkdocs serve` writes as sw.js: a worker that removes itself and any offline
# copy a browser kept from an earlier build on the same address, so that editing
# with live reload always shows the pages just built.
DEV_SERVICE_WORKER = """\
/* mkdocs serve: no offline copy while editing (chq_site/offline/offline.py). */
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("chq-rules ")) await caches.delete(name);
    }
    await self.registration.unregister();
  })());
});
"""


def startup(command: str) -> None:
    """Remember the MkDocs command (``on_startup``)."""
    _command["name"] = command


def offline_enabled() -> bool:
    """False under ``mkdocs serve``: there the site is rebuilt on every edit."""
    return _command["name"] != "serve"


def post_build(site_dir: Path, config: Any, worker_code: str | None = None) -> dict[str, Any]:
    """Fix the 404 page, write every page's policy (``policy.py``), lean the site, write the
    service worker, then the ``.gz`` copies.

    Under ``mkdocs serve`` only the 404 page and the self-removing ``sw.js`` (source
    maps stay, for debugging; no ``.gz`` copies, nobody serves them there).
    """
    fix_not_found_page(site_dir)
    if not offline_enabled():
        (site_dir / SERVICE_WORKER).write_text(DEV_SERVICE_WORKER, encoding="utf-8")
        return {"build": "", "maps": [], "material_search": [], "gz": []}
    # Every page's Content Security Policy, from its final inline scripts (the 404 page's
    # are fixed above); before sw.js lists the pages' hashes.
    policy.write_policies(site_dir)
    maps = lean.remove_source_maps(site_dir, keep=lambda rel: bool(bundle.OUR_MAP.match(rel)))
    material_search = lean.remove_material_search(site_dir)
    lean.strip_sitemap_dates(site_dir)
    build_hash = write_service_worker(site_dir, worker_code)
    gz = precompress(site_dir)
    return {"build": build_hash, "maps": maps, "material_search": material_search, "gz": gz}


def relative_root(page_url: str) -> str:
    """The relative path from a page's URL to the site root.

    >>> relative_root(""), relative_root("rules/blinds/"), relative_root("404.html")
    ('./', '../../', './')
    """
    depth = page_url.count("/")
    return "../" * depth if depth else "./"


def head_tags(page_url: str) -> str:
    """The tags ``post_page`` adds before ``</head>`` of a page at ``page_url``."""
    root = relative_root(page_url)
    tags = [BUILD_TAG.decode()] if offline_enabled() else ['<meta name="chq-offline" content="off">']
    tags += [
        f'<link rel="manifest" href="{root}{MANIFEST}">',
        f'<meta name="theme-color" content="{THEME_COLOUR}">',
        f'<link rel="apple-touch-icon" href="{root}{TOUCH_ICON}">',
    ]
    return "\n    ".join(tags)


def post_page(output: str, page: Any, config: Any) -> str:
    """Insert the manifest link, theme colour and touch icon before ``</head>``."""
    index = output.find("</head>")
    if index < 0:
        return output
    tags = head_tags(page.url)
    return f"{output[:index]}  {tags}\n  {output[index:]}"
