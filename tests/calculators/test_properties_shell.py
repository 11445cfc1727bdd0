"""Properties of "Shell it first?" whatever the inputs (its chain of readings, §8)."""

from __future__ import annotations

from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from calculators import InputError, compute

SETTINGS = settings(max_examples=120, deadline=None, derandomize=True, database=None)
#: Float sums of the irrational landing odds may differ in the last bits.
SLACK = 1e-12

plans = st.fixed_dictionaries({
    "variant": st.sampled_from(("armour-battles", "combat-hq")),
    "fire_dice": st.integers(0, 10),
    "hit_faces": st.integers(0, 6),
    "suppressions": st.integers(0, 4),
    "units": st.integers(1, 12),
    "att_dice": st.integers(1, 8),
    "def_dice": st.integers(1, 8),
    "def_cover": st.sampled_from(("none", "light", "medium", "heavy")),
    "att_flank": st.booleans(),
    "att_move": st.sampled_from(("single", "double", "triple")),
    "att_class_penalty": st.booleans(),
    "att_no_at": st.booleans(),
    "def_class_penalty": st.booleans(),
    "def_no_at": st.booleans(),
})


def answer(plan: dict[str, Any]) -> dict[str, Any]:
    try:
        return compute("shell_then_assault", plan)
    except InputError as exc:  # an assault neither side could ever win: refused, not answered
        assert exc.field == "att_dice" and "could never end" in exc.message
        assume(False)
        raise


def value(p: dict[str, Any]) -> float:
    return float(p["value"])


@SETTINGS
@given(plans)
def test_no_fire_dice_is_the_chance_without_fire(plan: dict[str, Any]) -> None:
    """A battery with no Fire Dice leaves the Blind as it was: the same chance, exactly."""
    r = answer({**plan, "fire_dice": 0})
    assert r["p_win_best"] == r["p_win_no_fire_best"]
    assert r["p_win_worst"] == r["p_win_no_fire_worst"]


@SETTINGS
@given(plans)
def test_more_fire_dice_never_lower_the_chance_of_a_suppression(plan: dict[str, Any]) -> None:
    fewer = answer(plan)
    more = answer({**plan, "fire_dice": plan["fire_dice"] + 1})
    assert value(more["p_any_suppressed"]) >= value(fewer["p_any_suppressed"]) - SLACK
    assert value(more["p_all_suppressed"]) >= value(fewer["p_all_suppressed"]) - SLACK


@SETTINGS
@given(plans)
def test_best_is_never_below_worst(plan: dict[str, Any]) -> None:
    r = answer(plan)
    assert value(r["p_win_best"]) >= value(r["p_win_worst"]) - SLACK
    assert value(r["p_win_no_fire_best"]) >= value(r["p_win_no_fire_worst"])
    assert value(r["p_any_suppressed"]) >= value(r["p_all_suppressed"]) - SLACK
    # the fire adds suppressions, never removes them: it never hurts the attacker
    assert value(r["p_win_best"]) >= value(r["p_win_no_fire_best"]) - SLACK
    assert value(r["p_win_worst"]) >= value(r["p_win_no_fire_worst"]) - SLACK


@SETTINGS
@given(plans)
def test_one_unit_makes_best_and_worst_the_same(plan: dict[str, Any]) -> None:
    r = answer({**plan, "units": 1})
    assert r["p_win_best"] == r["p_win_worst"]
    assert r["p_win_no_fire_best"] == r["p_win_no_fire_worst"]
    assert r["p_any_suppressed"] == r["p_all_suppressed"]


@SETTINGS
@given(plans)
def test_suppressions_after_the_fire_are_a_distribution_from_those_already_there(plan: dict[str, Any]) -> None:
    r = answer(plan)
    dist = {e["suppressions"]: value(e["p"]) for e in r["suppressions_after"]}
    assert abs(sum(dist.values()) - 1) <= SLACK
    assert min(dist) >= plan["suppressions"] and max(dist) <= 4


def test_the_command_lines_table_prints_the_range_its_ends_and_the_chance_without_fire() -> None:
    """--table prints the headline as the page does: the range, each end named (which
    end is which read from compute(): the attacker's best is assaulting a suppressed
    unit), then the chance without the fire and the percentage points the fire adds."""
    from calculators.labels import beside_text, ends_text, headline_text
    from calculators.printing import pct
    from calculators.table_text import render_table

    plan = {"variant": "armour-battles", "fire_dice": 5, "hit_faces": 6, "units": 3}
    r = compute("shell_then_assault", plan)
    assert r["p_win_best"]["value"] > r["p_win_worst"]["value"]
    lines = render_table("shell_then_assault", r).splitlines()
    assert lines[1].startswith(f"  Chance the attacker wins after the shelling: {headline_text('shell_then_assault', r)}  ")
    assert "–" in lines[1]
    assert lines[2] == f"  {ends_text('shell_then_assault', r)}"
    assert lines[2] == (f"  If you find a suppressed unit: {pct(r['p_win_best'])}; "
                        f"if the owner keeps an unsuppressed unit to assault: {pct(r['p_win_worst'])}")
    assert lines[3] == f"  {beside_text('shell_then_assault', r)}"
    assert lines[3] == "  Without the fire: 82.6%; the fire adds 2.2 to 6.8 percentage points"


@given(plans)
@SETTINGS
def test_the_ends_are_named_by_what_decides_them(plan: dict[str, Any]) -> None:
    """The figure named "a suppressed unit" is the chance against a suppressed unit
    whenever the Blind has one (p_win_best), the other the owner's choice; one figure
    needs no names."""
    from calculators.labels import beside_text, ends_text
    from calculators.printing import pct

    r = answer(plan)
    ends = ends_text("shell_then_assault", r)
    if pct(r["p_win_best"]) == pct(r["p_win_worst"]):
        assert ends is None
    else:
        assert ends == (f"If you find a suppressed unit: {pct(r['p_win_best'])}; "
                        f"if the owner keeps an unsuppressed unit to assault: {pct(r['p_win_worst'])}")
    beside = beside_text("shell_then_assault", r)
    assert beside is not None and beside.startswith("Without the fire: ")
    assert beside.endswith(("percentage points", "the fire makes no difference")), beside
