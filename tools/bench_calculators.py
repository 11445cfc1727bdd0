"""Benchmark the calculators: prints figures, asserts nothing (``make bench``).

Wall time of ``compute()`` for typical inputs of each mechanic and for the worst
allowed inputs, as the median and the min–max of several runs:

* **cold**: every cache of the package (each ``functools`` cache in each of its
  modules) is emptied before each timed call, so nothing computed by an earlier
  call is reused;
* **warm**: the same call again with the caches kept.

``--baseline REV`` also times the package as it was at git revision ``REV``
(extracted to a temporary folder and imported under another name), cold,
interleaved with the current one run by run (the order alternating), and prints
before → after for every case that revision accepts. Last, the same spotting
question answered by icepool (warm: its own caches kept), interleaved with ours.

Run: ``python -m tools.bench_calculators [--runs N] [--baseline REV]`` (from the
repository root).
"""

from __future__ import annotations

import argparse
import importlib.util
import io
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import calculators
from calculators import dice

ROOT = Path(__file__).resolve().parent.parent

TYPICAL_TARGET_MS = 2.0
WORST_TARGET_MS = 50.0

TYPICAL: list[tuple[str, dict[str, Any]]] = [
    ("spotting", {"distance": 18, "cover": "medium"}),
    ("spotting", {"distance": 30, "target": "hidden", "cover": "light", "chain_dice": 2}),
    ("artillery", {"variant": "armour-battles"}),
    ("artillery", {"variant": "combat-hq", "cover": "medium", "dummy": True}),
    ("close_assault", {"att_dice": 6, "att_flank": True, "def_dice": 5, "def_suppressed": True,
                       "def_no_at": True}),
    ("close_assault", {"att_dice": 6, "att_flank": True, "def_dice": 5, "def_suppressed": True,
                       "def_no_at": True, "start": "later", "att_suppressed": True}),
    ("supply", {"supply_dice": 3, "staff_order": True}),
    ("rally", {"disruption": 3}),
    ("blind_move", {"target": 27}),
    ("deploy", {"suppressions": 2, "units": 3}),
]
# The largest pools (40D, 43D with heavy cover) at TNs where no count is zero, with
# as many round-states as the chain can have (5 from round 1, 4 from a later round).
WORST: list[tuple[str, dict[str, Any]]] = [
    ("close_assault", {"att_dice": 40, "def_dice": 40, "def_cover": "heavy"}),
    ("close_assault", {"att_dice": 40, "att_flank": True, "def_dice": 40, "def_cover": "heavy"}),
    ("close_assault", {"att_dice": 40, "def_dice": 40, "def_suppressed": True}),
    ("close_assault", {"att_dice": 40, "def_dice": 40, "def_cover": "heavy", "start": "later"}),
    ("spotting", {"distance": 30, "spotter_dice": 40, "chain_dice": 3, "owner_dice": 40,
                  "cover": "heavy", "target": "hidden"}),
    ("artillery", {"variant": "combat-hq", "fire_dice": 40, "cover": "heavy", "hit_faces": 1}),
]


def clear_caches(package: ModuleType) -> None:
    """Empty every ``functools`` cache in every module of ``package``."""
    prefix = package.__name__
    for name, module in list(sys.modules.items()):
        if name == prefix or name.startswith(prefix + "."):
            for value in list(vars(module).values()):
                clear = getattr(value, "cache_clear", None)
                if callable(clear):
                    clear()


def timed(call: Callable[[], object], before: Callable[[], None] | None = None) -> float:
    """One call's wall time in milliseconds (``before`` runs first, untimed)."""
    if before is not None:
        before()
    start = time.perf_counter()
    call()
    return (time.perf_counter() - start) * 1000


def interleaved(calls: Sequence[tuple[Callable[[], object], Callable[[], None] | None]],
                runs: int) -> list[list[float]]:
    """Time several calls run by run, the order reversed every other run."""
    times: list[list[float]] = [[] for _ in calls]
    order = list(range(len(calls)))
    for run in range(runs):
        for i in order if run % 2 == 0 else order[::-1]:
            call, before = calls[i]
            times[i].append(timed(call, before))
    return times


def summary(times: list[float]) -> str:
    """Median (min–max), in milliseconds."""
    return f"{statistics.median(times):8.3f} ({min(times):.3f}–{max(times):.3f})"


def load_revision(rev: str, folder: Path) -> ModuleType:
    """The ``calculators`` package as it was at git revision ``rev``, imported as
    ``calculators_baseline``."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "calculators"],
                             check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    path = folder / "calculators"
    spec = importlib.util.spec_from_file_location(
        "calculators_baseline", path / "__init__.py", submodule_search_locations=[str(path)])
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def describe(params: dict[str, Any]) -> str:
    return " ".join(f"{k}={v}" for k, v in params.items())


def bench_cases(runs: int) -> None:
    print(f"{'case':<72} {'cold ms: median (min–max)':>30} {'warm ms: median (min–max)':>30}  target")
    for group, cases, target in (("typical", TYPICAL, TYPICAL_TARGET_MS),
                                 ("worst", WORST, WORST_TARGET_MS)):
        for mechanic, params in cases:
            def call(m: str = mechanic, q: dict[str, Any] = params) -> object:
                return calculators.compute(m, q)

            cold = [timed(call, lambda: clear_caches(calculators)) for _ in range(runs)]
            call()
            warm = [timed(call) for _ in range(runs)]
            verdict = "ok" if statistics.median(cold) <= target else "OVER"
            label = f"{group}: {mechanic} {describe(params)}"[:72]
            print(f"{label:<72} {summary(cold):>30} {summary(warm):>30}  <= {target:g} ms {verdict}")


def bench_baseline(rev: str, runs: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        old = load_revision(rev, Path(tmp))
        print(f"\ncold ms, {rev} → working tree, interleaved run by run: median (min–max)")
        for mechanic, params in TYPICAL + WORST:
            try:
                old.compute(mechanic, params)
            except ValueError:
                continue  # an input that revision does not know

            def before(m: str = mechanic, q: dict[str, Any] = params) -> object:
                return old.compute(m, q)

            def after(m: str = mechanic, q: dict[str, Any] = params) -> object:
                return calculators.compute(m, q)

            t_old, t_new = interleaved([(before, lambda: clear_caches(old)),
                                        (after, lambda: clear_caches(calculators))], runs)
            ratio = statistics.median(t_old) / statistics.median(t_new)
            label = f"{mechanic} {describe(params)}"[:72]
            print(f"{label:<72} {summary(t_old):>26} → {summary(t_new):>26}  {ratio:5.1f}x")


def bench_icepool(runs: int) -> None:
    try:
        import icepool
    except ImportError:
        print("icepool is not installed (pip install -e '.[dev]'): no comparison")
        return
    question = "P(4D at 4+ scores more successes than 5D at 4+): spotting at 18″, medium cover"
    spotter, owner = dice.Pool(4, 4), dice.Pool(5, 4)

    def ours_core() -> object:
        return dice.p_more(spotter, owner)

    def ours_full() -> object:
        return calculators.compute("spotting", {"distance": 18, "cover": "medium"})

    def theirs() -> object:
        success = icepool.d6 >= 4
        return ((4 @ success) > (5 @ success)).probability(True)

    assert ours_core() == theirs(), "the two libraries disagree"
    theirs()  # icepool warm: its own caches kept

    def cold() -> None:
        clear_caches(calculators)

    t_core, t_full, t_ice = interleaved([(ours_core, cold), (ours_full, cold), (theirs, None)], runs)
    ours, full, ice = (statistics.median(t) for t in (t_core, t_full, t_ice))
    print(f"\n{question}")
    print(f"  calculators (the comparison alone, cold):               {summary(t_core)} ms")
    print(f"  calculators (whole compute(): 5 bands + explain, cold): {summary(t_full)} ms")
    print(f"  icepool {icepool.__version__} (warm, its own caches kept):         {summary(t_ice)} ms")
    print(f"  ratio icepool / calculators: {ice / ours:.1f}x (comparison), {ice / full:.1f}x (whole compute)")

    def big_ours() -> object:
        return dice.p_more(dice.Pool(40, 4), dice.Pool(43, 4))

    def big_theirs() -> object:
        return ((40 @ (icepool.d6 >= 4)) > (43 @ (icepool.d6 >= 4))).probability(True)

    big_theirs()
    t_big, t_big_ice = interleaved([(big_ours, cold), (big_theirs, None)], runs)
    print(f"  40D vs 43D at 4+: calculators {summary(t_big)} ms, icepool {summary(t_big_ice)} ms, "
          f"ratio {statistics.median(t_big_ice) / statistics.median(t_big):.1f}x")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=21, help="timed runs per figure (at least 5)")
    parser.add_argument("--baseline", metavar="REV",
                        help="also time the package at this git revision, interleaved, cold")
    args = parser.parse_args(argv)
    runs = max(5, args.runs)
    print(f"calculators benchmark: {runs} runs per figure, Python {sys.version.split()[0]}")
    bench_cases(runs)
    if args.baseline:
        bench_baseline(args.baseline, runs)
    bench_icepool(runs)


if __name__ == "__main__":
    main()
