"""The spotting calculator's page."""

from __future__ import annotations

from calculators import compute
from calculators.printing import pct
from chq_site.widget.calculator_page import CalculatorPage, EveryInput, Preset, Table

BAND_NAMES = {"0-6": "6″ or less", "6-12": "over 6″ to 12″", "12-24": "over 12″ to 24″",
              "24-36": "over 24″ to 36″", "36+": "over 36″"}


def _table() -> Table:
    covers = ("none", "light", "medium", "heavy")
    results = {c: compute("spotting", {"distance": 18, "cover": c}) for c in covers}
    rows = []
    for i, band in enumerate(results["none"]["bands"]):
        tn = band["tn"]
        row = [BAND_NAMES.get(band["band"], band["band"] + "″"), "automatic" if tn is None else f"{tn}+"]
        row += [pct(results[c]["bands"][i]["p_spotted"]) for c in covers]
        rows.append(tuple(row))
    return Table(
        "Chance of spotting a Blind: the spotter's 4D against the owner's 3D at 4+ plus cover dice",
        ("Distance", "Spotter's TN", "Open", "Light cover (+1D)", "Medium cover (+2D)", "Heavy cover (+3D)"),
        tuple(rows),
        "No Dice Chain, Blind not moving, spotter neither suppressed nor recon; "
        "a tie leaves the Blind unspotted.",
    )


def _steps() -> list[float]:
    """The far edge of every range band but the last (``"12-24"`` → 24)."""
    bands = compute("spotting", {"distance": 0})["bands"]
    return [float(b["band"].split("-")[1]) for b in bands if "-" in b["band"]]


PAGE = CalculatorPage(
    "spotting",
    starting={"distance": 18},
    advanced=frozenset({"ties", "fumble_needs_spot", "spotter_dice", "owner_dice"}),
    presets=(
        Preset("double-dice-chain", "Tom's Double Dice Chain (6D)", {"distance": 18, "chain_dice": 2},
               "The example gives no distance: 18″ (the 12-24″ band, 4+) is assumed."),
        Preset("medium-cover", "Blind in medium cover (owner 5D)", {"distance": 18, "cover": "medium"}),
        Preset("hidden-units", "Hidden Units in a wood", {"distance": 18, "cover": "light",
                                                          "target": "hidden"}),
    ),
    table=_table,
    # Held at the rules' pools (4D against 3D): other values are left to the engine.
    # The answer changes only at the range bands' edges (a band's edge belongs to the
    # nearer band).
    answers=EveryInput(fixed={"spotter_dice": 4, "owner_dice": 3}, steps={"distance": _steps}),
)
