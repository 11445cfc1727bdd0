"""Every calculator page's description, found: the one place the site build reads
what it shows of a calculator (``presentation``, ``permalinks``, ``answers``,
``answer_groups``, ``static_tables``, ``widgets``).

A module of this package declaring ``PAGE = CalculatorPage(...)``
(:mod:`chq_site.widget.calculator_page`) describes one mechanic's page; adding one is
adding such a module, and a mechanic with none gets
:meth:`CalculatorPage.default`. As ``calculators.registry`` finds the mechanics,
this finds the pages (``pkgutil`` over the package's path); a page for a mechanic
the calculators do not know, or two pages for one, stop the import.

>>> PAGES["shell_then_assault"].folder, page("supply").presets[0].id
('shell-first', 'max-staff-order')
"""

from __future__ import annotations

import importlib
import pkgutil

from calculators import MECHANICS
from calculators.params import mechanic_name
from chq_site.widget.calculator_page import CalculatorPage


def discover() -> dict[str, CalculatorPage]:
    """The ``PAGE`` of every module here, by mechanic, in the calculators' order."""
    found: dict[str, CalculatorPage] = {}
    for info in pkgutil.iter_modules(__path__):
        declared = getattr(importlib.import_module(f"{__name__}.{info.name}"), "PAGE", None)
        if declared is None:
            continue
        if not isinstance(declared, CalculatorPage):
            raise TypeError(f"{__name__}.{info.name}.PAGE is not a CalculatorPage: {declared!r}")
        if declared.mechanic not in MECHANICS:
            raise ValueError(f"{__name__}.{info.name}: no mechanic {declared.mechanic!r} in the calculators")
        if declared.mechanic in found:
            raise ValueError(f"two pages describe {declared.mechanic}")
        found[declared.mechanic] = declared
    return {m: found[m] if m in found else CalculatorPage.default(m) for m in MECHANICS}


#: Every calculator's page by mechanic, in the calculators' order (a default one
#: for a mechanic no module here describes).
PAGES: dict[str, CalculatorPage] = discover()


def page(mechanic: str) -> CalculatorPage:
    """A mechanic's page (its name as the command line takes it, or its alias)."""
    return PAGES[mechanic_name(mechanic)]
