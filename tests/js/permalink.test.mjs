// Permalinks (permalink.js) as chq_site.widget.permalinks writes and reads them: the
// fragment for a set of inputs (a worked example's own; every input), the address's
// (none for the starting inputs; vs= for a pinned setup A; a fight's part), and a
// fragment read back into inputs, refusals and unknown keys (typed, cut, repeated,
// of other pages, percent-encoded, not a fragment at all).
import assert from "node:assert/strict";
import { test } from "node:test";

import { claimsFor } from "../../build/chq_site/questions/need-logic.js";
import {
  addRider, addressFragment, addressRead, fragmentFor, readLink, replaceAddress, writeFragment,
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
