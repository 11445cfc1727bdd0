"""The Combat HQ Rules Companion's site build: a MkDocs plugin (``chq-site``).

How a page's calculator comes to be::

    docs/**/*.md  --markers-->  widgets (HTML + build-time answers)  --MkDocs-->  site/
                                                   |
    calculators/  --engine-->  wheel + Pyodide + snapshot  --------------------->  site/assets/engine/

One module per concern, each wired to MkDocs by ``plugin``:

* ``markers``: the ``<!-- calculator: ... -->`` lines of a page (and the scripting page's
  and the search words' markers), a Markdown extension that parses and expands them;
* ``widgets``: a widget's HTML from the Jinja templates in ``templates/``;
* ``presentation``: what widgets show (titles, labels, presets, groups, figures, charts), as data;
* ``permalinks``: what a permalink's inputs mean and how a link is written;
* ``answers``: answers computed at build time (a widget's own, and the answer tables);
* ``static_tables``: the table every widget carries, for readers without the engine;
* ``glossary``: links from game terms to the glossary;
* ``engine``: the Pyodide runtime, the calculators wheel and the memory snapshot;
* ``bundle``: our stylesheets and modules as one file each (esbuild), Material's script after ours;
* ``lean`` and ``offline``: what is dropped from the built site, and the offline copy;
* ``runner``: one strict build (``mkdocs build --strict``), for tests, bundle and benchmarks.

Data flows one way: this package imports ``calculators``; ``calculators`` knows
nothing of it.
"""
