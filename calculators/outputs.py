"""What each key of a result means, in a few plain words: the contract's outputs.

``compute()`` returns a dict; :data:`OUTPUTS` says what every top-level key of it is,
mechanic by mechanic (a view of the registry: each mechanic's module says it, in its
``MECHANIC.outputs``), and :data:`COMMON` the keys every result carries. The site's
"Scripting the calculators" page prints these tables (build/chq_site/scripting.py),
and a test fails when a result has a key that is not described here, or a description
names a key no result has.

A renamed key stays readable under its old name for one release: :data:`DEPRECATED`
maps the old name to the new one (``MECHANIC.renamed``), and ``compute()`` copies the
value across.

A probability is ``{"value": float, "exact": "n/d" | null}`` throughout ("a chance"
below); an average is the same shape, its ``exact`` a fraction too.
"""

from __future__ import annotations

from .registry import BY_NAME

#: Keys of every result.
COMMON: dict[str, str] = {
    "mechanic": "the mechanic's name, as in the request",
    "inputs": "every parameter as used: the ones given, checked, and the defaults for the rest",
    "explain": "how the answer was worked out, step by step, in words (a list of strings)",
}

OUTPUTS: dict[str, dict[str, str]] = {name: dict(m.outputs) for name, m in BY_NAME.items()}

#: Old output names still given for one release: mechanic -> {old name: new name}.
DEPRECATED: dict[str, dict[str, str]] = {name: dict(m.renamed) for name, m in BY_NAME.items() if m.renamed}


def with_deprecated(mechanic: str, result: dict[str, object]) -> dict[str, object]:
    """Add the old names of renamed keys to ``result`` (same values); return it.

    >>> with_deprecated("deploy", {"allocation": []})
    {'allocation': [], 'units': []}
    """
    for old, new in DEPRECATED.get(mechanic, {}).items():
        if new in result:
            result[old] = result[new]
    return result
