"""The tests' own house rules: every test module's name is its own (pytest imports them
by basename: two of one name stop the collection of the second), no test file is over
400 lines, and no test module imports another (what stories share lives in helper
modules)."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

TESTS = Path(__file__).resolve().parent
MOST_LINES = 400


def _test_modules() -> list[Path]:
    return sorted(p for p in TESTS.rglob("test_*.py") if "__pycache__" not in p.parts)


def test_every_test_module_has_a_name_of_its_own() -> None:
    by_name: dict[str, list[str]] = defaultdict(list)
    for path in _test_modules():
        by_name[path.name].append(str(path.relative_to(TESTS)))
    assert {name: paths for name, paths in by_name.items() if len(paths) > 1} == {}


def test_no_test_file_is_over_400_lines() -> None:
    files = [*_test_modules(), *(p for p in TESTS.rglob("*_helpers.py"))]
    long = {str(p.relative_to(TESTS)): n for p in files
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MOST_LINES}
    assert long == {}


def test_no_test_module_imports_another() -> None:
    found = {}
    for path in _test_modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([node.module or ""] if isinstance(node, ast.ImportFrom)
                     else [a.name for a in node.names] if isinstance(node, ast.Import) else [])
            bad = [n for n in names if n.rsplit(".", 1)[-1].startswith("test_")]
            if bad:
                found[str(path.relative_to(TESTS))] = bad
    assert found == {}
