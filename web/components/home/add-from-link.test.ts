import { describe, expect, it } from "vitest";
import { readAddParam, withoutAddParam } from "./add-from-link.ts";

describe("?add= link from the browser extension", () => {
  it("accepts an id of the server's shape", () => {
    expect(readAddParam("?add=AbCdEf0123456789_-xyzQ")).toBe("AbCdEf0123456789_-xyzQ");
  });
  it("refuses a malformed id and ignores a page without the parameter", () => {
    expect(readAddParam("?add=short")).toBe("invalid");
    expect(readAddParam("?add=../../api/health")).toBe("invalid");
    expect(readAddParam("?add=")).toBe("invalid");
    expect(readAddParam("")).toBeNull();
    expect(readAddParam("?other=1")).toBeNull();
  });
  it("drops only the add parameter from the address", () => {
    expect(withoutAddParam("?add=AbCdEf0123456789_-xyzQ")).toBe("");
    expect(withoutAddParam("?x=1&add=AbCdEf0123456789_-xyzQ&y=2")).toBe("?x=1&y=2");
  });
});
