"""Benchmark the calculators: prints figures, asserts nothing (``make bench``).

Median wall time of ``compute()`` for typical inputs of each mechanic and for the
worst allowed inputs, measured cold (every cache of the dice module cleared
before each call, so nothing is reused between calls) and warm; then the same
spotting question answered by icepool, with the ratio.

Run: ``python build/bench_calculators.py`` (from the repository root).
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from calculators import compute, dice

REPEATS = 31
TYPICAL_TARGET_MS = 2.0
WORST_TARGET_MS = 50.0

TYPICAL: list[tuple[str, dict[str, Any]]] = [
    ("spotting", {"distance": 18, "cover": "medium"}),
    ("spotting", {"distance": 30, "target": "hidden", "cover": "light", "chain_dice": 2}),
    ("artillery", {"variant": "armour-battles"}),
    ("artillery", {"variant": "combat-hq", "cover": "medium", "dummy": True}),
    ("close_assault", {"att_dice": 6, "att_flank": True, "def_dice": 5, "def_suppressed": True,
                       "def_no_at": True}),
    ("supply", {"supply_dice": 3, "staff_order": True}),
    ("rally", {"disruption": 3}),
    ("blind_move", {"target": 27}),
    ("deploy", {"suppressions": 2, "units": 3}),
]
WORST: list[tuple[str, dict[str, Any]]] = [
    ("close_assault", {"att_dice": 40, "def_dice": 40, "def_cover": "heavy"}),
    ("close_assault", {"att_dice": 40, "def_dice": 40, "def_suppressed": True}),
    ("spotting", {"distance": 30, "spotter_dice": 40, "chain_dice": 3, "owner_dice": 40,
                  "cover": "heavy", "target": "hidden"}),
    ("artillery", {"variant": "combat-hq", "fire_dice": 40, "cover": "heavy", "hit_faces": 1}),
]


def clear_caches() -> None:
    for fn in (dice.successes, dice.successes_sixes, dice.successes_ones_sixes, dice.sum_of_d6):
        fn.cache_clear()


def median_ms(call: Callable[[], object], cold: bool) -> float:
    times = []
    for _ in range(REPEATS):
        if cold:
            clear_caches()
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def describe(params: dict[str, Any]) -> str:
    return " ".join(f"{k}={v}" for k, v in params.items())


def main() -> None:
    print(f"calculators benchmark: median of {REPEATS} runs, Python {sys.version.split()[0]}")
    print(f"{'case':<78} {'cold ms':>9} {'warm ms':>9}  target")
    for group, cases, target in (("typical", TYPICAL, TYPICAL_TARGET_MS),
                                 ("worst", WORST, WORST_TARGET_MS)):
        for mechanic, params in cases:
            cold = median_ms(lambda m=mechanic, q=params: compute(m, q), cold=True)
            warm = median_ms(lambda m=mechanic, q=params: compute(m, q), cold=False)
            verdict = "ok" if cold <= target else "OVER"
            label = f"{group}: {mechanic} {describe(params)}"[:78]
            print(f"{label:<78} {cold:9.3f} {warm:9.3f}  <= {target:g} ms {verdict}")
    try:
        import icepool
    except ImportError:
        print("icepool is not installed (pip install -e '.[dev]'): no comparison")
        return
    question = "P(4D at 4+ scores more successes than 5D at 4+): spotting at 18″, medium cover"
    spotter, owner = dice.Pool(4, 4), dice.Pool(5, 4)

    def ours_core() -> object:
        return dice.p_more(spotter, owner)

    def theirs() -> object:
        success = icepool.d6 >= 4
        return ((4 @ success) > (5 @ success)).probability(True)

    assert ours_core() == theirs(), "the two libraries disagree"
    ours_full = median_ms(lambda: compute("spotting", {"distance": 18, "cover": "medium"}), cold=True)
    ours = median_ms(ours_core, cold=True)
    ice = median_ms(theirs, cold=False)
    print(f"\n{question}")
    print(f"  calculators (the comparison alone, cold): {ours:8.3f} ms")
    print(f"  calculators (whole compute(): 5 bands + explain, cold): {ours_full:8.3f} ms")
    print(f"  icepool {icepool.__version__} (warm, its own caches kept): {ice:8.3f} ms")
    print(f"  ratio icepool / calculators: {ice / ours:.1f}x (comparison), "
          f"{ice / ours_full:.1f}x (whole compute)")
    big = "40D vs 43D at 4+"
    ours_big = median_ms(lambda: dice.p_more(dice.Pool(40, 4), dice.Pool(43, 4)), cold=True)
    ice_big = median_ms(lambda: ((40 @ (icepool.d6 >= 4)) > (43 @ (icepool.d6 >= 4))).probability(True),
                        cold=False)
    print(f"  {big}: calculators {ours_big:.3f} ms, icepool {ice_big:.3f} ms, "
          f"ratio {ice_big / ours_big:.1f}x")


if __name__ == "__main__":
    main()
