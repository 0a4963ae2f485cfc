/**
 * The parsed-page cache's fresh-fetch path and its upkeep: an import that asks for a fresh fetch,
 * 'Refresh from the site' on a recipe imported from a link, and pruning by age and by a row cap.
 */
import { env, exports } from "cloudflare:workers";
import { eq, like } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { RecipeSchema, type Recipe } from "../../../../core/api/recipes.ts";
import { expectDefined } from "../../../../core/lib/expect-defined.ts";
import { createDb } from "../../../../worker/db/client.ts";
import { parsedPages, recipes } from "../../../../worker/db/schema.ts";
import { PARSED_PAGE_TTL_MS, pruneParsedPageCache } from "./service.ts";

const base = inject("fixtureBaseUrl");
const db = createDb(env.DB);

function send(method: string, path: string, body?: unknown, editToken?: string) {
  const headers: Record<string, string> = { "cf-connecting-ip": "198.51.100.77" };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (editToken) headers["x-edit-token"] = editToken;
  return exports.default.fetch(`http://localhost${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

async function recipeOf(res: Response, status = 201): Promise<Recipe> {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  return RecipeSchema.parse(body);
}

const hitCount = async (path: string) =>
  ((await (await fetch(`${base}/__hits?path=${encodeURIComponent(path)}`)).json()) as { count: number }).count;

/** Makes the cache's copy of `url` say something the page does not (as if the site changed since). */
async function staleCopy(url: string): Promise<void> {
  const [row] = await db.select().from(parsedPages).where(eq(parsedPages.url, url));
  const data = expectDefined(row).recipe as { draft: { title: string } };
  await db
    .update(parsedPages)
    .set({ recipe: { ...data, draft: { ...data.draft, title: "Old title from the cache" } } })
    .where(eq(parsedPages.url, url));
}

describe("an import that asks for a fresh fetch", () => {
  it("fetches the page again whatever the cache holds, and the cache gets the fresh copy", async () => {
    const path = "/recipe/good?t=fresh-import";
    const url = `${base}${path}`;
    const first = await recipeOf(await send("POST", "/api/recipes/parse", { url }));
    await staleCopy(url);
    expect((await recipeOf(await send("POST", "/api/recipes/parse", { url }))).title).toBe("Old title from the cache");
    expect(await hitCount(path)).toBe(1);

    const fresh = await recipeOf(await send("POST", "/api/recipes/parse", { url, fresh: true }));
    expect(await hitCount(path)).toBe(2);
    expect(fresh.title).toBe(first.title);
    // The cache now holds the page as it is: the next plain import is a hit with the fresh copy.
    expect((await recipeOf(await send("POST", "/api/recipes/parse", { url }))).title).toBe(first.title);
    expect(await hitCount(path)).toBe(2);
  });

  it("accepts only a boolean", async () => {
    const res = await send("POST", "/api/recipes/parse", { url: `${base}/recipe/good?t=fresh-bad`, fresh: "yes" });
    expect(res.status).toBe(400);
  });
});

describe("POST /api/recipes/{id}/refresh ('Refresh from the site')", () => {
  it("refetches the recipe's page, replaces its title and lines under the same id, and refreshes the cache", async () => {
    const path = "/recipe/good?t=refresh";
    const url = `${base}${path}`;
    const made = await recipeOf(await send("POST", "/api/recipes/parse", { url }));
    // The saved recipe and the cache both went stale (edited here, changed on the site).
    await db
      .update(recipes)
      .set({ title: "Something else", ingredients: [{ text: "1 old line" }] })
      .where(eq(recipes.id, made.id));
    await staleCopy(url);
    await db
      .update(parsedPages)
      .set({ fetchedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(parsedPages.url, url));

    const refreshed = await recipeOf(await send("POST", `/api/recipes/${made.id}/refresh`, undefined, made.editToken), 200);
    expect(await hitCount(path)).toBe(2);
    expect(refreshed.id).toBe(made.id);
    expect(refreshed.title).toBe(made.title);
    expect(refreshed.ingredients).toEqual(made.ingredients);
    expect(refreshed.ingredients).not.toContain("1 old line");
    const [entry] = await db.select().from(parsedPages).where(eq(parsedPages.url, url));
    expect(Date.now() - expectDefined(entry).fetchedAt.getTime()).toBeLessThan(600_000);
    expect((expectDefined(entry).recipe as { draft: { title: string } }).draft.title).toBe(made.title);
  });

  it("is for whoever may edit the recipe, and only for recipes imported from a link", async () => {
    const made = await recipeOf(await send("POST", "/api/recipes/parse", { url: `${base}/recipe/good?t=refresh-authz` }));
    expect((await send("POST", `/api/recipes/${made.id}/refresh`)).status).toBe(403);
    expect((await send("POST", `/api/recipes/${made.id}/refresh`, undefined, "wrong")).status).toBe(403);
    expect((await send("POST", "/api/recipes/nope/refresh")).status).toBe(404);

    const typed = await recipeOf(await send("POST", "/api/recipes/manual", { title: "Typed", ingredients: ["1 egg"] }));
    const res = await send("POST", `/api/recipes/${typed.id}/refresh`, undefined, typed.editToken);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe("not_imported");
  });

  it("keeps the recipe as it was when the site fails", async () => {
    const made = await recipeOf(await send("POST", "/api/recipes/parse", { url: `${base}/recipe/good?t=refresh-fail` }));
    // Point the recipe at a page without a recipe: the refresh answers the import's error and changes nothing.
    await db
      .update(recipes)
      .set({ url: `${base}/recipe/broken-json-ld?t=refresh-fail` })
      .where(eq(recipes.id, made.id));
    const res = await send("POST", `/api/recipes/${made.id}/refresh`, undefined, made.editToken);
    expect(res.status).toBe(422);
    const [row] = await db.select().from(recipes).where(eq(recipes.id, made.id));
    expect(expectDefined(row).title).toBe(made.title);
  });
});

describe("the cache's upkeep (scheduled job)", () => {
  it("deletes rows past 24 hours, then the oldest beyond the row cap", async () => {
    const now = Date.now();
    const rows = Array.from({ length: 6 }, (_, i) => ({
      url: `https://prune.example/${i}`,
      recipe: { v: 1 },
      // 0 and 1 are past their 24 h; 2..5 are inside it but older than any row other tests cached during this run
      // (the database is shared by every file), 5 the newest of them.
      fetchedAt: new Date(i < 2 ? now - PARSED_PAGE_TTL_MS - (i + 1) * 60_000 : now - PARSED_PAGE_TTL_MS + i * 60_000),
    }));
    await db.insert(parsedPages).values(rows);
    // Rows other tests cached (the database is shared by every file) that the age rule keeps.
    const others = (await db.select({ url: parsedPages.url, fetchedAt: parsedPages.fetchedAt }).from(parsedPages)).filter(
      (r) => !r.url.startsWith("https://prune.example/") && r.fetchedAt.getTime() >= now - PARSED_PAGE_TTL_MS,
    );
    const gone = await pruneParsedPageCache(db, new Date(now), others.length + 2);
    expect(gone).toBeGreaterThanOrEqual(4);
    const left = await db.select({ url: parsedPages.url }).from(parsedPages).where(like(parsedPages.url, "https://prune.example/%"));
    expect(left.map((r) => r.url).sort()).toEqual(["https://prune.example/4", "https://prune.example/5"]);
  });
});
