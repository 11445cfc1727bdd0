"""The MkDocs plugin (``chq-site`` in ``mkdocs.yml``): the one door from MkDocs into the
site build. It only wires MkDocs events to the modules that do the work.

Registered through the ``mkdocs.plugins`` entry point of ``build/pyproject.toml``;
listed after ``search`` in ``mkdocs.yml``, so its events run after the search
plugin's, as the hooks file it replaced did.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from jinja2 import Environment
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.livereload import LiveReloadServer
from mkdocs.plugins import BasePlugin, CombinedEvent, event_priority
from mkdocs.structure.files import Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page
from mkdocs.utils.templates import TemplateContext

from chq_site import bundle, markers
from chq_site.answers import answers
from chq_site.engine import engine
from chq_site.glossary import glossary
from chq_site.offline import offline
from chq_site.paths import PACKAGE
from chq_site.search import search, search_index
from chq_site.theme import lean, titles
from chq_site.widget import widgets

# Our overrides of Material's templates (main.html, 404.html, partials/).
MATERIAL_TEMPLATES = PACKAGE / "theme" / "material"


class SiteConfig(Config):  # type: ignore[no-untyped-call]  # (MkDocs: untyped __init_subclass__)
    """The plugin has no options: ``- chq-site`` in ``mkdocs.yml`` is all it takes."""


class SitePlugin(BasePlugin[SiteConfig]):  # type: ignore[no-untyped-call]  # (the same)
    """Calculator widgets, build-time answers, glossary links, engine and offline copy."""

    def on_startup(self, *, command: str, dirty: bool) -> None:
        # `mkdocs serve`: no offline copy (it would serve stale pages while editing).
        offline.startup(command)

    def on_serve(
        self, server: LiveReloadServer, /, *, config: MkDocsConfig, builder: Callable[[], None]
    ) -> LiveReloadServer:
        # A changed widget template rebuilds the pages, as a changed page does; so does
        # a changed module or stylesheet of a feature folder: the rebuild runs on_config
        # again, and esbuild makes the bundle anew.
        server.watch(str(widgets.TEMPLATES))
        server.watch(str(MATERIAL_TEMPLATES))
        for folder in bundle.FOLDERS:
            server.watch(str(bundle.SOURCES / folder))
        return server

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        # Material's page templates, overridden (what `custom_dir` in mkdocs.yml would
        # name): searched before the theme's own.
        config.theme.dirs.insert(0, str(MATERIAL_TEMPLATES))
        # Where the engine's files are and what each must be: in every page's chq-engine
        # meta (_engine_settings), and read back from the built site (on_post_build).
        self._engine = engine.engine_info()
        # ... and what a start downloads: the same for every page of a build, made once.
        self._page_engine = {**self._engine, **engine.download_sizes()}
        # Our assets: one stylesheet and one script, made by esbuild (chq_site/bundle.py).
        self._bundle = bundle.bundle_config(config)
        # The marker lines (calculators, scripting examples, search words): a Markdown
        # extension, so that Markdown hands it real text only (markers.py).
        self._markers = markers.MarkersExtension(
            use_directory_urls=config["use_directory_urls"], docs_dir=config["docs_dir"])
        config.markdown_extensions.append(self._markers)  # an instance, as mkdocstrings adds its own
        return config

    def on_files(self, files: Files, /, *, config: MkDocsConfig) -> Files:
        return bundle.add_outputs(files, self._bundle, config)

    def on_env(self, env: Environment, /, *, config: MkDocsConfig, files: Files) -> Environment:
        # The scripts our templates write inline (theme/material/main.html, 404.html),
        # made by esbuild from their modules (bundle.INLINE).
        env.globals["chq_inline"] = self._bundle.inline
        # Material's config names our search worker (theme/material/main.html).
        env.filters["chq_search_worker"] = search.point_worker
        return env

    def on_page_markdown(self, markdown: str, /, *, page: Page, config: MkDocsConfig, files: Files) -> str:
        # The page MkDocs converts next, for the markers' links, errors and engine settings.
        self._markers.page = page
        return markdown

    def on_page_content(self, html: str, /, *, page: Page, config: MkDocsConfig, files: Files) -> str:
        titles.heading_as_title(page)
        return glossary.on_page_content(html, page=page, config=config, files=files)

    @event_priority(50)
    def _search_sees(
        self, context: TemplateContext, /, *, page: Page, config: MkDocsConfig, nav: Navigation
    ) -> TemplateContext:
        # Material's search indexes page.content in its on_page_context (priority 0):
        # show it the rule text only (chq_site/search/search.py); _reader_sees puts it back.
        self._page_content = page.content
        page.content = search.search_view(page.content or "", page.url)
        return context

    def _canonical(
        self, context: TemplateContext, /, *, page: Page, config: MkDocsConfig, nav: Navigation
    ) -> TemplateContext:
        # site_url is there only for instant navigation's sitemap: a canonical link to
        # 127.0.0.1:8000 would be wrong wherever a club hosts the site.
        page.canonical_url = None
        return context

    @event_priority(-50)
    def _reader_sees(
        self, context: TemplateContext, /, *, page: Page, config: MkDocsConfig, nav: Navigation
    ) -> TemplateContext:
        page.content = self._page_content
        return context

    def _engine_settings(
        self, context: TemplateContext, /, *, page: Page, config: MkDocsConfig, nav: Navigation
    ) -> TemplateContext:
        # The one way engine settings reach a page's script: its chq-engine meta
        # (theme/material/main.html), with when this page starts the engine.
        context["chq_engine"] = engine.page_settings(self._page_engine, self._markers.start_of(page))  # type: ignore[typeddict-unknown-key]
        return context

    on_page_context = CombinedEvent(_search_sees, _canonical, _engine_settings, _reader_sees)

    def on_template_context(
        self, context: TemplateContext, /, *, template_name: str, config: MkDocsConfig
    ) -> TemplateContext:
        # 404.html too: a reader may go on from it to a calculator (instant navigation).
        context["chq_engine"] = engine.page_settings(self._page_engine, "")  # type: ignore[typeddict-unknown-key]
        return context

    def on_post_page(self, output: str, /, *, page: Page, config: MkDocsConfig) -> str:
        return offline.post_page(bundle.material_last(output, self._bundle.js.name), page, config)

    def on_post_build(self, *, config: MkDocsConfig) -> None:
        site_dir = Path(config["site_dir"])
        # Material's search plugin (listed first) has written its entries: our worker's index.
        search_index.write_index(site_dir, Path(config["docs_dir"]))
        engine.copy_engine(site_dir)
        answers.write_tables(site_dir, answers.answer_tables())
        lean.lean_pages(site_dir)
        # Last: lean the site, then sw.js (precaches all of it), then the .gz copies.
        offline.post_build(site_dir, config, self._bundle.service_worker)
        # The engine files the site holds are the ones its pages describe, or no build.
        engine.check_engine(site_dir, self._engine)
