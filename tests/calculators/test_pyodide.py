"""The wheel, run inside the real Pyodide runtime (the pinned npm package, under
Node), must answer byte for byte as CPython does."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from chq_site.engine import engine

from calculators import MECHANICS, compute_json

ROOT = Path(__file__).resolve().parents[2]

GOLDEN = [
    ("spotting", {"distance": 18, "cover": "medium"}),
    ("spotting", {"distance": 40, "suppressed": True, "chain_dice": 2, "target": "hidden"}),
    ("spotting", {"distance": 7.5, "moving": True, "recon": True, "ties": "spotter",
                  "target": "hidden", "fumble_needs_spot": True}),
    ("spotting", {"distance": 3}),
    ("artillery", {"variant": "armour-battles"}),
    ("artillery", {"variant": "combat-hq", "cover": "heavy", "suppressions": 3, "dummy": True,
                   "disruption": 2}),
    ("artillery", {"variant": "combat-hq", "blind_width": 3.5, "blind_depth": 2.5,
                   "template_radius": 4.5, "hit_faces": 1, "fire_dice": 9}),
    ("artillery", {"variant": "armour-battles", "hit_faces": 6, "fire_dice": 5}),
    ("close_assault", {"att_dice": 6, "att_flank": True, "def_dice": 5, "def_suppressed": True,
                       "def_no_at": True}),
    ("close_assault", {"att_dice": 2, "att_move": "triple", "att_no_at": True, "def_dice": 1,
                       "def_cover": "heavy", "def_class_penalty": True, "def_cohesion": 1}),
    ("close_assault", {"att_dice": 12, "def_dice": 12, "att_disruption": 2, "def_disruption": 1}),
    ("supply", {"supply_dice": 3, "staff_order": True}),
    ("rally", {"disruption": 5}),
    ("blind_move", {"target": 27}),
    ("blind_move", {"target": 9.5, "suppressed": True}),
    ("deploy", {"suppressions": 4, "disruption": 1, "units": 3}),
    ("shell_then_assault", {"variant": "combat-hq", "def_cover": "light"}),
    ("shell_then_assault", {"variant": "armour-battles", "hit_faces": 6, "suppressions": 1,
                            "units": 2, "att_flank": True, "def_no_at": True}),
    # bad input answers too
    ("spotting", {"distance": "far"}),
    ("close_assault", {"att_dice": 3, "def_dice": 3, "att_suppressed": True}),
    ("rally", {"disruption": 1.5}),
    ("nonsense", {}),
]


def test_golden_cases_cover_every_mechanic() -> None:
    assert {m for m, _ in GOLDEN} >= set(MECHANICS)


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is needed to run Pyodide")
def test_pyodide_answers_byte_identical_to_cpython(tmp_path: Path) -> None:
    if not (ROOT / "node_modules" / "pyodide").exists():
        pytest.fail("node_modules/pyodide is missing: run `npm ci` (make setup does)")
    wheel = engine.build_wheel()
    requests = [json.dumps({"mechanic": m, "params": p}) for m, p in GOLDEN]
    cases = tmp_path / "cases.json"
    cases.write_text(json.dumps(requests))
    run = subprocess.run(
        ["node", str(Path(__file__).with_name("pyodide_golden.mjs")), str(wheel), str(cases)],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    print(f"\nPyodide's Python: {out['python'].split()[0]}; CPython: {sys.version.split()[0]}")
    expected = [compute_json(r) for r in requests]
    for request, got, want in zip(requests, out["answers"], expected, strict=True):
        assert got == want, f"Pyodide differs from CPython for {request}"
    assert sum('"error"' in a[:10] for a in expected) == 4
