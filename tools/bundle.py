"""The club bundle: one zip a club can unpack on a laptop and serve to its tablets.

    python -m tools.bundle            # or: make bundle
    python -m tools.bundle --out /tmp/somewhere

Builds the site with ``mkdocs build --strict`` into a temporary folder and writes
``dist/combat-hq-rules-<version>.zip`` (version from pyproject.toml) holding::

    combat-hq-rules-<version>/
        README.txt     how to serve it (two commands)
        serve.py       a tiny web server: right MIME types, .gz copies, all addresses
        site/          the built site

Every entry is dated with one time, the build's: ``SOURCE_DATE_EPOCH`` when it is
set, else the moment the bundle is made. Unzipping gives each file that date, so a
web server's ``Last-Modified`` (and nginx's, Apache's and Caddy's ETags, made from
the date and the size) changes with every new version: a fixed date made a browser's
"has it changed?" get "no" for pages that had. With ``SOURCE_DATE_EPOCH`` (say, the
commit's time) the zip is reproducible: entries sorted, fixed permissions, one date.
The DOS date field holds UTC; an extended-timestamp field (0x5455, read by unzip,
7-Zip and macOS) holds the exact second.
"""

from __future__ import annotations

import argparse
import os
import shutil
import struct
import sys
import tempfile
import time
import tomllib
import zipfile
from pathlib import Path

from chq_site.runner import BuildFailed, strict_build

ROOT = Path(__file__).resolve().parent.parent
SERVE = Path(__file__).resolve().parent / "bundle_serve.py"
NAME = "combat-hq-rules"
# Already compressed: stored as they are.
STORED_SUFFIXES = frozenset({".gz", ".zip", ".whl", ".png"})
DOS_EPOCH = 315532800  # 1980-01-01 UTC: zip dates start there
EXTENDED_TIMESTAMP = 0x5455

README = """\
Combat HQ Rules Companion {version}
{underline}

The rules, search and dice calculators as a small website. It needs no internet
connection: one computer serves it over the club's wifi and the players open it
in the browser of their tablets or phones.

1. Unzip this folder onto the laptop (anywhere).
2. In a terminal, in this folder, run:

       python3 serve.py            (Windows: py serve.py)

   It prints the addresses to open, e.g. http://192.168.1.20:8000/
   (Allow Python through the firewall if the computer asks.)
3. On the tablets, on the same wifi, open that address.
   On the laptop itself: http://localhost:8000/

Without serve.py, any static web server works, for example:

       python3 -m http.server 8000 --bind 0.0.0.0 --directory site

(serve.py also sends the ready-made .gz copies, so the calculators load about
three times faster over wifi, sets the file types the calculators need on every
system, and tells the browsers to check for a newer version of each page;
http.server does not, so after an update a tablet may show old pages for a while.)

Opening site/index.html directly as a file does not work: the calculators and
the search need a web server.

Offline: "Ready offline" appears in the header when a browser has saved the whole
site (on http://localhost or an https:// address). Tablets using the laptop's
http://192.168... address need the laptop running; they do not need the internet.

A new version: stop serve.py (Ctrl+C), unzip the new zip in the same place
(replace the files if asked) and start serve.py in the folder it gives. Each tablet
gets it on its next page; one with an offline copy shows "A new version of the
rules is available": tap Reload.

More: the "Hosting at a club" page of the site (site/hosting/index.html).
"""


def project_version() -> str:
    with (ROOT / "pyproject.toml").open("rb") as handle:
        return str(tomllib.load(handle)["project"]["version"])


def build_site(out: Path) -> None:
    """``mkdocs build --strict`` of this repository into ``out``."""
    try:
        strict_build(out, ROOT)
    except BuildFailed as exc:
        raise SystemExit(str(exc)) from None


def bundle_time() -> int:
    """The date of every entry: ``SOURCE_DATE_EPOCH`` if set, else now (seconds, UTC)."""
    given = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if not given:
        return int(time.time())
    if not given.isdigit() or not DOS_EPOCH <= int(given) < 2**31:
        raise SystemExit(f"SOURCE_DATE_EPOCH must be seconds since 1970, from 1980 to 2037; got {given!r}")
    return int(given)


def write_zip(folder: Path, target: Path, when: int) -> None:
    """Zip ``folder`` (as its own name) into ``target``, every entry dated ``when``."""
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_suffix(".zip.tmp")
    files = sorted(p for p in folder.rglob("*") if p.is_file())
    date_time = time.gmtime(when)[:6]
    extra = struct.pack("<HHBl", EXTENDED_TIMESTAMP, 5, 1, when)  # flags 1: mtime only
    with zipfile.ZipFile(tmp, "w") as archive:
        for path in files:
            name = f"{folder.name}/{path.relative_to(folder).as_posix()}"
            info = zipfile.ZipInfo(name, date_time=date_time)
            info.extra = extra
            executable = path.name == "serve.py"
            info.external_attr = (0o100755 if executable else 0o100644) << 16
            if path.suffix in STORED_SUFFIXES:
                info.compress_type = zipfile.ZIP_STORED
            else:
                info.compress_type = zipfile.ZIP_DEFLATED
            with path.open("rb") as source, archive.open(info, "w") as sink:
                shutil.copyfileobj(source, sink, 1 << 20)
    tmp.replace(target)


def make_bundle(out_dir: Path | None = None, site: Path | None = None) -> Path:
    """Build (or take the already built ``site``) and write the zip; return its path."""
    version = project_version()
    stem = f"{NAME}-{version}"
    out_dir = out_dir or ROOT / "dist"
    with tempfile.TemporaryDirectory(prefix="chq-bundle-") as tmp:
        folder = Path(tmp) / stem
        if site is None:
            build_site(folder / "site")
        else:
            shutil.copytree(site, folder / "site")
        shutil.copy2(SERVE, folder / "serve.py")
        title = f"Combat HQ Rules Companion {version}"
        (folder / "README.txt").write_text(
            README.format(version=version, underline="=" * len(title)), encoding="utf-8"
        )
        target = out_dir / f"{stem}.zip"
        write_zip(folder, target, bundle_time())
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the club bundle zip.")
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="folder for the zip")
    args = parser.parse_args(argv)
    target = make_bundle(args.out)
    with zipfile.ZipFile(target) as archive:
        entries = archive.infolist()
    unpacked = sum(e.file_size for e in entries)
    print(
        f"{target.relative_to(ROOT) if target.is_relative_to(ROOT) else target}: "
        f"{target.stat().st_size / 1e6:.1f} MB ({len(entries)} files, {unpacked / 1e6:.1f} MB unpacked)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
