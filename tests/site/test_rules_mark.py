"""The rules mark (chq_site/widget/widgets.py ``rules_mark``): the short name of the rules a
calculator answers by, which a fight's link carries so that the next build can say
when its own rules differ (issue 34, item 4; the pages: tests/browser/test_fight_address.py).

It must differ when what a link's inputs mean differs (a default, a range) or when an
answer does, and be the same for the same rules, build after build.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from chq_site.answers import answers
from chq_site.widget import widgets

from calculators import PARAMETERS


def mark(mechanic: str) -> str:
    """The mark as the build writes it into the mechanic's widget specs."""
    table = answers.table_path(mechanic, answers.table_keys(mechanic)) if mechanic in answers.TABLED else None
    spec = widgets.widget_spec(mechanic, compact=False, start={}, canonical="")
    assert spec["rules"] == widgets.rules_mark(mechanic, table)
    return str(spec["rules"])


def changed(mechanic: str, name: str, **change: Any) -> tuple[Any, ...]:
    return tuple(dataclasses.replace(p, **change) if p.name == name else p for p in PARAMETERS[mechanic])


@pytest.mark.parametrize("mechanic", ["close_assault", "shell_then_assault"])
def test_the_same_rules_have_the_same_mark(mechanic: str) -> None:
    first = mark(mechanic)
    assert len(first) == 8 and first == mark(mechanic)
    assert len({mark(m) for m in PARAMETERS}) == len(PARAMETERS)  # each calculator its own


@pytest.mark.parametrize("mechanic, name", [("close_assault", "att_cohesion"),
                                            ("shell_then_assault", "fire_dice")])
def test_another_default_or_range_is_another_mark(monkeypatch: pytest.MonkeyPatch, mechanic: str,
                                                   name: str) -> None:
    before = mark(mechanic)
    param = next(p for p in PARAMETERS[mechanic] if p.name == name)
    with monkeypatch.context() as patch:
        patch.setitem(PARAMETERS, mechanic, changed(mechanic, name, default=param.default + 1))
        assert mark(mechanic) != before
    with monkeypatch.context() as patch:
        patch.setitem(PARAMETERS, mechanic, changed(mechanic, name, maximum=param.maximum + 1))
        assert mark(mechanic) != before
    assert mark(mechanic) == before


def test_another_answer_is_another_mark(monkeypatch: pytest.MonkeyPatch) -> None:
    """Close Assault's answers are its answer table's (named by its content);
    shell-first's, compute()'s at its starting inputs and worked examples."""
    before = mark("close_assault")
    monkeypatch.setattr(answers, "table_path", lambda mechanic, keys: f"assets/answers/{mechanic}.other.json")
    assert mark("close_assault") != before
    before = mark("shell_then_assault")
    reply = answers.build_reply

    def other(request: str) -> str:
        data = json.loads(reply(request))
        data["result"]["headline_changed"] = True
        return json.dumps(data)

    monkeypatch.setattr(answers, "build_reply", other)
    assert mark("shell_then_assault") != before
