import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extract.ts";
import { nodeDriver, toUtf8 } from "../../node/html-rewriter.ts";

describe("node driver", () => {
  it("transcodes pages that declare a legacy charset", async () => {
    const html =
      '<html><head><meta charset="windows-1252"><script type="application/ld+json">{"@type":"Recipe","name":"Cr\u00e8me br\u00fbl\u00e9e","recipeIngredient":["1 cup cr\u00e8me","\u00bd cup sugar"]}</script></head></html>';
    const bytes = Uint8Array.from([...html].map((c) => c.charCodeAt(0)));
    expect(new TextDecoder().decode(toUtf8(bytes))).toBe(html);
    const r = await extractRecipe(bytes, "https://e.com/x", nodeDriver);
    expect(r.ok && r.recipe.title).toBe("Crème brûlée");
    expect(r.ok && r.recipe.ingredients).toEqual(["1 cup crème", "½ cup sugar"]);
  });
  it("leaves UTF-8 pages untouched", () => {
    const b = new TextEncoder().encode('<meta charset="utf-8"><p>é</p>');
    expect(toUtf8(b)).toBe(b);
  });
});
