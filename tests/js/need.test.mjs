// "What do I need?" (questions/need-logic.js) as calculators.sweep answers it: a
// target read as Python reads it, the span a panel sweeps, the fewest and the words
// for the same points (tests/fixtures/golden/questions.json); which source answers
// (the build's answers only when they hold every value); and a permalink's target=
// on spotting, whose inputs include a Target: a number is the panel's, a word the input's.
import assert from "node:assert/strict";
import { test } from "node:test";

import { addressFragment, addRider, readFragment } from "../../build/chq_site/widget/permalink.js";
import {
  amount, answerIn, claimsFor, compareWords, directionOf, isTargetText, moves, readTarget, refusedWords, span, spans, sweepFrom,
  targetLink, targetText,
} from "../../build/chq_site/questions/need-logic.js";
import { golden, spec } from "./golden.mjs";

const { targets, sweeps, counts: SPECS } = golden("questions");
const questionsOf = (mechanic) => SPECS[mechanic];

test("a target is read as Python reads it, or refused in its words", () => {
  for (const { text, exact, message } of targets) {
    const read = readTarget(text, spec("spotting").refusals);
    if (exact) assert.deepEqual(read, { exact: exact.map(BigInt) }, text);
    else assert.deepEqual(read, { message }, text);
  }
  // "0.8", "80%", "80" and "4/5" alike; 0 and above 100% refused
  for (const text of ["0.8", "80%", "80", "4/5"]) assert.deepEqual(readTarget(text).exact, [4n, 5n], text);
  for (const text of ["0", "101", "150%"]) assert.match(readTarget(text).message, /^enter a chance such as 80%, 0\.8 or 4\/5 \(/, text);
  assert.ok(targets.some((t) => t.text === "80" && t.exact) && targets.some((t) => t.text === "101" && t.message));
});

test("a target written in a link reads back as itself", () => {
  for (const { exact } of targets.filter((t) => t.exact)) {
    const value = exact.map(BigInt);
    assert.deepEqual(readTarget(targetLink(value)).exact, value, targetLink(value));
  }
  assert.equal(targetLink([4n, 5n]), "0.8");
  assert.equal(targetLink([1n, 1n]), "1");
  assert.equal(targetLink([1n, 3n]), "1/3");
  assert.equal(targetText([33n, 40n]), "82.5%");
  assert.equal(targetText([4n, 5n]), "80%");
});

test("the direction, the values reaching the target and the words are Python's for the same points", () => {
  for (const { mechanic, over, current, span: wanted, target, count, points, direction, fewest, most, reaching, words } of sweeps) {
    const param = spec(mechanic).params.find((p) => p.name === over);
    assert.deepEqual(span(param, current), wanted, `${mechanic} ${over} at ${current}`);
    assert.deepEqual(answerIn(count, points, readTarget(target).exact), { direction, fewest, most, reaching, words },
                     `${mechanic} ${over} ${target}`);
    assert.equal(directionOf(points), direction, `${mechanic} ${over}`);
    assert.equal(moves(points), direction !== "flat", `${mechanic} ${over}`);
  }
  // every way a chance moves, and the words of each, have a vector
  for (const way of ["up", "down", "flat", "mixed"]) assert.ok(sweeps.some((s) => s.direction === way), way);
  assert.ok(sweeps.some((s) => s.reaching.length === 0 && s.direction !== "flat"), "none reaching");
  assert.ok(sweeps.some((s) => s.direction === "flat" && s.points.some((p) => p.p && !p.p.exact)),
            "a flat sweep known only as floats (the artillery geometry's)");
  assert.ok(sweeps.some((s) => s.direction === "flat" && s.points.some((p) => !p.p)), "a flat sweep with a refused value");
});

test("a value reads in its input's own unit, as the package's spec says", () => {
  const counts = Object.fromEntries(Object.keys(SPECS).flatMap((m) => questionsOf(m).map((c) => [`${m}.${c.name}`, c])));
  const says = (key, value) => amount(counts[key], value);
  assert.equal(says("close_assault.att_dice", 1), "1 die");
  assert.equal(says("close_assault.def_dice", 5), "5 defender's dice");
  assert.equal(says("rally.disruption", 3), "3 Disruption Points");
  assert.equal(says("rally.disruption", 1), "1 Disruption Point");
  assert.equal(says("close_assault.def_cohesion", 2), "Defender's Cohesion 2");
  assert.equal(amount({ one: "TN {}", many: "TN {}" }, 4), "TN 4");
  assert.equal(amount({ one: "{}″", many: "{}″" }, 18), "18″");
  assert.deepEqual(spans(counts["supply.supply_dice"], [1, 3, 4, 5, 8, 9]), ["1 die", "3 to 5 dice", "8 to 9 dice"]);
  for (const { count, words, direction, fewest, most } of sweeps) {
    if (direction === "up" && fewest !== null) assert.ok(words.includes(amount(count, fewest)), words);
    if (direction === "down" && most !== null) assert.ok(words.includes(amount(count, most)), words);
    assert.ok(!/\bdice\b/.test(words) || !/Disruption|Cohesion|unit|Suppression|"Hit"/.test(amount(count, 2)), words);
  }
});

test("the build's answers answer a sweep only when they hold every value, as numbers", () => {
  const p = (exact) => ({ value: Number(exact.split("/")[0]) / Number(exact.split("/")[1]), exact });
  const answers = new Map([[1, { p_x: p("1/4") }], [2, { p_x: p("1/2") }], [3, { p_x: p("3/4") }]]);
  const answerFor = (params) => answers.get(params.n) || null;
  assert.deepEqual(sweepFrom({ n: 2, other: true }, "n", [1, 3], "p_x", answerFor).map((point) => point.p.exact),
                   ["1/4", "1/2", "3/4"]);
  assert.equal(sweepFrom({ n: 2 }, "n", [1, 4], "p_x", answerFor), null, "a value with no answer: the engine answers");
  assert.equal(sweepFrom({ n: 2 }, "n", [1, 3], "p_y", answerFor), null, "a figure the answers lack");
  answers.set(2, { p_x: { text: "50.0%" } });
  assert.equal(sweepFrom({ n: 2 }, "n", [1, 3], "p_x", answerFor), null, "a figure kept as printed text");
});

test("the span holds the value shown: 0 Dice Chain dice, 15 dice", () => {
  const chain = spec("spotting").params.find((p) => p.name === "chain_dice");
  const att = spec("close_assault").params.find((p) => p.name === "att_dice");
  assert.deepEqual(span(chain, 0), [0, 3]);
  assert.deepEqual(span(chain, 2), [1, 3]);
  assert.deepEqual(span(att, 6), [1, 12]);
  assert.deepEqual(span(att, 15), [1, 15]);
});

test("spotting's target=: a number is the panel's target, a word the Target input", () => {
  const spotting = spec("spotting");
  addRider(spotting, ["sweep", "target"], () => "", { pins: false,
    claims: (key, raw) => key !== "target" || isTargetText(raw) });
  const both = readFragment(spotting, "#distance=18&target=hidden&sweep=chain_dice&target=0.8");
  assert.equal(both.shown.target, "hidden");
  assert.equal(both.errors.size, 0, "the two target= are not one input given twice");
  assert.deepEqual(both.unknown, []);
  const number = readFragment(spotting, "#distance=18&target=80%25");
  assert.equal(number.shown.target, spotting.base.target, "a number leaves the Target input as it was");
  const word = readFragment(spotting, "#distance=18&target=blind");
  assert.equal(word.shown.target, "blind");
  const wrong = readFragment(spotting, "#distance=18&target=swamp");
  assert.ok(wrong.errors.has("target"), "a word no choice holds is the Target input's refusal");
  for (const raw of ["0.8", "80%", " 0.8 ", "4/5", ".8", "1.5"]) assert.ok(isTargetText(raw), raw);
  for (const raw of ["blind", "hidden", "", "%", "."]) assert.ok(!isTargetText(raw), raw);
});

test("on another page target= and sweep= are the panel's whatever they hold", () => {
  const assault = spec("close_assault");
  addRider(assault, ["sweep", "target"], () => "", { pins: false, claims: () => true });
  const read = readFragment(assault, "#att_dice=6&def_dice=5&sweep=att_dice&target=0.8");
  assert.deepEqual(read.unknown, []);
  assert.equal(read.shown.att_dice, "6");
});

test("compared, the fewest for the same target for each setup in one line", () => {
  const dice = { name: "att_dice", label: "Attacker's dice", one: "{} die", many: "{} dice" };
  const pts = (...exacts) => exacts.map((exact, i) => ({ value: i + 1, p: exact && { value: 0, exact } }));
  const a = pts("1/10", "1/2", "9/10", "19/20");
  const b = pts("1/10", "1/5", "3/10", "2/5");
  // (each side's fewest is the panel's own for it: answerIn)
  assert.deepEqual([answerIn(dice, a, [4n, 5n]).fewest, answerIn(dice, b, [4n, 5n]).fewest], [3, null]);
  assert.equal(compareWords(dice, [4n, 5n], a, b), "Fewest for 80%: A 3 dice (90.0%); B none up to 4 dice");
  assert.equal(compareWords(dice, [1n, 2n], a, null), "Fewest for 50%: A 2 dice (50.0%); B …");
  assert.equal(compareWords(dice, [1n, 2n], pts(null, null), b), "Fewest for 50%: A –; B none up to 4 dice");
});

test("the address keeps the panel's part beside a pinned setup A (vs=)", () => {
  const s = spec("close_assault");
  addRider(s, ["sweep", "target"], () => "sweep=att_dice&target=0.8", { pins: false, claims: claimsFor(s) });
  const address = addressFragment(s, { ...s.start, def_dice: 8 }, "att_dice=6&def_dice=5");
  assert.match(address, /(^|&)vs=att_dice%3D6%26def_dice%3D5(&|$)/);
  assert.match(address, /(^|&)sweep=att_dice&target=0\.8$/);
  assert.deepEqual(new URLSearchParams(address).getAll("target"), ["0.8"]);
});

test("a value with no answer says why, its field named as the form names it", () => {
  const s = { params: [{ name: "att_dice", label: "Attacker's dice" }] };
  assert.equal(refusedWords(s, { field: "att_dice", message: "no side can win with no dice" }),
               "No answer here: Attacker's dice: no side can win with no dice.");
  assert.equal(refusedWords(s, { field: "figure", message: "only for some inputs" }),
               "No answer here: only for some inputs.");
});
