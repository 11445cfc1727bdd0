"""What the fuzz tests throw at the doors, and what they accept back: generated
requests (valid and not), argv and JSON texts, and the checks of a result, an
InputError and the command line's output. Shared by test_fuzz_requests.py (compute()
and the command line, given the same requests) and test_fuzz_raw.py (raw text at the
doors that take it), which pytest-xdist runs side by side.

A helper module: the tests' settings (EXAMPLES inputs a door) are here too."""

from __future__ import annotations

import contextlib
import functools
import io
import json
import math
import os
import re
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from calculators import MECHANICS, PARAMETERS, InputError, Param
from calculators.cli import main

# Per door for well-formed requests; CHQ_FUZZ_EXAMPLES sets fewer for the everyday
# loop (`make test-fast`). Raw text (argv items, request strings): a fifth of that.
EXAMPLES = int(os.environ.get("CHQ_FUZZ_EXAMPLES", "10000"))
RAW_EXAMPLES = max(1, EXAMPLES // 5)
COUNTS = {"compute": 0, "cli": 0, "argv": 0, "compute_json": 0}

# Hypothesis draws the inputs BATCH at a time (one example is a list of BATCH), so
# that EXAMPLES inputs cost EXAMPLES / BATCH of its runs: its own work a run (choosing
# and mutating, recording) was 98 % of a door's CPU, compute() 2 %. 2,000 requests to
# compute(): 7.1 CPU-s one at a time, 3.1 CPU-s ten at a time (50: 3.0).
BATCH = 10
FUZZ = settings(max_examples=-(-EXAMPLES // BATCH), deadline=None, derandomize=True, database=None,
                suppress_health_check=list(HealthCheck))
RAW_FUZZ = settings(FUZZ, max_examples=-(-RAW_EXAMPLES // BATCH))


def batches(inputs: st.SearchStrategy[Any]) -> st.SearchStrategy[list[Any]]:
    """BATCH inputs at a time (what a fuzzed door's test is given)."""
    return st.lists(inputs, min_size=BATCH, max_size=BATCH)

# Text of every kind: any code point (lone surrogates too), and what Python makes
# of bytes that are not UTF-8 (argv on a POSIX system: surrogate escapes).
TEXT = st.one_of(
    st.text(max_size=12),
    st.text(st.characters(blacklist_categories=()), max_size=8),
    st.binary(max_size=8).map(os.fsdecode),
)
# (up to 4,000 digits: Python refuses to print longer ints, and Hypothesis prints its examples)
HUGE_INTS = st.one_of(st.integers(10**15, 10**400), st.integers(-(10**400), -(10**15)),
                      st.integers(300, 4000).map(lambda n: 10**n + 7), st.just(2**64))
SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-10**6, 10**6), HUGE_INTS, st.floats(allow_nan=True),
    st.just(-0.0), TEXT,
)
NESTED = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(TEXT, inner, max_size=3)), max_leaves=8)
# deeper than any door allows (32), shallow enough for Hypothesis to print (deeper: as text below)
JUNK = st.one_of(SCALARS, NESTED, st.integers(1, 200).map(lambda n: _deep(n)))

# JSON number texts, valid and not, as a user might type them
NUMBER_TEXTS = st.one_of(
    st.from_regex(r"-?(0|[1-9][0-9]{0,3})(\.[0-9]{1,3})?([eE][+-]?[0-9]{1,3})?", fullmatch=True),
    st.sampled_from(["NaN", "-NaN", "Infinity", "-Infinity", "inf", "nan", "1e400", "-1e-400",
                     "+18", ".5", "18.", "1_8", "0x1F", "018", " 18", "\u0663", "1e", "--18",
                     "9" * 5000, "1e" + "9" * 400, "-0", "-0.0"]),
)


def _deep(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


def valid(param: Param) -> st.SearchStrategy[Any]:
    if param.kind == "bool":
        return st.booleans()
    if param.kind == "choice":
        return st.sampled_from(param.choices)
    assert param.minimum is not None and param.maximum is not None
    # keep dice pools moderate most of the time so 10,000 runs stay quick
    high = min(param.maximum, 12) if param.unit == "D" else param.maximum
    ints = st.integers(int(math.ceil(param.minimum)), int(high))
    if param.kind == "int":
        return st.one_of(ints, st.integers(int(param.minimum), int(param.maximum)))
    return st.one_of(ints, st.floats(param.minimum, param.maximum))


@functools.cache  # one strategy per parameter, built once (not at every draw)
def value(param: Param) -> st.SearchStrategy[Any]:
    return st.one_of(valid(param), valid(param), valid(param), JUNK)


@st.composite
def requests(draw: st.DrawFn) -> tuple[str, Any]:
    mechanic = draw(st.sampled_from(MECHANICS))
    if draw(st.integers(0, 50)) == 0:
        return mechanic, draw(JUNK)  # not even a dict
    params = {}
    for param in PARAMETERS[mechanic]:
        include = param.required or draw(st.booleans())
        if include and not (param.required and draw(st.integers(0, 30)) == 0):  # sometimes leave it out
            params[param.name] = draw(value(param))
    if draw(st.integers(0, 20)) == 0:
        params[draw(TEXT)] = draw(JUNK)
    return mechanic, params


def check_result(result: Any) -> None:
    text = json.dumps(result, allow_nan=False)  # JSON-able, no NaN or infinity
    assert text
    for key, item in result.items():
        is_probability = isinstance(item, dict) and set(item) == {"value", "exact"}
        if is_probability and not key.startswith("expected"):
            assert 0 <= item["value"] <= 1, (key, item)


def check_error(exc: InputError) -> None:
    # a parameter's name, or mechanic, params, request, json, arguments: never text that
    # could break the "error: <field>: <message>" line
    assert isinstance(exc.field, str) and exc.field.isidentifier(), exc.field
    assert isinstance(exc.message, str) and exc.message and "\n" not in exc.message
    assert len(exc.message) < 400 and not re.search(r"[0-9]{30}", exc.message), exc.message


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as exc:  # only --help may exit; it is never generated
            raise AssertionError(f"exited {exc.code} for {argv!r}") from None
    return status, out.getvalue(), err.getvalue()


def check_cli(status: int, out: str, err: str, argv: list[str]) -> str | None:
    """Exit 0 with one JSON object (or --table's text), or exit 2 with one error line;
    return that line."""
    if status == 0:
        assert err == ""
        if "--table" in argv and not out.startswith("{"):
            assert out.endswith("\n") and "How:" in out, out
        else:
            assert out.count("\n") == 1, out
            check_result(json.loads(out))
        return None
    assert status == 2, argv
    assert out == ""
    assert err.startswith("error: ") and err.endswith("\n") and err.count("\n") == 1, err
    field, message = err[len("error: "):-1].split(": ", 1)
    assert field.isidentifier() and message, err
    return err


def depth(data: Any) -> int:
    if isinstance(data, dict):
        return 1 + max(map(depth, data.values()), default=0)
    if isinstance(data, list):
        return 1 + max(map(depth, data), default=0)
    return 0


def faithful_json(params: Any) -> str | None:
    """``params`` as JSON text, if JSON holds it exactly (no NaN, no huge ints, str keys)."""
    try:
        text = json.dumps(params, allow_nan=False)
    except (ValueError, TypeError, RecursionError):
        return None
    if len(text) > 100_000 or re.search(r"[0-9]{400}", text):
        return None
    try:
        return text if json.loads(text) == params else None
    except (ValueError, RecursionError):
        return None


def as_flags(params: dict[str, Any]) -> list[str]:
    argv = []
    for key, val in params.items():
        argv.append("--" + str(key).replace("_", "-"))
        argv.append(json.dumps(val) if not isinstance(val, str) else val)
    return argv


# -- raw text: argv items and request strings ------------------------------------------


def flags_of(mechanic: str) -> list[str]:
    return ["--" + p.name.replace("_", "-") for p in PARAMETERS[mechanic]]


JSON_TEXTS = st.one_of(
    NESTED.map(lambda v: json.dumps(v, allow_nan=True)),
    st.integers(1, 3000).map(lambda n: "[" * n + "]" * n),
    st.integers(1, 3000).map(lambda n: '{"a": ' * n + "1" + "}" * n),
    st.sampled_from(['{"distance": 300, "distance": 18}', '{"distance": NaN}',
                     '{"distance": Infinity}', '{"units": 1e400}', "[1]", "", "{", "null"]),
    TEXT,
)
FORMS = ("valid", "valid", "valid", "flag value", "flag=value", "abbreviated", "flag alone",
         "value alone", "empty", "twice")


def as_text(val: Any) -> str:
    return val if isinstance(val, str) else json.dumps(val)


@st.composite
def argv_items(draw: st.DrawFn, mechanic: str) -> list[str]:
    """One argv chunk: a flag (whole, abbreviated, with =, or repeated), a value, or junk."""
    form = draw(st.sampled_from(FORMS))
    if form == "valid":
        param = draw(st.sampled_from(PARAMETERS[mechanic]))
        return ["--" + param.name.replace("_", "-"), as_text(draw(valid(param)))]
    flag = draw(st.sampled_from([*flags_of(mechanic), "--json", "--table"]))
    if form == "empty":
        return [""]
    if form == "flag alone":
        return [flag]
    given = draw(JSON_TEXTS if flag == "--json" else st.one_of(
        NUMBER_TEXTS, TEXT, st.sampled_from(["true", "false", "yes", "maybe", "none", "heavy", "later"])))
    if form == "flag=value":
        return [f"{flag}={given}"]
    if form == "abbreviated":
        return [flag[: draw(st.integers(3, max(3, len(flag) - 1)))], given]
    if form == "value alone":
        return [given]
    if form == "twice":
        return [flag, given, flag, given]
    return [flag, given]


@st.composite
def argvs(draw: st.DrawFn) -> list[str]:
    mechanic = draw(st.sampled_from(MECHANICS))
    first = mechanic if draw(st.integers(0, 9)) else draw(st.one_of(
        st.just(mechanic.replace("_", "-")), st.sampled_from(["", "spot", "--json", "-x", "teleport"]), TEXT))
    required = [item for p in PARAMETERS[mechanic] if p.required
                for item in ("--" + p.name.replace("_", "-"), as_text(draw(valid(p))))]
    chunks = draw(st.lists(argv_items(mechanic), max_size=5))
    if draw(st.booleans()):
        chunks.insert(0, required)
    argv = [first, *(item for chunk in chunks for item in chunk)]
    return [item for item in argv if item not in ("-h", "--help")]


@st.composite
def request_texts(draw: st.DrawFn) -> str:
    mechanic, params = draw(requests())
    body = {"mechanic": mechanic if draw(st.integers(0, 9)) else draw(JUNK), "params": params}
    text = json.dumps(body, allow_nan=True)  # NaN and Infinity literals where floats are
    kind = draw(st.integers(0, 9))  # 5..9: as generated
    if kind == 0:  # a key given twice
        key = draw(st.sampled_from([p.name for p in PARAMETERS[mechanic]]))
        head, found, tail = text.partition('"params": {')
        if found:
            text = head + found + f'"{key}": 1, "{key}": 2' + ("" if tail.startswith("}") else ", ") + tail
    elif kind == 1:  # deep
        depth = draw(st.integers(1, 5000))
        text = text.replace('"params": ', '"params": ' + "[" * depth, 1)[:-1] + "]" * depth + "}"
    elif kind == 2:  # a number literal of any shape
        key = draw(st.sampled_from([p.name for p in PARAMETERS[mechanic]]))
        text = f'{{"mechanic": "{mechanic}", "params": {{"{key}": {draw(NUMBER_TEXTS)}}}}}'
    elif kind == 3:  # cut short or mangled
        cut = draw(st.integers(0, len(text)))
        text = text[:cut] + draw(TEXT)
    elif kind == 4:  # not JSON text at all
        text = draw(TEXT)
    return text
