"""The one error type every door (Python, command line, browser) reports, and how
an error message shows the value it refuses."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

#: Integers with more digits than this are shown in e-notation.
_EXACT_DIGITS = 16
#: Longer strings (and the text of oversized numbers) are cut short.
_SHOWN_CHARS = 40
#: The characters an oversized number's text keeps before its count of digits.
_NUMBER_LEAD = 11

#: The refusal of a parameter given more than once, at every door (a flag twice, a
#: JSON key twice, a permalink's key twice): the second would silently win.
GIVEN_TWICE = "is given twice; give it once"

#: What the page needs to refuse as the doors here do (each widget spec carries it):
#: the most characters of a value shown, the characters an oversized number keeps,
#: and the words for a parameter given twice.
PAGE_RULES: dict[str, Any] = {"shown_chars": _SHOWN_CHARS, "number_lead": _NUMBER_LEAD, "twice": GIVEN_TWICE}


def refused(ask: str, value: Any) -> str:
    """A refusal in the words every door uses: what to enter, then what was entered
    (:meth:`~calculators.inputs.Param.refusal` words an input's refusal with it).

    >>> refused("enter a chance above 0 and at most 1", 1.5)
    'enter a chance above 0 and at most 1 (you entered 1.5)'
    """
    entered = "the field is empty" if value == "" else f"you entered {show(value)}"
    return f"{ask} ({entered})"


class InputError(ValueError):
    """Bad input for a calculator, naming the field at fault.

    >>> err = InputError("fire_dice", "must be 0..40, got 41")
    >>> err.field, str(err)
    ('fire_dice', 'fire_dice: must be 0..40, got 41')
    """

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


@dataclass(frozen=True)
class NumberText:
    """A JSON number too large to hold (``1e400``, a 5,000-digit integer), kept as text.

    No parameter accepts it; it exists so that the refusal can show what was written.
    """

    text: str


def show(value: Any) -> str:
    """A value as an error message shows it: JSON-like, short, on one line.

    >>> show(41), show(1e308), show(10**400), show(True), show("jungle"), show([1])
    ('41', '1e+308', '1e+400', 'true', "'jungle'", 'list')
    >>> show(NumberText("9" * 5000))
    '99999999999... (a 5000-digit number)'
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, str):
        return repr(value) if len(value) <= _SHOWN_CHARS else repr(value[:_SHOWN_CHARS - 3] + "...")
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, int):
        return _show_int(value)
    if isinstance(value, NumberText):
        return _show_number_text(value.text)
    return type(value).__name__


def _show_int(n: int) -> str:
    """Exact up to 16 digits, else e-notation (never thousands of digits)."""
    if abs(n) < 10**_EXACT_DIGITS:
        return str(n)
    try:
        return repr(float(n))
    except OverflowError:
        pass
    # beyond a float, and str() of such an int is slow or refused: the exponent
    # from the bit length, then the first digits (cut, not rounded)
    size = abs(n)
    exponent = int(size.bit_length() * math.log10(2))
    while 10**exponent > size:
        exponent -= 1
    lead = str(size // 10 ** (exponent - 6))
    mantissa = (lead[0] + "." + lead[1:].rstrip("0")).rstrip(".")
    return f"{'-' if n < 0 else ''}{mantissa}e+{exponent}"


def _show_number_text(text: str) -> str:
    if len(text) <= _SHOWN_CHARS:
        return text
    digits = sum(c.isdigit() for c in text)
    return f"{text[:_NUMBER_LEAD]}... (a {digits}-digit number)"
