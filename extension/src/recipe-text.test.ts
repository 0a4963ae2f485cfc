import { describe, expect, it } from "vitest";
import { isCapturable, manualEntryUrl, myListUrl, pageKey } from "./pages.ts";
import { selectionToRecipe } from "./recipe-text.ts";
import { expectDefined } from "../../core/lib/expect-defined.ts";

describe("selectionToRecipe", () => {
  it("takes the first line as the title and the rest as ingredients", () => {
    expect(selectionToRecipe("Lemon Bars\n1 cup butter\r\n\n 2 cups  flour \n", "Page")).toEqual({
      title: "Lemon Bars",
      ingredients: ["1 cup butter", "2 cups flour"],
    });
  });
  it("drops bullets and numbering copied with a list", () => {
    expect(selectionToRecipe("Soup\n• 1 onion\n- 2 carrots\n3. 1 l stock\n* salt", undefined)?.ingredients).toEqual([
      "1 onion",
      "2 carrots",
      "1 l stock",
      "salt",
    ]);
  });
  it("keeps an amount that merely starts with a number", () => {
    expect(selectionToRecipe("Bread\n500 g flour\n1.5 tsp salt", undefined)?.ingredients).toEqual(["500 g flour", "1.5 tsp salt"]);
  });
  it("a single line becomes the one ingredient of a recipe named after the page", () => {
    expect(selectionToRecipe("2 eggs", "Breakfast ideas")).toEqual({ title: "Breakfast ideas", ingredients: ["2 eggs"] });
    expect(selectionToRecipe("2 eggs", "  ")).toEqual({ title: "Recipe from selection", ingredients: ["2 eggs"] });
  });
  it("nothing selected: null", () => {
    expect(selectionToRecipe(" \n\t\n", "Page")).toBeNull();
  });
  it("holds the server's limits (title 200, 200 lines of 500)", () => {
    const r = expectDefined(
      selectionToRecipe(`${"T".repeat(300)}\n${Array.from({ length: 250 }, () => "x".repeat(600)).join("\n")}`, undefined),
    );
    expect(r.title).toHaveLength(200);
    expect(r.ingredients).toHaveLength(200);
    expect(r.ingredients[0]).toHaveLength(500);
  });
});

describe("links", () => {
  it("only web pages can be captured", () => {
    expect(isCapturable("https://a.example/r")).toBe(true);
    expect(isCapturable("http://127.0.0.1:8080/r")).toBe(true);
    for (const u of ["chrome://extensions", "about:blank", "file:///tmp/r.html", "chrome-extension://abc/popup.html", "", undefined]) {
      expect(isCapturable(u)).toBe(false);
    }
  });
  it("page key ignores the fragment only", () => {
    expect(pageKey("https://a.example/r?id=1#step-2")).toBe("https://a.example/r?id=1");
  });
  it("'Open my list' and 'Open in recipecart' open the app's home page", () => {
    expect(myListUrl("http://localhost:8787", "AbCdEf0123456789_-xyzQ")).toBe("http://localhost:8787/?add=AbCdEf0123456789_-xyzQ");
    expect(manualEntryUrl("https://recipecart.app")).toBe("https://recipecart.app/");
  });
  it("'Open my list' carries a visitor's edit token in the fragment, never in the query", () => {
    const token = "k".repeat(43);
    const u = new URL(myListUrl("http://localhost:8787", "AbCdEf0123456789_-xyzQ", token));
    expect(u.search).toBe("?add=AbCdEf0123456789_-xyzQ");
    expect(u.hash).toBe(`#edit=${token}`);
  });
  it("'Open in recipecart' for a post fills Manual Entry with its title and caption (in the fragment)", () => {
    const u = new URL(manualEntryUrl("https://recipecart.app", { title: "Sunday brunch", caption: "Pancakes & eggs\n#brunch" }));
    expect(u.pathname + u.search).toBe("/");
    const params = new URLSearchParams(u.hash.slice(1));
    expect(Object.fromEntries(params)).toEqual({ manual: "1", title: "Sunday brunch", caption: "Pancakes & eggs\n#brunch" });
    const long = new URL(manualEntryUrl("https://recipecart.app", { title: "", caption: "x".repeat(9000) }));
    expect(new URLSearchParams(long.hash.slice(1)).get("caption")).toHaveLength(5000);
  });
});
