"""What the site says of one calculator, in one place: :class:`CalculatorPage`.

A calculator's page may be described in a module of ``chq_site/widget/calculator_pages/``
declaring ``PAGE = CalculatorPage(...)``: its page's folder, the starting inputs,
worked examples, input groups, the inputs under "More options", its build-time
table and how its answer table is made. ``chq_site.widget.calculator_pages`` finds them; a
mechanic without one gets :func:`CalculatorPage.default` (its defaults, no worked
examples or groups, a table of its headline). The inputs themselves, the words of
the results and the rules' readings are the calculators' own
(``calculators.registry``); nothing here repeats them.

This module knows no mechanic and imports no other module of the site build, so
the page modules can import it while the registry imports them.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any

from calculators import HEADLINES, PARAMETERS, compute
from calculators.labels import HEADLINE_LABELS, fill_label, headline_text

# Friendlier words for a few choice values (the value sent to compute() is unchanged):
# the rules' own names; which document each comes from is said in the readings.
CHOICE_LABELS: dict[str, str] = {
    "armour-battles": "Armour Battles",
    "combat-hq": "Combat HQ",
    "hidden": "Hidden Units",
}

DICE = tuple(range(1, 13))  # the dice a side or a battery most often rolls in an answer table


@dataclass(frozen=True)
class Preset:
    """A worked example, one click away: a "Try it" button and a permalink."""

    id: str
    label: str
    params: dict[str, Any]
    note: str = ""


@dataclass(frozen=True)
class Table:
    """A build-time table: what a reader sees with JavaScript off."""

    caption: str
    head: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    note: str = ""


@dataclass(frozen=True)
class Group:
    """Inputs whose settings an answer table sorts into classes together
    (``answer_groups``).

    ``axes``: each input and the values held in the table; ``signature``: what the
    answer needs to know of these inputs (the whole inputs are passed; only this
    group's differ), or None where ``compute()`` refuses the setting.
    """

    axes: tuple[tuple[str, tuple[Any, ...]], ...]
    signature: Callable[[dict[str, Any]], Hashable | None]


@dataclass(frozen=True)
class EveryInput:
    """An answer table holding every class of input (``answers``): a switch, a choice
    or a whole number, each value; a distance, its ``steps`` (the distances where the
    answer changes, computed at build time); an input in ``fixed``, that one value
    (any other is left to the engine)."""

    fixed: Mapping[str, Any] = field(default_factory=dict)
    steps: Mapping[str, Callable[[], list[float]]] = field(default_factory=dict)


@dataclass(frozen=True)
class Grouped:
    """An answer table whose inputs are grouped by what the answer depends on
    (``answer_groups``); the result keys in ``texts`` are stored as the page prints them.
    ``sides``, for an opposed roll: the two groups each side's pool depends on (mine,
    then theirs), so that the table carries the pools of every setting it covers in
    little room (each side's for each class of its two groups)."""

    groups: tuple[Group, ...]
    texts: tuple[str, ...] = ()
    sides: tuple[tuple[int, int], ...] = ()


def axes(mechanic: str, held: Mapping[str, tuple[Any, ...]], *names: str) -> tuple[tuple[str, tuple[Any, ...]], ...]:
    """A :class:`Group`'s axes for ``names``: the values in ``held``, else every
    switch or choice."""
    params = {p.name: p for p in PARAMETERS[mechanic]}
    return tuple((name, held.get(name) or values_of(params[name]) or ()) for name in names)


#: An answer table is made for a mechanic without a page description when every
#: input is a switch, a choice or a whole number, and there are at most this many
#: settings in all; otherwise its answers come from the engine alone.
DEFAULT_TABLE_LIMIT = 5_000
#: A default build-time table gives at most this many rows.
DEFAULT_ROWS = 12


@dataclass(frozen=True)
class CalculatorPage:
    """The site's side of one calculator.

    ``slug``: its page's folder under ``calculators/`` (default: the mechanic's name
    with hyphens). ``starting``: starting values for the required inputs (a form must
    show something; a permalink that leaves one out means this), ``shown``: livelier
    values the form opens on. ``groups``: inputs shown side by side, by name prefix
    (legend, prefix or prefixes). ``advanced``: inputs under "More options";
    ``surfaced``: options that join the main inputs while another input has a value;
    ``ignored``: inputs another input makes meaningless (disabled, with the reason);
    ``help``: a field's help line where the parameter's own (the command line's)
    names internal values. ``table``: its build-time table (None: its headline for
    each value of its first input, :func:`headline_table`); ``answers``: how its
    answer table is made (None: none, the engine answers).
    """

    mechanic: str
    slug: str | None = None
    starting: Mapping[str, Any] = field(default_factory=dict)
    shown: Mapping[str, Any] = field(default_factory=dict)
    presets: tuple[Preset, ...] = ()
    groups: tuple[tuple[str, str | tuple[str, ...]], ...] = ()
    advanced: frozenset[str] = frozenset()
    surfaced: tuple[dict[str, Any], ...] = ()
    ignored: tuple[dict[str, Any], ...] = ()
    help: Mapping[str, str] = field(default_factory=dict)
    table: Callable[[], Table] | None = None
    answers: EveryInput | Grouped | None = None

    @property
    def folder(self) -> str:
        """The page's folder under ``calculators/``."""
        return self.slug or self.mechanic.replace("_", "-")

    @classmethod
    def default(cls, mechanic: str) -> CalculatorPage:
        """The page of a mechanic no module describes: a required input starts at its
        least value (or first choice), an answer table when its inputs are few
        enough, and a table of its headline."""
        starting = {p.name: _least(p) for p in PARAMETERS[mechanic] if p.required}
        return cls(mechanic, starting=starting, answers=EveryInput() if _small(mechanic) else None)


def _least(param: Any) -> Any:
    if param.kind == "bool":
        return False
    if param.kind == "choice":
        return param.choices[0]
    return int(param.minimum) if float(param.minimum).is_integer() else param.minimum


def values_of(param: Any) -> tuple[Any, ...] | None:
    """Every value of a switch, a choice or a whole number (None for a distance)."""
    if param.kind == "bool":
        return (False, True)
    if param.kind == "choice":
        return tuple(param.choices)
    if param.kind == "int":
        return tuple(range(int(param.minimum), int(param.maximum) + 1))
    return None


def _small(mechanic: str) -> bool:
    count = 1
    for param in PARAMETERS[mechanic]:
        values = values_of(param)
        if values is None:
            return False
        count *= len(values)
    return count <= DEFAULT_TABLE_LIMIT


def headline_table(mechanic: str, starting: Mapping[str, Any]) -> Table:
    """A mechanic's headline for each value of its first input that has a few (the
    others at their starting values), at most :data:`DEFAULT_ROWS` rows; a mechanic
    with no such input, its headline at its starting values."""
    params = PARAMETERS[mechanic]
    base = {**{p.name: p.default for p in params}, **starting}
    first = next((p for p in params if values_of(p) is not None), None)
    label = fill_label(HEADLINE_LABELS[mechanic], base) if HEADLINES[mechanic] else "Result"

    def shown(inputs: dict[str, Any]) -> str:
        result = compute(mechanic, inputs)
        return headline_text(mechanic, result) if HEADLINES[mechanic] else str(result["summary"])

    if first is None:
        rows: tuple[tuple[str, ...], ...] = (("", shown(base)),)
        head: tuple[str, ...] = ("", label)
    else:
        rows = tuple((str(value), shown({**base, first.name: value}))
                     for value in (values_of(first) or ())[:DEFAULT_ROWS])
        head = (first.label, label)
    others = ", ".join(f"{p.label} {base[p.name]}" for p in params if first is None or p.name != first.name)
    return Table(label, head, rows, f"{others}." if others else "")
