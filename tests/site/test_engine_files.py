"""A build ships exactly the engine files its pages describe (chq_site/engine/engine.py).

Each page's ``chq-engine`` meta gives the size, SHA-256 and CRC-32 of every file the
engine downloads, and the engine refuses a file that differs ("damaged": the slow boot,
and a player told a Wi-Fi login page may be answering). Node makes a different
snapshot each time for the same inputs, and the snapshot is cached under a name made
from its inputs: two builds at once (the test workers each build a site) both made it
and both put theirs under that name, so one build's pages described its own bytes
while its site held the other's. Here two builds run their engine steps side by side
with a stand-in for Node (a different memory each run) and a cache of their own;
the session's real build is checked page by page.
"""

from __future__ import annotations

import hashlib
import html
import json
import os
import re
import subprocess
import threading
import zlib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from chq_site.engine import engine

ENGINE_META = re.compile(r"""<meta name="chq-engine" content='([^']*)'>""")
# How long the first stand-in Node run waits for a second one to start beside it (it
# starts within milliseconds when the build does not keep to one maker), and at most
# for that second build to have described its engine.
OVERLAP_SECONDS = 1.0
DESCRIBED_SECONDS = 60


def shipped(site: Path, info: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The size, SHA-256 (16 hex digits) and CRC-32 of each engine file ``info`` names,
    read from the site folder (None for a missing file)."""
    where = {Path(info["wheel"]).name: info["wheel"], Path(info["snapshot"]).name: info["snapshot"]}
    found: dict[str, dict[str, Any]] = {}
    for name in info["files"]:
        path = site / where.get(name, info["index"] + name)
        data = path.read_bytes() if path.is_file() else None
        found[name] = data and {"bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()[:16],
                                "crc32": zlib.crc32(data)}
    return found


class FakeNode:
    """Stands in for ``node engine_snapshot.mjs``: writes a different memory each run
    (random pages among zero ones, a different size each time, as Node's differ). With
    ``overlap``, the first run waits until a second one has started beside it (at most
    OVERLAP_SECONDS) and, if one did, until its build has described its engine
    (``described``): the first snapshot is then written last, as when two builds raced."""

    def __init__(self) -> None:
        self.overlap = False
        self.runs = 0
        self.lock = threading.Lock()
        self.second = threading.Event()
        self.described = threading.Event()
        self.real_run = subprocess.run

    def __call__(self, command: list[str], **options: Any) -> Any:
        if command[0] != "node":
            return self.real_run(command, **options)
        with self.lock:
            self.runs += 1
            run = self.runs
        if run == 1 and self.overlap:
            if self.second.wait(OVERLAP_SECONDS):
                assert self.described.wait(DESCRIBED_SECONDS), "the other build never described its engine"
        else:
            self.second.set()
        memory = bytes(8192) + os.urandom(4096 * run) + bytes(4096) + os.urandom(run)
        Path(command[4]).write_bytes(memory)
        return subprocess.CompletedProcess(command, 0)


@pytest.fixture
def fake_node(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> FakeNode:
    """The engine built into a cache of its own (``tmp_path/cache``), from a stand-in
    wheel, its snapshots made by a FakeNode."""
    wheel = tmp_path / "wheels" / "combat_hq_calculators-0.1.0-py3-none-any.whl"
    wheel.parent.mkdir()
    wheel.write_bytes(b"PK stand-in wheel " + os.urandom(64))
    node = FakeNode()
    monkeypatch.setattr(engine, "CACHE", tmp_path / "cache")
    monkeypatch.setattr(engine, "build_wheel", lambda: wheel)
    monkeypatch.setattr(engine.subprocess, "run", node)
    return node


def engine_steps(site: Path, node: FakeNode, pages_rendered: threading.Barrier) -> dict[str, Any]:
    """A build's engine steps: what its pages will say (``on_config``), then, once the
    other build has come as far (its pages rendering too), the copy into its site
    (``on_post_build``). Returns what the pages say."""
    info = engine.engine_info()
    node.described.set()
    pages_rendered.wait()
    engine.copy_engine(site)
    return info


@pytest.mark.parametrize("locking", [True, False], ids=["locked", "without-a-lock"])
def test_two_builds_at_once_ship_what_their_pages_say(
    fake_node: FakeNode, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, locking: bool
) -> None:
    """Two builds make the engine at once: each site holds the very bytes its pages
    describe. With the lock, Node runs once and the other build waits and uses its
    snapshot; without one (a file system without locks) both make one and the first
    written stays."""
    if not locking:  # (not raising: the old build had no lock; Node's runs are counted below)
        monkeypatch.setattr(engine, "fcntl", None, raising=False)
    fake_node.overlap = True
    sites = [tmp_path / "site-a", tmp_path / "site-b"]
    rendered = threading.Barrier(len(sites), timeout=120)
    with ThreadPoolExecutor(len(sites)) as pool:
        infos = list(pool.map(lambda site: engine_steps(site, fake_node, rendered), sites))
    wrong = [site.name for site, info in zip(sites, infos, strict=True) if shipped(site, info) != info["files"]]
    assert wrong == [], f"{wrong} ship other engine files than their pages say"
    for site, info in zip(sites, infos, strict=True):
        assert engine.inflated_size(site / info["snapshot"]) == info["snapshot_bytes"]
        engine.check_engine(site, info)
    print(f"\ntwo builds at once ({'locked' if locking else 'without a lock'}): Node ran {fake_node.runs} "
          f"time(s); both sites ship {infos[0]['snapshot']}")
    assert infos[0] == infos[1]
    assert fake_node.runs == (1 if locking else 2)
    leftovers = sorted(p.name for p in (tmp_path / "cache").iterdir() if not p.name.endswith((".bin", ".lock")))
    assert leftovers == [], leftovers


def test_a_site_whose_engine_differs_from_its_pages_fails_the_build(fake_node: FakeNode, tmp_path: Path) -> None:
    """The build's last check reads the engine files back from the site: one that is not
    what the pages say (another build's snapshot, a file cut short or missing) fails
    the build with a message naming it, instead of reaching a player."""
    site = tmp_path / "site"
    info = engine.engine_info()
    engine.copy_engine(site)
    engine.check_engine(site, info)  # as built: the same
    snapshot = site / info["snapshot"]
    good = snapshot.read_bytes()
    snapshot.write_bytes(good[:-1] + bytes([good[-1] ^ 1]))
    with pytest.raises(engine.EngineMismatch) as failure:
        engine.check_engine(site, info)
    message = str(failure.value)
    print(f"\n{message}")
    assert info["snapshot"] in message and "sha256" in message, message
    snapshot.write_bytes(good[:3])  # cut short: not even a gzip header
    with pytest.raises(engine.EngineMismatch, match="'bytes': 3,"):
        engine.check_engine(site, info)
    snapshot.write_bytes(good)
    wasm = site / info["index"] / "pyodide.asm.wasm"
    wasm.unlink()
    with pytest.raises(engine.EngineMismatch, match="pyodide.asm.wasm: .*missing"):
        engine.check_engine(site, info)


def test_every_page_describes_the_engine_its_site_ships(built_site: Path) -> None:
    """The session's real build (Node's own snapshot): every page's ``chq-engine`` meta
    names and describes the engine files its site holds, byte for byte, and says when
    that page starts the engine (the rest is the same on every page)."""
    said: dict[str, list[str]] = {}
    starts: dict[str, str] = {}
    for page in sorted(built_site.rglob("*.html")):
        found = ENGINE_META.search(page.read_text(encoding="utf-8"))
        assert found, f"{page.relative_to(built_site)} carries no chq-engine meta"
        settings = json.loads(html.unescape(found.group(1)))
        name = page.relative_to(built_site).as_posix()
        starts[name] = settings.pop("start")
        said.setdefault(json.dumps(settings, sort_keys=True), []).append(name)
    assert len(said) == 1, f"pages describe {len(said)} different engines: {[v[:2] for v in said.values()]}"
    (meta, pages), = said.items()
    info = json.loads(meta)
    assert shipped(built_site, info) == info["files"]
    assert engine.inflated_size(built_site / info["snapshot"]) == info["snapshot_bytes"]
    assert {k: v for k, v in info.items() if k in ("fetched", "modules", "total", "sent")} == engine.download_sizes()
    # As the page loads where only the engine answers; once the answer is on screen
    # where an answer table gives it; else when a widget first needs it.
    assert starts["calculators/shell-first/index.html"] == "load"
    assert starts["calculators/close-assault/index.html"] == "answer"
    assert starts["calculators/spotting/index.html"] == "answer"
    assert starts["rules/spotting/index.html"] == "" and starts["index.html"] == "" and starts["404.html"] == ""
    assert {name for name, start in starts.items() if start == "load"} == {"calculators/shell-first/index.html"}
    print(f"\n{len(pages)} pages describe the engine the site ships: {sorted(info['files'])}")
