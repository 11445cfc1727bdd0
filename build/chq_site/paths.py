"""Where things are: the repository this package sits in, and the build's cache.

The package is installed editable from ``build/`` of the repository (``make setup``);
the site it builds is that repository's (its ``calculators/`` and ``node_modules/``).
"""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
ROOT = PACKAGE.parent.parent
# Wheels, snapshots and gzip copies, reused from build to build (not committed).
CACHE = ROOT / "build" / ".cache"
