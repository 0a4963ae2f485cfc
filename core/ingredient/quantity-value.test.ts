import { describe, expect, it } from "vitest";
import { combineQuantityTokens, parseQuantityToken } from "./quantity-value.ts";

describe("parseQuantityToken", () => {
  it.each([
    ["2", { lo: 2, hi: null }],
    ["1.5", { lo: 1.5, hi: null }],
    ["1/2", { lo: 0.5, hi: null }],
    ["2-3", { lo: 2, hi: 3 }],
    ["1/2-3/4", { lo: 0.5, hi: 0.75 }],
    ["twelve", { lo: 12, hi: null }],
    ["half", { lo: 0.5, hi: null }],
    ["One", { lo: 1, hi: null }],
  ])("%s", (t, v) => expect(parseQuantityToken(t)).toEqual(v));

  it("rejects non-numbers", () => {
    for (const t of ["x", "cup", "1/0", "", "few"]) expect(parseQuantityToken(t)).toBeNull();
  });
});

describe("combineQuantityTokens", () => {
  it.each([
    [["1", "1/2"], { lo: 1.5, hi: null }],
    [["2", "dozen"], { lo: 24, hi: null }],
    [["1", "1/2-2"], { lo: 1.5, hi: 2 }],
    [["1-1", "1/2"], { lo: 1, hi: 1.5 }],
    [["Two", "1/4"], { lo: 2, hi: null }],
    [["4", "x"], { lo: 4, hi: null }],
  ])("%j", (toks, v) => expect(combineQuantityTokens(toks)).toEqual(v));
});
