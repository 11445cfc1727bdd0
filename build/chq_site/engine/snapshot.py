"""The packed form of the engine's memory snapshot: the bytes ``assets/engine/snapshot-<key>.bin``
holds once inflated, and what ``engine-worker/snapshot.js`` (``unpackInto``) reads.

A module of its own because it is a format shared with the browser, with no part in
making or caching a snapshot (:mod:`chq_site.engine.engine` does that): it only turns bytes
into bytes, so tests and tools that pack or unpack a snapshot need nothing of the
build. Pyodide's memory is about half zero pages; leaving them out halves what a
visitor downloads, and the worker puts the runs back in place in a zeroed buffer.

The layout: "CHQ1", the snapshot's size, the number of runs, each run's (offset,
length), all uint32 little-endian; then the runs' bytes, in order. Runs are whole
pages of the memory that are not all zeros (the last page may be short).
"""

from __future__ import annotations

import gzip
import struct
from pathlib import Path

PACKED_MAGIC = b"CHQ1"
PACKED_PAGE = 4096


def pack_snapshot(raw: bytes) -> bytes:
    """The snapshot without its zero pages (engine-worker/snapshot.js unpackInto reverses it).

    >>> raw = bytes(8192) + b"x" * 10 + bytes(4096 - 10) + bytes(4096) + b"end"
    >>> packed = pack_snapshot(raw)
    >>> struct.unpack_from("<4sIIII", packed)
    (b'CHQ1', 16387, 2, 8192, 4096)
    >>> len(packed) - 12 - 2 * 8, unpack_snapshot(packed) == raw  # the two runs' bytes
    (4099, True)
    """
    runs: list[list[int]] = []
    for start in range(0, len(raw), PACKED_PAGE):
        page = raw[start : start + PACKED_PAGE]
        if page.count(0) == len(page):
            continue
        if runs and sum(runs[-1]) == start:
            runs[-1][1] += len(page)
        else:
            runs.append([start, len(page)])
    head = struct.pack("<4sII", PACKED_MAGIC, len(raw), len(runs))
    table = b"".join(struct.pack("<II", offset, length) for offset, length in runs)
    return head + table + b"".join(raw[offset : offset + length] for offset, length in runs)


def unpack_snapshot(packed: bytes) -> bytes:
    """The snapshot a packed one holds (for tests and tools; the browser does it in
    engine-worker.js)."""
    magic, total, count = struct.unpack_from("<4sII", packed)
    if magic != PACKED_MAGIC:
        raise ValueError("not a packed snapshot")
    raw = bytearray(total)
    at = 12 + 8 * count
    for i in range(count):
        offset, length = struct.unpack_from("<II", packed, 12 + 8 * i)
        raw[offset : offset + length] = packed[at : at + length]
        at += length
    if at != len(packed):
        raise ValueError(f"packed snapshot: {len(packed) - at} bytes left over")
    return bytes(raw)


def inflated_size(snapshot: Path) -> int:
    """The bytes of memory a gzipped, packed snapshot holds (from its header)."""
    with gzip.open(snapshot, "rb") as packed:
        magic, total = struct.unpack("<4sI", packed.read(8))
    if magic != PACKED_MAGIC:
        raise ValueError(f"{snapshot}: not a packed snapshot")
    return int(total)
