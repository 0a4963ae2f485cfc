import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { createDb } from "../../../../worker/db/client.ts";
import { ANONYMOUS } from "../../../../worker/services/caller.ts";
import { DomainError } from "../../../../worker/services/errors.ts";
import { fetchPage } from "./fetch-page.ts";
import { cacheKey, createManualRecipe, domainOf, importRecipe, type RecipeDeps } from "./service.ts";
import { expectDefined } from "../../../../core/lib/expect-defined.ts";

const base = inject("fixtureBaseUrl");
const db = createDb(env.DB);

async function problemOf(p: Promise<unknown>) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  return err as DomainError;
}

describe("importRecipe", () => {
  it("refuses loopback unless the allowance is on", async () => {
    const err = await problemOf(importRecipe({ db }, ANONYMOUS, { url: `${base}/recipe/good?t=svc-off` }));
    expect(err).toMatchObject({ kind: "invalid", code: "blocked_address" });
    expect(err.details.errors).toEqual({ url: [err.message] });
  });

  it("answers 504 timeout when the page trickles past the deadline", async () => {
    const deps: RecipeDeps = {
      db,
      allowLoopback: true,
      fetchPage: (url, options) => fetchPage(url, { ...options, timeoutMs: 600 }),
    };
    const err = await problemOf(importRecipe(deps, ANONYMOUS, { url: `${base}/slow-body` }));
    expect(err).toMatchObject({ kind: "upstream_timeout", code: "timeout" });
  });

  it("uses the injected extractor and clips page data to the API limits", async () => {
    const long = "x".repeat(800);
    const deps: RecipeDeps = {
      db,
      allowLoopback: true,
      extract: async () => ({
        ok: true,
        recipe: {
          title: `  ${"T".repeat(300)} `,
          ingredients: [long, "  ", ...Array.from({ length: 250 }, (_, i) => `${i} eggs`)],
          ingredientGroups: [{ name: null, ingredients: [long, "  ", ...Array.from({ length: 250 }, (_, i) => `${i} eggs`)] }],
          image: "javascript:alert(1)",
          yields: ` ${"4 servings ".repeat(40)}`,
          times: { prepMinutes: null, cookMinutes: null, totalMinutes: null },
          instructions: [],
          author: null,
          siteName: null,
          canonicalUrl: null,
          language: null,
          source: "json-ld",
        },
      }),
    };
    const recipe = await importRecipe(deps, ANONYMOUS, { url: `${base}/recipe/good?t=svc-clip` });
    expect(recipe.title.length).toBeLessThanOrEqual(200);
    expect(recipe.ingredients).toHaveLength(200);
    expect(expectDefined(recipe.ingredients[0]).length).toBeLessThanOrEqual(500);
    expect(recipe.ingredients).not.toContain("");
    expect(recipe.image).toBeNull();
    expect(recipe.yields?.length).toBe(200);
    expect(recipe.yields?.startsWith("4 servings 4 servings")).toBe(true);
  });

  it("answers the page's yield as written, and none for a recipe typed in by hand", async () => {
    const recipe = await importRecipe({ db, allowLoopback: true }, ANONYMOUS, { url: `${base}/recipe/good?t=svc-yields` });
    expect(recipe.yields).toBe("4 servings");
    const typed = await createManualRecipe({ db }, ANONYMOUS, { title: "Toast", ingredients: ["1 slice bread"] });
    expect(typed.yields).toBeNull();
  });

  it("keeps group headings from the page", async () => {
    const deps: RecipeDeps = {
      db,
      allowLoopback: true,
      extract: async () => ({
        ok: true,
        recipe: {
          title: "Layered",
          ingredients: ["200 g flour", "1 egg", "100 g sugar"],
          ingredientGroups: [
            { name: null, ingredients: ["200 g flour", "1 egg"] },
            { name: "For the topping", ingredients: ["100 g sugar"] },
          ],
          image: null,
          yields: null,
          times: { prepMinutes: null, cookMinutes: null, totalMinutes: null },
          instructions: [],
          author: null,
          siteName: "Layer Cakes",
          canonicalUrl: null,
          language: null,
          source: "json-ld",
        },
      }),
    };
    const recipe = await importRecipe(deps, ANONYMOUS, { url: `${base}/recipe/good?t=svc-groups` });
    expect(recipe.parsedIngredients.map((p) => p.group)).toEqual([null, null, "For the topping"]);
    expect(recipe.source).toBe("Layer Cakes");
  });

  it("keys the cache without fragments and tracking parameters, keeping the rest as written", () => {
    expect(cacheKey(new URL("https://a.com/soup?id=3&utm_source=x&UTM_Medium=y#step"))).toBe("https://a.com/soup?id=3");
    expect(cacheKey(new URL("https://a.com/soup?q=a+b&gclid=1"))).toBe("https://a.com/soup?q=a+b");
    expect(cacheKey(new URL("https://a.com/soup?q=a%20b#x"))).toBe("https://a.com/soup?q=a%20b");
    expect(cacheKey(new URL("https://a.com/soup?fbclid=1"))).toBe("https://a.com/soup");
  });

  it("names domains without www. and trailing dots", () => {
    expect(domainOf(new URL("https://WWW.Example.com./a"))).toBe("example.com");
    expect(domainOf(new URL("https://cooking.nytimes.com/"))).toBe("cooking.nytimes.com");
  });
});
