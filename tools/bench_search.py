"""Measure the search engines on our own questions: ``python -m tools.bench_search [--site DIR]``.

Takes a built site's ``search/search_index.json`` (our worker's: the entries as
shown and MiniSearch's index, serialized at build time; ``make build`` writes
``site/``), prints its bytes gzipped, then runs ``tools/bench_search.mjs`` under
Node: each engine's questions right first, its time to ready and per query (median
and spread of interleaved runs). FlexSearch, the alternative, indexes the same
entries (:func:`chq_site.search.search_index.index_entries` of the entries shown).
Prints figures, asserts nothing.
"""

from __future__ import annotations

import argparse
import gzip
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "build"))

from chq_site.search.search_index import index_entries  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site", help="a built site (default: site/)")
    parser.add_argument("--runs", type=int, default=7, help="interleaved runs (at least 5)")
    args = parser.parse_args()
    path = args.site / "search" / "search_index.json"
    data = path.read_bytes()
    print(f"our index (MiniSearch's, serialized, and the entries shown): {len(data):,} bytes, "
          f"{len(gzip.compress(data, 9)):,} gzipped")
    _, entries = index_entries(json.loads(data)["docs"])
    with tempfile.TemporaryDirectory(prefix="chq-bench-search-") as tmp:
        (Path(tmp) / "entries.json").write_text(json.dumps(entries), encoding="utf-8")
        subprocess.run(
            ["node", str(ROOT / "tools" / "bench_search.mjs"), str(path),
             str(Path(tmp) / "entries.json"), str(max(5, args.runs))],
            cwd=ROOT, check=True,
        )  # fmt: skip


if __name__ == "__main__":
    main()
