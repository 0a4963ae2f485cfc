import { describe, expect, it } from "vitest";
import { defaultListName } from "./list-name.ts";

describe("defaultListName", () => {
  it("is 'Shopping List - ' and the local date", () => {
    expect(defaultListName(new Date(2025, 7, 15), "en-US")).toBe("Shopping List - 8/15/2025");
    expect(defaultListName(new Date(2025, 7, 15), "en-GB")).toBe("Shopping List - 15/08/2025");
  });
});
