"""What the site benchmark visits, and the targets its figures are printed beside."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Non-default inputs (not a worked example): every first answer here comes from the
# build's answer tables (Close Assault's and artillery's: chq_site/answers/answer_groups.py).
SPOTTING = "calculators/spotting/#distance=17&cover=light&moving=true"
CLOSE_ASSAULT = "calculators/close-assault/#att_dice=9&att_flank=true&att_move=double&def_dice=7&def_cover=medium"
SMALL = {
    "artillery": "calculators/artillery/#variant=combat-hq&fire_dice=8&cover=heavy",
    "supply": "calculators/supply/#supply_dice=7&staff_order=true",
    "rally": "calculators/rally/#disruption=11",
    "blind_move": "calculators/blind-move/#target=13.5&suppressed=true",
    "deploy": "calculators/deploy/#suppressions=3&disruption=7&units=4",
}
# First paint is compared over every calculator's first visit and two rules pages'
# (one sample each per run: a single pair swung 0.8-1.5 on this machine).
RULES = {"rules": "rules/blinds/", "rules_close_assault": "rules/close-assault/"}
CALCULATORS = ("spotting", "close_assault", *SMALL)
BARE = "bench-bare.html"
BARE_WORKER = "bench-bare-worker.js"
ENGINE_PREFIX = "/assets/engine/"
TIMEOUT_MS = 180_000
VIEWPORT = {"width": 1366, "height": 1024}

TARGET_REPEAT = 0.35  # repeat engine ready / bare boot
TARGET_FIRST = 1.0  # first-visit engine ready / bare boot
TARGET_ANSWER_S = 0.5  # first answer of the table calculators, every visit
TARGET_FCP = 1.05  # FCP calculator page / rules page
