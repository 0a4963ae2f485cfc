import { describe, expect, it } from "vitest";
import { moveAisles, stepAisle } from "./stores-tab.tsx";

const ORDER = ["Produce", "Bakery & Bread", "Frozen", "Dairy & Eggs"];

describe("the Stores tab's aisle moves", () => {
  it("steps an aisle one place, and not past either end", () => {
    expect(stepAisle(ORDER, "Frozen", -1)).toEqual(["Produce", "Frozen", "Bakery & Bread", "Dairy & Eggs"]);
    expect(stepAisle(ORDER, "Frozen", 1)).toEqual(["Produce", "Bakery & Bread", "Dairy & Eggs", "Frozen"]);
    expect(stepAisle(ORDER, "Produce", -1)).toEqual(ORDER);
    expect(stepAisle(ORDER, "Dairy & Eggs", 1)).toEqual(ORDER);
  });

  it("puts dragged aisles before or after the row they were dropped on", () => {
    expect(moveAisles(ORDER, ["Frozen"], "Produce", "before")).toEqual(["Frozen", "Produce", "Bakery & Bread", "Dairy & Eggs"]);
    expect(moveAisles(ORDER, ["Produce"], "Frozen", "after")).toEqual(["Bakery & Bread", "Frozen", "Produce", "Dairy & Eggs"]);
    expect(moveAisles(ORDER, ["Produce", "Frozen"], "Dairy & Eggs", "after")).toEqual([
      "Bakery & Bread",
      "Dairy & Eggs",
      "Produce",
      "Frozen",
    ]);
    expect(moveAisles(ORDER, ["Frozen"], "Frozen", "before")).toEqual(ORDER);
  });
});
