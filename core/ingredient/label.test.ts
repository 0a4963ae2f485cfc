import { describe, expect, it } from "vitest";
import { hasLearnedModel, labelTokens, ruleLabels } from "./label.ts";

describe("labelTokens", () => {
  it("labels a plain line", () => {
    expect(hasLearnedModel()).toBe(true);
    expect(labelTokens(["2", "cups", "flour"])).toEqual(["QTY", "UNIT", "NAME"]);
    expect(labelTokens(["3", "large", "eggs", ",", "beaten"])).toEqual(["QTY", "SIZE", "NAME", "PUNC", "PREP"]);
  });
  it("always labels punctuation PUNC and handles no tokens", () => {
    expect(labelTokens([])).toEqual([]);
    expect(labelTokens([",", "(", ")"])).toEqual(["PUNC", "PUNC", "PUNC"]);
  });
});

describe("ruleLabels (fallback)", () => {
  it("labels amount, name and the rest", () => {
    expect(ruleLabels(["2", "large", "onions", ",", "chopped"])).toEqual(["QTY", "SIZE", "NAME", "PUNC", "PREP"]);
    expect(ruleLabels(["1", "tsp", "salt", "(", "fine", ")"])).toEqual(["QTY", "UNIT", "NAME", "PUNC", "COMMENT", "PUNC"]);
  });
});
