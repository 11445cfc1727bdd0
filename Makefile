# Tasks by name. `make serve` and `make test` are the two commands in the README.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp
export NO_MKDOCS_2_WARNING := 1

.PHONY: setup serve build test check bench bundle browser clean

$(STAMP): pyproject.toml package.json package-lock.json
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[dev]"
	npm ci --no-audit --no-fund --loglevel=error
	touch $(STAMP)

setup: $(STAMP)                 ## Python venv with pinned tools, Pyodide from npm

serve: setup                    ## build and serve at http://127.0.0.1:8000
	$(VENV)/bin/mkdocs serve --strict -a 127.0.0.1:8000

build: setup                    ## build the site into site/
	$(VENV)/bin/mkdocs build --strict

browser:                        ## Debian's Chromium, WebKitGTK driver and Xvfb for the browser tests
	bash build/install-browser.sh

test: setup browser             ## every test: package, site, browser
	$(PY) -m pytest

check: test

bench: setup browser            ## benchmarks: print figures, assert nothing
	$(PY) build/bench_calculators.py
	$(PY) build/bench_site.py

bundle: setup                   ## club bundle: dist/combat-hq-rules-<version>.zip
	$(PY) build/bundle.py

clean:
	rm -rf site dist .artifacts
