"""Every built page carries the site's Content Security Policy (chq_site/policy.py),
checked from the HTML with a parser of its own (html.parser, not the build's regular
expressions): the meta tag right after <meta charset>, before any script; every inline
script a browser runs and every <style> allowed by the SHA-256 of its exact text, and
nothing more (no hash of a script no page has); no 'unsafe-inline' or 'unsafe-eval';
no style or event handler attribute, which a hash cannot allow; the same hashes in
every page but the 404 page, whose own are its own."""

from __future__ import annotations

import base64
import hashlib
from html.parser import HTMLParser
from pathlib import Path

from chq_site import policy

RUN = {"", "module", "text/javascript", "application/javascript"}


class Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.order: list[str] = []  # the head's elements, by kind
        self.meta = ""
        self.inline: list[tuple[str, str]] = []  # (script|style, text)
        self.bad: list[str] = []
        self._open: str | None = None
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if any(name == "style" or name.startswith("on") for name in a):
            self.bad.append(self.get_starttag_text() or tag)
        if tag == "meta" and (a.get("http-equiv") or "").lower() == "content-security-policy":
            self.meta = a.get("content") or ""
            self.order.append("policy")
        elif tag == "meta" and "charset" in a:
            self.order.append("charset")
        elif tag == "script":
            self.order.append("script")
            runs = "src" not in a and (a.get("type") or "").lower() in RUN
            self._open = "script" if runs else "data"
            self._text = []
        elif tag == "style":
            self._open, self._text = "style", []

    def handle_data(self, data: str) -> None:
        if self._open:
            self._text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style") and self._open:
            if self._open in ("script", "style"):
                self.inline.append((self._open, "".join(self._text)))
            self._open = None


def hash_of(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def sources(text: str, directive: str) -> set[str]:
    for part in text.split(";"):
        name, *values = part.split()
        if name == directive:
            return set(values)
    raise AssertionError(f"no {directive} in {text!r}")


def test_every_page_carries_the_policy(built_site: Path) -> None:
    pages = sorted(built_site.rglob("*.html"))
    assert len(pages) > 10
    site_hashes: dict[str, set[str]] = {"script": set(), "style": set()}
    policies = {}
    for path in pages:
        rel = path.relative_to(built_site).as_posix()
        page = Page()
        page.feed(path.read_text(encoding="utf-8"))
        assert page.order[:2] == ["charset", "policy"], (rel, page.order[:4])
        assert page.bad == [], (rel, page.bad)
        text = page.meta
        assert "unsafe-inline" not in text and "'unsafe-eval'" not in text, rel
        for name, values in policy.DIRECTIVES.items():
            if name not in ("script-src", "style-src", "base-uri"):
                assert sources(text, name) == set(values), (rel, name)
        assert sources(text, "base-uri") == ({"'self'"} if rel == "404.html" else {"'none'"}), rel
        scripts = {hash_of(t) for kind, t in page.inline if kind == "script"}
        styles = {hash_of(t) for kind, t in page.inline if kind == "style"}
        assert scripts, rel
        allowed_scripts = sources(text, "script-src") - {"'self'", "'wasm-unsafe-eval'"}
        allowed_styles = sources(text, "style-src") - {"'self'"}
        assert scripts <= allowed_scripts and styles <= allowed_styles, rel
        policies[rel] = (allowed_scripts, allowed_styles)
        if rel == "404.html":
            assert (allowed_scripts, allowed_styles) == (scripts, styles), "the 404 page: its own, no more"
        else:
            site_hashes["script"] |= scripts
            site_hashes["style"] |= styles
    for rel, (allowed_scripts, allowed_styles) in policies.items():
        if rel != "404.html":  # instant navigation runs any page's scripts under the first one's policy
            assert (allowed_scripts, allowed_styles) == (site_hashes["script"], site_hashes["style"]), rel
