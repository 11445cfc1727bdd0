"""A new calculator gets its whole page from one file in the package and its page in docs/.

The project is copied into a temporary folder; the copy gets ``calculators/coin.py``
(the made-up mechanic of ``tests/calculators/coin_helpers.py``) and a docs page with
its marker, ``docs/calculators/coin/index.md``, and nothing else: no file of the site
build (``build/chq_site/widget/calculator_pages/`` has no page for it; it gets the default)
and no other file of the project is touched. The site is built from the copy
(``mkdocs build --strict``, the copy's own build and calculators) and its coin page
has the form, the build-time answer table, the table a reader sees with JavaScript
off, and "Scripting the calculators" has its section; in Chromium a permalink to it
is read and answered.

The whole build makes this slow (a second site build, its engine snapshot too), so
it runs with the browser tests (``make test``), not in ``make test-fast``. The copy
starts with the project's build cache (``build/.cache``, reused by content): what the
new file changes is made anew, the rest (the runtime's gzip copies) is not.
"""

from __future__ import annotations

import html
import json
import re
import subprocess
import sys
from fractions import Fraction
from math import comb
from pathlib import Path
from typing import Any

import pytest
from chq_site.answers.answers import lookup

from calculators.printing import pct
from tests.calculators.coin_helpers import ROOT, brute_force, copy_env, project_with_coin
from tests.conftest import StaticServer

# The copy's whole build comes before the first test (about 3 minutes on a quiet
# 2-core machine: its engine wheel, snapshot and answer tables are made anew).
pytestmark = [pytest.mark.browser, pytest.mark.timeout(1800)]

PAGE = """---
description: The chance of at least k heads in n coins, exact.
---

# Coin calculator

How many heads will come up?

<!-- calculator: coin -->
"""


@pytest.fixture(scope="module")
def coin_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site built from a copy of the project with coin.py and its page added."""
    project = project_with_coin(tmp_path_factory.mktemp("coin_project"),
                                ("docs/calculators/coin/index.md", PAGE))
    out = tmp_path_factory.mktemp("coin_site") / "site"
    env = {**copy_env(project), "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
                          cwd=project, env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout + done.stderr
    # the project itself is untouched
    assert not (ROOT / "calculators" / "coin.py").exists() and not (ROOT / "docs" / "calculators" / "coin").exists()
    return out


def page_html(site: Path) -> str:
    return (site / "calculators" / "coin" / "index.html").read_text(encoding="utf-8")


def widget_spec(text: str) -> dict[str, Any]:
    found = re.search(r"data-calculator=\"coin\"[^>]*data-spec='([^']*)'", text)
    assert found, "no coin widget on its page"
    spec: dict[str, Any] = json.loads(html.unescape(found.group(1)))
    return spec


def test_its_page_has_the_form(coin_site: Path) -> None:
    text = page_html(coin_site)
    spec = widget_spec(text)
    assert [p["name"] for p in spec["params"]] == ["n", "k"]
    assert spec["start"] == {"n": 1, "k": 1}  # the default page: a required input at its least
    assert spec["headline"]["key"] == "p_at_least"
    for name, value in (("n", "1"), ("k", "1")):
        field = re.search(rf'<input[^>]*id="chq1-coin-{name}"[^>]*>', text)
        assert field, name
        assert f'value="{value}"' in field.group(0)
    assert "Coins flipped" in text and "Heads wanted" in text


def test_its_answer_table_holds_every_input(coin_site: Path) -> None:
    """The build-time answers: the table the page reads before the engine, exact."""
    spec = widget_spec(page_html(coin_site))
    assert spec["table"] and spec["table"].startswith("assets/answers/coin.")
    table = json.loads((coin_site / spec["table"]).read_text(encoding="utf-8"))
    assert table["mechanic"] == "coin" and table["keys"][0] == "p_at_least"
    inline = re.search(r'<template class="chq-answer-table" data-path="([^"]+)">(.*?)</template>',
                       page_html(coin_site), re.S)
    assert inline and inline.group(1) == spec["table"]
    assert json.loads(inline.group(2)) == table
    for n in range(1, 21):
        for k in range(0, 21):
            answer = lookup(table, {"n": n, "k": k})
            assert answer is not None, (n, k)
            # every sequence counted up to 10 coins (1,024), the binomial sum beyond
            want = brute_force(n, k) if n <= 10 else Fraction(sum(comb(n, h) for h in range(k, n + 1)), 2**n)
            assert Fraction(answer["p_at_least"]) == want, (n, k)


def test_its_table_reads_without_javascript(coin_site: Path) -> None:
    """The default page's table: the headline for 1 to 12 coins, the others at their start."""
    text = page_html(coin_site)
    grid = re.search(r'<table class="chq-table__grid">(.*?)</table>', text, re.S)
    assert grid, "no table for a reader without JavaScript"  # in the page's HTML, not written by a script
    table = grid.group(1)
    assert "Chance of 1 heads or more" in table
    cells = re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", table, re.S)
    words = [html.unescape(re.sub(r"<[^>]+>", "", c)).strip() for c in cells]
    assert words[:2] == ["Coins flipped", "Chance of 1 heads or more"]
    rows = list(zip(words[2::2], words[3::2], strict=True))
    assert len(rows) == 12
    for n, shown in rows:
        chance = 1 - Fraction(1, 2 ** int(n))  # at least one head
        assert shown == pct({"value": float(chance), "exact": str(chance)}), (n, shown)


def test_scripting_the_calculators_has_its_section(coin_site: Path) -> None:
    text = (coin_site / "reference" / "scripting" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<h3 id="coin">Flipping coins \(<code>coin</code>\)', text)
    words = html.unescape(re.sub(r"<[^>]+>", "", text))  # the example is highlighted code
    assert "$ python -m calculators coin --n 1 --table\nFlipping coins\n" in words


def test_a_permalink_is_read_and_answered(coin_site: Path, browser: Any) -> None:
    """In Chromium, ``#n=3&k=2`` fills the form and the page answers it (the answer
    table's exact 1/2), then the engine built from the copy answers too."""
    with StaticServer(coin_site) as server:
        context = browser.new_context(service_workers="block")
        page = context.new_page()
        page.goto(f"{server.origin}/calculators/coin/#n=3&k=2")
        widget = "[data-calculator=coin][data-mode=full]"
        page.wait_for_function(f"() => document.querySelector('{widget}')?.dataset.state === 'ready'",
                               timeout=60_000)
        assert page.input_value("#chq1-coin-n") == "3" and page.input_value("#chq1-coin-k") == "2"
        assert page.text_content(f"{widget} [data-headline]").strip() == "50.0%"
        assert page.get_attribute(f"{widget} [data-headline]", "data-exact") == "1/2"
        page.wait_for_function(f"() => document.querySelector('{widget}')?.dataset.engine === 'ready'",
                               timeout=120_000)
        page.fill("#chq1-coin-n", "4")
        page.wait_for_function(
            f"() => document.querySelector('{widget} [data-headline]').dataset.exact === '11/16'",
            timeout=60_000)
        context.close()
