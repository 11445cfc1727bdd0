"""Measure the search engines on our own questions: ``python -m tools.bench_search [--site DIR]``.

Takes a built site's ``search/search_index.json`` (Material's entries; ``make
build`` writes ``site/``), makes our index of it (:func:`chq_site.search.search_index.our_index`:
MiniSearch's, serialized as the build would), and prints the index's bytes
gzipped beside Material's, then runs ``tools/bench_search.mjs`` under Node: each
engine's questions right first, its time to ready and per query (median and
spread of interleaved runs). Prints figures, asserts nothing.
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

from chq_site.search.search_index import index_entries, our_index  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site", help="a built site (default: site/)")
    parser.add_argument("--runs", type=int, default=7, help="interleaved runs (at least 5)")
    args = parser.parse_args()
    material_text = (args.site / "search" / "search_index.json").read_text(encoding="utf-8")
    material = json.loads(material_text)
    ours = our_index(material)
    ours_text = json.dumps(ours, separators=(",", ":"), ensure_ascii=False)
    for name, text in (
        ("Material's index (lunr builds it in the worker)", material_text),
        ("our index (MiniSearch's, serialized)", ours_text),
    ):
        print(f"{name}: {len(text.encode()):,} bytes, {len(gzip.compress(text.encode(), 9)):,} gzipped")
    _, entries = index_entries(material["docs"])
    with tempfile.TemporaryDirectory(prefix="chq-bench-search-") as tmp:
        (Path(tmp) / "index.json").write_text(ours_text, encoding="utf-8")
        (Path(tmp) / "entries.json").write_text(json.dumps(entries), encoding="utf-8")
        subprocess.run(
            ["node", str(ROOT / "tools" / "bench_search.mjs"), str(Path(tmp) / "index.json"),
             str(Path(tmp) / "entries.json"), str(max(5, args.runs))],
            cwd=ROOT, check=True,
        )  # fmt: skip


if __name__ == "__main__":
    main()
