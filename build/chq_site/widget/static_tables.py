"""The table every widget carries: computed here, at build time, by the same
``compute()`` the engine runs. It is what a reader sees with JavaScript off, or when
the engine cannot load (``<!-- calculator-table: ... -->`` shows one on its own).

Each calculator's table is made by its page's description (``calculator_pages``);
a page that gives none shows its headline for each value of its first input
(``calculator_page.headline_table``).
"""

from __future__ import annotations

from functools import cache

from calculators.params import mechanic_name
from chq_site.widget.calculator_page import Table, headline_table
from chq_site.widget.calculator_pages import page

__all__ = ["Table", "static_table"]


@cache
def static_table(mechanic: str) -> Table:
    """The mechanic's build-time table (computed once per build)."""
    described = page(mechanic_name(mechanic))
    if described.table is None:
        return headline_table(described.mechanic, described.starting)
    return described.table()
