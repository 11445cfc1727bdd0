"""The command line: ``python -m calculators <mechanic> [--json '{...}' | --flags] [--table]``.

Prints the result as one JSON object (or, with ``--table``, as readable text in the
page's words: ``calculators.labels``). ``--sweep PARAM [--values A..B] [--target P]
[--figure OUTPUT]`` asks "What do I need?" (:func:`calculators.sweep.sweep`) and
``--rolled MINE,THEIRS`` "How lucky was that?" (:func:`calculators.luck.luck`) of the
same inputs.
Bad input prints one line ``error: <field>: <message>`` on stderr and exits 2.
"""

from __future__ import annotations

import argparse
import difflib
import functools
import json
import re
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from .api import HEADLINES, READINGS, compute, dumps, read_json, read_typed
from .errors import GIVEN_TWICE, InputError, refused, show
from .luck import luck, luck_text
from .params import MECHANICS, PARAMETERS, Param, mechanic_name
from .sweep import sweep, sweep_text
from .table_text import render_table

#: What ``--help`` says about reading the command line (no silent guesses).
RULES = (
    "A number in a flag is read as the page's fields read it (18, 7.5, .5, 18., +18, 1e-7; "
    "not 0x12, 1_8 or inf); inside --json, as a JSON number. "
    "Whole-number parameters take whole numbers only (2, +2 or 02; not 2.0 or 2e0). "
    "Flags are spelled out in full (no abbreviations). Each parameter is given once: "
    "as a flag or inside --json, not both. A flag of a true/false parameter alone means true."
)


class _Parser(argparse.ArgumentParser):
    """argparse, but its complaints come out as ``error: <field>: <message>``."""

    def error(self, message: str) -> NoReturn:
        found = re.match(r"argument ([^:]+): (.+)", message, re.DOTALL)
        if found is None:
            raise InputError("arguments", message)
        flag = found.group(1).split("/")[-1]
        words = found.group(2)
        for theirs, ours in _ARGPARSE_WORDS:
            words = re.sub(theirs, ours, words)
        raise InputError(flag.lstrip("-").replace("-", "_"), words)


#: argparse's phrases, in this command line's words.
_ARGPARSE_WORDS = (
    (r"^expected one argument$", "needs a value"),
    (r"^ignored explicit argument (.*)$", r"takes no value, got \1"),
)


class _Once(argparse.Action):
    """Store a flag's text, refusing the same flag twice (the second would silently win),
    in the words every door uses (a JSON key twice, a permalink's key twice)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        if getattr(namespace, self.dest) is not None:
            raise InputError(re.sub(r"^[pq]_", "", self.dest), GIVEN_TWICE)  # p_: an input, q_: a question
        setattr(namespace, self.dest, values)


def _parse_flag(param: Param, text: str) -> Any:
    """Turn a flag's text into the JSON value it stands for; compute() then checks it."""
    if param.kind == "bool":
        lowered = text.lower()
        if lowered in ("true", "yes", "1", "on"):
            return True
        if lowered in ("false", "no", "0", "off"):
            return False
        raise InputError(param.name, param.refusal(text))
    if param.kind in ("int", "number"):
        return read_typed(text, param.kind)
    return text


class _HelpFormatter(argparse.HelpFormatter):
    """argparse's help, with the parameters a mechanic requires shown as required in
    its usage line (no brackets). argparse itself is not told they are required: a
    required value may come inside --json instead, and compute() names what is missing."""

    def _format_usage(self, usage: Any, actions: Any, groups: Any, prefix: Any) -> str:
        needed = [action for action in actions if getattr(action, "needed", False)]
        for action in needed:
            action.required = True
        try:
            return str(super()._format_usage(usage, actions, groups, prefix))
        finally:
            for action in needed:
                action.required = False


def _help_line(param: Param) -> str:
    default = "required" if param.required else f"default {json.dumps(param.default)}"
    extra = f"; {param.help}" if param.help else ""
    return f"{param.label}: {param.describe_range()} ({default}){extra}".replace("%", "%%")


def _flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser, one sub-command per mechanic, flags from PARAMETERS."""
    parser = _Parser(
        prog="python -m calculators",
        description="Exact dice odds for the Combat HQ / Armour Battles rules.",
        epilog=RULES,
        allow_abbrev=False,
    )
    subs = parser.add_subparsers(dest="mechanic", metavar="MECHANIC", parser_class=_Parser)
    for mechanic in MECHANICS:
        sub = subs.add_parser(
            mechanic,
            aliases=[mechanic.replace("_", "-")] if "_" in mechanic else [],
            help=f"{mechanic.replace('_', ' ')} (headline: {HEADLINES[mechanic] or 'summary'})",
            description="How this calculator reads the rules: " + " ".join(READINGS[mechanic]),
            epilog=RULES,
            allow_abbrev=False,
            formatter_class=_HelpFormatter,
        )
        sub.add_argument("--json", metavar="JSON", action=_Once,
                         help="all parameters as one JSON object (a required one may be given there)")
        sub.add_argument("--table", action="store_true", help="print readable text, not JSON")
        for flag, dest, metavar, words in _questions(mechanic):
            sub.add_argument(flag, dest=dest, metavar=metavar, action=_Once, help=words)
        for param in PARAMETERS[mechanic]:
            extra: dict[str, Any] = {"metavar": param.kind.upper()}
            if param.kind == "bool":
                extra = {"nargs": "?", "const": "true", "metavar": "true|false"}
            elif param.kind == "choice":
                extra = {"metavar": "|".join(param.choices)}
            action = sub.add_argument(_flag(param.name), dest=f"p_{param.name}", action=_Once,
                                      help=_help_line(param), **extra)
            action.needed = param.required  # type: ignore[attr-defined]
    return parser


def _questions(mechanic: str) -> list[tuple[str, str, str, str]]:
    """The flags of the two questions asked of a mechanic's inputs: flag, dest,
    metavar, help. ``--target`` is the sweep's target unless the mechanic has an
    input of that name (spotting's Target): ``--sweep-target`` is, everywhere."""
    names = {param.name for param in PARAMETERS[mechanic]}
    target = ("a chance: 80%%, 80, 0.8 or 4/5 (a number above 1 is a percentage); with it, "
              "the values that reach it and what it takes, in words")
    flags = [
        ("--sweep", "q_sweep", "PARAM", "What do I need? the chance for each value of this "
         "whole-number input, every other input as set"),
        ("--values", "q_values", "A..B", "the values --sweep steps through (default 1..12, "
         "within the input's range)"),
        ("--sweep-target", "q_target", "P", f"the target of --sweep: {target}"),
        ("--figure", "q_figure", "OUTPUT", "the chance --sweep reads (default the headline)"),
        ("--rolled", "q_rolled", "MINE,THEIRS", "How lucky was that? the successes each side "
         "rolled (spotting: spotter, owner; close assault: attacker, defender)"),
    ]
    if "target" not in names:
        flags.insert(2, ("--target", "q_target", "P", f"the target of --sweep: {target}"))
    return flags


@functools.lru_cache(maxsize=1)
def _parser() -> argparse.ArgumentParser:
    """One parser for the process: building it costs more than a calculation."""
    return build_parser()


def _join_values(mechanic: str, argv: list[str]) -> list[str]:
    """``--flag VALUE`` as ``--flag=VALUE`` for the flags that take a value.

    argparse would read a value such as ``-1e-7`` as an unknown option; joined,
    the value belongs to its flag whatever it looks like.
    """
    takes_value = ({"--json"} | {_flag(p.name) for p in PARAMETERS[mechanic] if p.kind != "bool"}
                   | {flag for flag, *_ in _questions(mechanic)})
    joined: list[str] = []
    items = iter(argv)
    for item in items:
        value = next(items, None) if item in takes_value else None
        joined.append(item if value is None else f"{item}={value}")
    return joined


def _unexpected(item: str, mechanic: str) -> InputError:
    """The error for an argv item that no flag took."""
    flag = re.fullmatch(r"--([A-Za-z][A-Za-z0-9_-]{0,39})(=.*)?", item, re.DOTALL)
    if flag is None:
        return InputError("arguments", f"unexpected {show(item)}: give parameters as --name VALUE")
    name = flag.group(1)
    flags = ([_flag(p.name) for p in PARAMETERS[mechanic]] + ["--json", "--table"]
             + [flag for flag, *_ in _questions(mechanic)])
    close = difflib.get_close_matches("--" + name, flags, n=1) or [
        f for f in flags if f.startswith("--" + name)][:1]
    hint = f" (did you mean {close[0]}? flags are spelled out in full)" if close else ""
    return InputError(name.replace("-", "_"), f"unknown option --{name} for {mechanic}{hint}")


def parse(argv: Sequence[str]) -> tuple[str, dict[str, Any], bool, dict[str, str]]:
    """Read the command line into (mechanic, params, table?, question); raise InputError on
    anything amiss. ``question`` holds the text of the question flags given (sweep,
    values, target, figure, rolled)."""
    items = list(argv)
    if not items:
        raise InputError("mechanic", f"is required: one of {', '.join(MECHANICS)}")
    if items[0] in ("-h", "--help"):
        _parser().parse_args(items[:1])  # prints the help and exits 0
    mechanic = mechanic_name(items[0])  # the same check, and message, as compute()
    args, extras = _parser().parse_known_args([mechanic, *_join_values(mechanic, items[1:])])
    if extras:
        raise _unexpected(extras[0], mechanic)
    params: dict[str, Any] = {}
    if args.json is not None:
        params = read_json(args.json, "json")
        if not isinstance(params, dict):
            raise InputError("json", f"must be a JSON object of parameters, got {show(params)}")
    for param in PARAMETERS[mechanic]:
        text = getattr(args, f"p_{param.name}")
        if text is None:
            continue
        if param.name in params:
            raise InputError(param.name, f"is given twice ({_flag(param.name)} and in --json); give it once")
        params[param.name] = _parse_flag(param, text)
    question = {dest[2:]: getattr(args, dest) for dest in vars(args)
                if dest.startswith("q_") and getattr(args, dest) is not None}
    if "rolled" in question and "sweep" in question:
        raise InputError("rolled", "ask one question at a time: --rolled or --sweep, not both")
    for name in ("values", "target", "figure"):
        if name in question and "sweep" not in question:
            raise InputError(name, "goes with --sweep PARAM (the input to step through)")
    target = next((p for p in PARAMETERS[mechanic] if p.name == "target"), None)
    if "sweep" in question and target is not None and "target" in params:
        try:  # the input's own check: a sweep's target given to --target says so
            target.check(params["target"])
        except InputError as refused_value:
            raise InputError("target", f"{refused_value.message}: here --target is the input "
                                       f"'{target.label}'; the target of --sweep is --sweep-target") from None
    return mechanic, params, args.table, question


def answer(mechanic: str, params: dict[str, Any],
           question: dict[str, str]) -> tuple[dict[str, Any], Callable[[dict[str, Any]], str]]:
    """The answer (compute(), or the question asked of its inputs) and its --table writer."""
    if "sweep" in question:
        return sweep(mechanic, params, question["sweep"], question.get("values"),
                     question.get("target"), question.get("figure")), sweep_text
    if "rolled" in question:
        return luck(mechanic, params, *read_rolled(question["rolled"])), luck_text
    return compute(mechanic, params), lambda result: render_table(mechanic, result)


def read_rolled(text: str) -> tuple[int | str, int | str]:
    """``--rolled MINE,THEIRS`` as two counts (each checked by luck(), naming ``rolled``).

    >>> read_rolled("5,3"), read_rolled(" 2 , 0 ")
    ((5, 3), (2, 0))
    """
    found = re.fullmatch(r"\s*([0-9]{1,6})\s*,\s*([0-9]{1,6})\s*", text, re.ASCII)
    if found is None:
        raise InputError("rolled", refused("enter two whole numbers, MINE,THEIRS: the successes "
                                           "each side rolled (5,3)", text))
    return int(found.group(1)), int(found.group(2))


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (0 ok, 2 bad input)."""
    try:
        mechanic, params, table, question = parse(sys.argv[1:] if argv is None else argv)
        result, write_table = answer(mechanic, params, question)
    except InputError as exc:
        print(f"error: {_one_line(exc.field)}: {_one_line(exc.message)}", file=sys.stderr)
        return 2
    try:
        _print_answer(write_table(result) if table else dumps(result), table)
    except BrokenPipeError:  # e.g. piped into `head`
        sys.stderr.close()
    return 0


def _print_answer(text: str, table: bool) -> None:
    """Print the answer, even where the output cannot encode every character.

    The explanations carry ″ (U+2033), which an ASCII or Windows code-page
    output cannot write: there the JSON escapes it (``\\u2033``, the same data)
    and the table spells it the same way.
    """
    try:
        print(text)
    except UnicodeEncodeError:
        encoding = getattr(sys.stdout, "encoding", None) or "ascii"
        if not table:
            text = json.dumps(json.loads(text), sort_keys=True, ensure_ascii=True, allow_nan=False)
        print(text.encode(encoding, "backslashreplace").decode(encoding))


def _one_line(text: str) -> str:
    """Whatever went into a message, the error stays one line."""
    return " ".join(text.splitlines())
