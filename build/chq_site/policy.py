"""The Content Security Policy every built page carries: the site asks nothing of anyone.

Every page gets a ``<meta http-equiv="Content-Security-Policy">`` right after its
``<meta charset>``, before any script (a policy in a meta tag governs only what the
parser meets after it). It allows the site's own files and nothing else:

* scripts: the site's files and the build's own inline scripts, each by the SHA-256 of
  its exact text in the final page (ours, ``bundle.INLINE``, and Material's:
  ``__md_scope``, the palette, the tabs, the target; the 404 page's ``document.write``
  lines, ``offline.hide_from_preload``); no ``'unsafe-inline'``, no ``'unsafe-eval'``;
  ``'wasm-unsafe-eval'`` for the engine (Pyodide compiles its WebAssembly, nothing more);
  ``<script type="application/json">`` (Material's ``__config``) is data: not hashed;
* styles: the site's files and its inline ``<style>`` by hash (the one inside a
  calculator's ``<noscript>``); no page has a ``style=""`` attribute (the build fails
  if one appears: a hash cannot allow it without ``'unsafe-hashes'``);
* images: the site's and ``data:``: Material's stylesheet draws its icons
  (admonitions, details, links, the search box) as ``data:image/svg+xml`` masks, and
  so does ours (``chart.css``, ``details.css``), which CSS images fetch under
  ``img-src``; no ``blob:`` anywhere (the engine's worker is a file,
  ``assets/js/engine-worker.js``, which imports Pyodide's files by URL);
* workers, connections, fonts, the manifest: the site's only; ``object-src``,
  ``form-action`` ``'none'``; ``base-uri 'none'``, except on the 404 page, whose first
  script sets ``<base>`` to the site root it finds (``offline/not-found.js``), on this
  origin: ``'self'`` there.

A page's hashes are those of every page but the 404 page (one list in every page):
Material's instant navigation runs the next page's inline scripts in the document of
the first, under the first page's policy. The 404 page has its own list.

Served files get the same policy without hashes as a header (``tools/bundle_serve.py``
adds ``frame-ancestors 'none'``, which a meta tag cannot carry): the engine's worker,
the search worker and the service worker run under it.

Written in ``offline.post_build``, after the 404 page is fixed and before ``sw.js``
lists every file's hash (not under ``mkdocs serve``, whose live reload injects an
inline script of its own).
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Sequence
from pathlib import Path

NOT_FOUND_PAGE = "404.html"
# The rules without the inline hashes: what a server sends with every file (bundle_serve.POLICY).
DIRECTIVES: dict[str, list[str]] = {
    "default-src": ["'self'"],
    "script-src": ["'self'", "'wasm-unsafe-eval'"],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'"],
    "worker-src": ["'self'"],
    "manifest-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'none'"],
}
SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script\s*>", re.S | re.I)
STYLE = re.compile(r"<style\b[^>]*>(.*?)</style\s*>", re.S | re.I)
SRC = re.compile(r"\ssrc\s*=", re.I)
TYPE = re.compile(r"""\stype\s*=\s*["']?([^"'\s>]+)""", re.I)
# Types a browser runs (the HTML standard's JavaScript MIME types, and module).
RUN_TYPES = {"", "module", "text/javascript", "application/javascript", "text/ecmascript", "application/ecmascript"}
STYLE_ATTRIBUTE = re.compile(r"<[a-zA-Z][^>]*\sstyle\s*=", re.S)
HANDLER_ATTRIBUTE = re.compile(r"<[a-zA-Z][^>]*\son[a-z]+\s*=", re.S)
CHARSET = re.compile(r'<meta charset="utf-8">\n?', re.I)
META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="[^"]*">\n?')


class PolicyError(RuntimeError):
    """A page holds what its policy could not allow (a style attribute, a handler)."""


def sha256(text: str) -> str:
    """A CSP hash source for ``text`` (its UTF-8 bytes).

    >>> sha256("alert(1)")
    "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"
    """
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


def inline_hashes(html: str) -> tuple[list[str], list[str]]:
    """The hashes of ``html``'s inline scripts a browser runs, and of its ``<style>``s.

    >>> inline_hashes('<script>a()</script><script src="x.js"></script>'
    ...               '<script type="application/json">{}</script><style>p{}</style>')
    (["'sha256-qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4='"], ["'sha256-gG2yISYereRMiG2lMXrbiUgi0Ubw9p7QCeWcroOvy9Y='"])
    """
    scripts = []
    for match in SCRIPT.finditer(html):
        attributes, text = match.group(1), match.group(2)
        kind = TYPE.search(attributes)
        if SRC.search(attributes) or (kind and kind.group(1).lower() not in RUN_TYPES):
            continue
        scripts.append(sha256(text))
    return scripts, [sha256(m.group(1)) for m in STYLE.finditer(html)]


def policy(scripts: Sequence[str] = (), styles: Sequence[str] = (), *, base: str = "'none'") -> str:
    """The policy's text: DIRECTIVES with these hashes, ``base-uri`` as given.

    >>> policy(["'sha256-x'"], base="'self'").split("; ")[1:3]
    ["script-src 'self' 'wasm-unsafe-eval' 'sha256-x'", "style-src 'self'"]
    """
    rules = {name: list(values) for name, values in DIRECTIVES.items()}
    rules["script-src"] += list(dict.fromkeys(scripts))
    rules["style-src"] += list(dict.fromkeys(styles))
    rules["base-uri"] = [base]
    return "; ".join(f"{name} {' '.join(values)}" for name, values in rules.items())


def with_policy(html: str, text: str, where: str = "") -> str:
    """``html`` with its policy ``text`` right after ``<meta charset>`` (one already there
    replaced), before any script; a page no policy could hold stops the build.

    >>> print(with_policy('<head>\\n<meta charset="utf-8">\\n<script>a()</script>', "x"))
    <head>
    <meta charset="utf-8">
    <meta http-equiv="Content-Security-Policy" content="x">
    <script>a()</script>
    """
    html = META.sub("", html)
    markup = STYLE.sub("", SCRIPT.sub("", html))  # (what a script or style holds is no attribute)
    for found, what in ((STYLE_ATTRIBUTE, "a style attribute"), (HANDLER_ATTRIBUTE, "an event handler attribute")):
        bad = found.search(markup)
        if bad:
            raise PolicyError(f"{where}: {what} no policy without 'unsafe-hashes' allows: {bad.group(0)[:120]!r}")
    charset = CHARSET.search(html)
    if not charset:
        raise PolicyError(f"{where}: no <meta charset=\"utf-8\"> to put the policy after")
    first_script = html.lower().find("<script")
    if 0 <= first_script < charset.start():
        raise PolicyError(f"{where}: a script before <meta charset>: the policy would come after it")
    tag = f'<meta http-equiv="Content-Security-Policy" content="{text}">\n'
    return html[: charset.end()] + tag + html[charset.end():]


def write_policies(site_dir: Path) -> dict[str, str]:
    """Write each page's policy into it; the policies written, by site path."""
    pages = sorted(site_dir.rglob("*.html"))
    texts = {path: path.read_text(encoding="utf-8") for path in pages}
    scripts: list[str] = []
    styles: list[str] = []
    for path, html in texts.items():
        if path.name != NOT_FOUND_PAGE:
            found = inline_hashes(html)
            scripts += found[0]
            styles += found[1]
    site_policy = policy(sorted(set(scripts)), sorted(set(styles)))
    written = {}
    for path, html in texts.items():
        rel = path.relative_to(site_dir).as_posix()
        # The 404 page: its own scripts, and <base> set by its first one (offline/not-found.js).
        text = policy(*inline_hashes(html), base="'self'") if path.name == NOT_FOUND_PAGE else site_policy
        out = with_policy(html, text, rel)
        if out != html:
            path.write_text(out, encoding="utf-8")
        written[rel] = text
    return written
