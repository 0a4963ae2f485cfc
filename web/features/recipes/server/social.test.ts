/**
 * Social posts end to end through POST /api/recipes/parse, with the post pages served on
 * loopback (worker/test/fixture-server.ts, /social/<case>): a caption with a recipe is saved,
 * a post without one answers no_recipe_in_post with its caption text, and a caption that links
 * to a recipe page offers that page, which then imports through the same guarded fetch.
 */
import { exports } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { RecipeSchema } from "../../../../core/api/recipes.ts";
import { CAPTION_CASES } from "../../../../core/social/fixtures/cases.ts";
import { casePage } from "../../../../core/social/fixtures/pages.ts";
import { expectDefined } from "../../../../core/lib/expect-defined.ts";

const base = inject("fixtureBaseUrl");

const parse = (body: unknown) =>
  exports.default.fetch("http://localhost/api/recipes/parse", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

type PostProblem = { code: string; status: number; message: string; caption: string; title: string | null; recipeUrl: string | null };

async function problemOf(res: Response): Promise<PostProblem> {
  expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
  return (await res.json()) as PostProblem;
}

describe("POST /api/recipes/parse with social posts", () => {
  it("saves the recipe a caption holds (server fetch of a post page)", async () => {
    const res = await parse({ url: `${base}/social/ig-en-lemon-pasta` });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(201);
    const recipe = RecipeSchema.parse(body);
    expect(recipe.title).toBe("Easy lemon pasta");
    expect(recipe.ingredients).toEqual([
      "200g spaghetti",
      "1 lemon (zest and juice)",
      "2 tbsp butter",
      "50g parmesan, grated",
      "Black pepper",
    ]);
    expect(recipe.parsedIngredients[0]).toMatchObject({ quantity: 200, unit: "g" });
  });

  it("answers no_recipe_in_post with the caption text when the post holds no recipe", async () => {
    const res = await parse({ url: `${base}/social/ig-en-no-recipe` });
    expect(res.status).toBe(422);
    const problem = await problemOf(res);
    expect(problem).toMatchObject({ code: "no_recipe_in_post", status: 422, recipeUrl: null });
    expect(problem.message).toMatch(/no ingredient list/i);
    expect(problem.caption).toContain("Sunday brunch with the best people");
    expect(problem).not.toHaveProperty("stack");
  });

  it("offers the recipe page a caption links to, and that page then imports through the guarded fetch", async () => {
    const res = await parse({ url: `${base}/social/link-to-blog` });
    expect(res.status).toBe(422);
    const problem = await problemOf(res);
    expect(problem).toMatchObject({ code: "no_recipe_in_post", recipeUrl: `${base}/recipe/good` });
    expect(problem.message).toMatch(/links to a recipe page/i);
    expect(problem.caption).toContain("Tomato soup season");

    const linked = await parse({ url: problem.recipeUrl });
    const body = await linked.json();
    expect(linked.status, JSON.stringify(body)).toBe(201);
    expect(RecipeSchema.parse(body).title).toBe("Fixture Tomato Soup");
  });

  it("reads every server-rendered post shape the same through the API as in the unit fixtures", async () => {
    // the shapes a server fetch sees (meta tags and JSON-LD); embedded-JSON and rendered shapes need the
    // network's own address or the extension's capture
    const cases = CAPTION_CASES.filter((c) => /-og$|^youtube-ld$/.test(c.shape));
    expect(new Set(cases.map((c) => c.network)).size).toBe(5);
    for (const c of cases) {
      const res = await parse({ url: `${base}/social/${c.id}` });
      const body = (await res.json()) as {
        code?: string;
        message?: string;
        title?: string;
        ingredients?: string[];
        recipeUrl?: string | null;
      };
      if ("noRecipe" in c.expect) {
        expect(res.status, c.id).toBe(422);
        // the fixtures' links are on *.example hosts, which the address policy never fetches: not offered
        expect(body, c.id).toMatchObject({ code: "no_recipe_in_post", recipeUrl: null });
        expect(body.message, c.id).toMatch(/no ingredient list in its caption/);
      } else {
        expect(res.status, `${c.id}: ${JSON.stringify(body)}`).toBe(201);
        expect({ title: body.title, ingredients: body.ingredients }, c.id).toEqual(c.expect);
      }
    }
  });

  it("never offers a link the address policy refuses", async () => {
    const c = expectDefined(CAPTION_CASES.find((x) => x.id === "ig-en-blog-link"));
    const { html } = casePage({ ...c, caption: "Full recipe on my blog: http://10.0.0.7/recipe" });
    const res = await parse({ url: "https://www.instagram.com/p/private/", html });
    const problem = await problemOf(res);
    expect(problem).toMatchObject({ code: "no_recipe_in_post", recipeUrl: null });
  });

  it("reads the visible caption of a page the extension captured", async () => {
    const c = expectDefined(CAPTION_CASES.find((x) => x.id === "tt-de-kaesespaetzle"));
    const { url, html } = casePage(c);
    const res = await parse({ url, html });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(201);
    const recipe = RecipeSchema.parse(body);
    expect(recipe.title).toBe("Schnelle Käsespätzle");
    expect(recipe.ingredients).toEqual(["500 g Spätzle", "200 g Bergkäse, gerieben", "2 Zwiebeln", "2 EL Butter", "Schnittlauch"]);
  });
});
