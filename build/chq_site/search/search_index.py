"""The search index our search worker reads, made at build time.

Material's search plugin writes ``search/search_index.json`` (its entries: a page's
introduction, one per section); :func:`write_index` rewrites it as our worker
(``search/worker/``) reads it, so a tablet builds nothing:

* :func:`index_entries`: the entries as the worker shows them (location, title,
  text, boost) and as MiniSearch indexes them: the entry's
  title, its page's title (a section of the Close Assault page is about Close
  Assault), its text, and the players' words for the rules' words it holds
  (:mod:`chq_site.search.search_words`: an entry that says "Close Assault" is found
  by "melee", so a query is never rewritten), with the page's description for a
  page's introduction.
* :func:`build_engine_index`: MiniSearch's index of them, made by Node
  (``search/search_index.mjs``, with the options the worker loads it with,
  ``search/worker/options.js``), serialized into the index's ``config``.
"""

from __future__ import annotations

import html
import json
import re
import subprocess
import tomllib
from pathlib import Path
from typing import Any

from chq_site.paths import PACKAGE, ROOT
from chq_site.search.search_words import CALCULATOR_WORDS, WORDS, Words

# Page URL prefix -> boost of its entries (longest prefix wins). A section of the
# rules is the answer to a question; the calculators come first when asked for odds
# (INTENT_BOOST); the reference pages repeat the rules in short.
BOOSTS: dict[str, float] = {
    "rules/": 1.0,
    "calculators/": 0.25,
    # Two rules in one: it holds the words of both; asked for either, its own calculator.
    "calculators/shell-first/": 0.15,
    "reference/quick-reference/": 0.1,
    "reference/glossary/": 0.05,
    "reference/scripting/": 0.05,
    "hosting/": 0.05,
    "": 0.1,  # the home page (and any page not listed)
}
# A page's introduction ranks below its sections: "a section answers before its page".
PAGE_TOP = 0.8
# Words that ask for a number rather than a rule: such a query finds the calculators
# first (the worker leaves them out of the search; a typo of one counts).
INTENT_WORDS = (
    "odds",
    "chance",
    "chances",
    "probability",
    "probabilities",
    "likely",
    "likelihood",
    "calculator",
    "calculators",
    "calculate",
    "calc",
    "percent",
    "percentage",
)
# Two words that ask the same: "will my blind get 18 inches", "should I bombard first".
INTENT_PHRASES = ("will my", "should i", "what are my", "how likely")
INTENT_BOOST = 50
INCH = re.compile(r"(?<=\d)\s?[”″\"](?!\w)")
NODE_SCRIPT = PACKAGE / "search" / "search_index.mjs"
# What each section answers, in players' words, written from the rules section by
# section (never from the questions the ranking is scored on).
ASKS = PACKAGE / "search" / "section_asks.toml"
TIMEOUT = 120


def boost_for(location: str) -> float:
    """The boost of an index entry from its page's URL (:data:`BOOSTS`).

    >>> boost_for("rules/blinds/#dummy-blinds"), boost_for("reference/glossary/#tn"), boost_for("")
    (1.0, 0.05, 0.1)
    """
    path = location.split("#", 1)[0]
    best = max((prefix for prefix in BOOSTS if path.startswith(prefix)), key=len)
    return BOOSTS[best]


def plain(text: str) -> str:
    """An entry's text without its markup.

    >>> plain("<p>Blinds move <em>18&#8221;</em>.</p>")
    'Blinds move 18” .'
    """
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", text)).split())


def inches(text: str) -> str:
    """The text as it is indexed: a distance the rules write with the inch mark
    ("6”", "0–6”") also in the word players type ("6 inches").

    >>> inches("Blinds within 6” are spotted; 12–24” 4+ TN")
    'Blinds within 6” inches are spotted; 12–24” inches 4+ TN'
    """
    return INCH.sub(r"\g<0> inches", text)


def players_words(text: str, words: tuple[Words, ...] = WORDS) -> str:
    """The players' words for each rules' word that ``text`` holds (a plural or an
    ending after it counts: "Blinds", "deployed").

    >>> players_words("A draw occurs when both sides roll...", (Words("draw", ("tie", "stalemate")),))
    'tie stalemate'
    >>> players_words("withdraw", (Words("draw", ("tie",)),))
    ''
    """
    found: list[str] = []
    for entry in words:
        pattern = r"\b" + re.escape(entry.rules).replace(r"\ ", r"\s+") + r"(?:s|es|ed|ing|d)?\b"
        if re.search(pattern, text, re.I):
            found.extend(p for p in entry.players if p not in found)
    return " ".join(found)


def new_words(words: str, said: str) -> str:
    """``words`` without those ``said`` already holds (a plural's "s" aside): "fake
    blind" adds "fake" to an entry about Blinds, not a second "blind" that would count
    the entry's own word twice.

    >>> new_words("decoy fake blind dummy marker", "Dummy Blinds")
    'decoy fake marker'
    """
    held = {w.lower().removesuffix("s") for w in re.findall(r"[\w'-]+", said)}
    return " ".join(w for w in words.split() if w.lower().removesuffix("s") not in held)


def description(location: str, docs_dir: Path) -> str:
    """A page's ``description`` (its front matter: what a search engine shows), for
    a page's introduction; "" for a section or a page without one."""
    if "#" in location:
        return ""
    source = docs_dir / (location + "index.md" if location.endswith("/") or not location else location)
    if not source.is_file():
        source = docs_dir / (location.rstrip("/") + ".md")
    if not source.is_file():
        return ""
    found = re.match(r"---\n(.*?)\n---\n", source.read_text(encoding="utf-8"), re.S)
    line = re.search(r"^description:\s*(.+)$", found.group(1), re.M) if found else None
    return line.group(1).strip() if line else ""


def section_asks(path: Path = ASKS) -> dict[str, str]:
    """What each entry answers (its location -> the players' questions, as one text),
    from ``section_asks.toml``."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return {location: " ".join(entry["asks"]) for location, entry in data.items()}


def index_entries(
    docs: list[dict[str, Any]], docs_dir: Path = ROOT / "docs", asks: dict[str, str] | None = None
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Material's entries as the worker shows them (location, title, text, boost) and
    as MiniSearch indexes them (id: their position; title; named: the players' words
    for its title's words; page; text, with a calculator's own words in a player's
    words, search_words.CALCULATOR_WORDS; words: the players' words for the others
    and, for a page's introduction, the page's description; asks: what it answers,
    in players' questions: ``asks``, by default :func:`section_asks`, each of whose
    locations must be an entry's)."""
    pages = {d["location"]: plain(d["title"]) for d in docs if "#" not in d["location"]}
    asks = section_asks() if asks is None else asks
    unknown = sorted(set(asks) - {d["location"] for d in docs})
    if unknown:
        raise ValueError(f"{ASKS.name} names what is no section of the site (renamed or gone?): {unknown}")
    shown, indexed = [], []
    for number, doc in enumerate(docs):
        location = doc["location"]
        title, text = plain(doc["title"]), inches(plain(doc["text"]))
        page = pages.get(location.split("#", 1)[0], "") if "#" in location else ""
        # A player's word for a title's word names the entry as the title does.
        named = new_words(players_words(title), f"{title} {page} {text}")
        words = new_words(players_words(f"{page} {text}"), f"{title} {page} {text} {named}")
        words = f"{words} {description(location, docs_dir)}".strip()
        # What a calculator answers, in a player's words its page does not use: its
        # own text, not a player's word for a rules' word ("running out" is said whole).
        text = f"{text} {CALCULATOR_WORDS.get(location, '')}".strip()
        whole = "#" in location or location.startswith("calculators/")  # a calculator's page is one entry
        boost = boost_for(location) * (1 if whole else PAGE_TOP)
        shown.append(
            {"location": location, "title": doc["title"], "text": doc["text"], "boost": round(boost, 4)}
        )
        indexed.append({"id": number, "title": title, "named": named, "page": page, "text": text, "words": words,
                        "asks": asks.get(location, "")})
    return shown, indexed


def build_engine_index(entries: list[dict[str, Any]]) -> dict[str, Any]:
    """MiniSearch's index of ``entries``, made by Node (``search/search_index.mjs``)."""
    try:
        done = subprocess.run(
            ["node", str(NODE_SCRIPT)], input=json.dumps(entries), cwd=ROOT,
            capture_output=True, text=True, timeout=TIMEOUT, check=False,
        )  # fmt: skip
    except OSError as error:
        raise RuntimeError(f"the search index needs Node.js ({error}): run make setup") from error
    if done.returncode != 0:
        raise RuntimeError(f"the search index could not be made:\n{done.stderr.strip()}")
    made: dict[str, Any] = json.loads(done.stdout)
    return made


def our_index(
    material: dict[str, Any], docs_dir: Path = ROOT / "docs", asks: dict[str, str] | None = None
) -> dict[str, Any]:
    """What our worker reads in place of Material's ``search_index.json`` (given as
    ``material``): the entries as shown, MiniSearch's index of them (``config``'s
    ``chq_index``: Material's search box sends the worker only ``config`` and
    ``docs``), the words that ask for odds (``chq_intent``), and the players' words
    with the rules' words they mean (``chq_words``: a player's word typed is near
    where the rules' word it stands for is said)."""
    shown, indexed = index_entries(material["docs"], docs_dir, asks)
    config = {key: material["config"][key] for key in ("lang", "separator") if key in material["config"]}
    config["chq_index"] = build_engine_index(indexed)
    config["chq_intent"] = {
        "words": list(INTENT_WORDS), "phrases": list(INTENT_PHRASES),
        "boost": INTENT_BOOST, "prefix": "calculators/",
    }  # fmt: skip
    config["chq_words"] = [[entry.rules, list(entry.players)] for entry in WORDS]  # (2.5 KB, 1 KB gzipped)
    return {"config": config, "docs": shown}


def write_index(site_dir: Path, docs_dir: Path = ROOT / "docs") -> dict[str, Any]:
    """Rewrite ``search/search_index.json`` (Material's, as its search plugin wrote it)
    as our worker reads it (:func:`our_index`); return what was written. Runs after
    Material's search plugin has written it, before the offline copy's hashes and the
    ``.gz`` copies are made."""
    path = site_dir / "search" / "search_index.json"
    ours = our_index(json.loads(path.read_text(encoding="utf-8")), docs_dir)
    path.write_text(json.dumps(ours, separators=(",", ":"), ensure_ascii=False), encoding="utf-8")
    return ours
