"""Shared by test_permalink_words.py (its stories run in Chromium and in WebKitGTK
through the page API): the command line's refusals, and what the page shows of a
permalink (the notice above the form and a field's refusal; the answer for the inputs
it knows is the page API's answer_for), read with the page API."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

from calculators import PARAMETERS
from tests.browser.page_api import ENGINE_S, SitePage
from tests.browser.page_scripts import REFUSAL
from tests.browser.widgets_helpers import ROOT

LONG_NUMBER = "9" * 10_000


LONG_WORD = "x" * 10_000


def refused_at_the_command_line(mechanic: str, field: str, *flags: str) -> str:
    """``python -m calculators mechanic *flags``' refusal of ``field``, as the field's
    message on the page words it ("<label>: <message>.")."""
    done = subprocess.run([sys.executable, "-m", "calculators", mechanic, *flags],
                          capture_output=True, text=True, cwd=ROOT, check=False)
    prefix, name, message = done.stderr.rstrip("\n").split(": ", 2)
    assert (done.returncode, prefix, name) == (2, "error", field), done.stderr
    label = next(p.label for p in PARAMETERS[mechanic] if p.name == field)
    return f"{label}: {message}."


# The message above the form, once the widget has an answer or a refusal (a
# function body, for both lanes).
NOTICE_BODY = """
    const root = document.querySelector('.chq-widget[data-mode=full]');
    if (!root || !['ready', 'error'].includes(root.dataset.state)) return false;
    const note = root.querySelector('.chq-form__message');
    return {text: note.hidden ? '' : note.textContent,
            visible: !note.hidden && note.getBoundingClientRect().height > 0};
"""


def notice(page: SitePage) -> dict[str, Any]:
    """The notice above the form (its words, and whether it shows), once the widget
    has an answer or a refusal."""
    said: dict[str, Any] = page.wait(NOTICE_BODY, what="the notice above the form", timeout=ENGINE_S)
    return said


def refusal(page: SitePage, field: str) -> dict[str, Any]:
    """Wait until the main widget refuses ``field``; its message, and how it is shown."""
    refused: dict[str, Any] = page.wait(REFUSAL, field, what=f"{field} refused", timeout=ENGINE_S)
    return refused
