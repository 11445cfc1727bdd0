"""What one mechanic is, in one place: :class:`Mechanic`.

Each mechanic's module (``spotting.py``, ``artillery.py``, ...) declares its own
``MECHANIC = Mechanic(...)``: its name, its place among the others, its title, the
function that computes it, its inputs, what each key of its result means, its
headline, its other figures, its charts, its detail table and how it reads the rules.
:mod:`calculators.registry` finds every such module; the package, the command line
and the site read the mechanics from there (the tables keyed by a mechanic's name,
``PARAMETERS``, ``TITLES``, ``OUTPUTS``..., are views of the registry).

The small types below are the words of a result, as the page lays them out
(``build/chq_site/widget/``) and ``--table`` prints them; ``as_dict`` gives each
in the shape the site's widget spec carries.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from .inputs import Param, check_inputs


@dataclass(frozen=True)
class Figure:
    """A secondary figure under the headline: a result key, its label, and how it is
    printed ("pct" a chance, "num" an average)."""

    key: str
    label: str
    style: Literal["pct", "num"]

    def as_tuple(self) -> tuple[str, str, str]:
        return self.key, self.label, self.style


@dataclass(frozen=True)
class When:
    """A headline that depends on the inputs: when input ``param`` is ``value``, the
    headline is the result key ``key`` under ``label`` (spotting Hidden Units: p_found)."""

    param: str
    value: Any
    key: str
    label: str

    def as_dict(self) -> dict[str, Any]:
        return {"param": self.param, "value": self.value, "key": self.key, "label": self.label}


@dataclass(frozen=True)
class Range:
    """A headline that is a range, "low–high" (the headline's key is the low end; one
    figure when both ends print alike), each end named by what decides it (``ends``:
    the low end's words, the high end's), and a chance shown beside it under
    ``beside_label``, with the difference ``plan`` (what the range is the answer of,
    "the fire") makes in percentage points."""

    high: str
    beside_low: str
    beside_high: str
    beside_label: str
    ends: tuple[str, str]
    plan: str

@dataclass(frozen=True)
class Headline:
    """The figure a widget shows first: the result key ``key`` (None: the mechanic
    gives no chance, its ``summary`` stands in) under ``label``. A label may name an
    input in braces ("{target}"), filled from the inputs as the page fills it."""

    key: str | None
    label: str
    when: tuple[When, ...] = ()
    range: Range | None = None
    #: A result key that is true where the rules make the outcome automatic (no dice
    #: rolled): the words then say "automatic", not 100.0% (the JSON keeps the number).
    automatic: str | None = None

    def range_dict(self) -> dict[str, Any] | None:
        """The range as the widget spec carries it: low, high, each end's words, the
        plan's name, and beside's low, high, label."""
        if self.range is None:
            return None
        r = self.range
        return {"low": self.key, "high": r.high, "ends": {"low": r.ends[0], "high": r.ends[1]},
                "plan": r.plan,
                "beside": {"low": r.beside_low, "high": r.beside_high, "label": r.beside_label}}


@dataclass(frozen=True)
class Chart:
    """A distribution to chart: the result list ``key``, one bar per entry labelled by
    the template ``label`` over the entry's keys, its height the entry's ``value``.
    ``cumulative`` offers the "exactly / at least" toggle (at least = k and above) and
    ``view`` the one it starts on (None: "exactly"); ``mark`` highlights the entries
    that count for the headline (an entry's key against an input)."""

    key: str
    title: str
    label: str
    value: str
    cumulative: bool
    view: str | None = None
    mark: Mapping[str, str] | None = None
    #: An entry the rules make automatic (no dice rolled), as (key, value): an entry
    #: whose ``key`` holds ``value``. Its words say "automatic", not 100.0%.
    automatic: tuple[str, Any] | None = None

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"key": self.key, "title": self.title, "label": self.label,
                               "value": self.value, "cumulative": self.cumulative}
        if self.view is not None:
            out["view"] = self.view
        if self.mark is not None:
            out["mark"] = dict(self.mark)
        if self.automatic is not None:
            out["automatic"] = list(self.automatic)
        return out


@dataclass(frozen=True)
class Details:
    """A small table, a row per entry of the result list ``key``: each column a title
    and a cell template ("{key}", "pct:key", "bool:key", "#" = the row number)."""

    key: str
    title: str
    columns: tuple[tuple[str, str], ...]

    def as_dict(self) -> dict[str, Any]:
        return {"key": self.key, "title": self.title, "columns": self.columns}


@dataclass(frozen=True)
class Opposed:
    """A mechanic whose dice are two pools rolled against each other, as "How lucky
    was that?" (:mod:`calculators.luck`) reads them: ``pools`` takes the checked inputs
    and returns (my pool, their pool), the dice each side rolls and the TN it needs,
    refusing inputs where no dice are rolled; ``mine`` and ``theirs`` name the sides
    in a player's words ("the spotter", "the owner")."""

    pools: Callable[[dict[str, Any]], tuple[Any, Any]]
    mine: str
    theirs: str


@dataclass(frozen=True)
class Mechanic:
    """Everything the package, the command line and the site know of one mechanic.

    ``order`` places it among the others (the site's navigation, the command line's
    list, the scripting page): ascending, in steps of 10 so that a new one can go
    between two. ``compute`` takes the checked inputs as keywords and returns the
    result (``compute()`` adds ``inputs``). ``outputs`` says what each key of the
    result means, and ``renamed`` the old names still given for one release (old
    name: new name). ``readings`` is "How this calculator reads the rules".
    """

    name: str
    order: int
    title: str
    compute: Callable[..., dict[str, Any]]
    params: tuple[Param, ...]
    outputs: Mapping[str, str]
    headline: Headline
    readings: tuple[str, ...]
    figures: tuple[Figure, ...] = ()
    charts: tuple[Chart, ...] = ()
    details: Details | None = None
    renamed: Mapping[str, str] = field(default_factory=dict)
    opposed: Opposed | None = None

    @property
    def chances(self) -> tuple[str, ...]:
        """The result keys that are chances (``p_...``), in the order of ``outputs``."""
        return tuple(key for key in self.outputs if key.startswith("p_"))

    @property
    def counts(self) -> tuple[Param, ...]:
        """The whole-number inputs: the ones "What do I need?" can step through."""
        return tuple(param for param in self.params if param.kind == "int")

    def check(self, given: Any) -> dict[str, Any]:
        """``given`` checked against this mechanic's inputs, the defaults filled in
        (:func:`~calculators.inputs.check_inputs`)."""
        return check_inputs(self.name, self.params, given)
