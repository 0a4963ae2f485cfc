import { readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { nodeDriver } from "../../../node/html-rewriter.ts";
import { extractRecipe } from "../extract.ts";
import { siteRuleFor } from "./index.ts";

const html = gunzipSync(readFileSync(path.join(import.meta.dirname, "../fixtures/taste.com.au/tasteau_1.html.gz")));
const expected = JSON.parse(readFileSync(path.join(import.meta.dirname, "../fixtures/taste.com.au/tasteau_1.expected.json"), "utf8")) as {
  url: string;
  ingredients: string[];
};

describe("taste.com.au override", () => {
  it("applies to the site and its subdomains only", () => {
    expect(siteRuleFor("https://www.taste.com.au/recipes/x")).not.toBeNull();
    expect(siteRuleFor("https://nottaste.com.au/x")).toBeNull();
    expect(siteRuleFor("https://example.com/x")).toBeNull();
  });

  it("takes the recipe card's lines, not the JSON-LD's gram conversions", async () => {
    const r = await extractRecipe(html, expected.url, nodeDriver);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.recipe.ingredients).toContain("1 tbsp extra virgin olive oil");
    expect(r.recipe.ingredients).toHaveLength(expected.ingredients.length);
    expect(r.recipe.ingredients.some((l) => /\d+\.\d\d gm\b/.test(l))).toBe(false);
    // the same page at another address keeps the general (JSON-LD) result
    const general = await extractRecipe(html, "https://example.com/copy", nodeDriver);
    expect(general.ok && general.recipe.ingredients.some((l) => /\d+\.\d\d gm\b/.test(l))).toBe(true);
  });
});
