"""The contract inside the project: the "Scripting the calculators" page lists every
mechanic's parameters and outputs, its examples are what the command really prints,
and no link in the README or the docs leads out of the repository."""

from __future__ import annotations

import html
import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from chq_site.widget import permalinks

from calculators import MECHANICS, PARAMETERS, compute
from calculators.outputs import COMMON, DEPRECATED, OUTPUTS

ROOT = Path(__file__).resolve().parents[2]
PAGE = "reference/scripting/index.html"
PROMPT = "$ python -m calculators "


def text(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", fragment))


@pytest.fixture(scope="module")
def page(built_site: Path) -> str:
    return (built_site / PAGE).read_text(encoding="utf-8")


def section(page: str, mechanic: str) -> str:
    """The HTML of a mechanic's section, from its heading to the next."""
    start = page.index(f'<h3 id="{mechanic.replace("_", "-")}"')
    end = page.find("<h3 ", start + 1)
    return page[start:end if end != -1 else len(page)]


def cells(fragment: str) -> set[str]:
    """The code in the first cell of each table row."""
    return set(re.findall(r"<tr>\s*<td><code>([^<]+)</code>", fragment))


@pytest.mark.parametrize("mechanic", MECHANICS)
def test_every_parameter_and_output_is_on_the_page(page: str, mechanic: str) -> None:
    """Every mechanic (a new one too) has its section, with a row for each parameter
    (PARAMETERS) and each key its results carry (compute(), default input)."""
    part = section(page, mechanic)
    inputs, _, outputs = part.partition("<strong>Outputs</strong>")
    assert {p.name for p in PARAMETERS[mechanic]} <= cells(inputs)
    required = {p.name: (p.choices[0] if p.kind == "choice" else 10)
                for p in PARAMETERS[mechanic] if p.required}
    keys = set(compute(mechanic, required)) - set(COMMON)
    assert keys <= cells(outputs), f"{mechanic}: {sorted(keys - cells(outputs))} not on the page"
    assert set(OUTPUTS.get(mechanic, {})) <= cells(outputs)
    for old in DEPRECATED.get(mechanic, {}):
        row = re.search(rf"<td><code>{old}</code></td>\s*<td>(.*?)</td>", outputs, re.DOTALL)
        assert row and "deprecated" in text(row.group(1)), f"{mechanic}: {old} is not marked deprecated"


def examples(page: str) -> list[tuple[list[str], str, int]]:
    """Each command on the page: its arguments, what the page says it printed, and
    the exit status the page gives."""
    found = []
    for block in re.findall(r"<pre>(.*?)</pre>", page, re.DOTALL):
        shown = text(block).strip()
        if not shown.startswith(PROMPT):
            continue
        lines = shown.split("\n")
        assert lines[-2] == "$ echo $?", shown
        found.append((shlex.split(lines[0].removeprefix(PROMPT)), "\n".join(lines[1:-2]), int(lines[-1])))
    return found


def test_the_examples_are_what_the_command_prints(page: str) -> None:
    """Run each command of the page as a club member would (a new process) and
    compare: the same JSON (laid out on the page), text, error line and exit status."""
    shown = examples(page)
    assert len(shown) >= len(MECHANICS) + 3  # one per mechanic, and the general ones
    assert {status for _, _, status in shown} == {0, 2}
    for argv, printed, status in shown:
        run = subprocess.run([sys.executable, "-m", "calculators", *argv], capture_output=True,
                             text=True, cwd=ROOT, check=False)
        assert run.returncode == status, argv
        got = (run.stdout + run.stderr).strip()
        if printed.startswith("{"):
            assert json.loads(printed) == json.loads(got), argv
        else:
            assert printed == got, argv


def test_each_section_links_its_calculator_page(page: str) -> None:
    """The readings are on each calculator's page: its section links there."""
    for mechanic in MECHANICS:  # (a page's folder need not be the mechanic's name)
        folder = permalinks.page_path(mechanic)
        assert (ROOT / "docs" / folder / "index.md").is_file(), f"{mechanic}: no page at {folder}"
        assert f'href="../../{folder}"' in section(page, mechanic), mechanic


def test_the_contract_is_in_the_navigation(built_site: Path) -> None:
    home = (built_site / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<a [^>]*href="reference/scripting/"', home), "the contract page is not in the nav"


# Markdown links and inline code that names a file: [text](target), <a href="target">,
# `path/to/file.md`.
LINK = re.compile(r"\]\(([^)\s]+)[^)]*\)|href=\"([^\"]+)\"|`([^`\s]+\.(?:md|py|json|toml))`")


def outside_links(path: Path) -> list[str]:
    """Links in a Markdown file that leave the repository: to another host, or to a
    path above the repository's root."""
    bad = []
    for match in LINK.finditer(path.read_text(encoding="utf-8")):
        target = next(g for g in match.groups() if g)
        if re.match(r"[a-z][a-z0-9+.-]*:", target, re.I):
            if not target.startswith(("mailto:", "#")):
                bad.append(target)
            continue
        base = ROOT if match.group(3) and not target.startswith(".") else path.parent
        resolved = (base / target.split("#")[0]).resolve()
        if not resolved.is_relative_to(ROOT):
            bad.append(target)
    return bad


@pytest.mark.parametrize("path", [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))],
                         ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_link_leaves_the_repository(path: Path) -> None:
    assert outside_links(path) == []
