"""Shared by test_webkit_pages.py and the tests that use its pages, fixtures and checks
(moved out of the test module, unchanged: a test module imports no other test module)."""

from __future__ import annotations

from typing import Any

from tests.webkit.driver import (
    STEP_TIMEOUT_S,
    wait_js,
)

TABLETS = [(768, 1024), (820, 1180)]


PHONE = (390, 844)  # WebKit's window goes down to about 450 px: its narrowest


DESKTOP = (1366, 1024)


# One page as laid out now. Widgets are "mounted" once the site's script has set their
# data-engine (the HTML carries none).
PAGE_STATE = """
const h1 = document.querySelector('.md-content h1');
const widgets = [...document.querySelectorAll('[data-calculator]')];
return {ready: document.readyState, h1: h1 ? h1.textContent.trim() : '',
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth, innerWidth: window.innerWidth,
        widgets: widgets.map(w => [w.dataset.calculator, w.dataset.state || '', w.dataset.engine || '']),
        mounted: widgets.every(w => Boolean(w.dataset.engine))};
"""


# --------------------------------------------------------------------------- search


def type_search(driver: Any, query: str, timeout: float = STEP_TIMEOUT_S) -> str:
    """Type ``query`` into Material's search key by key; return the first result's href
    once the search worker has answered the whole query (within ``timeout`` s)."""
    from selenium.webdriver.common.by import By

    field = driver.find_element(By.CSS_SELECTOR, "input.md-search__input")
    field.click()
    for char in query:
        field.send_keys(char)
    wait_js(
        driver,
        "return document.querySelector('input.md-search__input').value === arguments[0]"
        " && window.__searchWorkers > 0 && window.__searchPending === 0",
        query, what=f"the search worker to answer {query!r}", timeout=timeout,
    )
    driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        " requestAnimationFrame(() => requestAnimationFrame(() => done(true)));"
    )
    return str(wait_js(
        driver,
        "const a = document.querySelector('.md-search-result__item .md-search-result__link');"
        " return a && a.getBoundingClientRect().height > 0 ? a.href : null;",
        what=f"a visible first result for {query!r}",
    ))
