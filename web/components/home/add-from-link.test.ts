import { describe, expect, it } from "vitest";
import { readAddParam, readEditFragment, readManualFragment, withoutAddParam } from "./add-from-link.ts";

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
  it("reads a visitor's edit token from the fragment, and nothing malformed", () => {
    const token = "AbC_-".repeat(9);
    expect(readEditFragment(`#edit=${token}`)).toBe(token);
    expect(readEditFragment("#edit=short")).toBeNull();
    expect(readEditFragment(`#edit=${"a".repeat(40)}%3Cscript%3E`)).toBeNull();
    expect(readEditFragment("")).toBeNull();
  });
});

describe("#manual= link from the browser extension", () => {
  it("reads the post's title and caption for Manual Entry", () => {
    const hash = `#${new URLSearchParams({ manual: "1", title: " Sunday brunch ", caption: "Pancakes & eggs\n#brunch" })}`;
    expect(readManualFragment(hash)).toEqual({ title: "Sunday brunch", caption: "Pancakes & eggs\n#brunch" });
    expect(readManualFragment("#manual=1")).toEqual({ title: "", caption: "" });
    expect(readManualFragment(`#manual=1&caption=${"x".repeat(6000)}`)?.caption).toHaveLength(5000);
  });
  it("ignores any other fragment", () => {
    expect(readManualFragment("#features")).toBeNull();
    expect(readManualFragment("#manual=0&title=x")).toBeNull();
  });
});
