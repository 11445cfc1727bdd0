"""MkDocs hooks: the one place where the site build reaches into ``build/``.

Each concern lives in its own module beside this file; this file only wires
them to MkDocs events.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
for path in (str(HERE), str(HERE.parent)):
    if path not in sys.path:
        sys.path.insert(0, path)

import site_engine  # noqa: E402


def on_config(config: Any) -> Any:
    config.extra["engine"] = site_engine.engine_info()
    return config


def on_post_build(config: Any) -> None:
    site_engine.copy_engine(Path(config["site_dir"]))
