/**
 * End to end on real saved pages (the extraction core's fixtures, served gzip-encoded by the
 * fixture server): the server's path (fetch, gunzip, decode, native HTMLRewriter, clip, save)
 * must keep exactly what core/extract finds on the same HTML, for the URL path and for HTML
 * sent by the browser extension.
 */
import { exports } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { RecipeSchema } from "../../../../core/api/recipes.ts";
import { extractRecipe } from "../../../../core/extract/extract.ts";
import { workerDriver } from "../../../../worker/adapters/html-rewriter.ts";

const base = inject("fixtureBaseUrl");

interface RealPage {
  path: string;
  url: string;
  title: string;
  ingredients: string[];
}

const parse = (body: unknown) =>
  exports.default.fetch("http://localhost/api/recipes/parse", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

const tidy = (lines: string[]) => lines.map((l) => l.replace(/\s+/g, " ").trim()).filter((l) => l !== "");
const compareKey = (s: string) => s.normalize("NFKC").replace(/\s+/g, " ").trim().toLowerCase();

describe("real recipe pages through the Worker", () => {
  it("gives the same recipe as core/extract, fetched or sent as HTML", async () => {
    const pages = (await (await fetch(`${base}/real-index`)).json()) as RealPage[];
    expect(pages.length).toBeGreaterThan(10);
    let fetchedSame = 0;
    let matchesExpected = 0;
    for (const page of pages) {
      const html = await (await fetch(`${base}${page.path}`)).text();

      // 1. Fetched by the server from the fixture server.
      const direct = await extractRecipe(html, `${base}${page.path}`, workerDriver);
      const res = await parse({ url: `${base}${page.path}` });
      if (!direct.ok) {
        expect(res.status, page.path).toBe(422);
      } else {
        const body = await res.json();
        expect(res.status, `${page.path}: ${JSON.stringify(body).slice(0, 200)}`).toBe(201);
        const recipe = RecipeSchema.parse(body);
        expect(recipe.title, page.path).toBe(direct.recipe.title.replace(/\s+/g, " ").trim());
        expect(recipe.ingredients, page.path).toEqual(tidy(direct.recipe.ingredients).slice(0, 200));
        expect(recipe.parsedIngredients).toHaveLength(recipe.ingredients.length);
        fetchedSame++;
      }

      // 2. Captured by the extension on the original site (site rules apply to the real URL).
      const directAtSite = await extractRecipe(html, page.url, workerDriver);
      const captured = await parse({ url: page.url, html });
      if (!directAtSite.ok) {
        expect(captured.status, page.url).toBe(422);
        continue;
      }
      const recipe = RecipeSchema.parse(await captured.json());
      expect(recipe.ingredients, page.url).toEqual(tidy(directAtSite.recipe.ingredients).slice(0, 200));
      expect(recipe.url).toBe(new URL(page.url).href);
      const same =
        compareKey(recipe.title) === compareKey(page.title) &&
        JSON.stringify(recipe.ingredients.map(compareKey)) === JSON.stringify(page.ingredients.map(compareKey));
      if (same) matchesExpected++;
    }
    console.log(
      `real pages: ${pages.length}; fetched path identical to core/extract: ${fetchedSame}; ` +
        `extension path exactly matching expected title+ingredients: ${matchesExpected}/${pages.length}`,
    );
  }, 60_000);
});
