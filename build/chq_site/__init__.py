"""The Combat HQ Rules Companion's site build: a MkDocs plugin (``chq-site``).

How a page's calculator comes to be::

    docs/**/*.md  --markers-->  widgets (HTML + build-time answers)  --MkDocs-->  site/
                                                   |
    calculators/  --engine-->  wheel + Pyodide + snapshot  --------------------->  site/assets/engine/

One folder per feature, each holding the feature's Python, browser modules, styles
and templates, each wired to MkDocs by ``plugin`` (the one MkDocs plugin):

* ``markers``: the ``<!-- calculator: ... -->`` lines of a page (and the scripting page's
  and the search words' markers), a Markdown extension that parses and expands them;
* ``widget/``: ``widgets`` (a widget's HTML from the Jinja templates in ``widget/templates/``),
  ``presentation`` (what widgets show: titles, labels, presets, groups, figures, charts,
  as data), ``permalinks`` (what a permalink's inputs mean and how a link is written),
  ``static_tables`` (the table every widget carries, for readers without the engine),
  ``calculator_page`` and ``calculator_pages/`` (each mechanic's page description);
* ``answers/``: answers computed at build time (a widget's own, and the answer tables:
  ``answers``, ``answer_groups``, ``answer_index``);
* ``glossary/``: links from game terms to the glossary;
* ``engine/``: the Pyodide runtime, the calculators wheel and the memory snapshot
  (``engine``, ``snapshot``);
* ``search/``: the tuned search index and the players' words (``search``, ``search_index``,
  ``search_words``);
* ``offline/``: the offline copy (``offline``); ``theme/``: our Material overrides, page
  titles (``titles``) and what is dropped from Material's output (``lean``);
* ``bundle``: our stylesheets and modules as one file each (esbuild), Material's script after ours;
* ``scripting``: the "Scripting the calculators" page's tables and examples;
* ``paths``: where things are; ``runner``: one strict build (``mkdocs build --strict``),
  for tests, bundle and benchmarks.

Data flows one way: this package imports ``calculators``; ``calculators`` knows
nothing of it.
"""
