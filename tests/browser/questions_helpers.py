"""What the stories of the two questions after the odds share (test_need_panel.py, test_luck_panel.py):
the panels' state read in one script, and what the package says they must show."""

from __future__ import annotations

from typing import Any

from chq_site.questions.questions import span

from calculators import luck, sweep
from calculators.registry import BY_NAME

# "What do I need?" as one snapshot: its state, source, words, and each bar's value,
# printed chance and exact fraction; the target field's message.
NEED = """
const n = document.querySelector('.chq-widget[data-mode=full] [data-need]');
if (!n) return null;
return {open: n.open, state: n.dataset.state || null, source: n.dataset.source || null,
        words: (n.querySelector('.chq-need__words') || {}).textContent || '',
        rows: [...n.querySelectorAll('.chq-need__row')].map(r => ({
          value: Number(r.dataset.value), current: r.getAttribute('aria-current') === 'true',
          label: r.querySelector('.chq-need__label').textContent,
          pct: r.querySelector('.chq-need__pct').textContent,
          exact: r.querySelector('.chq-need__pct').dataset.exact || null})),
        message: (n.querySelector('[data-question-field=target] .chq-msg') || {}).textContent || '',
        invalid: (n.querySelector('input[name=target]') || {getAttribute: () => null}).getAttribute('aria-invalid'),
        engine: document.querySelector('.chq-widget[data-mode=full]').dataset.engine || null,
        hash: location.hash};
"""

# "How lucky was that?" as one snapshot.
LUCK = """
const n = document.querySelector('.chq-widget[data-mode=full] [data-luck]');
if (!n) return null;
return {open: n.open, state: n.dataset.state || null, source: n.dataset.source || null,
        words: (n.querySelector('.chq-luck__words') || {}).textContent || '',
        result: n.dataset.result ? JSON.parse(n.dataset.result) : null,
        message: (n.querySelector('.chq-msg') || {}).textContent || '',
        engine: document.querySelector('.chq-widget[data-mode=full]').dataset.engine || null};
"""


def need_when(page: Any, condition: str, what: str, timeout: float) -> dict[str, Any]:
    """Wait until ``condition`` (a JS expression over ``s``, the panel's snapshot) holds."""
    body = f"const s = (() => {{ {NEED} }})(); return s && ({condition}) ? s : null;"
    return dict(page.wait(body, what=what, timeout=timeout))


def luck_when(page: Any, condition: str, what: str, timeout: float) -> dict[str, Any]:
    body = f"const s = (() => {{ {LUCK} }})(); return s && ({condition}) ? s : null;"
    return dict(page.wait(body, what=what, timeout=timeout))


def expected_sweep(mechanic: str, params: dict[str, Any], over: str, target: str) -> dict[str, Any]:
    """calculators.sweep's answer over the values the panel sweeps for these inputs."""
    current = BY_NAME[mechanic].check(params)[over]
    first, last = span(mechanic, over, current)
    return sweep(mechanic, params, over, f"{first}..{last}", target)


def agrees(shown: dict[str, Any], want: dict[str, Any]) -> None:
    """The panel shows the package's sweep: each value's exact chance, the value
    shown marked, the same words."""
    current = want["current"]["value"] if want["current"] else None
    assert [row["value"] for row in shown["rows"]] == [p["value"] for p in want["points"]], shown
    assert [row["exact"] for row in shown["rows"]] == [p["p"]["exact"] for p in want["points"]], shown
    assert [row["current"] for row in shown["rows"]] == [p["value"] == current for p in want["points"]], shown
    assert shown["words"] == want["words"], shown


def expected_luck(mechanic: str, params: dict[str, Any], mine: int, theirs: int) -> dict[str, Any]:
    answer = luck(mechanic, params, mine, theirs)
    return {"words": answer["words"], "result": {key: answer[key] for key in ("p_mine_at_least", "p_margin_at_least")}}


def tab_to(page: Any, selector: str, most: int = 150) -> None:
    """Press Tab until the element ``selector`` names has the focus, as a player on a
    keyboard does (at most ``most`` presses)."""
    for _ in range(most):
        if page.run(f"return document.activeElement === document.querySelector({selector!r})"):
            return
        page.press("Tab")
    raise AssertionError(f"{most} presses of Tab never reached {selector}")
