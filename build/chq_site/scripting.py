"""The "Scripting the calculators" page's tables and examples, made at build time
from the package itself, so that they cannot drift from the code.

A line on its own in a page's Markdown (found by ``markers.MarkersExtension``):

    <!-- scripting: common -->                          the keys of every result
    <!-- scripting: renamed -->                         the deprecated names and their new ones
    <!-- scripting: questions -->                       what "What do I need?" can step through and
                                                        read, and which rolls "How lucky was that?" judges
    <!-- scripting: mechanics -->                       a section per mechanic: its inputs
                                                        (calculators.PARAMETERS), its outputs
                                                        (calculators.outputs) and an example
    <!-- scripting: run supply --supply-dice 3 -->      the command line run now: the command,
                                                        what it printed, its exit status
    <!-- scripting: python rally {"disruption": 2} -->  compute() called now, and what it gave
    <!-- scripting: python rally {"disruption": 2} p_all_removed -->   one key of its result

A marker that cannot be expanded stops the build, naming the page and the line.
"""

from __future__ import annotations

import contextlib
import io
import json
import posixpath
import re
import shlex
from pathlib import Path
from typing import Any

from calculators import HEADLINES, PARAMETERS, InputError, Param, compute
from calculators.cli import main as command_line
from calculators.outputs import COMMON, DEPRECATED, OUTPUTS
from calculators.registry import BY_NAME
from chq_site.widget.calculator_pages import page
from chq_site.widget.permalinks import page_path
from chq_site.widget.presentation import TITLES

MARKER = re.compile(r"^<!--\s*scripting:\s*(?P<word>mechanics|common|renamed|questions|run|python)\b\s*(?P<rest>.*?)\s*-->[ \t]*$")
PROG = "python -m calculators"
KINDS = {"int": "a whole number", "number": "a number"}


def expand(word: str, rest: str, src_uri: str, docs_dir: str | Path) -> str:
    """The Markdown a ``<!-- scripting: WORD REST -->`` line of page ``src_uri`` becomes."""
    docs_dir = Path(docs_dir)
    if word == "mechanics":
        return "\n\n".join(mechanic_section(m, src_uri, docs_dir) for m in PARAMETERS)
    if word == "common":
        return "\n".join(["| Key | What it is |", "| --- | --- |",
                          *(f"| `{key}` | {_cell(words)} |" for key, words in COMMON.items())])
    if word == "renamed":
        return "\n".join(renamed_list())
    if word == "questions":
        return questions_table(src_uri, docs_dir)
    if word == "run":
        return run_block(shlex.split(rest))
    mechanic, _, tail = rest.partition(" ")
    params, end = json.JSONDecoder().raw_decode(tail.strip())
    return python_block(mechanic, params, tail.strip()[end:].strip() or None)


# ------------------------------------------------------------------------- examples


def run(argv: list[str]) -> tuple[int, str, str]:
    """Run the command line in this process: (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = command_line(argv)
        except SystemExit as exc:  # --help
            status = int(exc.code or 0)
    return status, out.getvalue(), err.getvalue()


def run_block(argv: list[str]) -> str:
    """A fenced block: the command, what it printed (JSON laid out), and its status.

    >>> print(run_block(["rally", "--disruption", "41"]))
    ```console
    $ python -m calculators rally --disruption 41
    error: disruption: enter a whole number from 0 to 40 (you entered 41)
    $ echo $?
    2
    ```
    """
    status, out, err = run(argv)
    shown = out.rstrip("\n")
    if shown.startswith("{"):
        shown = readable_json(json.loads(shown))
    lines = [f"$ {PROG} {shlex.join(argv)}"]
    lines += [text for text in (shown, err.rstrip("\n")) if text]
    lines += ["$ echo $?", str(status)]
    return "\n".join(["```console", *lines, "```"])


def readable_json(data: dict[str, Any]) -> str:
    """The one line of JSON the command prints, laid out for reading: a key a line,
    a list an entry a line (the same data; the command itself prints one line).

    >>> print(readable_json({"a": [1, {"b": 2}], "c": {"d": None}}))
    {
      "a": [
        1,
        {"b": 2}
      ],
      "c": {"d": null}
    }
    """
    def one(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    lines = []
    for key, value in data.items():
        if isinstance(value, list) and value:
            items = ",\n".join(f"    {one(item)}" for item in value)
            lines.append(f"  {one(key)}: [\n{items}\n  ]")
        else:
            lines.append(f"  {one(key)}: {one(value)}")
    return "{\n" + ",\n".join(lines) + "\n}"


def python_block(mechanic: str, params: dict[str, Any], key: str | None = None) -> str:
    """A fenced Python session: compute() called, and what it returned or raised
    (``p_continue`` of ``supply`` with 3 dice: ``{'value': 0.34375, 'exact': '11/32'}``)."""
    call = f"compute({mechanic!r}, {params!r})".replace("'", '"')
    lines = [">>> from calculators import compute"]
    try:
        result: Any = compute(mechanic, params)
        if key is not None:
            result = result[key]
            call += f"[{key!r}]".replace("'", '"')
        lines += [f">>> {call}", repr(result)]
    except InputError as exc:
        lines += [f">>> {call}", "Traceback (most recent call last):", "  ...",
                  f"calculators.errors.InputError: {exc}",
                  ">>> try:", f"...     {call}", "... except InputError as exc:",
                  "...     print(exc.field, '|', exc.message)", "...",
                  f"{exc.field} | {exc.message}"]
        lines[0] = ">>> from calculators import InputError, compute"
    return "\n".join(["```pycon", *lines, "```"])


def example_argv(mechanic: str) -> list[str]:
    """The command line for a mechanic's first worked example (or its starting inputs)."""
    presets = page(mechanic).presets
    params = presets[0].params if presets else dict(page(mechanic).starting)
    argv = [mechanic.replace("_", "-")]
    for name, value in params.items():
        flag = "--" + name.replace("_", "-")
        if value is True:
            argv.append(flag)
        elif value is not False:
            argv += [flag, str(value)]
    return [*argv, "--table"]


# ------------------------------------------------------------------------- tables


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _allowed(param: Param) -> str:
    """The values a parameter takes, its kind in words: "a whole number, 0 to 40D"."""
    if param.kind == "choice":
        return "one of " + ", ".join(f"`{c}`" for c in param.choices)
    if param.kind == "bool":
        return "`true` or `false`"
    low, high = (int(x) if float(x).is_integer() else x for x in (param.minimum or 0, param.maximum or 0))
    return f"{KINDS[param.kind]}, {low} to {high}{param.unit}"


def _default(param: Param) -> str:
    return "required" if param.required else f"`{json.dumps(param.default)}`"


def inputs_table(mechanic: str) -> str:
    """The inputs of a mechanic as a Markdown table, from calculators.PARAMETERS."""
    rows = ["| Parameter | Allowed | Default | What it is |", "| --- | --- | --- | --- |"]
    for p in PARAMETERS[mechanic]:
        words = p.label + (f" ({p.help})" if p.help else "")
        rows.append(f"| `{p.name}` | {_allowed(p)} | {_default(p)} | {_cell(words)} |")
    return "\n".join(rows)


def outputs_table(mechanic: str) -> str:
    """The top-level keys of a mechanic's result as a Markdown table (calculators.outputs)."""
    rows = ["| Key | What it is |", "| --- | --- |"]
    headline = HEADLINES.get(mechanic)
    for key, words in OUTPUTS.get(mechanic, {}).items():
        mark = " (the headline)" if key == headline else ""
        rows.append(f"| `{key}` | {_cell(words)}{mark} |")
    for old, new in DEPRECATED.get(mechanic, {}).items():
        rows.append(f"| `{old}` | **deprecated**: the same as `{new}`; read `{new}`, as `{old}` "
                    "goes in the next release |")
    rows.append("| " + ", ".join(f"`{k}`" for k in COMMON) + " | as every result (above) |")
    return "\n".join(rows)


def questions_table(src_uri: str, docs_dir: Path) -> str:
    """Per mechanic, the inputs ``--sweep`` steps through, the chances it reads (the
    headline first) and the sides ``--rolled`` counts, from the declarations.

    Each mechanic's name links to its calculator page where it has one: on a phone the
    table scrolls sideways, and a scrolling region needs something a keyboard can reach."""
    rows = ["| Mechanic | `--sweep` (whole-number inputs) | `--figure` (chances) | `--rolled` MINE,THEIRS |",
            "| --- | --- | --- | --- |"]
    for name, found in BY_NAME.items():
        page = calculator_page(name, src_uri, docs_dir)
        label = f"[{name}]({page})" if page is not None else f"`{name}`"
        counts = ", ".join(f"`{p.name}` ({_allowed(p).partition(', ')[2]})" for p in found.counts)
        chances = sorted(found.chances, key=lambda key: key != HEADLINES.get(name))
        sides = f"{found.opposed.mine}, {found.opposed.theirs}" if found.opposed else "–"
        rows.append(f"| {label} | {counts if counts and chances else '–'} | "
                    f"{', '.join(f'`{c}`' for c in chances) if counts and chances else '–'} | {sides} |")
    return "\n".join(rows)


def renamed_list() -> list[str]:
    """One bullet per deprecated output: its mechanic, old name, new name and meaning."""
    return [f"* `{mechanic}`: `{old}` is now `{new}`, {_cell(OUTPUTS[mechanic][new])}."
            for mechanic, names in DEPRECATED.items() for old, new in names.items()]


def calculator_page(mechanic: str, src_uri: str, docs_dir: Path) -> str | None:
    """The relative Markdown link from ``src_uri`` to the mechanic's calculator page,
    or None if it has none (yet)."""
    target = f"{page_path(mechanic)}index.md"
    if not (docs_dir / target).is_file():
        return None
    return posixpath.relpath(target, posixpath.dirname(src_uri) or ".")


def mechanic_section(mechanic: str, src_uri: str, docs_dir: Path) -> str:
    """One mechanic's section: title, command, link to its page, inputs, outputs, example."""
    title = TITLES.get(mechanic, mechanic.replace("_", " ").capitalize())
    command = mechanic.replace("_", "-")
    intro = f"`{PROG} {command}`, or `compute(\"{mechanic}\", {{...}})`."
    page = calculator_page(mechanic, src_uri, docs_dir)
    if page is not None:
        intro += (f" The calculator is on [its page]({page}), with how it reads the rules "
                  "(\"How this calculator reads the rules\").")
    return "\n\n".join([
        f"### {title} (`{mechanic}`) {{ #{command} }}", intro,
        '<div class="chq-contract" markdown>', "**Inputs**", inputs_table(mechanic),
        "**Outputs**", outputs_table(mechanic), "</div>",
        "**Example**", run_block(example_argv(mechanic)),
    ])
