"""The browser's door, compute_json inside the real Pyodide runtime (the pinned npm
package, under Node): the bad requests of the doors' tests get an ``{"error": ...}`` answer
there too, byte for byte as in CPython, and never an exception (which would end
the Node script)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from chq_site.engine import engine as site_engine

from calculators import compute_json

ROOT = Path(__file__).resolve().parents[2]


def _request(params_text: str, mechanic: str = "spotting") -> str:
    return '{"mechanic": "' + mechanic + '", "params": ' + params_text + "}"


BAD = [
    _request('{"distance": ' + "[" * 2000 + "]" * 2000 + "}"),
    "[" * 10_000,  # before the fix: "Pyodide has suffered a fatal error" (stack overflow)
    "[" * 1_000_000,
    '{"a": ' * 100_000,
    _request('{"distance": 300, "distance": 18}'),
    _request('{"distance": 1e400}'),
    _request('{"distance": ' + "9" * 5000 + "}"),
    _request('{"distance": 1e308}'),
    _request('{"distance": NaN}'),
    _request('{"cover": "\\udc80", "distance": 18}'),
    _request('{"distance": 18}', mechanic="teleport"),
    '{"mechanic": "rally", "params": {"disruption": 1}, "extra": 1}',
    "",
    "null",
]
GOOD = [_request('{"distance": -0.0}'), _request('{"distance": 1e-7}'), _request('{"target": 1E+1}', "blind_move")]


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is needed to run Pyodide")
def test_pyodide_answers_bad_requests_as_cpython_does(tmp_path: Path) -> None:
    if not (ROOT / "node_modules" / "pyodide").exists():
        pytest.fail("node_modules/pyodide is missing: run `npm ci` (make setup does)")
    wheel = site_engine.build_wheel()
    requests = BAD + GOOD
    cases = tmp_path / "cases.json"
    cases.write_text(json.dumps(requests))
    run = subprocess.run(
        ["node", str(Path(__file__).with_name("pyodide_golden.mjs")), str(wheel), str(cases)],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    answers = json.loads(run.stdout)["answers"]
    for request, got in zip(requests, answers, strict=True):
        assert got == compute_json(request), f"Pyodide differs from CPython for {request[:80]}"
    assert all(set(json.loads(a)) == {"error"} for a in answers[:len(BAD)])
    assert all(set(json.loads(a)) == {"result"} for a in answers[len(BAD):])
