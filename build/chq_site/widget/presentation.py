"""What the widgets show, as data: each calculator page's description
(``calculator_pages``: starting inputs, groups, advanced inputs, worked examples...),
read through the views below, and the choice labels; the words of the results
(titles, headline labels, figures, charts, detail tables and how a chance is
printed) are the command line's too and live in ``calculators.labels``, re-exported
here.

The inputs themselves always come from ``calculators.PARAMETERS``; nothing here lists
a mechanic's inputs by hand. The widget templates (``templates/``) lay these out;
``permalinks`` and ``answers`` read the starting inputs and the worked examples.
"""

from __future__ import annotations

from typing import Any

from calculators import InputError, labels
from calculators.params import mechanic_name
from chq_site.widget.calculator_page import CHOICE_LABELS, Preset
from chq_site.widget.calculator_pages import PAGES, page

__all__ = ["CHOICE_LABELS", "Preset", "PAGES", "page", "find_preset"]

# The words of the results, the command line's too (calculators/labels.py).
TITLES = labels.TITLES
HEADLINE_LABELS = labels.HEADLINE_LABELS
HEADLINE_WHEN = labels.HEADLINE_WHEN
headline_for = labels.headline_for
FIGURES = labels.FIGURES
CHARTS = labels.CHARTS
DETAILS = labels.DETAILS
HEADLINE_RANGE = labels.HEADLINE_RANGE
headline_text = labels.headline_text
beside_text = labels.beside_text
ends_text = labels.ends_text

# Views of the pages by mechanic (each page's fields are described in
# chq_site.widget.calculator_page.CalculatorPage).
STARTING: dict[str, dict[str, Any]] = {m: dict(p.starting) for m, p in PAGES.items()}
PRESETS: dict[str, tuple[Preset, ...]] = {m: p.presets for m, p in PAGES.items() if p.presets}


def find_preset(mechanic: str, preset_id: str) -> Preset:
    """A mechanic's worked example by its id (an error naming the known ones if none)."""
    name = mechanic_name(mechanic)
    presets = page(name).presets
    for preset in presets:
        if preset.id == preset_id:
            return preset
    known = ", ".join(p.id for p in presets) or "none"
    raise InputError("preset", f"no preset {preset_id!r} for {name} (known: {known})")
