"""How lucky was that? in Chromium and in WebKitGTK (one story each, run in both): a
Close Assault permalink's roll (rolled=5,3) at the starting inputs is answered from the
pools the build wrote before the engine has started, and the engine's answer agrees
with it and with calculators.luck, exactly; so is a roll at settings that are neither
starting inputs nor a worked example, from the pools the answer tables carry; a count a side cannot roll is named, in the
package's words; spotting where it is automatic is refused naming the distance."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from chq_site.widget import permalinks

from calculators import PARAMETERS, InputError, compute, luck
from tests.browser.page_api import ENGINE_S, STEP_S, SitePage
from tests.browser.questions_helpers import expected_luck, luck_when

ASSAULT = permalinks.page_path("close_assault")
SPOTTING = permalinks.page_path("spotting")
START = {"att_dice": 6, "def_dice": 5}


def test_a_roll_is_judged_before_the_engine_and_agrees_after(site_page: Callable[..., SitePage]) -> None:
    page = site_page(820, 1180, engine_files="held")
    page.open(f"{ASSAULT}#att_dice=6&def_dice=5&rolled=5,3")
    want = expected_luck("close_assault", START, 5, 3)
    early = luck_when(page, "s.state === 'ready'", "the roll judged from the build's pools", STEP_S)
    assert early["source"] == "build" and early["engine"] != "ready", early
    assert {key: early[key] for key in want} == want
    page.release_engine_files()
    late = luck_when(page, "s.source === 'engine'", "the engine's judgement", ENGINE_S)
    assert {key: late[key] for key in want} == want
    assert page.errors() == []


# Settings the answer tables cover that the page carries no answer of its own for.
TABLED = [
    ("close_assault", {"att_dice": 9, "def_dice": 7, "att_flank": True, "def_cover": "heavy"}, (3, 4),
     "att_dice=9&def_dice=7&att_flank=true&def_cover=heavy"),
    ("spotting", {"distance": 30, "cover": "medium", "moving": True}, (3, 1), "distance=30&cover=medium&moving=true"),
]


@pytest.mark.parametrize(("mechanic", "params", "roll", "fragment"), TABLED, ids=[t[0] for t in TABLED])
def test_a_roll_at_any_tabled_setting_is_judged_before_the_engine(
        site_page: Callable[..., SitePage], mechanic: str, params: dict[str, object], roll: tuple[int, int],
        fragment: str) -> None:
    page = site_page(820, 1180, engine_files="held")
    path = ASSAULT if mechanic == "close_assault" else SPOTTING
    page.open(f"{path}#{fragment}&rolled={roll[0]},{roll[1]}")
    want = expected_luck(mechanic, params, *roll)
    early = luck_when(page, "s.state === 'ready'", "the roll judged from the answer table's pools", STEP_S)
    assert early["source"] == "build" and early["engine"] != "ready", early
    assert {key: early[key] for key in want} == want
    page.release_engine_files()
    late = luck_when(page, "s.source === 'engine'", "the engine's judgement", ENGINE_S)
    assert {key: late[key] for key in want} == want
    assert page.errors() == []


def test_inputs_compute_refuses_are_refused_before_the_roll(site_page: Callable[..., SitePage]) -> None:
    """At settings the answer table covers but compute() refuses (neither side can
    roll a success: the assault could never end), the page does not judge the roll
    from the build's pools: it waits for the engine, whose luck() refuses the inputs
    first, naming compute()'s field, in its words."""
    params = {"att_dice": 1, "def_dice": 1, "def_class_penalty": True, "def_no_at": True, "att_move": "double"}
    with pytest.raises(InputError) as computed:
        compute("close_assault", params)
    page = site_page(820, 1180, engine_files="held")
    page.open(f"{ASSAULT}#att_dice=1&def_dice=1&def_class_penalty=true&def_no_at=true&att_move=double&rolled=0,0")
    waiting = luck_when(page, "s.open && s.state === 'loading'", "the roll waiting for the engine", STEP_S)
    assert waiting["result"] is None and waiting["source"] is None, waiting
    page.release_engine_files()
    refused = luck_when(page, "s.state === 'error'", "the inputs refused", ENGINE_S)
    label = next(p.label for p in PARAMETERS["close_assault"] if p.name == computed.value.field)
    assert refused["words"] == f"{label}: {computed.value.message}.", refused
    assert "1 in 1" not in refused["words"]
    assert page.errors() == []


def test_more_successes_than_dice_is_named(site_page: Callable[..., SitePage]) -> None:
    page = site_page(820, 1180, engine_files="held")  # the page names it: no engine needed
    page.open(f"{ASSAULT}#att_dice=6&def_dice=5&rolled=9,3")
    refused = luck_when(page, "s.state === 'error'", "the count refused", STEP_S)
    with pytest.raises(InputError) as error:
        luck("close_assault", START, 9, 3)
    assert refused["message"] == f"Successes rolled: {error.value.message}."
    assert page.errors() == []


def test_spotting_where_it_is_automatic_is_refused_naming_the_distance(site_page: Callable[..., SitePage]) -> None:
    page = site_page(820, 1180)
    page.open(f"{SPOTTING}#distance=4&rolled=1,0")
    refused = luck_when(page, "s.state === 'error'", "automatic spotting refused", ENGINE_S)
    with pytest.raises(InputError) as error:
        luck("spotting", {"distance": 4}, 1, 0)
    label = next(p.label for p in PARAMETERS["spotting"] if p.name == error.value.field)
    assert error.value.field == "distance" and refused["words"] == f"{label}: {error.value.message}.", refused
    assert page.errors() == []
