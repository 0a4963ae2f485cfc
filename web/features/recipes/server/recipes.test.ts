import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { RecipeSchema, type Recipe } from "../../../../core/api/recipes.ts";
import { createDb } from "../../../../worker/db/client.ts";
import { findDomainParseCount } from "./queries.ts";
import { parsedPages, recipes, sessions, users } from "../../../../worker/db/schema.ts";
import { sha256Hex } from "../../../../worker/lib/crypto.ts";
import { newId, newToken } from "../../../../worker/lib/ids.ts";
import { expectDefined } from "../../../../core/lib/expect-defined.ts";

const base = inject("fixtureBaseUrl");
const db = createDb(env.DB);
const FIXTURE_DOMAIN = new URL(base).hostname;

const call = (path: string, init?: RequestInit) => exports.default.fetch(`http://localhost${path}`, init);

function send(method: string, path: string, body?: unknown, token?: string, editToken?: string) {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  if (editToken) headers["x-edit-token"] = editToken;
  return call(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

const parse = (body: unknown, token?: string) => send("POST", "/api/recipes/parse", body, token);

async function problemOf(res: Response) {
  expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
  return (await res.json()) as {
    code: string;
    status: number;
    message: string;
    errors?: Record<string, string[]>;
    upstreamStatus?: number | null;
  };
}

async function recipeOf(res: Response, status = 201): Promise<Recipe> {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  return RecipeSchema.parse(body);
}

const hitCount = async (path: string) =>
  ((await (await fetch(`${base}/__hits?path=${encodeURIComponent(path)}`)).json()) as { count: number }).count;

/** A user with a live session; returns the bearer token. */
async function signedInUser(): Promise<{ id: string; token: string }> {
  const id = newId();
  const token = newToken();
  await db.insert(users).values({ id, email: `${id}@example.org`, passwordHash: "x", firstName: "A", lastName: "B" });
  await db.insert(sessions).values({ tokenHash: await sha256Hex(token), userId: id, expiresAt: new Date(Date.now() + 3_600_000) });
  return { id, token };
}

const recipeCount = async () => (await db.select({ id: recipes.id }).from(recipes)).length;

describe("POST /api/recipes/parse from a URL", () => {
  it("fetches, extracts, parses each line and saves the recipe", async () => {
    const path = "/recipe/good?t=basic";
    const recipe = await recipeOf(await parse({ url: `${base}${path}` }));
    expect(recipe).toMatchObject({
      title: "Fixture Tomato Soup",
      url: `${base}${path}`,
      source: "Fixture Kitchen",
      image: "https://images.example.com/tomato-soup.jpg",
      userId: null,
    });
    expect(recipe.ingredients).toEqual([
      "2 tbsp olive oil",
      "1 large onion, chopped",
      "800 g canned tomatoes",
      "500 ml vegetable stock",
      "salt to taste",
    ]);
    expect(recipe.parsedIngredients).toHaveLength(5);
    expect(recipe.parsedIngredients.map((p) => p.input)).toEqual(recipe.ingredients);
    expect(recipe.parsedIngredients[0]).toMatchObject({ quantity: 2, group: null });
    expect(expectDefined(recipe.parsedIngredients[2]).name).toMatch(/tomato/);

    // Stored with its parses; GET answers the same recipe.
    const [row] = await db.select().from(recipes).where(eq(recipes.id, recipe.id));
    expect(expectDefined(row).ingredients[1]).toMatchObject({ text: "1 large onion, chopped", group: null });
    expect((expectDefined(expectDefined(row).ingredients[1]).parsed as { input: string }).input).toBe("1 large onion, chopped");
    const got = await recipeOf(await call(`/api/recipes/${recipe.id}`), 200);
    // The edit token is only ever in the create answer.
    const { editToken, ...created } = recipe;
    expect(editToken).toBeTruthy();
    expect(got).toEqual(created);
  });

  it("gives a signed-in caller the recipe", async () => {
    const user = await signedInUser();
    const recipe = await recipeOf(await parse({ url: `${base}/recipe/good?t=owned` }, user.token));
    expect(recipe.userId).toBe(user.id);
    expect((await recipeOf(await send("GET", `/api/recipes/${recipe.id}`, undefined, user.token), 200)).id).toBe(recipe.id);
  });

  it("a signed-in caller who has the page's recipe already gets that one back (200, existing), never a second copy", async () => {
    const me = await signedInUser();
    const url = `${base}/recipe/good?t=mine-${newId()}`;
    const first = await recipeOf(await parse({ url }, me.token));
    expect(first.existing).toBeUndefined();
    // They renamed it: a second import of the page offers their recipe as it is now.
    const put = await send("PUT", `/api/recipes/${first.id}`, { title: "My soup", ingredients: first.ingredients }, me.token);
    expect(put.status).toBe(200);
    const again = await recipeOf(await parse({ url }, me.token), 200);
    expect(again).toMatchObject({ id: first.id, title: "My soup", existing: true, userId: me.id });
    // The same page with a tracking parameter, or captured by the extension, is the same recipe.
    expect((await recipeOf(await parse({ url: `${url}&utm_source=newsletter` }, me.token), 200)).id).toBe(first.id);
    expect((await recipeOf(await parse({ url, html: "<html><body>captured</body></html>" }, me.token), 200)).id).toBe(first.id);
    expect(await db.select({ id: recipes.id }).from(recipes).where(eq(recipes.userId, me.id))).toHaveLength(1);
    // Someone else, and a visitor who is signed out, import a recipe of their own.
    const other = await signedInUser();
    expect((await recipeOf(await parse({ url }, other.token))).id).not.toBe(first.id);
    const visitor = await recipeOf(await parse({ url }));
    expect(visitor.id).not.toBe(first.id);
    expect(visitor.existing).toBeUndefined();
  });

  it("decodes a windows-1252 page and one declared by <meta charset>", async () => {
    const a = await recipeOf(await parse({ url: `${base}/recipe/windows-1252` }));
    expect(a.title).toBe("Crème brûlée");
    expect(a.ingredients).toContain("500 ml crème fraîche");
    expect(a.ingredients).toContain("½ vanilla pod");
    const b = await recipeOf(await parse({ url: `${base}/recipe/meta-charset` }));
    expect(b.title).toBe("Crème brûlée à la maison");
    expect(b.source).toBe(FIXTURE_DOMAIN); // no site name on the page: the domain
  });

  it("serves a URL parsed in the last 24 hours from the cache without fetching", async () => {
    const path = "/recipe/good?t=cache";
    const first = await recipeOf(await parse({ url: `${base}${path}` }));
    const second = await recipeOf(await parse({ url: `${base}${path}#ingredients` }));
    expect(await hitCount(path)).toBe(1);
    expect(second.id).not.toBe(first.id);
    expect({ ...second, id: "", createdAt: "", updatedAt: "", editToken: "" }).toEqual({
      ...first,
      id: "",
      createdAt: "",
      updatedAt: "",
      editToken: "",
    });

    // Older than 24 h: fetched again, and the cache entry is refreshed.
    await db
      .update(parsedPages)
      .set({ fetchedAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(parsedPages.url, `${base}${path}`));
    await recipeOf(await parse({ url: `${base}${path}` }));
    expect(await hitCount(path)).toBe(2);
    const [entry] = await db
      .select()
      .from(parsedPages)
      .where(eq(parsedPages.url, `${base}${path}`));
    expect(Date.now() - expectDefined(entry).fetchedAt.getTime()).toBeLessThan(3_600_000);
    await recipeOf(await parse({ url: `${base}${path}` }));
    expect(await hitCount(path)).toBe(2);
  });

  it("shares the cache between URLs that differ only in tracking parameters", async () => {
    await recipeOf(await parse({ url: `${base}/recipe/good?t=utm` }));
    await recipeOf(await parse({ url: `${base}/recipe/good?t=utm&utm_source=newsletter&fbclid=abc` }));
    expect(await hitCount("/recipe/good?t=utm")).toBe(1);
    expect(await hitCount("/recipe/good?t=utm&utm_source=newsletter&fbclid=abc")).toBe(0);
  });

  it("does not cache failures", async () => {
    for (let i = 0; i < 2; i++) expect((await parse({ url: `${base}/recipe/broken-json-ld?t=nocache` })).status).toBe(422);
    expect(await hitCount("/recipe/broken-json-ld?t=nocache")).toBe(2);
  });

  it("counts one parse per success for the domain, atomically, cache hits included", async () => {
    const before = await findDomainParseCount(db, FIXTURE_DOMAIN);
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => parse({ url: `${base}/recipe/good?t=count-${n}` }).then((r: Response) => r.status)),
    );
    expect(results).toEqual([201, 201, 201, 201, 201]);
    expect(await findDomainParseCount(db, FIXTURE_DOMAIN)).toBe(before + 5);
    await recipeOf(await parse({ url: `${base}/recipe/good?t=count-1` })); // cache hit
    expect(await findDomainParseCount(db, FIXTURE_DOMAIN)).toBe(before + 6);
    // Failures count nothing and save nothing.
    const recipesBefore = await recipeCount();
    expect((await parse({ url: `${base}/recipe/broken-json-ld` })).status).toBe(422);
    expect((await parse({ url: `${base}/data.json` })).status).toBe(415);
    expect(await findDomainParseCount(db, FIXTURE_DOMAIN)).toBe(before + 6);
    expect(await recipeCount()).toBe(recipesBefore);
  });

  it("counts a redirected page under its final domain and stores the final URL", async () => {
    const recipe = await recipeOf(await parse({ url: `${base}/redirect-chain?n=2&tag=final` }));
    expect(recipe.url).toBe(`${base}/recipe/good?from-chain=final`);
  });
});

describe("POST /api/recipes/parse failures", () => {
  it("answers no_recipe_found (422) for a page without a usable recipe", async () => {
    const res = await parse({ url: `${base}/recipe/broken-json-ld` });
    expect(res.status).toBe(422);
    expect(await problemOf(res)).toMatchObject({ code: "no_recipe_found", status: 422 });
  });

  it("refuses internal addresses before fetching, with a field error", async () => {
    for (const url of [
      "http://10.0.0.1/recipe",
      "http://169.254.169.254/latest/meta-data/",
      "http://[::ffff:127.0.0.1]/",
      "http://[::ffff:7f00:1]/",
      "http://0xc0a80001/",
      "http://172.16.0.1./",
      "http://metadata.google.internal/",
      "http://[fd00::1]/",
      "http://[64:ff9b::a00:1]/",
    ]) {
      const res = await parse({ url });
      expect(res.status, url).toBe(400);
      const p = await problemOf(res);
      expect(p.code, url).toBe("blocked_address");
      expect(p.errors?.url).toHaveLength(1);
    }
  });

  it("refuses malformed and non-web URLs as invalid_url", async () => {
    for (const url of ["not a url", "ftp://example.com/x", "javascript:alert(1)", "http://u:p@example.com/", "http://example.com:8080/"]) {
      const res = await parse({ url });
      expect(res.status, url).toBe(400);
      expect((await problemOf(res)).code, url).toBe("invalid_url");
    }
  });

  it("refuses a redirect into private space", async () => {
    for (const target of ["http://10.0.0.1/", "http://[::ffff:127.0.0.1]/", "http://169.254.169.254/"]) {
      const res = await parse({ url: `${base}/redirect?to=${encodeURIComponent(target)}` });
      expect(res.status, target).toBe(400);
      expect((await problemOf(res)).code).toBe("blocked_address");
    }
  });

  it("maps fetch problems to their codes", async () => {
    const cases: [string, number, string, number | null | undefined][] = [
      ["/data.json", 415, "not_html", undefined],
      ["/huge", 413, "too_large", undefined],
      ["/bot-wall", 502, "site_blocked", 403],
      ["/rate-limited", 502, "site_blocked", 429],
      ["/captcha-200", 502, "site_blocked", 200],
      ["/no-such-page", 502, "fetch_failed", 404],
      ["/server-error", 502, "fetch_failed", 500],
    ];
    for (const [path, status, code, upstream] of cases) {
      const res = await parse({ url: `${base}${path}` });
      expect(res.status, path).toBe(status);
      const p = await problemOf(res);
      expect(p.code, path).toBe(code);
      if (upstream !== undefined) expect(p.upstreamStatus, path).toBe(upstream);
    }
    const blocked = await problemOf(await parse({ url: `${base}/bot-wall` }));
    expect(blocked.message).toMatch(/browser extension/);
  });

  it("validates the body: url required and at most 2048 characters", async () => {
    for (const body of [{}, { url: "" }, { url: 42 }, { url: `https://example.com/${"a".repeat(2048)}` }]) {
      const res = await parse(body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      const p = await problemOf(res);
      expect(p.code).toBe("invalid_body");
      expect(p.errors?.url?.length).toBeGreaterThan(0);
    }
  });
});

describe("POST /api/recipes/parse with HTML from the browser extension", () => {
  const html = `<!doctype html><html><head><meta property="og:site_name" content="Captured Kitchen">
<script type="application/ld+json">${JSON.stringify({
    "@context": "https://schema.org",
    "@type": "Recipe",
    name: "Captured Pancakes",
    recipeIngredient: ["200 g flour", "2 eggs", "300 ml milk"],
  })}</script></head><body><h1>Captured Pancakes</h1></body></html>`;

  it("extracts without fetching and does not touch the cache", async () => {
    const path = "/recipe/never-fetched";
    const recipe = await recipeOf(await parse({ url: `${base}${path}`, html }));
    expect(recipe).toMatchObject({ title: "Captured Pancakes", source: "Captured Kitchen", url: `${base}${path}` });
    expect(recipe.ingredients).toEqual(["200 g flour", "2 eggs", "300 ml milk"]);
    expect(await hitCount(path)).toBe(0);
    expect(
      await db
        .select()
        .from(parsedPages)
        .where(eq(parsedPages.url, `${base}${path}`)),
    ).toHaveLength(0);
  });

  it("does not serve a cached fetch in place of the captured page", async () => {
    const url = `${base}/recipe/good?t=captured-over-cache`;
    await recipeOf(await parse({ url }));
    const recipe = await recipeOf(await parse({ url, html }));
    expect(recipe.title).toBe("Captured Pancakes");
  });

  it("holds the page URL to the fetch address rules: a private address is neither stored nor counted", async () => {
    const before = await recipeCount();
    for (const url of [
      "http://192.168.1.20/recipes/pancakes",
      "http://169.254.169.254/latest/",
      "http://[::ffff:10.0.0.1]/r",
      "https://example.com:8443/r",
    ]) {
      const res = await parse({ url, html });
      expect(res.status, url).toBe(400);
      const body = await problemOf(res);
      expect(["blocked_address", "invalid_url"], url).toContain(body.code);
      expect(body.errors?.url?.[0]).toBe(body.message);
    }
    expect(await findDomainParseCount(db, "192.168.1.20")).toBe(0);
    expect(await recipeCount()).toBe(before);
    const res = await parse({ url: "javascript:alert(1)", html });
    expect(res.status).toBe(400);
    expect((await problemOf(res)).code).toBe("invalid_url");
    expect((await recipeOf(await parse({ url: "https://example.com/captured", html }))).url).toBe("https://example.com/captured");
  });

  it("refuses HTML over 5 MB and pages without a recipe", async () => {
    const big = `<html><body>${"é".repeat(2.6 * 1024 * 1024)}</body></html>`; // > 5 MB as UTF-8
    const res = await parse({ url: "https://example.com/big", html: big });
    expect(res.status).toBe(413);
    expect((await problemOf(res)).code).toBe("too_large");
    const none = await parse({ url: "https://example.com/none", html: "<html><body><p>Hello</p></body></html>" });
    expect(none.status).toBe(422);
    expect((await problemOf(none)).code).toBe("no_recipe_found");
  });
});

describe("POST /api/recipes/parse rate limit", () => {
  const html = `<html><head><script type="application/ld+json">${JSON.stringify({
    "@context": "https://schema.org",
    "@type": "Recipe",
    name: "Limited Pancakes",
    recipeIngredient: ["200 g flour", "2 eggs"],
  })}</script></head><body></body></html>`;
  const parseFrom = (address: string) =>
    call("/api/recipes/parse", {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": address },
      body: JSON.stringify({ url: "https://example.com/limited", html }),
    });

  it("answers 429 rate_limited after 30 imports a minute from one address; other addresses go on", async () => {
    // the limiter counts in windows aligned to the wall-clock minute: start well inside one
    const toBoundary = 60_000 - (Date.now() % 60_000);
    if (toBoundary < 5_000) await new Promise((r) => setTimeout(r, toBoundary + 100));
    const address = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await parseFrom(address)).status);
    expect(statuses.slice(0, 30)).toEqual(new Array(30).fill(201));
    expect(statuses[30]).toBe(429);
    const limited = await parseFrom(address);
    expect(limited.status).toBe(429);
    const body = await problemOf(limited);
    expect(body).toMatchObject({ code: "rate_limited", retryAfterSeconds: 60 });
    expect(body.message).toMatch(/wait a minute/);
    expect(limited.headers.get("retry-after")).toBe("60");
    expect((await parseFrom("2001:db8::7")).status).toBe(201);
  }, 15_000);
});

describe("manual entry and recipe edits rate limit", () => {
  const save = (address: string, method: string, path: string, editToken = "") =>
    call(path, {
      method,
      headers: { "content-type": "application/json", "cf-connecting-ip": address, "x-edit-token": editToken },
      body: JSON.stringify({ title: "Limited soup", ingredients: ["1 onion", "2 carrots"] }),
    });

  it("answers 429 with Retry-After after 60 saves (manual or edit) a minute from one address", async () => {
    const toBoundary = 60_000 - (Date.now() % 60_000);
    if (toBoundary < 8_000) await new Promise((r) => setTimeout(r, toBoundary + 100));
    const address = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
    const first = await recipeOf(await save(address, "POST", "/api/recipes/manual"));
    const statuses: number[] = [];
    for (let i = 0; i < 59; i++) {
      statuses.push(
        (await (i % 2 ? save(address, "POST", "/api/recipes/manual") : save(address, "PUT", `/api/recipes/${first.id}`, first.editToken)))
          .status,
      );
    }
    expect(statuses.every((s) => s === 200 || s === 201)).toBe(true);
    for (const [method, path] of [
      ["PUT", `/api/recipes/${first.id}`],
      ["POST", "/api/recipes/manual"],
    ] as const) {
      const limited = await save(address, method, path, first.editToken);
      expect(limited.status).toBe(429);
      expect(limited.headers.get("retry-after")).toBe("60");
      expect(await problemOf(limited)).toMatchObject({ code: "rate_limited", message: expect.stringMatching(/saved in a short time/) });
    }
    expect((await save("2001:db8::8", "POST", "/api/recipes/manual")).status).toBe(201);
  }, 20_000);
});

describe("POST /api/recipes/manual", () => {
  it("saves the recipe with source 'manually added', blank lines dropped, lines parsed", async () => {
    const res = await send("POST", "/api/recipes/manual", {
      title: "  Grandma's lasagne ",
      ingredients: ["500 g minced beef", "", "   ", " 1 onion\n2 cloves garlic "],
      source: "something else",
    });
    const recipe = await recipeOf(res);
    expect(recipe).toMatchObject({ title: "Grandma's lasagne", source: "manually added", url: null, userId: null });
    expect(recipe.ingredients).toEqual(["500 g minced beef", "1 onion", "2 cloves garlic"]);
    expect(recipe.parsedIngredients[0]).toMatchObject({ input: "500 g minced beef", quantity: 500 });
  });

  it("belongs to the signed-in caller", async () => {
    const user = await signedInUser();
    const recipe = await recipeOf(await send("POST", "/api/recipes/manual", { title: "Mine", ingredients: ["1 egg"] }, user.token));
    expect(recipe.userId).toBe(user.id);
  });

  it("answers field errors for invalid input", async () => {
    const cases: [unknown, string, RegExp][] = [
      [{ ingredients: ["1 egg"] }, "title", /title/i],
      [{ title: "   ", ingredients: ["1 egg"] }, "title", /Please enter a recipe title/],
      [{ title: "x".repeat(201), ingredients: ["1 egg"] }, "title", /200/],
      [{ title: "T" }, "ingredients", /at least one ingredient/],
      [{ title: "T", ingredients: ["", "  "] }, "ingredients", /at least one ingredient/],
      [{ title: "T", ingredients: Array.from({ length: 201 }, (_, i) => `${i} eggs`) }, "ingredients", /200/],
      [{ title: "T", ingredients: ["1 egg", "y".repeat(501)] }, "ingredients.1", /500/],
      [{ title: "T", ingredients: "1 egg" }, "ingredients", /ingredient/i],
    ];
    for (const [body, field, message] of cases) {
      const res = await send("POST", "/api/recipes/manual", body);
      expect(res.status, field).toBe(400);
      const p = await problemOf(res);
      expect(p.code).toBe("invalid_body");
      expect(p.errors?.[field]?.join(" "), `${field} in ${JSON.stringify(p.errors)}`).toMatch(message);
    }
  });

  it("refuses a non-JSON body", async () => {
    const res = await call("/api/recipes/manual", {
      method: "POST",
      body: "title=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(415);
  });
});

describe("GET, PUT and DELETE /api/recipes/{id}", () => {
  const manual = async (token?: string) =>
    recipeOf(await send("POST", "/api/recipes/manual", { title: "Soup", ingredients: ["1 onion", "2 carrots"] }, token));
  const edit = { title: "Better soup", ingredients: ["1 onion", "3 carrots", "1 leek"] };

  it("answers 404 not_found for unknown and malformed ids", async () => {
    for (const id of [newId(), "nope", "%E0%A4%A"]) {
      for (const [method, body] of [["GET"], ["PUT", edit], ["DELETE"]] as const) {
        const res = await send(method, `/api/recipes/${id}`, body);
        expect(res.status, `${method} ${id}`).toBe(404);
        expect((await problemOf(res)).code).toBe("not_found");
      }
    }
  });

  it("lets the owner edit and delete; others and signed-out callers get 403", async () => {
    const owner = await signedInUser();
    const other = await signedInUser();
    const recipe = await manual(owner.token);

    for (const token of [other.token, undefined, "not-a-session"]) {
      const put = await send("PUT", `/api/recipes/${recipe.id}`, edit, token);
      expect(put.status).toBe(403);
      expect((await problemOf(put)).code).toBe("forbidden");
      const del = await send("DELETE", `/api/recipes/${recipe.id}`, undefined, token);
      expect(del.status).toBe(403);
    }
    expect((await recipeOf(await send("GET", `/api/recipes/${recipe.id}`, undefined, owner.token), 200)).title).toBe("Soup");
    for (const token of [other.token, undefined]) {
      const get = await send("GET", `/api/recipes/${recipe.id}`, undefined, token);
      expect(get.status).toBe(403);
      expect((await problemOf(get)).code).toBe("forbidden");
    }

    const updated = await recipeOf(await send("PUT", `/api/recipes/${recipe.id}`, edit, owner.token), 200);
    expect(updated).toMatchObject({ id: recipe.id, title: "Better soup", ingredients: edit.ingredients, userId: owner.id });
    expect(updated.parsedIngredients.map((p) => p.input)).toEqual(edit.ingredients);
    expect(updated.parsedIngredients[1]).toMatchObject({ quantity: 3 });

    const del = await send("DELETE", `/api/recipes/${recipe.id}`, undefined, owner.token);
    expect(del.status).toBe(204);
    expect(await del.text()).toBe("");
    expect((await send("GET", `/api/recipes/${recipe.id}`, undefined, owner.token)).status).toBe(404);
  });

  it("a recipe made while signed out: its id lets anyone read it; only its edit token lets one change or delete it", async () => {
    const recipe = await manual();
    expect(recipe.editToken).toMatch(/^[\w-]{43}$/);
    const someone = await signedInUser();
    const read = await recipeOf(await send("GET", `/api/recipes/${recipe.id}`, undefined, someone.token), 200);
    expect(read.id).toBe(recipe.id);
    expect(read).not.toHaveProperty("editToken");
    for (const [token, editToken] of [
      [undefined, undefined],
      [someone.token, undefined],
      [undefined, "wrong-token"],
      [someone.token, recipe.id],
    ] as const) {
      expect((await send("PUT", `/api/recipes/${recipe.id}`, edit, token, editToken)).status).toBe(403);
      expect((await send("DELETE", `/api/recipes/${recipe.id}`, undefined, token, editToken)).status).toBe(403);
    }
    const a = await recipeOf(await send("PUT", `/api/recipes/${recipe.id}`, edit, undefined, recipe.editToken), 200);
    expect(a.userId).toBeNull();
    expect(a).not.toHaveProperty("editToken");
    // The token works whoever is signed in on that browser.
    const b = await recipeOf(
      await send("PUT", `/api/recipes/${recipe.id}`, { ...edit, title: "Soup 3" }, someone.token, recipe.editToken),
      200,
    );
    expect(b).toMatchObject({ title: "Soup 3", userId: null });
    expect((await send("DELETE", `/api/recipes/${recipe.id}`, undefined, undefined, recipe.editToken)).status).toBe(204);
  });

  it("a recipe made while signed in carries no edit token", async () => {
    const owner = await signedInUser();
    expect((await manual(owner.token)).editToken).toBeUndefined();
  });

  it("keeps the group and parse of unchanged lines on edit", async () => {
    const html = `<html><head><script type="application/ld+json">${JSON.stringify({
      "@type": "Recipe",
      name: "Grouped",
      recipeIngredient: ["200 g flour", "1 egg"],
    })}</script></head><body></body></html>`;
    const recipe = await recipeOf(await parse({ url: "https://example.com/grouped", html }));
    // Give the first line a group as a page with headings would.
    const [row] = await db.select().from(recipes).where(eq(recipes.id, recipe.id));
    const lines = expectDefined(row).ingredients.map((l, i) => (i === 0 ? { ...l, group: "For the batter" } : l));
    await db.update(recipes).set({ ingredients: lines }).where(eq(recipes.id, recipe.id));

    const updated = await recipeOf(
      await send(
        "PUT",
        `/api/recipes/${recipe.id}`,
        { title: "Grouped", ingredients: ["200 g flour", "2 eggs"] },
        undefined,
        recipe.editToken,
      ),
      200,
    );
    expect(updated.parsedIngredients[0]).toMatchObject({ input: "200 g flour", group: "For the batter" });
    expect(updated.parsedIngredients[1]).toMatchObject({ input: "2 eggs", group: null, quantity: 2 });
  });

  it("validates PUT bodies like manual entry", async () => {
    const recipe = await manual();
    const res = await send("PUT", `/api/recipes/${recipe.id}`, { title: "", ingredients: [] });
    expect(res.status).toBe(400);
    const p = await problemOf(res);
    expect(Object.keys(p.errors ?? {}).sort()).toEqual(["ingredients", "title"]);
  });
});
