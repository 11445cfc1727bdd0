"""The WebKit lane's waits on the page's own state (tests/webkit/driver.py wait_js): a
script sent while the page goes from one document to the next counts as "not yet".
WebKitGTK's WebDriver answers such a script with "no such frame" ("Callback was not
called before the unload event"), not a script error; once in a full run a story whose
page was still loading got that answer on its first wait and failed. Shown without a
browser, on a driver whose page unloads under the first scripts."""

from __future__ import annotations

from typing import Any

import pytest
from selenium.common.exceptions import JavascriptException, NoSuchFrameException

from tests.webkit import driver as webkit_driver
from tests.webkit.driver import wait_js

UNLOAD = "Callback was not called before the unload event."


class UnloadingPage:
    """A page that answers its first scripts with ``errors``, one each (the old
    document going), then ``True``."""

    def __init__(self, *errors: Exception) -> None:
        self.errors = list(errors)
        self.current_url = "http://127.0.0.1/calculators/close-assault/"

    def execute_script(self, body: str, *args: Any) -> Any:
        if self.errors:
            raise self.errors.pop(0)
        return True


@pytest.fixture(autouse=True)
def quick_polls(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(webkit_driver, "POLL_S", 0.01)


def test_a_script_cut_by_the_unload_is_not_yet() -> None:
    page = UnloadingPage(NoSuchFrameException(UNLOAD), NoSuchFrameException(UNLOAD))
    assert wait_js(page, "return document.readyState === 'loading'", timeout=5) is True


def test_a_script_error_between_documents_is_not_yet() -> None:
    page = UnloadingPage(JavascriptException("document.body is null"))
    assert wait_js(page, "return document.body.dataset.x", timeout=5) is True
