"""The command line: ``python -m calculators <mechanic> [--json '{...}' | --flags] [--table]``.

Prints the result as one JSON object (or, with ``--table``, as readable text).
Bad input prints one line ``error: <field>: <message>`` on stderr and exits 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from .api import HEADLINES, READINGS, compute, dumps
from .errors import InputError
from .params import MECHANICS, PARAMETERS, Param, mechanic_name
from .probability import percent


class _Parser(argparse.ArgumentParser):
    """argparse, but its complaints come out as ``error: <field>: <message>``."""

    def error(self, message: str) -> NoReturn:
        if message.startswith("unrecognized arguments: "):
            first = message.split(": ", 1)[1].split()[0]
            raise InputError(first.lstrip("-").split("=")[0].replace("-", "_"), "unknown option")
        raise InputError("arguments", message)


def _parse_flag(param: Param, text: str) -> Any:
    """Turn a flag's text into the parameter's type (compute() then checks the range)."""
    if param.kind == "bool":
        lowered = text.lower()
        if lowered in ("true", "yes", "1", "on"):
            return True
        if lowered in ("false", "no", "0", "off"):
            return False
        raise InputError(param.name, f"must be true or false, got {text!r}")
    if param.kind == "int":
        try:
            return int(text)
        except ValueError:
            raise InputError(param.name, f"must be {param.describe_range()}, got {text!r}") from None
    if param.kind == "number":
        try:
            value = float(text)
        except ValueError:
            raise InputError(param.name, f"must be {param.describe_range()}, got {text!r}") from None
        return int(value) if value.is_integer() else value
    return text


def _help_line(param: Param) -> str:
    default = "required" if param.required else f"default {json.dumps(param.default)}"
    extra = f"; {param.help}" if param.help else ""
    return f"{param.label}: {param.describe_range()} ({default}){extra}"


def build_parser() -> argparse.ArgumentParser:
    """The argument parser, one sub-command per mechanic, flags from PARAMETERS."""
    parser = _Parser(
        prog="python -m calculators",
        description="Exact dice odds for the Combat HQ / Armour Battles rules.",
    )
    subs = parser.add_subparsers(dest="mechanic", metavar="MECHANIC", parser_class=_Parser)
    for mechanic in MECHANICS:
        sub = subs.add_parser(
            mechanic,
            aliases=[mechanic.replace("_", "-")] if "_" in mechanic else [],
            help=f"{mechanic.replace('_', ' ')} (headline: {HEADLINES[mechanic] or 'summary'})",
            description="How this calculator reads the rules: " + " ".join(READINGS[mechanic]),
        )
        sub.add_argument("--json", metavar="JSON", help="all parameters as one JSON object")
        sub.add_argument("--table", action="store_true", help="print readable text, not JSON")
        for param in PARAMETERS[mechanic]:
            flag = "--" + param.name.replace("_", "-")
            extra: dict[str, Any] = {"metavar": param.kind.upper()}
            if param.kind == "bool":
                extra = {"nargs": "?", "const": "true", "metavar": "true|false"}
            elif param.kind == "choice":
                extra = {"metavar": "|".join(param.choices)}
            sub.add_argument(flag, dest=f"p_{param.name}", help=_help_line(param), **extra)
    return parser


def parse(argv: Sequence[str]) -> tuple[str, dict[str, Any], bool]:
    """Read the command line into (mechanic, params, table?)."""
    args = build_parser().parse_args(list(argv))
    if args.mechanic is None:
        raise InputError("mechanic", f"is required: one of {', '.join(MECHANICS)}")
    mechanic = mechanic_name(args.mechanic)
    params: dict[str, Any] = {}
    if args.json is not None:
        try:
            params = json.loads(args.json, parse_constant=_no_constant)
        except ValueError as exc:
            raise InputError("json", f"is not valid JSON ({exc})") from None
        if not isinstance(params, dict):
            raise InputError("json", "must be a JSON object of parameters")
    for param in PARAMETERS[mechanic]:
        text = getattr(args, f"p_{param.name}")
        if text is not None:
            params[param.name] = _parse_flag(param, text)
    return mechanic, params, args.table


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed")


def render_table(mechanic: str, result: dict[str, Any]) -> str:
    """A readable text view of a result, for a terminal."""
    lines = [mechanic.replace("_", " ").title()]
    headline = HEADLINES[mechanic]
    if headline:
        p = result[headline]
        lines.append(f"  {headline}: {percent(p['value'])}  ({p['exact'] or 'irrational'})")
    for key, value in result.items():
        if key in ("mechanic", "inputs", "explain", headline):
            continue
        if isinstance(value, dict) and "value" in value:
            shown = f"{value['value']:.3f}" if key.startswith("expected") else percent(value["value"])
            lines.append(f"  {key}: {shown}  ({value['exact'] or 'irrational'})")
        elif isinstance(value, list) and value and isinstance(value[0], dict):
            lines.append(f"  {key}:")
            for row in value:
                cells = []
                for k, v in row.items():
                    if isinstance(v, dict) and "value" in v:
                        cells.append(f"{k} {percent(v['value'])}")
                    elif isinstance(v, dict):
                        cells.append(f"{k} " + " ".join(f"{a}={b}" for a, b in v.items()))
                    else:
                        cells.append(f"{k} {v}")
                lines.append("    " + ", ".join(cells))
        elif not isinstance(value, (list, dict)):
            lines.append(f"  {key}: {value}")
    lines.append("  how:")
    lines.extend(f"    - {step}" for step in result.get("explain", []))
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (0 ok, 2 bad input)."""
    try:
        mechanic, params, table = parse(sys.argv[1:] if argv is None else argv)
        result = compute(mechanic, params)
    except InputError as exc:
        print(f"error: {exc.field}: {exc.message}", file=sys.stderr)
        return 2
    try:
        print(render_table(mechanic, result) if table else dumps(result))
    except BrokenPipeError:  # e.g. piped into `head`
        sys.stderr.close()
    return 0
