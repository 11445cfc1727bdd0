"""Site benchmark: how fast the calculators answer in Chromium, against a bare Pyodide boot.

    python -m tools.bench_site                  # build the site into a temp folder, 5 runs
    python -m tools.bench_site --runs 7
    python -m tools.bench_site --site DIR       # measure an already built site (copied first)

Prints figures and ratios beside their targets; asserts nothing; not a test.

Serving. A copy of the built site is served on 127.0.0.1 (loopback, no throttling)
by a threaded server whose request handler IS the club bundle's
(``bundle_serve.Handler``: the ``.gz`` copies to browsers that accept gzip, content
ETags, ``no-cache`` except for names carrying a content hash). The only additions:
a byte counter on the socket: every request is logged with its start time, path,
status and the bytes sent (headers + body, as on the wire). (And no 404 page after a
304: bundle_serve.Handler as of 7a3c511 writes one after every 304, as send_file
returns None for "not modified" as for "no such file"; the browser ignores it.) Bytes are counted there,
not from Resource Timing, because the engine's requests come from its worker (not in
the page's performance buffer) and the service worker's own requests (its install,
its update checks) are in no page's buffer at all.

The bare boot. Two files are added to the temporary copy only (never to a published
site): ``bench-bare.html``, whose ``<head>`` starts a module worker
(``bench-bare-worker.js``) that imports the site's own
``assets/engine/pyodide/pyodide.mjs`` and calls ``loadPyodide({indexURL})`` with the
site's indexURL: no snapshot, no wheel. The page notes ``performance.now()`` when
the worker says loadPyodide resolved. A calculator page starts its engine worker later,
from its bundled page script (``engine/engine.js`` ``start()``), so the bare page has a
head start in this comparison. Both files are also added to the copy's
``sw.js`` precache list (``FILES``, with their size and SHA-256, and ``sw.js.gz``
rewritten), so that on a repeat visit the bare page, its worker and the Pyodide
files are all answered by the service worker from its cache, exactly as for a
calculator page: the same service-worker policy on both sides.

Visits. Chromium is Debian's (tests/conftest.py CHROMIUM, CHROMIUM_ARGS), headless,
through Playwright's ``launch_persistent_context``; every visit is its own browser
launch, and the browser is closed after it. No request is intercepted (routing
would pause every request in Playwright), off-origin requests are only counted.
CHROMIUM_ARGS keep Chromium from rendering its address bar's popup (a WebUI page in
a renderer of its own, never shown headless) at every start: on 2 cores that took
1-2 s of CPU from the first 2 s of every visit, bare or not. ``--browser-ui``
measures with it, for comparison.

* first visit: a new, empty profile (user-data-dir) per visit: no HTTP cache, no
  V8 code cache, no service worker, for the bare page as for each calculator page.
  (One shared profile would make the second "first" visit of a run a warm one: its
  Pyodide files revalidated from the HTTP cache and its wasm compiled from the code
  cache, and the bare page controlled by the calculator's service worker.)
* the first visit of the spotting permalink goes on until the offline copy is
  complete (offline.js: ``<html data-offline="ready">``) and the service worker
  controls the page; its browser is then closed. That profile, P, is "a browser that
  has visited the site once and saved it offline".
* repeat visit: a byte-for-byte copy of P, made while no browser runs, per repeat
  visit, and the browser started on it: restarted, with the service worker in
  control and the same HTTP and code caches, for the bare page as for each
  calculator page. (Copies rather than P itself, so that no repeat visit warms the
  caches of the next one.) The bare page was never opened in P: its files and all
  the Pyodide files come from the service worker's cache, as the calculator's do.
* each run k = 1..N makes every visit once; the order alternates between runs
  (odd: bare first visit, calculator first visit, rules page; even: rules page,
  calculator, bare; the same for the repeat visits; the other calculators, and on
  first visits a second rules page, rotate).

Figures, each the median (min-max) of the N runs, times from navigation start
(``performance.now()`` origin of the page), read from the page's own marks:
``chq-answer-build`` / ``chq-answer-engine`` (the first answer; the site's
script), ``chq-engine-ready`` (``data-engine="ready"``), the widget's
``data-engine-boot``, and the paint timing's first-contentful-paint. Ratios are taken
run by run against the bare boot of the same run (first visit against the bare first
visit, repeat against the bare repeat), then their median. First paint: per run, the
median over every calculator's first visit against the median over the rules pages'
(a single pair of first visits swung 0.8-1.5 on 2 cores).

Bytes: the server's log for the visit, from navigation to the engine ready (first
visit: page and engine worker; the offline copy the service worker then saves is
reported apart), and on a repeat visit to the engine ready and offline.js's status
answer. On a repeat visit Chromium may still ask the server for the page itself (a
304, sent while the service worker starts; the page shown is the worker's: its
navigation entry says deliveryType "cache-storage", which the report tallies) and for
``sw.js`` (its update check): those are counted; the server's request list of the
last run's repeat visits is printed.

On a busy machine the figures swing a lot: compare medians of runs made back to
back, on a quiet machine (the load average is printed).

The package, by what each part does: ``common`` (the pages visited and the targets),
``server`` (serving the copy, counting bytes), ``prepare`` (the build and the bare
boot page), ``visits`` (one browser visit of each kind, one run), ``report`` (the
figures), ``cli`` (the command line; ``python -m tools.bench_site``).
"""
