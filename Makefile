# Tasks by name. `make serve` and `make test` are the two commands in the README.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp
SITE_STAMP := $(VENV)/.site-installed-stamp
export NO_MKDOCS_2_WARNING := 1

.PHONY: setup serve build test test-fast check bench bundle browser clean

$(STAMP): pyproject.toml package.json package-lock.json
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[dev]"
	npm ci --no-audit --no-fund --loglevel=error
	touch $(STAMP)

# The site build (build/chq_site, the MkDocs plugin `chq-site`), editable: its own
# small package, never part of the calculators wheel. Its tools came with .[dev].
$(SITE_STAMP): $(STAMP) build/pyproject.toml
	$(PY) -m pip install --quiet --no-build-isolation -e build/
	touch $(SITE_STAMP)

setup: $(STAMP) $(SITE_STAMP)   ## Python venv with pinned tools, the site build, Pyodide and esbuild from npm

serve: setup                    ## build and serve at http://127.0.0.1:8000 (an edit under docs/ rebuilds, our JS/CSS bundle too)
	$(VENV)/bin/mkdocs serve --strict -a 127.0.0.1:8000

build: setup                    ## build the site into site/
	$(VENV)/bin/mkdocs build --strict

browser:                        ## Debian's Chromium and its headless shell, WebKitGTK driver and Xvfb for the browser tests
	bash tools/install-browser.sh

# One test process per core and one more (pytest-xdist; three here): a test file runs
# whole in one of them, with its own browser; the site is built once for them all
# (tests/site_build.py). With one per core the browsers' waits left the CPU 10 % idle
# during `make test`; one more fills it (vmstat: 1 % idle; 14 min 12 s instead of
# 15 min 39 s on 2 cores). The files start in the order tests/run_order.py sets
# (longest first, the site's build overlapped; xdist would queue them by their
# number of tests, and the long few-test stories ran last, alone).
WORKERS := $(shell echo $$(( $$(nproc) + 1 )))
PYTEST := $(PY) -m pytest -n $(WORKERS) --dist loadfile --no-loadscope-reorder

# The browser code's logic, without a browser (Node's own test runner: tests/js/).
NODE_TESTS := node --test tests/js/

test: setup browser             ## every test: the browser code's logic under Node, then package, site, browser
	$(NODE_TESTS)
	$(PYTEST)

# The everyday loop: every test that needs no browser (package, doors, fuzzing at
# 1,000 inputs a door, the site build, answer tables, bundle, server).
test-fast: setup               ## every test but the browser ones, fuzzing at a smaller count
	$(NODE_TESTS)
	CHQ_FUZZ_EXAMPLES=1000 $(PYTEST) -m "not browser"

check: test

bench: setup browser            ## benchmarks: print figures, assert nothing
	$(PY) -m tools.bench_calculators
	$(PY) -m tools.bench_site
	$(PY) -m tools.bench_browsers
	$(PY) -m tools.bench_questions

bundle: setup                   ## club bundle: dist/combat-hq-rules-<version>.zip
	$(PY) -m tools.bundle

clean:
	rm -rf site dist .artifacts
