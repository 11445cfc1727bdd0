"""The club bundle: one zip a club can unpack on a laptop and serve to its tablets.

    python build/bundle.py            # or: make bundle
    python build/bundle.py --out /tmp/somewhere

Builds the site with ``mkdocs build --strict`` into a temporary folder and writes
``dist/combat-hq-rules-<version>.zip`` (version from pyproject.toml) holding::

    combat-hq-rules-<version>/
        README.txt     how to serve it (two commands)
        serve.py       a tiny web server: right MIME types, .gz copies, all addresses
        site/          the built site

The zip is reproducible: entries sorted, fixed timestamps and permissions.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import tomllib
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from site_build import BuildFailed, strict_build

ROOT = Path(__file__).resolve().parent.parent
SERVE = Path(__file__).resolve().parent / "bundle_serve.py"
NAME = "combat-hq-rules"
# Already compressed: stored as they are.
STORED_SUFFIXES = frozenset({".gz", ".zip", ".whl", ".png"})
ZIP_TIME = (2024, 1, 1, 0, 0, 0)

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
three times faster over wifi, and sets the file types the calculators need on
every system.)

Opening site/index.html directly as a file does not work: the calculators and
the search need a web server.

Offline: "Ready offline" appears in the header when a browser has saved the whole
site (on http://localhost or an https:// address). Tablets using the laptop's
http://192.168... address need the laptop running; they do not need the internet.

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


def write_zip(folder: Path, target: Path) -> None:
    """Zip ``folder`` (as its own name) into ``target``, reproducibly."""
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_suffix(".zip.tmp")
    files = sorted(p for p in folder.rglob("*") if p.is_file())
    with zipfile.ZipFile(tmp, "w") as archive:
        for path in files:
            name = f"{folder.name}/{path.relative_to(folder).as_posix()}"
            info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
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
        write_zip(folder, target)
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
