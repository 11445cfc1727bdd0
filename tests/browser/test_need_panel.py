"""The two questions after the odds, in Chromium and in WebKitGTK (one story each, run
in both): "What do I need?" answers a Close Assault permalink from the page's answer
table before the engine has started, and the engine's answer agrees with it and with
calculators.sweep (compute() for each value, exactly); inputs outside the tables wait
for the engine and get compute()'s answer; a target it cannot take is named at its
field; on spotting a link's target=0.8 is the panel's target while target=hidden stays
the calculator's input."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from chq_site.questions.questions import moving
from chq_site.widget import permalinks

from calculators import InputError, sweep
from calculators.printing import pct
from tests.browser.page_api import ENGINE_S, MAIN, STEP_S, SitePage
from tests.browser.questions_helpers import agrees, expected_sweep, need_when

ASSAULT = permalinks.page_path("close_assault")
SPOTTING = permalinks.page_path("spotting")


def test_what_do_i_need_answers_before_the_engine_and_agrees_after(site_page: Callable[..., SitePage]) -> None:
    page = site_page(820, 1180, engine_files="held")
    page.open(f"{ASSAULT}#att_dice=6&def_dice=5&sweep=att_dice&target=0.8")
    want = expected_sweep("close_assault", {"att_dice": 6, "def_dice": 5}, "att_dice", "0.8")
    early = need_when(page, "s.state === 'ready'", "the answer table's sweep", STEP_S)
    assert early["source"] == "build" and early["engine"] != "ready", early
    agrees(early, want)
    page.release_engine_files()
    late = need_when(page, "s.source === 'engine'", "the engine's sweep", ENGINE_S)
    agrees(late, want)
    assert "sweep=att_dice" in late["hash"] and "target=0.8" in late["hash"]
    assert page.errors() == []


def test_inputs_outside_the_tables_wait_for_the_engine(site_page: Callable[..., SitePage]) -> None:
    page = site_page(820, 1180, engine_files="held")
    page.open(f"{ASSAULT}#att_dice=6&def_dice=5&att_cohesion=1&sweep=att_dice&target=0.5")
    waiting = need_when(page, "s.state === 'loading'", "the sweep waiting for the engine", STEP_S)
    assert [row["pct"] for row in waiting["rows"]] == ["…"] * 12, waiting  # the bars keep their places
    page.release_engine_files()
    answered = need_when(page, "s.source === 'engine'", "the engine's sweep at Cohesion 1", ENGINE_S)
    agrees(answered, expected_sweep("close_assault", {"att_dice": 6, "def_dice": 5, "att_cohesion": 1},
                                    "att_dice", "0.5"))
    assert page.errors() == []


def test_a_target_it_cannot_take_is_named_at_its_field(site_page: Callable[..., SitePage]) -> None:
    page = site_page(820, 1180)
    page.open(f"{ASSAULT}#att_dice=6&def_dice=5&sweep=att_dice&target=150")
    refused = need_when(page, "s.state === 'error'", "the target refused", STEP_S)
    with pytest.raises(InputError) as error:
        sweep("close_assault", {"att_dice": 6, "def_dice": 5}, "att_dice", target="150")
    assert error.value.field == "target"
    assert refused["message"] == f"Target chance: {error.value.message}.", refused
    assert refused["invalid"] == "true"
    page.tap(f"{MAIN} [data-need] input[name=target]")
    page.press("Select all")
    page.type("95")  # a number above 1: a percentage
    fixed = need_when(page, "s.state === 'ready'", "the sweep for 95%", ENGINE_S)
    agrees(fixed, expected_sweep("close_assault", {"att_dice": 6, "def_dice": 5}, "att_dice", "0.95"))
    assert fixed["message"] == "" and fixed["invalid"] is None
    assert "target=0.95" in fixed["hash"], fixed["hash"]
    assert page.errors() == []


def test_step_through_offers_only_the_inputs_that_move_the_chance(site_page: Callable[..., SitePage]) -> None:
    """At Close Assault's first round neither side's Cohesion nor Disruption Points
    change the chance: "Step through" offers the two sides' dice only
    (chq_site.questions.questions.moving), and a link that steps through the
    defender's Cohesion moves to the first input that does. The defender's dice,
    whose chance falls as they grow, say the most that keeps the target, in the
    input's own unit."""
    page = site_page(820, 1180)
    page.open(f"{ASSAULT}#att_dice=6&def_dice=5&sweep=def_cohesion&target=80")
    params = {"att_dice": 6, "def_dice": 5}
    offered = moving("close_assault", params)
    assert offered == ["att_dice", "def_dice"]  # (the package's reading; the page must agree)
    options = f"[...document.querySelectorAll('{MAIN} [data-need] select[name=sweep] option')].map(o => o.value)"
    listed = json.dumps(json.dumps(offered, separators=(",", ":")))
    page.wait(f"return JSON.stringify({options}) === {listed};",
              what=f"Step through offering {offered}", timeout=ENGINE_S)
    moved = need_when(page, "s.source === 'engine' && s.rows.length === 12 && s.rows[0].value === 1",
                      "the sweep of the first input that moves the chance", ENGINE_S)
    agrees(moved, expected_sweep("close_assault", params, offered[0], "0.8"))
    assert "sweep=att_dice" in moved["hash"], moved["hash"]
    page.run(f"const s = document.querySelector('{MAIN} [data-need] select[name=sweep]'); s.value = 'def_dice';"
             "s.dispatchEvent(new Event('change'));")
    want = expected_sweep("close_assault", params, "def_dice", "80")
    down = need_when(page, f"s.source === 'engine' && s.words === {want['words']!r}", "the defender's dice", ENGINE_S)
    agrees(down, want)
    assert want["direction"] == "down" and down["words"] == "80% holds up to 5 defender's dice: 82.6%"
    assert [row["label"] for row in down["rows"]][:2] == ["1 defender's die", "2 defender's dice"], down["rows"]
    assert page.errors() == []


def test_spotting_reads_a_number_as_the_target_and_a_word_as_its_input(site_page: Callable[..., SitePage]) -> None:
    page = site_page(820, 1180)
    page.open(f"{SPOTTING}#distance=18&target=hidden&sweep=chain_dice&target=0.8")
    shown = need_when(page, "s.state === 'ready'", "spotting's sweep", ENGINE_S)
    assert page.run(f"return document.querySelector('{MAIN} input[name=target]:checked').value") == "hidden"
    agrees(shown, expected_sweep("spotting", {"distance": 18, "target": "hidden"}, "chain_dice", "0.8"))
    assert page.text(f"{MAIN} .chq-form__message") == "", "no input named as given twice or unknown"
    assert page.errors() == []


def test_an_input_that_cannot_be_swept_is_named(site_page: Callable[..., SitePage]) -> None:
    page = site_page(820, 1180, engine_files="held")  # the page names it: no engine needed
    page.open(f"{ASSAULT}#att_dice=6&def_dice=5&sweep=att_flank")
    refused = need_when(page, "s.state === 'error'", "sweep=att_flank refused", STEP_S)
    with pytest.raises(InputError) as error:
        sweep("close_assault", {"att_dice": 6, "def_dice": 5}, "att_flank")
    assert error.value.field == "sweep"
    assert refused["words"] == f"Step through: {error.value.message}.", refused
    assert page.errors() == []


def fewest_line(a: dict[str, object], b: dict[str, object], target: str) -> str:
    """What the panel says while two setups are compared: calculators.sweep's fewest
    for each (Close Assault's attacker's dice)."""
    def side(params: dict[str, object]) -> str:
        want = expected_sweep("close_assault", params, "att_dice", target)
        point = next((p for p in want["points"] if p["value"] == want["fewest"]), None)
        last = want["points"][-1]["value"]
        return f"{point['value']} dice ({pct(point['p'])})" if point else f"none up to {last} dice"
    return f"Fewest for {pct({'exact': '4/5', 'value': 0.8}).replace('.0%', '%')}: A {side(a)}; B {side(b)}"


def test_compared_setups_show_each_ones_fewest_and_keep_the_panel_in_the_address(
        site_page: Callable[..., SitePage]) -> None:
    page = site_page(820, 1180)
    a, b = {"att_dice": 6, "def_dice": 5}, {"att_dice": 6, "def_dice": 9}
    page.open(f"{ASSAULT}#att_dice=6&def_dice=9&vs=att_dice%3D6%26def_dice%3D5&sweep=att_dice&target=0.8")
    line = f"{MAIN} [data-need-vs]"
    want = fewest_line(a, b, "0.8")
    page.wait(f"const n = document.querySelector('{line}'); return n && !n.hidden && n.textContent === {want!r};",
              what=f"the compared fewest: {want}", timeout=ENGINE_S)
    assert page.run(f"return document.querySelector('{MAIN}').dataset.view") == "need"  # the link's question
    page.tap(f"{MAIN} [data-view-button=inputs]", where_it_is=True)  # back to the inputs, as a player does
    page.tap(f"{MAIN} input[name=def_dice]")
    page.press("Select all")
    page.type("3")
    b = {"att_dice": 6, "def_dice": 3}
    want = fewest_line(a, b, "0.8")
    page.wait(f"const n = document.querySelector('{line}'); return n && n.textContent === {want!r};",
              what=f"B's fewest after an edit: {want}", timeout=ENGINE_S)
    address = page.run("return location.hash")
    assert "vs=att_dice%3D6%26def_dice%3D5" in address and "sweep=att_dice" in address and "target=0.8" in address
    assert "def_dice=3" in address, address
    assert page.errors() == []
