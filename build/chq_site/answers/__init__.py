"""The answers computed at build time, and the answer tables the widget reads (Python and browser module)."""
