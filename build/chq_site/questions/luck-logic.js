/* "How lucky was that?", what the panel works out without the page: the two counts
 * read from their fields or a permalink's rolled=5,3, and, for an opposed roll whose
 * pools the build wrote (the starting inputs, the worked examples), the answer
 * calculators.luck gives: the same counting of the two pools' faces, exact, and the
 * same words. tests/js/luck.test.mjs holds it to Python's golden values
 * (tests/fixtures/golden/questions.json). Pure: no page. */

import { fraction } from "../answers/answers.js";
import { fixed, pct } from "../widget/printing.js";

const MINUS = "\u2212";
/** A chance of doing at least as well (or as badly) at most this: the word for it
 *  (calculators.luck.WORDS). */
const WORDS = [
  [[1n, 100n], "an exceptionally lucky roll", "an exceptionally unlucky roll"],
  [[1n, 20n], "a very lucky roll", "a very unlucky roll"],
  [[1n, 6n], "a lucky roll", "an unlucky roll"],
  [[1n, 3n], "a good roll", "a poor roll"],
];
const ORDINARY = "an ordinary roll";

/** rolled=5,3 as a permalink writes it: {mine, theirs} or {message} naming what is
 *  wanted. */
export function readRolled(raw) {
  const found = /^\s*(\d{1,3})\s*,\s*(\d{1,3})\s*$/.exec(String(raw ?? ""));
  if (found) return { mine: Number(found[1]), theirs: Number(found[2]) };
  const shown = String(raw ?? "").slice(0, 40);
  return { message: `enter the successes each side rolled, as 5,3 (you entered '${shown}')` };
}

/** One count of successes typed in a field: a whole number, or null. */
export function readCount(text) {
  const t = String(text ?? "").trim();
  return /^\d{1,3}$/.test(t) ? Number(t) : null;
}

/** Ways for ``dice`` dice at ``tn``+ to score k successes, k = 0..dice (calculators.dice.successes). */
export function successes(dice, tn) {
  const hit = BigInt(7 - tn);
  const miss = 6n - hit;
  const out = [];
  let choose = 1n;
  for (let k = 0; k <= dice; k += 1) {
    out.push(choose * hit ** BigInt(k) * miss ** BigInt(dice - k));
    choose = (choose * BigInt(dice - k)) / BigInt(k + 1);
  }
  return out;
}

/** Ways for my successes less theirs to be k - theirDice, k = 0..myDice + theirDice
 *  (calculators.opposed.differences). */
export function differences(myDice, myTn, theirDice, theirTn) {
  const a = successes(myDice, myTn);
  const d = successes(theirDice, theirTn);
  const out = new Array(myDice + theirDice + 1).fill(0n);
  a.forEach((x, i) => d.forEach((y, j) => { out[i - j + theirDice] += x * y; }));
  return out;
}

const sum = (list) => list.reduce((a, b) => a + b, 0n);

function prob(n, d) {
  const g = gcd(n, d);
  return fraction(`${n / g}/${d / g}`);
}

function gcd(a, b) {
  while (b) [a, b] = [b, a % b];
  return a;
}

/** "1 in N" of a chance n/d (calculators.luck.one_in_text): one decimal below 10, whole above. */
export function oneIn([n, d]) {
  if (d < 10n * n) return fixed({ exact: `${d}/${n}` }, 1).replace(/\.0$/, "");
  return BigInt(fixed({ exact: `${d}/${n}` }, 0)).toLocaleString("en-US");
}

/** A difference as a player writes it: "+2", "0", "−1". */
export function signed(margin) {
  return margin > 0 ? `+${margin}` : margin === 0 ? "0" : `${MINUS}${-margin}`;
}

const atMost = ([n, d], [a, b]) => n * b <= a * d;

/** How often a roll does at least as well (calculators.luck.how_often): "1 in N",
 *  and where that would read "1 in 1", "every roll" or "nearly every roll". */
export function howOften([n, d]) {
  if (n === d) return "every roll";
  const shown = oneIn([n, d]);
  return shown === "1" ? "nearly every roll" : `1 in ${shown}`;
}

/** The words of a roll (calculators.luck._words). */
function words(better, worse) {
  for (const [most, lucky, unlucky] of WORDS) {
    if (atMost(better, most)) return `1 in ${oneIn(better)}: ${lucky}`;
    if (atMost(worse, most)) return `${unlucky[0].toUpperCase()}${unlucky.slice(1)}: 1 in ${oneIn(worse)} do as badly`;
  }
  const often = howOften(better);
  if (often.startsWith("1 in ")) return `${often}: ${ORDINARY}`;
  return `${often[0].toUpperCase()}${often.slice(1)} does at least as well: ${ORDINARY}`;
}

/** A count the pool cannot roll, in calculators.luck's words (field ``rolled``), or "". */
export function countProblem(count, [dice, tn], side) {
  if (Number.isInteger(count) && count >= 0 && count <= dice) return "";
  return `${side} rolls ${dice}D at ${tn}+: enter their successes from 0 to ${dice} (you entered ${count})`;
}

/** calculators.luck's answer for ``mine`` successes against ``theirs``, the pools
 *  [myDice, myTn, theirDice, theirTn] and the sides' names ({mine, theirs}); or
 *  {error: {field: "rolled", message}} for a count a pool cannot roll. */
export function luckOf(pools, sides, mine, theirs) {
  const [myDice, myTn, theirDice, theirTn] = pools;
  const problem = countProblem(mine, [myDice, myTn], sides.mine) || countProblem(theirs, [theirDice, theirTn], sides.theirs);
  if (problem) return { error: { field: "rolled", message: problem } };
  const margin = mine - theirs;
  const ways = differences(myDice, myTn, theirDice, theirTn);
  const at = theirDice + margin;
  const total = 6n ** BigInt(myDice + theirDice);
  const pMine = [sum(successes(myDice, myTn).slice(mine)), 6n ** BigInt(myDice)];
  const better = [sum(ways.slice(at)), total];
  const worse = [sum(ways.slice(0, at + 1)), total];
  const [pm, pb, pw] = [prob(...pMine), prob(...better), prob(...worse)];
  const [me, them] = [`${myDice}D at ${myTn}+`, `${theirDice}D at ${theirTn}+`];
  return {
    result: {
      mechanic: sides.mechanic,
      pools: { mine: { dice: myDice, tn: myTn }, theirs: { dice: theirDice, tn: theirTn } },
      sides: { mine: sides.mine, theirs: sides.theirs },
      rolled: { mine, theirs },
      p_mine_at_least: pm,
      p_margin_at_least: pb,
      p_margin_at_most: pw,
      one_in: fraction(`${better[1]}/${better[0]}`).value,
      words: words(better, worse),
      explain: [
        `${sides.mine} rolls ${me}, ${sides.theirs} rolls ${them}`,
        `${sides.mine} scores ${mine} or more successes: ${pct(pm)} of rolls`,
        `${sides.mine}'s successes less ${sides.theirs}'s: ${signed(margin)} or more in ${pct(pb)} `
          + `of rolls (${howOften(better)}), ${signed(margin)} or less in ${pct(pw)}`,
      ],
    },
  };
}
