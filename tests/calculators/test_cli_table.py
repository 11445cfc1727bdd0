"""``python -m calculators ... --table``: the readable text a player reads in a terminal.

It must say what the page says: the page's words (``calculators.labels``, which
the site's widgets show), chances printed by the page's rule (never 100.0% for an
outcome that may fail, nor 0.0% for one that may happen), a rule that changed a
side's dice named in its row, and a usage line that shows what is required.
"""

from __future__ import annotations

import re
import subprocess
import sys
from fractions import Fraction

import pytest

from calculators import compute
from calculators.labels import CHARTS, DETAILS, FIGURES, HEADLINE_LABELS, TITLES, pct

# Inputs for each mechanic, as flags and as compute() takes them.
CASES = {
    "spotting": {"distance": 18},
    "artillery": {"variant": "armour-battles"},
    "close_assault": {"att_dice": 6, "def_dice": 5, "def_suppressed": True, "def_no_at": True},
    "supply": {"supply_dice": 3},
    "rally": {"disruption": 2},
    "blind_move": {"target": 24},
    "deploy": {"units": 3, "suppressions": 2},
}
# A chance as --table prints it, and the exact fraction beside it.
CHANCE = re.compile(r"(<0\.1|>99\.9|\d+\.\d)%\s+\(exactly (\d+)/(\d+)\)")


def flags(params: dict[str, object]) -> list[str]:
    out = []
    for name, value in params.items():
        out += [f"--{name.replace('_', '-')}", str(value).lower() if isinstance(value, bool) else str(value)]
    return out


def table(mechanic: str, params: dict[str, object]) -> str:
    done = subprocess.run([sys.executable, "-m", "calculators", mechanic, *flags(params), "--table"],
                          capture_output=True, text=True, timeout=120, check=False)
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    return done.stdout


# ------------------------------------------------------------------ chances


@pytest.mark.parametrize(
    ("params", "key", "shown"),
    [
        # 2301678364897823455/2302179798108617856 (99.98 %): not certain
        ({"att_dice": 6, "def_dice": 2, "att_flank": True}, "p_attacker_wins", ">99.9%"),
        # 264530356279/3741524496640512 (0.007 %): not impossible
        (CASES["close_assault"], "p_attacker_dispersed", "<0.1%"),
    ],
)
def test_a_chance_near_certain_is_not_printed_as_certain(params: dict[str, object], key: str, shown: str) -> None:
    want = compute("close_assault", params)[key]
    assert 0 < Fraction(want["exact"]) < 1
    text = table("close_assault", params)
    label = HEADLINE_LABELS["close_assault"] if key == "p_attacker_wins" else next(
        label for name, label, _ in FIGURES["close_assault"] if name == key)
    line = next(line for line in text.splitlines() if line.strip().startswith(label + ":"))
    print(f"\n{line.strip()}")
    assert f"{label}: {shown}  (exactly {want['exact']})" in line


@pytest.mark.parametrize("mechanic", sorted(CASES))
def test_every_chance_follows_the_pages_rule(mechanic: str) -> None:
    """Each chance printed is the page's text for its exact fraction: 0.0% and
    100.0% only for 0 and 1."""
    text = table(mechanic, CASES[mechanic])
    seen = 0
    for shown, num, den in CHANCE.findall(text):
        exact = Fraction(int(num), int(den))
        assert f"{shown}%" == pct({"value": float(exact), "exact": f"{num}/{den}"}), (shown, exact)
        if shown in ("0.0", "100.0"):
            assert exact in (0, 1), f"{shown}% for {exact}"
        seen += 1
    print(f"\n{mechanic}: {seen} chances checked")
    assert seen > 0 or mechanic == "deploy"


def test_the_shared_rule() -> None:
    """One rule for the page and the command line (util.js's pct mirrors it)."""
    assert [pct(v) for v in (0, 1e-9, 0.0004999, 0.0005, 0.5, 0.99949, 0.9995, 0.999999, 1)] == [
        "0.0%", "<0.1%", "<0.1%", "0.1%", "50.0%", "99.9%", ">99.9%", ">99.9%", "100.0%"]
    # A float that rounds to 1 (or 0) is not certainty when the fraction says otherwise.
    assert pct({"value": 1.0, "exact": f"{2**60 - 1}/{2**60}"}) == ">99.9%"
    assert pct({"value": 0.0, "exact": f"1/{2**1100}"}) == "<0.1%"


# ------------------------------------------------------------------ words


RAW = re.compile(r"\b(p_[a-z_]+|expected_[a-z_]+|att_[a-z_]+|def_[a-z_]+|tn None|dp \d|k \d)\b")


@pytest.mark.parametrize("mechanic", sorted(CASES))
def test_the_table_speaks_the_pages_words(mechanic: str) -> None:
    text = table(mechanic, CASES[mechanic])
    body = text.split("  How:")[0]
    result = compute(mechanic, CASES[mechanic])
    assert text.splitlines()[0] == TITLES[mechanic]
    assert f"  {HEADLINE_LABELS[mechanic]}: " in text
    for key, label, _ in FIGURES[mechanic]:
        if isinstance(result.get(key), dict):
            assert f"  {label}: " in text, label
    for chart in CHARTS[mechanic]:
        assert f"  {chart['title']}:" in text
    if mechanic in DETAILS:
        assert f"  {DETAILS[mechanic]['title']}:" in text
    # No raw result key, no "None", outside the list of what only the JSON holds.
    words = "\n".join(line for line in body.splitlines() if "in the JSON output" not in line)
    assert RAW.findall(words) == [] and "None" not in words, RAW.findall(words)
    print(f"\n{text}")


def test_spotting_bands_in_the_pages_words() -> None:
    text = table("spotting", {"distance": 18})
    assert "0-6″:" in text and "12-24″:" in text and "tn None" not in text and "band 0-6" not in text


# ------------------------------------------------------------------ rules named


def test_a_side_that_lost_a_die_says_why() -> None:
    """5 defending dice at TN 7+ (suppressed, no AT) roll 4D at 6+: the row says so."""
    params = CASES["close_assault"]
    rounds = compute("close_assault", params)["rounds"]
    assert rounds[0]["def_dice"] == 4 and rounds[0]["notes"] == ["defender: TN 7+: one die lost, rolls at 6+"]
    text = table("close_assault", params)
    lines = text.splitlines()
    title = lines.index(f"  {DETAILS['close_assault']['title']}:")
    header, first = lines[title + 1], lines[title + 2]
    print(f"\n{header}\n{first}")
    assert "Rule applied" in header
    assert "4D at 6+" in first and "defender: TN 7+: one die lost, rolls at 6+" in first
    # A fight where no rule changes a pool has no such column.
    plain = table("close_assault", {"att_dice": 4, "def_dice": 4})
    assert "Rule applied" not in plain


# ------------------------------------------------------------------ usage


def test_usage_shows_required_flags_as_required() -> None:
    done = subprocess.run([sys.executable, "-m", "calculators", "artillery", "--help"],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0
    usage = " ".join(done.stdout.split("\n\n")[0].split())
    print(f"\n{usage}")
    assert "--variant armour-battles|combat-hq" in usage and "[--variant" not in usage
    assert "[--fire-dice INT]" in usage  # optional ones keep their brackets
    done = subprocess.run([sys.executable, "-m", "calculators", "close-assault", "--help"],
                          capture_output=True, text=True, timeout=60, check=False)
    usage = " ".join(done.stdout.split("\n\n")[0].split())
    assert "[--att-dice" not in usage and "[--def-dice" not in usage and "--att-dice INT" in usage
    # Required in the usage, yet still accepted inside --json.
    done = subprocess.run([sys.executable, "-m", "calculators", "artillery", "--json", '{"variant": "combat-hq"}'],
                          capture_output=True, text=True, timeout=60, check=False)
    assert (done.returncode, done.stderr) == (0, "")
