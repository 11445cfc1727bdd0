// Permalinks (permalink.js) as chq_site.widget.permalinks writes and reads them: the
// fragment for a set of inputs (a worked example's own; every input), the address's
// (none for the starting inputs; vs= for a pinned setup A; a fight's part), and a
// fragment read back into inputs, refusals and unknown keys (typed, cut, repeated,
// of other pages, percent-encoded, not a fragment at all).
import assert from "node:assert/strict";
import { test } from "node:test";

import { claimsFor } from "../../build/chq_site/questions/need-logic.js";
import {
  addRider, addressFragment, addressRead, fragmentFor, readLink, replaceAddress, unknownNotice, writeFragment,
} from "../../build/chq_site/widget/permalink.js";
import { golden, plain, spec } from "./golden.mjs";

const { written } = golden("fragments");
const { rider_keys: riderKeys, read } = golden("read_back");

test("the fragment for a set of inputs is Python's", () => {
  for (const { mechanic, params, fragment, every } of written) {
    assert.equal(fragmentFor(spec(mechanic), params), fragment, `${mechanic} ${JSON.stringify(params)}`);
    assert.equal(fragmentFor(spec(mechanic), params, true), every, `${mechanic} every ${JSON.stringify(params)}`);
  }
});

test("the address for the inputs shown is Python's", () => {
  for (const { mechanic, params, vs, rider, address } of written) {
    const s = spec(mechanic);
    if (rider) addRider(s, riderKeys[mechanic], () => rider);
    assert.equal(addressFragment(s, params, vs), address, `${mechanic} ${JSON.stringify(params)} vs=${vs} ${rider}`);
  }
});

test("a fragment reads back as Python reads it", () => {
  for (const { mechanic, hash, read: want } of read) {
    const s = spec(mechanic);
    // (spotting's: What do I need?'s claims, a numeric target= the panel's)
    if (riderKeys[mechanic]) addRider(s, riderKeys[mechanic], () => "", { claims: claimsFor(s) });
    const got = readLink(s, hash);
    const where = `${mechanic} ${JSON.stringify(hash)}`;
    if (want === null) {
      assert.equal(got, null, where);
      continue;
    }
    assert.ok(got, where);
    const params = Object.fromEntries(Object.entries(got.params).map(([k, v]) => [k, plain(v)]));
    assert.deepEqual(params, want.params, where);
    assert.deepEqual(got.errors.map(({ field, message }) => ({ field, message })), want.errors, where);
    assert.deepEqual(got.unknown, want.unknown, where);
  }
});

test("the vectors read what a reader brings", () => {
  assert.ok(read.some((v) => v.read === null));
  assert.ok(read.some((v) => v.read && v.read.unknown.some((u) => u.key === "")));
  assert.ok(read.some((v) => v.read && v.read.errors.some((e) => e.message.includes("twice"))));
  assert.ok(written.some((v) => v.address.includes("&vs=") && v.address.includes("fight=")));
  const spotting = read.filter((v) => v.mechanic === "spotting" && v.hash.startsWith("target="));
  assert.ok(spotting.some((v) => v.read.params.target === "hidden" && v.read.errors.length === 0));
  assert.ok(spotting.some((v) => v.hash.includes("0.9") && v.read.params.target === "blind" && !v.read.unknown.length));
});

test("the page's state never overwrites an address it has not read yet", () => {
  // A stand-in address bar: what history.replaceState writes, and what a link sets.
  const saved = { location: globalThis.location, history: globalThis.history };
  const bar = { href: "http://club.local/calculators/spotting/#distance=18" };
  const writes = [];
  globalThis.location = bar;
  globalThis.history = { state: null, replaceState: (_state, _title, href) => { writes.push(href); bar.href = href; } };
  try {
    const s = spec("spotting");
    addressRead(); // the page read #distance=18 (its mount)
    writeFragment(s, { ...s.start, distance: 20 }); // the player typed 20: written
    assert.equal(writes.length, 1);
    assert.match(bar.href, /#distance=20$/);
    // A link sets another permalink; before its hashchange is handled, the page
    // writes its state (an edit's event, a panel's toggle): the link must stay.
    bar.href = "http://club.local/calculators/spotting/#distance=1&distance=30";
    writeFragment(s, { ...s.start, distance: 20 });
    assert.equal(writes.length, 1, "the page wrote over an address it had not read");
    assert.equal(bar.href, "http://club.local/calculators/spotting/#distance=1&distance=30");
    assert.equal(replaceAddress("http://club.local/calculators/spotting/#distance=20"), false);
    // Once the hashchange has been read, the page writes again.
    addressRead();
    writeFragment(s, { ...s.start, distance: 24 });
    assert.equal(writes.length, 2);
    assert.match(bar.href, /#distance=24$/);
  } finally {
    globalThis.location = saved.location;
    globalThis.history = saved.history;
  }
});

/** What the page says above the form of the fragment ``hash`` on ``mechanic``'s page
 *  (its riders' keys are the page's own, as the page's modules add them). */
function noticeOf(mechanic, hash) {
  const s = spec(mechanic);
  if (riderKeys[mechanic]) addRider(s, riderKeys[mechanic], () => "");
  const got = readLink(s, hash);
  assert.ok(got, hash);
  return unknownNotice(s, got.unknown);
}

const NO_NAME = "A part of the link with no name (“=5”) is not an input here: the answer is for the inputs shown.";

test("a key that is no input is named, with the input it may have meant", () => {
  assert.equal(noticeOf("spotting", "distanse=30&cover=heavy"),
    "distanse (did you mean distance?) is not an input here: the answer is for the inputs shown.");
  assert.equal(noticeOf("spotting", "distance=30&cover=heavy"), "");
});

test("a part with no name is named in words; an empty part is nothing", () => {
  // It once said " is not an input here": a name left blank.
  assert.equal(noticeOf("spotting", "distance=30&&=5"), NO_NAME);
  assert.equal(noticeOf("shell_then_assault", "fire_dice=5&&=5"), NO_NAME);
  const long = noticeOf("shell_then_assault", `fire_dice=6&colour=red&=${"x".repeat(10_000)}`);
  assert.ok(long.startsWith("colour and a part of the link with no name (“=xxx"), long);
  assert.ok(long.endsWith("...”) are not inputs here: the answer is for the inputs shown."), long);
  assert.ok(long.length <= 200, long.length);
  assert.equal(noticeOf("shell_then_assault", "fire_dice=7&&&units=2&"), "");
  assert.equal(noticeOf("spotting", "distance=12&&cover=light&"), "");
});

test("the page's own keys are not named", () => {
  // vs= (a pinned setup A) and fight= (a fight's taps) are the page's, not typos.
  assert.equal(noticeOf("close_assault", "att_dice=6&def_dice=5&vs=att_dice%3D4%26def_dice%3D5&fight="), "");
  assert.equal(noticeOf("close_assault", "att_dice=6&def_dice=5&fihgt=da&vs=x&colour=red"),
    "fihgt and colour are not inputs here: the answer is for the inputs shown.");
});

test("past three unknown parts, the rest are counted", () => {
  const said = noticeOf("spotting", "distanse=1&distanse=2&dist=3&x=&y=1&z=2");
  // (dist is four edits from distance: too far to be meant)
  assert.equal(said, "distanse (did you mean distance?), dist, x and 2 more are not inputs here: the answer is for the inputs shown.");
});
