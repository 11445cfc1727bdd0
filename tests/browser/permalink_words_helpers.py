"""Shared by test_permalink_words.py and the tests that use its pages, fixtures and checks
(moved out of the test module, unchanged: a test module imports no other test module)."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

from calculators import PARAMETERS
from tests.browser.widgets_helpers import (
    ROOT,
)

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


def notice(page: Any) -> dict[str, Any]:
    result: dict[str, Any] = page.wait_for_function(f"() => {{ {NOTICE_BODY} }}").json_value()
    return result
