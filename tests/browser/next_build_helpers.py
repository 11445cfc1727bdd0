"""The next build of the site, for links made by one build and opened by another
(tests/browser/test_fight_address.py, in both engines).

A player's link outlives the build that made it: the site is updated, and a fight
saved in an address last week opens on this week's pages. ``next_build`` makes such a
build without building: a folder of links to the built site's files, in which one
calculator page's widget specs (``data-spec``) are edited as another build's might be
(an input with another default, another rules mark), everything else the same.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from calculators import PARAMETERS
from tests.browser import fight_helpers as F
from tests.browser.site_helpers import page_file

# A widget's spec, as widgets.py writes it: JSON in single quotes (``quoted``).
SPEC = re.compile(r"data-spec='([^']*)'")
# What the fight panel says of a fight whose link another build made (its rules mark
# is not this build's): the inputs and taps are the link's, the odds this build's.
SAVED_ELSEWHERE = ("This fight was saved by another version of the calculator: its inputs and taps"
                   " are as saved; the odds shown follow this version’s rules.")
# What the fight panel's notes say, as a function body for either lane ("" for nothing).
FIGHT_NOTE = ("const p = document.querySelector('.chq-widget[data-mode=full] [data-fight]');"
              " return p ? [...p.querySelectorAll('.chq-fight__note')].map((n) => n.textContent.trim())"
              ".filter(Boolean).join(' ') : null;")
# Another build's rules mark (this one's is a short hash: never this).
OTHER_RULES = "another"
# The attacker's Cohesion in Close Assault: this build's default, and the next
# build's (issue 34: 3 -> 4).
COHESION = next(p.default for p in PARAMETERS[F.MECHANIC] if p.name == "att_cohesion")
NEXT_COHESION = COHESION + 1


def spec_attribute(spec: dict[str, Any]) -> str:
    """``data-spec='...'`` for ``spec``, escaped as the build escapes it."""
    text = json.dumps(spec, ensure_ascii=False, separators=(",", ":"))
    return "data-spec='" + text.replace("&", "&amp;").replace("'", "&#39;").replace("<", "&lt;") + "'"


def edit_specs(page_html: str, mechanic: str, edit: Callable[[dict[str, Any]], None]) -> str:
    r"""``page_html`` with ``edit`` applied to each of its widget specs for ``mechanic``.

    >>> page = "<div data-spec='{\"mechanic\":\"a\",\"t\":\"it&#39;s &lt;b> &amp;\"}'>"
    >>> edit_specs(page, "a", lambda spec: None) == page  # escaped as the build escapes it
    True
    >>> edit_specs(page, "a", lambda spec: spec.update(t="x"))
    '<div data-spec=\'{"mechanic":"a","t":"x"}\'>'
    """
    found = 0

    def one(match: re.Match[str]) -> str:
        nonlocal found
        spec = json.loads(html.unescape(match.group(1)))
        if spec["mechanic"] != mechanic:
            return match.group(0)
        found += 1
        edit(spec)
        return spec_attribute(spec)

    edited = SPEC.sub(one, page_html)
    assert found, f"no {mechanic} widget in the page"
    return edited


def with_default(name: str, value: Any, rules: str) -> Callable[[dict[str, Any]], None]:
    """A spec edit: ``name``'s default (and so what a link leaving it out means) is
    ``value``, and the rules mark is ``rules``."""
    def edit(spec: dict[str, Any]) -> None:
        param = next(p for p in spec["params"] if p["name"] == name)
        param["default"] = value
        spec["base"][name] = value
        spec["rules"] = rules
    return edit


def next_build(site: Path, out: Path, page: str, mechanic: str,
               edit: Callable[[dict[str, Any]], None]) -> Path:
    """A copy of the built ``site`` in ``out`` (links to its files, the served page's
    folders made anew) whose ``page`` has ``edit`` applied to its ``mechanic`` specs."""
    target = page_file(site, page).relative_to(site)
    source, copy = site, out
    copy.mkdir(parents=True)
    for depth, name in enumerate(target.parts):
        for entry in source.iterdir():
            if entry.name != name:
                (copy / entry.name).symlink_to(entry, target_is_directory=entry.is_dir())
        source, copy = source / name, copy / name
        if depth < len(target.parts) - 1:
            copy.mkdir()
    copy.write_text(edit_specs(source.read_text(encoding="utf-8"), mechanic, edit), encoding="utf-8")
    return out



def next_fight_build(site: Path, out: Path) -> Path:
    """The next build of the fight tests: Close Assault's attacker Cohesion defaults
    to NEXT_COHESION, and its rules mark is another build's."""
    return next_build(site, out, F.PAGE, F.MECHANIC, with_default("att_cohesion", NEXT_COHESION, OTHER_RULES))
