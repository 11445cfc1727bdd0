/* A Close Assault fight as the address keeps it (fight.js keeps the fight, its panel
 * and its engine requests): the taps as text and back, the rounds they lead to,
 * and the fight's part of the address and its reading. Pure (no page, no engine):
 * tests/js/fight.test.mjs runs it under Node. */

import { sameValues } from "../widget/params.js";
import { fragmentFor, readLink } from "../widget/permalink.js";

/** The key of the fight in the address, and of the rules it was made under. */
export const KEY = "fight";
export const RULES = "rules";

/** Taps as the address writes them: "." between taps; a draw "d" and who rolled
 *  fewer 6s ("a" attacker, "d" defender, "s" the same number); a win the side ("a"
 *  or "d") and the margin: "da.ds.a3" is two draws, then the attacker won by 3. */
export function tapsText(taps) {
  return taps.map((tap) => (tap.kind === "win" ? `${tap.side[0]}${tap.k}` : `d${tap.fewer[0]}`)).join(".");
}

const SIDE = { a: "att", d: "def" };
const FEWER = { a: "att", d: "def", s: "same" };

/** The taps of ``text`` (tapsText's), or null where it is not such a list: a win
 *  ends a fight, so only the last tap may be one. */
export function readTaps(text) {
  if (text === "") return [];
  const taps = [];
  for (const token of text.split(".")) {
    if (taps.length && taps[taps.length - 1].kind === "win") return null;
    const draw = /^d([ads])$/.exec(token);
    const win = /^([ad])([1-9][0-9]?)$/.exec(token);
    if (draw) taps.push({ kind: "draw", fewer: FEWER[draw[1]] });
    else if (win) taps.push({ kind: "win", side: SIDE[win[1]], k: Number(win[2]) });
    else return null;
  }
  return taps;
}

/** The rounds a fight has gone through, replayed from its taps.
 *
 *  ``base``: the inputs the fight started from; ``taps``: what each round did, in
 *  order: {kind: "draw", fewer: "att" | "def" | "same"} or {kind: "win", side, k}.
 *  Returns {rounds: [state, ...] (one per round fought or about to be), state (the
 *  last), outcome (the winning tap and the state it was made in, or null)}; a state
 *  is {start, att, def}: the ``start`` parameter and who is suppressed. */
export function replay(base, taps) {
  let state = { start: base.start, att: Boolean(base.att_suppressed), def: Boolean(base.def_suppressed) };
  const rounds = [state];
  for (const tap of taps) {
    if (tap.kind === "win") return { rounds, state, outcome: { ...tap, state } };
    state = { start: "later", att: state.att || tap.fewer === "att", def: state.def || tap.fewer === "def" };
    rounds.push(state);
  }
  return { rounds, state, outcome: null };
}

/** The fight's part of the address for the inputs ``params`` shown, of a fight
 *  started from ``base`` with ``taps`` so far: the taps; then "@" and the inputs it
 *  started from (every one) when they are not those shown (``params`` null: they
 *  cannot be written); then the rules it is fought under (the spec's ``rules``). */
export function fightPart(spec, base, taps, params) {
  const from = params && sameValues(params, base, spec.params.map((p) => p.name))
    ? "" : `@${fragmentFor(spec, base, true)}`;
  const rules = spec.rules ? `&${RULES}=${encodeURIComponent(spec.rules)}` : "";
  return `${KEY}=${encodeURIComponent(tapsText(taps) + from)}${rules}`;
}

/** A fight= value read: {problem} (what is wrong with it, in words), or {taps, from}:
 *  ``from`` the inputs it started from, read as a permalink is read ({params,
 *  errors}: permalink.js readLink), or null where it names none (the inputs shown). */
export function readFight(spec, value) {
  const at = value.indexOf("@");
  const taps = readTaps(at < 0 ? value : value.slice(0, at));
  if (!taps) {
    const most = spec.refusals.shown_chars;
    return { problem: `${KEY}=${value.length > most ? `${value.slice(0, most - 3)}...` : value} is not a list of taps` };
  }
  if (at < 0) return { taps, from: null };
  const from = readLink(spec, value.slice(at + 1));
  return from ? { taps, from } : { problem: "the inputs it started from are not a set of inputs" };
}
