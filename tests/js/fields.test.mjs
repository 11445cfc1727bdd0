// What a number field's text reads as (params.js typedNumber, readNumber): the
// number, or the refusal in compute()'s words, as chq_site.widget.permalinks.read_field
// (calculators' read_typed, Param.check and Param.refusal) gives it: typed numbers
// ("+18", ".5", "18.", "1E-7"), out of range, too long, not numbers, quoted as
// Python quotes them ("it's" in double quotes, a tab as \t).
import assert from "node:assert/strict";
import { test } from "node:test";

import { readNumber, typedNumber } from "../../build/chq_site/widget/params.js";
import { golden, plain, spec } from "./golden.mjs";

const { fields, typed } = golden("fields");

test("the spec's patterns are calculators.params.TYPED", () => {
  for (const mechanic of ["spotting", "close_assault"]) {
    for (const param of spec(mechanic).params) {
      if (param.typed !== null) assert.equal(param.typed, typed[param.kind], param.name);
    }
  }
});

test("a field's text is a number where Python reads one", () => {
  for (const { mechanic, param: name, text, typed: isNumber } of fields) {
    const param = spec(mechanic).params.find((p) => p.name === name);
    assert.equal(typedNumber(param, text) !== null, isNumber, `${name} ${JSON.stringify(text)}`);
  }
});

test("a field reads as Python reads it, or is refused in its words", () => {
  for (const { mechanic, param: name, text, value, message } of fields) {
    const s = spec(mechanic);
    const param = s.params.find((p) => p.name === name);
    const read = readNumber(param, text, s.refusals);
    const want = message === undefined ? { value } : { message };
    assert.deepEqual(read.message === undefined ? { value: plain(read.value) } : read, want, `${name} ${JSON.stringify(text)}`);
  }
});
