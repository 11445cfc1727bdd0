"""Every mechanic, found: the one list the package, the command line and the site read.

A mechanic is a module of this package that declares ``MECHANIC = Mechanic(...)``
(:mod:`calculators.mechanic`); adding a calculator is adding such a module. The
registry imports each module of the package (``pkgutil`` over the package's path:
the same under Pyodide, where the wheel is unpacked into site-packages), keeps every
``MECHANIC`` it finds, and orders them by ``order``. A name or an order number used
twice stops the import.

>>> list(BY_NAME)[:3], BY_NAME["rally"].title
(['spotting', 'artillery', 'close_assault'], 'Rallying a Blind')
"""

from __future__ import annotations

import importlib
import pkgutil

from .mechanic import Mechanic

#: The modules built on the registry (their tables are views of it): they import it,
#: so it cannot import them while it is being made. A module named ``__x__`` (the
#: command line's ``__main__``) is never imported either.
BUILT_ON = frozenset({"api", "cli", "labels", "luck", "outputs", "params", "registry", "sweep", "table_text"})


def discover(package: str = __name__.rpartition(".")[0]) -> tuple[Mechanic, ...]:
    """The ``MECHANIC`` of every module of ``package``, in order.

    >>> [m.order for m in discover()] == sorted(m.order for m in discover())
    True
    """
    found = []
    path = importlib.import_module(package).__path__
    for info in pkgutil.iter_modules(path):
        if info.name in BUILT_ON or info.name.startswith("__"):
            continue
        try:
            module = importlib.import_module(f"{package}.{info.name}")
        except ImportError as exc:  # a module that reads the registry, but is not in BUILT_ON?
            exc.add_note(f"(the registry imports every module of {package} not in registry.BUILT_ON, "
                         f"{info.name} too: a module that reads the registry's tables belongs there)")
            raise
        declared = getattr(module, "MECHANIC", None)
        if declared is not None:
            if not isinstance(declared, Mechanic):
                raise TypeError(f"{package}.{info.name}.MECHANIC is not a Mechanic: {declared!r}")
            found.append(declared)
    for what in ("name", "order"):
        values = [getattr(m, what) for m in found]
        twice = sorted({str(v) for v in values if values.count(v) > 1})
        if twice:
            raise ValueError(f"two mechanics have the same {what}: {', '.join(twice)}")
    return tuple(sorted(found, key=lambda m: m.order))


#: Every mechanic by name, in order.
BY_NAME: dict[str, Mechanic] = {m.name: m for m in discover()}
