"""Fixtures that several browser test modules use (loaded by tests/conftest.py's
pytest_plugins: a test module imports no other)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.site_helpers import url
from tests.browser.table_words_helpers import (
    NO_SW,
    TABLET,
)


@pytest.fixture
def open_page(new_context: Any, site_url: str) -> Iterator[Any]:
    """Factory: ``open_page(path, viewport, **options)`` gives a page (no service
    worker; requests off the site's origin blocked and logged) with its script
    errors in ``page.chq_errors`` and the site's address in ``page.chq_base``."""
    pages: list[Any] = []

    def make(path: str, viewport: dict[str, int] = TABLET, **options: Any) -> Any:
        context = new_context(viewport=viewport, **options)
        context.add_init_script(NO_SW)
        page = context.new_page()
        page.chq_base = site_url
        page.chq_errors = []
        page.on("pageerror", lambda exc: page.chq_errors.append(f"pageerror: {exc}"))
        page.on("console", lambda msg: page.chq_errors.append(f"console: {msg.text}")
                if msg.type == "error" else None)
        page.goto(url(site_url, path))
        pages.append(page)
        return page

    yield make
    for page in pages:
        assert page.context.requests.off_origin == []
