"""The one error type every door (Python, command line, browser) reports."""

from __future__ import annotations


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
