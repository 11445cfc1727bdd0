"""The answer bar's questions (views.js draws them live): each question a calculator's
own page answers, as the bar lists it, with the key of a link that carries it.

The build writes the bar's row of questions into the page (templates/parts.html
``views``), so that the bar has its height from the first paint, before the script
has run; the script finds them there (``data-spec``'s ``views``) and opens each
question as a sheet over the page. With JavaScript off the row is not shown: the
panels are where the build wrote them.
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Question(NamedTuple):
    """One question of the bar: ``id`` (data-view), the bar's ``label``, its ``title``
    (what it stands for, its tooltip), and ``key``: a link carrying that key opens on it."""

    id: str
    label: str
    title: str
    key: str | None = None


#: In the bar's order. A link carrying several questions opens on the one a player acts
#: in last (views-logic.js LINK_ORDER): a fight, a roll judged, a sweep, a pinned setup.
QUESTIONS = (
    Question("inputs", "Inputs", "The inputs (closes the question open)"),
    Question("odds", "Details", "The odds in full, and how they were worked out"),
    Question("need", "Need?", "What do I need?", "sweep"),
    Question("luck", "Luck?", "How lucky was that?", "rolled"),
    Question("compare", "A vs B", "Compare two setups: pin these inputs as A", "vs"),
    Question("fight", "Fight", "Fight it out, round by round", "fight"),
)

#: The calculators whose page fights an assault out round by round (fight/fight.js).
FIGHTS = frozenset({"close_assault"})


def bar_questions(mechanic: str, *, need: bool, luck: bool) -> list[dict[str, Any]]:
    """The questions a calculator's own page lists in its answer bar: Inputs, Details
    and Compare always; What do I need? with a whole-number input and a chance
    (``need``), How lucky was that? with an opposed roll (``luck``), Fight it out on
    Close Assault.

    >>> [q["id"] for q in bar_questions("supply", need=True, luck=False)]
    ['inputs', 'odds', 'need', 'compare']
    >>> [q["id"] for q in bar_questions("close_assault", need=True, luck=True)][-1]
    'fight'
    """
    offered = {"inputs": True, "odds": True, "need": need, "luck": luck, "compare": True,
               "fight": mechanic in FIGHTS}
    return [q._asdict() for q in QUESTIONS if offered[q.id]]
