"""A new mechanic is one new file: nothing else in the package is touched.

The ``calculators`` package is copied into a temporary folder, ONE file is added to
the copy (``coin.py``: flip N coins, the chance of at least k heads, exact) and
Python is run on the copy (first on ``sys.path``). The registry finds the new
mechanic, and every door serves it: ``compute()``, the command line (its flags,
``--help``, JSON and ``--table``), the tables by name, and the site's "Scripting the
calculators" section for it (``chq_site.scripting``, read from the copy).
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from tests.calculators.coin_helpers import COIN, ROOT, brute_force, run, with_coin

# Run in the copy: what the package says of the new mechanic, as JSON.
PROBE = '''
import json
import calculators
from calculators import MECHANICS, PARAMETERS, HEADLINES, READINGS, compute
from calculators.labels import CHARTS, FIGURES, TITLES
from calculators.outputs import OUTPUTS
print(json.dumps({
    "file": calculators.__file__,
    "mechanics": list(MECHANICS),
    "params": [p.name for p in PARAMETERS["coin"]],
    "outputs": OUTPUTS["coin"], "headline": HEADLINES["coin"], "readings": list(READINGS["coin"]),
    "title": TITLES["coin"], "figures": [list(f) for f in FIGURES["coin"]],
    "charts": [c["key"] for c in CHARTS["coin"]],
    "answers": {f"{n} {k}": compute("coin", {"n": n, "k": k}) for n in range(1, 7) for k in range(0, 8)},
}))
'''


@pytest.fixture(scope="module")
def copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("new_mechanic")
    with_coin(folder)
    return folder


@pytest.fixture(scope="module")
def probe(copy: Path) -> dict[str, Any]:
    done = run(copy, "-c", PROBE)
    assert done.returncode == 0, done.stderr
    data: dict[str, Any] = json.loads(done.stdout)
    return data


def test_the_copy_is_the_one_imported(copy: Path, probe: dict[str, Any]) -> None:
    assert Path(probe["file"]).parent == copy / "calculators"
    assert not (ROOT / "calculators" / "coin.py").exists()


def test_the_new_mechanic_is_in_every_table(probe: dict[str, Any]) -> None:
    assert probe["mechanics"] == ["spotting", "artillery", "close_assault", "supply", "rally",
                                  "blind_move", "deploy", "shell_then_assault", "coin"]
    assert probe["params"] == ["n", "k"]
    assert set(probe["outputs"]) == {"p_at_least", "distribution", "expected_heads"}
    assert probe["headline"] == "p_at_least" and probe["title"] == "Flipping coins"
    assert probe["figures"] == [["expected_heads", "Heads, on average", "num"]]
    assert probe["charts"] == ["distribution"] and len(probe["readings"]) == 1


def test_compute_equals_brute_force(probe: dict[str, Any]) -> None:
    for case, result in probe["answers"].items():
        n, k = map(int, case.split())
        want = brute_force(n, k)
        assert Fraction(result["p_at_least"]["exact"]) == want, case
        assert result["inputs"] == {"n": n, "k": k}
        assert set(result) == {"mechanic", "inputs", "explain", "p_at_least", "distribution",
                               "expected_heads"}
        assert sum(Fraction(e["p"]["exact"]) for e in result["distribution"]) == 1


def test_command_line_help_lists_its_flags(copy: Path) -> None:
    done = run(copy, "-m", "calculators", "coin", "--help")
    assert done.returncode == 0, done.stderr
    text = " ".join(done.stdout.split())  # argparse wraps its lines
    assert "--n INT" in text and "--k INT" in text
    assert "Coins flipped: a whole number 1..20 (required); how many coins" in text
    assert "Heads wanted: a whole number 0..20 (default 1)" in text
    assert "as likely either way, whatever the others show." in text  # its reading
    listed = run(copy, "-m", "calculators", "--help")
    assert "coin (headline: p_at_least)" in listed.stdout


def test_command_line_prints_json(copy: Path, probe: dict[str, Any]) -> None:
    done = run(copy, "-m", "calculators", "coin", "--n", "3", "--k", "2")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == probe["answers"]["3 2"]
    assert probe["answers"]["3 2"]["p_at_least"]["exact"] == "1/2"


def test_command_line_table_prints_its_words(copy: Path) -> None:
    done = run(copy, "-m", "calculators", "coin", "--n", "3", "--k", "2", "--table")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "Flipping coins"
    assert "  Chance of 2 heads or more: 50.0%  (exactly 1/2)" in lines
    assert "  Heads, on average: 1.50  (exactly 3/2)" in lines
    assert "  How many heads come up:" in lines
    assert any(line.split() == ["0", "heads:", "12.5%", "(exactly", "1/8)"] for line in lines)
    assert "    - 3 coins, each heads 1 time in 2: 2 heads or more" in lines


def test_bad_input_is_refused_in_its_words(copy: Path) -> None:
    done = run(copy, "-m", "calculators", "coin", "--k", "2")
    assert done.returncode == 2
    assert done.stderr == "error: n: enter a whole number from 1 to 20 (it is required)\n"


def test_the_scripting_page_has_its_section(copy: Path) -> None:
    """The site's "Scripting the calculators" section, made by chq_site from the copy."""
    script = ("from pathlib import Path\nfrom chq_site import scripting\n"
              f"print(scripting.mechanic_section('coin', 'reference/scripting.md', Path({str(ROOT / 'docs')!r})))")
    done = run(copy, "-c", script)
    assert done.returncode == 0, done.stderr
    section = done.stdout
    assert section.startswith("### Flipping coins (`coin`) { #coin }")
    assert "| `n` | a whole number, 1 to 20 | required | Coins flipped (how many coins) |" in section
    assert "| `p_at_least` | chance of k heads or more (the headline) |" in section
    # Its example: no page describes it (chq_site/widget/calculator_pages/), so its page's
    # default starts its required input at its least value.
    assert ("$ python -m calculators coin --n 1 --table\nFlipping coins\n"
            "  Chance of 1 heads or more: 50.0%  (exactly 1/2)\n") in section
    assert "$ echo $?\n0\n" in section


def test_a_name_used_twice_stops_the_import(tmp_path: Path) -> None:
    twice = COIN.replace('order=90', 'order=95')
    with_coin(tmp_path, ("coin_again.py", twice))
    done = run(tmp_path, "-c", "import calculators")
    assert done.returncode == 1
    assert "ValueError: two mechanics have the same name: coin" in done.stderr


def test_a_module_that_reads_the_registry_is_told_where_it_belongs(tmp_path: Path) -> None:
    """The registry imports every module but those built on it (registry.BUILT_ON):
    one that reads its tables as it is imported, and is not listed there, is named."""
    with_coin(tmp_path, ("reader.py", "from .params import PARAMETERS\n\nCOUNT = len(PARAMETERS)\n"))
    done = run(tmp_path, "-c", "import calculators")
    assert done.returncode == 1
    assert "in registry.BUILT_ON, reader too: a module that reads the registry's tables belongs there" \
        in done.stderr
