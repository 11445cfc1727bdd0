"""What the browser tests of the rules site share: which pages exist, and a few
page actions (open Material's search); what pages with calculator cards share is
card_helpers.py.

Page lists come from the built site or from the ``nav`` of ``mkdocs.yml``, never
from a hard-coded list, so adding a page needs no test change.
"""

from __future__ import annotations

from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, NamedTuple
from urllib.parse import urljoin

import yaml

from calculators import PARAMETERS, InputError, compute

ROOT = Path(__file__).resolve().parents[2]

# Sections of the site that hold rules text (plus the home page).
RULES_SECTIONS = ("rules/", "reference/")

# <link rel=...> values that make the browser fetch (or connect to) the href.
FETCHING_RELS = frozenset(
    {
        "stylesheet", "preload", "modulepreload", "prefetch", "preconnect", "dns-prefetch",
        "icon", "shortcut", "apple-touch-icon", "mask-icon", "manifest",
    }
)
# <link rel=...> values that are links to other pages, not resources.
NAVIGATING_RELS = frozenset({"prev", "next", "canonical", "alternate", "up", "start"})
# Elements and attributes that load a resource when the page renders.
RESOURCE_ATTRS = {
    "script": ("src",),
    "img": ("src", "srcset"),
    "iframe": ("src",),
    "source": ("src", "srcset"),
    "video": ("src", "poster"),
    "audio": ("src",),
    "track": ("src",),
    "embed": ("src",),
    "object": ("data",),
    "input": ("src",),
}


class Ref(NamedTuple):
    """One URL found in a page: the element, the attribute and the value."""

    tag: str
    attr: str
    value: str


class PageRefs(HTMLParser):
    """Collects a page's ids, its links (a/area/navigation link) and its resources.

    >>> p = PageRefs.parse('<h2 id="x">X</h2><a href="../y/#z">y</a>'
    ...     '<link rel="stylesheet" href="s.css"><img srcset="a.png 1x, b.png 2x">')
    >>> sorted(p.ids), [r.value for r in p.links], [r.value for r in p.resources]
    (['x'], ['../y/#z'], ['s.css', 'a.png', 'b.png'])
    """

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[Ref] = []
        self.resources: list[Ref] = []

    @classmethod
    def parse(cls, html: str) -> PageRefs:
        parser = cls()
        parser.feed(html)
        parser.close()
        return parser

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value for name, value in attrs if value is not None}
        if "id" in values:
            self.ids.add(values["id"])
        if tag == "a" and "name" in values:
            self.ids.add(values["name"])
        if tag in ("a", "area") and "href" in values:
            self.links.append(Ref(tag, "href", values["href"]))
        elif tag == "link" and "href" in values:
            rels = set(values.get("rel", "").lower().split())
            if rels & FETCHING_RELS:
                self.resources.append(Ref(tag, "href", values["href"]))
            elif rels & NAVIGATING_RELS:
                self.links.append(Ref(tag, "href", values["href"]))
        for attr in RESOURCE_ATTRS.get(tag, ()):
            if attr not in values:
                continue
            if attr == "srcset":
                for candidate in values[attr].split(","):
                    if candidate.strip():
                        self.resources.append(Ref(tag, attr, candidate.split()[0]))
            else:
                self.resources.append(Ref(tag, attr, values[attr]))


def page_path(html_file: Path, site: Path) -> str:
    """The URL path (relative to the site root) that serves a built HTML file.

    >>> page_path(Path("/s/rules/blinds/index.html"), Path("/s"))
    'rules/blinds/'
    >>> page_path(Path("/s/index.html"), Path("/s"))
    ''
    >>> page_path(Path("/s/404.html"), Path("/s"))
    '404.html'
    """
    rel = html_file.relative_to(site).as_posix()
    if rel == "index.html":
        return ""
    if rel.endswith("/index.html"):
        return rel[: -len("index.html")]
    return rel


def page_file(site: Path, page: str) -> Path:
    """The built HTML file that serves a URL path (the inverse of :func:`page_path`).

    >>> page_file(Path("/s"), "rules/blinds/").as_posix(), page_file(Path("/s"), "").as_posix()
    ('/s/rules/blinds/index.html', '/s/index.html')
    >>> page_file(Path("/s"), "404.html").as_posix()
    '/s/404.html'
    """
    return site / page if page.endswith(".html") else site / page / "index.html"


def built_pages(site: Path) -> list[str]:
    """URL paths of every HTML page in the built site, sorted (home first)."""
    files = (f for f in site.rglob("*.html") if f.relative_to(site).parts[0] != "assets")
    return sorted(page_path(f, site) for f in files)


def rules_pages(site: Path) -> list[str]:
    """The home page and every built page under rules/ and reference/."""
    return [p for p in built_pages(site) if p == "" or p.startswith(RULES_SECTIONS)]


def _nav_files(items: Any) -> Iterator[str]:
    if isinstance(items, str):
        yield items
    elif isinstance(items, list):
        for item in items:
            yield from _nav_files(item)
    elif isinstance(items, dict):
        for value in items.values():
            yield from _nav_files(value)


def doc_to_path(doc: str) -> str:
    """The URL path MkDocs (``use_directory_urls: true``) gives a Markdown file.

    >>> doc_to_path("index.md"), doc_to_path("rules/blinds.md")
    ('', 'rules/blinds/')
    >>> doc_to_path("calculators/spotting/index.md")
    'calculators/spotting/'
    """
    stem = doc[: -len(".md")]
    if stem == "index":
        return ""
    if stem.endswith("/index"):
        return stem[: -len("index")]
    return stem + "/"


def nav_pages() -> list[str]:
    """URL paths of every page listed in the ``nav`` of mkdocs.yml, in nav order."""
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    files = [f for f in _nav_files(config.get("nav", [])) if f.endswith(".md") and "://" not in f]
    return [doc_to_path(f) for f in files]


def url(base: str, path: str) -> str:
    """Join a served site's base URL (ending in /) and a page path."""
    return urljoin(base, path)


def open_search(page: Any) -> Any:
    """Open Material's search the way a reader would; return the search input.

    From 60em up the input sits in the header and a click focuses it; below that
    the input is clipped away (Playwright still calls it "visible") until the
    search icon, a label for the ``#__search`` checkbox, is tapped.
    """
    field = page.locator("input.md-search__input")
    toggle = search_toggle(page)
    if toggle.is_visible():
        toggle.click()
        page.wait_for_function("() => document.getElementById('__search').checked")
    else:
        field.click()
    return field


def enter_query(field: Any, query: str) -> None:
    """Put ``query`` in the search field as a reader who types fast: all but its last
    character at once, then the last as a key press. Material searches on a key's
    release (``fill()`` alone fires no search), so the worker is asked once, for the
    whole query, not once for each prefix."""
    field.fill(query[:-1])
    field.press_sequentially(query[-1:])


def search_toggle(page: Any) -> Any:
    """The header's search icon (displayed below 60em only)."""
    return page.locator('label.md-header__button[for="__search"]')


# Counts the messages Material posts to its search worker and the replies it gets
# (its worker answers each message exactly once), so a test can tell when the
# results on screen belong to the last thing typed rather than to a prefix of it;
# and notes when the first reply came (performance.now(): the index was built).
SEARCH_WORKER_PROBE = """
(() => {
  const Native = window.Worker;
  window.__searchPending = 0;
  window.__searchWorkers = 0;
  window.__searchFirstReply = null;
  window.Worker = class extends Native {
    constructor(url, options) {
      super(url, options);
      this.__search = String(url).includes("search");
      if (this.__search) window.__searchWorkers += 1;
      if (this.__search) this.addEventListener("message", () => {
        window.__searchPending -= 1;
        if (window.__searchFirstReply === null) window.__searchFirstReply = performance.now();
      });
    }
    postMessage(...args) {
      if (this.__search) window.__searchPending += 1;
      return super.postMessage(...args);
    }
  };
})();
"""


def track_search_worker(context: Any) -> None:
    """Install :data:`SEARCH_WORKER_PROBE` in every page the context opens."""
    context.add_init_script(SEARCH_WORKER_PROBE)


def wait_for_search_settled(page: Any, query: str, timeout: float = 15_000) -> None:
    """Wait until the search field holds ``query`` and the worker has answered
    everything sent to it, then for two frames so the answer is rendered."""
    page.wait_for_function(
        "q => document.querySelector('input.md-search__input').value === q"
        " && window.__searchWorkers > 0 && window.__searchPending === 0",
        arg=query,
        timeout=timeout,
    )
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


# The main widget's answer as a player sees it: its state, the headline's text, the
# hint where the answer would be, and every figure actually visible (a figure hidden
# with its box, or by visibility, is not on screen). Shared by Chromium and WebKit.
ANSWER_SHOWN = """
const r = document.querySelector('.chq-widget[data-mode=full]');
const seen = n => n.offsetParent !== null && getComputedStyle(n).visibility === 'visible';
const hint = r.querySelector('.chq-output__hint');
return {state: r.dataset.state || '', result: r.getAttribute('data-result'),
        headline: r.querySelector('[data-headline]').textContent.trim(),
        hint: hint.hidden ? '' : hint.textContent.trim(),
        figures: [...r.querySelectorAll('.chq-figures dd, .chq-result .chq-value')].filter(seen)
                   .map(n => n.textContent.trim())};
"""


def typing_hint(mechanic: str, params: dict[str, Any]) -> str:
    """What the answer says while a field is typed in with a value compute() refuses:
    the field's label and compute()'s own words."""
    try:
        compute(mechanic, params)
    except InputError as error:
        label = next(p.label for p in PARAMETERS[mechanic] if p.name == error.field)
        return f"{label}: {error.message}."
    raise AssertionError(f"compute() took {params}")
