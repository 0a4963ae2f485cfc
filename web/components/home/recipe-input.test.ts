import { describe, expect, it } from "vitest";
import { isRecipeUrl, sameRecipeUrl, withScheme } from "./recipe-input.ts";
import { splitIngredients } from "./split-ingredients.ts";
import { toAddedRecipe } from "./to-added-recipe.ts";

describe("isRecipeUrl", () => {
  it("takes absolute http and https addresses", () => {
    for (const url of ["https://www.bbcgoodfood.com/recipes/chilli", "http://127.0.0.1:8080/a.html", "https://x.io/?q=1#s"]) {
      expect(isRecipeUrl(url), url).toBe(true);
    }
  });
  it("refuses text, relative paths and other schemes", () => {
    for (const url of ["", "not a url", "www.example.com/recipe", "/recipes/1", "ftp://x.org/a", "javascript:alert(1)", "mailto:a@b.c"]) {
      expect(isRecipeUrl(url), url).toBe(false);
    }
  });
});

describe("splitIngredients", () => {
  it("splits by line, trims and drops blank lines", () => {
    expect(splitIngredients("  2 eggs \n\n\t\n1 cup milk\r\n3 tbsp sugar\r")).toEqual(["2 eggs", "1 cup milk", "3 tbsp sugar"]);
  });
  it("gives nothing for blank input", () => {
    expect(splitIngredients(" \n \n")).toEqual([]);
  });
});

describe("toAddedRecipe", () => {
  it("keeps what the list shows and drops blank lines", () => {
    const now = new Date(0).toISOString();
    expect(
      toAddedRecipe({
        id: "a",
        title: "T",
        url: null,
        source: "manually added",
        ingredients: ["1 egg", "2 cups flour", " "],
        parsedIngredients: [],
        userId: null,
        createdAt: now,
        updatedAt: now,
      }),
    ).toEqual({ id: "a", title: "T", url: null, source: "manually added", ingredients: ["1 egg", "2 cups flour"] });
  });
});

describe("withScheme", () => {
  it("adds https:// to an address typed without a scheme", () => {
    expect(withScheme("example.com/recipe")).toBe("https://example.com/recipe");
    expect(withScheme(" www.example.com/a?b=1 ")).toBe("https://www.example.com/a?b=1");
    expect(withScheme("//example.com/x")).toBe("https://example.com/x");
    expect(withScheme("localhost:8787/soup")).toBe("https://localhost:8787/soup");
    expect(isRecipeUrl(withScheme("example.com/recipe"))).toBe(true);
  });
  it("leaves addresses with a scheme, text with spaces and empty input alone", () => {
    for (const v of ["https://x.io/a", "http://x.io", "ftp://x.org/a", "javascript:alert(1)", "mailto:a@b.c", "not a url", ""]) {
      expect(withScheme(v), v).toBe(v.trim());
    }
    expect(isRecipeUrl(withScheme("javascript:alert(1)"))).toBe(false);
  });
});

describe("sameRecipeUrl", () => {
  it("treats host case, www, http/https, a trailing slash and the fragment as the same page", () => {
    expect(sameRecipeUrl("https://Example.com/soup/#method", "https://example.com/soup")).toBe(true);
    expect(sameRecipeUrl("http://www.example.com/soup", "https://example.com/soup/")).toBe(true);
  });
  it("keeps other paths and queries apart", () => {
    expect(sameRecipeUrl("https://example.com/soup", "https://example.com/stew")).toBe(false);
    expect(sameRecipeUrl("https://example.com/r?id=1", "https://example.com/r?id=2")).toBe(false);
  });
});
