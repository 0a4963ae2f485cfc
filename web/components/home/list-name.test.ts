import { describe, expect, it } from "vitest";
import { defaultListName, listNameFor } from "./list-name.ts";

describe("defaultListName", () => {
  it("is 'Shopping List - ' and the local date", () => {
    expect(defaultListName(new Date(2025, 7, 15), "en-US")).toBe("Shopping List - 8/15/2025");
    expect(defaultListName(new Date(2025, 7, 15), "en-GB")).toBe("Shopping List - 15/08/2025");
  });
});

describe("listNameFor", () => {
  const day = new Date(2025, 7, 15);
  it("names a list of one or two recipes after them", () => {
    expect(listNameFor(["Pancakes"], day, "en-US")).toBe("Pancakes");
    expect(listNameFor(["Pancakes", "  Tomato   soup "], day, "en-US")).toBe("Pancakes & Tomato soup");
  });
  it("keeps the default name for three or more recipes, none, a blank title or a name too long", () => {
    expect(listNameFor(["A", "B", "C"], day, "en-US")).toBe("Shopping List - 8/15/2025");
    expect(listNameFor([], day, "en-US")).toBe("Shopping List - 8/15/2025");
    expect(listNameFor(["Soup", " "], day, "en-US")).toBe("Shopping List - 8/15/2025");
    expect(listNameFor(["x".repeat(120), "y".repeat(120)], day, "en-US")).toBe("Shopping List - 8/15/2025");
  });
});
