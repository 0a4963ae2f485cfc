import { describe, expect, it } from "vitest";
import { isNumberToken, isPunctToken, tokenise } from "./tokenise.ts";

describe("tokenise", () => {
  it.each([
    ["150 g/5+1/4 oz chickpeas, drained", ["150", "g", "/", "5+1/4", "oz", "chickpeas", ",", "drained"]],
    ["2 (14 ounce) cans", ["2", "(", "14", "ounce", ")", "cans"]],
    ["2 8-ounce packages", ["2", "8", "ounce", "packages"]],
    ["salt and/or pepper.", ["salt", "and", "/", "or", "pepper", "."]],
    ["asafetida (hing) powder", ["asafetida", "(", "hing", ")", "powder"]],
    ["2-3 extra-virgin", ["2-3", "extra-virgin"]],
    ["", []],
  ])("%j", (input, expected) => {
    expect(tokenise(input)).toEqual(expected);
  });

  it("classifies tokens", () => {
    expect(["2", "1.5", "1/2", "1+1/2", "2-3", "1/2-3/4", "1-1+1/2"].every(isNumberToken)).toBe(true);
    expect(["two", "2x", "a"].some(isNumberToken)).toBe(false);
    expect(isPunctToken(",")).toBe(true);
    expect(isPunctToken("é")).toBe(false);
    expect(isPunctToken("水")).toBe(false);
  });
});
