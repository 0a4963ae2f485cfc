/**
 * The caption fixtures (core/social/fixtures): every case's page read through the whole
 * extraction, title and ingredient lines compared exactly; posts without a recipe answer
 * no_recipe_in_post with their caption text and the linked recipe page, if any.
 */
import { describe, expect, it } from "vitest";
import { chunkedNodeDriver, nodeDriver } from "../../node/html-rewriter.ts";
import { extractRecipe } from "../extract/extract.ts";
import { CAPTION_CASES } from "./fixtures/cases.ts";
import { casePage } from "./fixtures/pages.ts";

describe("caption fixtures", () => {
  it("cover five networks, four languages and at least 40 posts", () => {
    expect(CAPTION_CASES.length).toBeGreaterThanOrEqual(40);
    expect(new Set(CAPTION_CASES.map((c) => c.network)).size).toBe(5);
    expect(new Set(CAPTION_CASES.map((c) => c.lang)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(CAPTION_CASES.map((c) => c.id)).size).toBe(CAPTION_CASES.length);
  });

  for (const c of CAPTION_CASES) {
    it(`${c.id} (${c.shape})`, async () => {
      const { url, html } = casePage(c);
      const r = await extractRecipe(html, url, nodeDriver);
      // the same answer however the page's bytes are chunked
      expect(await extractRecipe(html, url, chunkedNodeDriver(7))).toEqual(r);
      if ("noRecipe" in c.expect) {
        expect(r.ok).toBe(false);
        if (r.ok) return;
        expect(r.reason).toBe("no_recipe_in_post");
        expect(r.post?.recipeUrl ?? null).toBe(c.expect.recipeUrl);
        // the caption comes back as text for a manual entry (its first words at least)
        expect(r.post?.caption).toContain(c.caption.split(/\s+/).slice(0, 3).join(" "));
        return;
      }
      expect(r.ok ? null : r).toBeNull();
      if (!r.ok) return;
      expect(r.recipe.title).toBe(c.expect.title);
      expect(r.recipe.ingredients).toEqual(c.expect.ingredients);
      expect(r.recipe.source).toBe("social");
    });
  }
});
