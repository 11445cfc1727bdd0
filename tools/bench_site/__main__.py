"""``python -m tools.bench_site``: see :mod:`tools.bench_site`."""

import sys

from tools.bench_site.cli import main

sys.exit(main())
