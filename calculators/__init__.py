"""Exact dice odds for the Combat HQ / Armour Battles rules.

Promises:

* **Exact.** Every probability that is rational is computed as a
  :class:`fractions.Fraction` (never sampled) and written out as
  ``{"value": float, "exact": "n/d"}``; only the artillery geometry is
  irrational, and it comes in closed form to about 1e-15 with ``exact: null``.
* **Pure.** Standard library only; no files, clock or network. The same
  :func:`compute` serves Python, the command line (``python -m calculators``)
  and the browser (through Pyodide).
* **Two questions after the odds.** :func:`sweep` ("What do I need?": the chance
  for each value of one whole-number input, and the fewest that reaches a target)
  and :func:`luck` ("How lucky was that?": how unusual an opposed roll was) answer
  from the same exact calculations.
* **Checked at the door.** Bad input raises one :class:`InputError` naming the
  field and the allowed range.

>>> compute("spotting", {"distance": 18, "cover": "medium"})["p_spotted"]["exact"]
'65/256'
"""

from __future__ import annotations

from .api import HEADLINES, READINGS, compute, compute_json, dumps
from .errors import InputError
from .luck import luck, luck_json
from .params import MECHANICS, PARAMETERS, Param
from .sweep import sweep, sweep_json

__all__ = [
    "HEADLINES",
    "InputError",
    "MECHANICS",
    "PARAMETERS",
    "Param",
    "READINGS",
    "compute",
    "compute_json",
    "dumps",
    "luck",
    "luck_json",
    "sweep",
    "sweep_json",
]
