"""Tooling beside the site build: benchmarks, the club bundle, the browser installer
and the icon drawing. Run from the repository root as modules (``python -m
tools.bundle``); the site build itself is the ``chq_site`` package in ``build/``.
"""
