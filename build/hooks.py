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

import site_answers  # noqa: E402
import site_engine  # noqa: E402
import site_glossary  # noqa: E402
import site_lean  # noqa: E402
import site_offline  # noqa: E402
import site_widgets  # noqa: E402


def on_startup(command: str, dirty: bool) -> None:
    # `mkdocs serve`: no offline copy (it would serve stale pages while editing).
    site_offline.startup(command)


def on_config(config: Any) -> Any:
    config.extra["engine"] = site_engine.engine_info()
    return config


def on_post_build(config: Any) -> None:
    site_engine.copy_engine(Path(config["site_dir"]))
    site_answers.write_tables(Path(config["site_dir"]), site_widgets.answer_tables())
    site_lean.lean_pages(Path(config["site_dir"]))
    # Last: lean the site, then sw.js (precaches all of it), then the .gz copies.
    site_offline.post_build(Path(config["site_dir"]), config)


def on_post_page(output: str, page: Any, config: Any) -> str:
    return site_offline.post_page(output, page, config)


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    return site_widgets.on_page_markdown(markdown, page=page, config=config, files=files)


def on_page_content(html: str, page: Any, config: Any, files: Any) -> str:
    return site_glossary.on_page_content(html, page=page, config=config, files=files)


def on_page_context(context: Any, page: Any, config: Any, nav: Any) -> Any:
    # site_url is there only for instant navigation's sitemap: a canonical link to
    # 127.0.0.1:8000 would be wrong wherever a club hosts the site.
    page.canonical_url = None
    return context
