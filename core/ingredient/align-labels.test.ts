import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { alignLabels, decodeQuantityColumn } from "./align-labels.ts";
import type { LabelColumns } from "./align-labels.ts";

const EMPTY = { name: "", quantity: "", unit: "", size: "", preparation: "", comment: "", purpose: "" };

describe("alignLabels", () => {
  it("maps label columns onto our tokens", () => {
    const a = alignLabels({
      ...EMPTY,
      input: "150g/5¼oz canned chickpeas, drained and rinsed",
      name: "canned chickpeas",
      quantity: "150 5#1$4",
      unit: "g oz",
      preparation: "drained and rinsed",
    });
    expect(a.unmatched).toBe(0);
    expect(a.tokens.map((t, i) => `${t}/${a.labels[i]}`).join(" ")).toBe(
      "150/QTY g/UNIT //PUNC 5+1/4/QTY oz/UNIT canned/NAME chickpeas/NAME ,/PUNC drained/PREP and/PREP rinsed/PREP",
    );
  });

  it("matches singularised and abbreviated column words", () => {
    const a = alignLabels({ ...EMPTY, input: "3 lbs garlic cloves", name: "garlic", quantity: "3", unit: "lb clove" });
    expect(a.labels).toEqual(["QTY", "UNIT", "NAME", "UNIT"]);
  });

  it("aligns almost every fixture row cleanly", () => {
    const rows = readFileSync(new URL("./fixtures/validation-sample.jsonl", import.meta.url), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as LabelColumns);
    const clean = rows.filter((r) => alignLabels(r).unmatched === 0).length;
    expect(clean / rows.length).toBeGreaterThan(0.98);
  });

  it("decodes the dataset's fractions", () => {
    expect(decodeQuantityColumn("150 5#1$4")).toBe("150 5+1/4");
    expect(decodeQuantityColumn("5 #1$4")).toBe("5 1/4");
    expect(decodeQuantityColumn("4x 75")).toBe("4 x 75");
    expect(decodeQuantityColumn("#1$2-#3$4")).toBe("1/2-3/4");
  });
});
