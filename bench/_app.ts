/**
 * What the route-CPU and load sections share: recipe pages served on loopback (so imports really
 * fetch, then come from the parsed-page cache), and a seeded app: accounts with sessions, recipes
 * imported from those pages, shopping lists. Every client gets its own rate-limit key
 * (`x-test-client`, honoured only with RECIPECART_TEST_CLIENT_KEYS=1 in a local run), as distinct
 * visitors would behind Cloudflare.
 */
import { createServer, type Server } from "node:http";
import { TEST_CLIENT_HEADER } from "../worker/http/rate-limit.ts";
import { EVERYDAY_LINES } from "./_lines.ts";

/** Ingredient lines the generated recipe pages draw from. */
const LINES = [
  ...EVERYDAY_LINES,
  "2 1/4 cups all-purpose flour",
  "1 cup (2 sticks) unsalted butter, softened",
  "3/4 cup packed brown sugar",
  "2 large eggs",
  "1 (14 oz) can black beans, drained and rinsed",
];

/** The lines of generated recipe n (12 of LINES, a different mix per n). */
export function recipeLines(n: number): string[] {
  return Array.from({ length: 12 }, (_, i) => LINES[(n * 7 + i * 3) % LINES.length]!);
}

function recipePage(n: number): string {
  const ld = {
    "@context": "https://schema.org",
    "@type": "Recipe",
    name: `Bench recipe ${n}`,
    recipeYield: "4 servings",
    recipeIngredient: recipeLines(n),
    recipeInstructions: [{ "@type": "HowToStep", text: "Mix everything and cook until done." }],
  };
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bench recipe ${n}</title>
<script type="application/ld+json">${JSON.stringify(ld)}</script></head>
<body><h1>Bench recipe ${n}</h1><ul>${recipeLines(n)
    .map((l) => `<li>${l}</li>`)
    .join("")}</ul><p>${"Some words about this dish. ".repeat(40)}</p></body></html>`;
}

export interface RecipePages {
  origin: string;
  /** Page fetches per path (an import from the cache fetches nothing). */
  fetches: () => number;
  url: (n: number) => string;
  close: () => Promise<void>;
}

/** Serves /recipe/<n>.html for any n on 127.0.0.1. */
export async function startRecipePages(): Promise<RecipePages> {
  let fetches = 0;
  const server: Server = createServer((req, res) => {
    const m = /^\/recipe\/(\d+)\.html$/.exec(new URL(req.url ?? "/", "http://127.0.0.1").pathname);
    if (!m) {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    fetches++;
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(recipePage(Number(m[1])));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    origin,
    fetches: () => fetches,
    url: (n) => `${origin}/recipe/${n}.html`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface Call {
  method?: string;
  body?: unknown;
  token?: string;
  editToken?: string;
  client?: string;
  cookie?: string;
}

/** One request to the app: JSON body, bearer token, edit token, a rate-limit client of its own. */
export function appFetch(baseURL: string, path: string, call: Call = {}): Promise<Response> {
  const headers: Record<string, string> = {};
  if (call.body !== undefined) headers["content-type"] = "application/json";
  if (call.token) headers.authorization = `Bearer ${call.token}`;
  if (call.editToken) headers["x-edit-token"] = call.editToken;
  if (call.cookie) headers.cookie = call.cookie;
  headers[TEST_CLIENT_HEADER] = call.client ?? "bench";
  return fetch(`${baseURL}${path}`, {
    method: call.method ?? (call.body === undefined ? "GET" : "POST"),
    headers,
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
  });
}

export async function appJson<T>(baseURL: string, path: string, call: Call = {}, expect = [200, 201]): Promise<T> {
  const res = await appFetch(baseURL, path, call);
  const text = await res.text();
  if (!expect.includes(res.status))
    throw new Error(`${call.method ?? (call.body === undefined ? "GET" : "POST")} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

export const BENCH_PASSWORD = "bench-password-2026";

export interface SeededUser {
  email: string;
  token: string;
  client: string;
  recipeIds: string[];
  listId: string;
  itemIds: string[];
}

export interface SeededVisitor {
  client: string;
  listId: string;
  editToken: string;
  itemIds: string[];
  recipeIds: string[];
}

export interface Seeded {
  users: SeededUser[];
  visitors: SeededVisitor[];
  /** Pages imported once (their parses are in the cache). */
  cachedPages: number[];
}

/**
 * Accounts (each with `recipesEach` recipes imported from the pages and one list of them), and
 * signed-out visitors with a list each. Pages 1..pages are imported once so they are cached.
 */
export async function seedApp(
  baseURL: string,
  pages: RecipePages,
  opts: { users: number; visitors: number; pages: number; recipesEach: number; tag: string },
): Promise<Seeded> {
  const cachedPages = Array.from({ length: opts.pages }, (_, i) => i + 1);
  const users: SeededUser[] = [];
  for (let u = 0; u < opts.users; u++) {
    const client = `${opts.tag}-user-${u}`;
    const email = `bench-${opts.tag}-${u}@example.org`;
    const auth = await appJson<{ token: string }>(baseURL, "/api/auth/register", {
      client,
      body: { firstName: "Bench", lastName: `User ${u}`, email, password: BENCH_PASSWORD },
    });
    const recipeIds: string[] = [];
    for (let r = 0; r < opts.recipesEach; r++) {
      const page = cachedPages[(u * opts.recipesEach + r) % cachedPages.length]!;
      const recipe = await appJson<{ id: string }>(baseURL, "/api/recipes/parse", {
        client,
        token: auth.token,
        body: { url: pages.url(page) },
      });
      recipeIds.push(recipe.id);
    }
    const list = await appJson<{ id: string; ingredients: Record<string, { id: string }[]> }>(baseURL, "/api/shopping-lists", {
      client,
      token: auth.token,
      body: { name: `Bench list ${u}`, recipeIds },
    });
    users.push({
      email,
      token: auth.token,
      client,
      recipeIds,
      listId: list.id,
      itemIds: Object.values(list.ingredients)
        .flat()
        .map((i) => i.id),
    });
  }
  const visitors: SeededVisitor[] = [];
  for (let v = 0; v < opts.visitors; v++) {
    const client = `${opts.tag}-visitor-${v}`;
    const recipeIds: string[] = [];
    for (let r = 0; r < opts.recipesEach; r++) {
      const page = cachedPages[(v * 3 + r) % cachedPages.length]!;
      recipeIds.push((await appJson<{ id: string }>(baseURL, "/api/recipes/parse", { client, body: { url: pages.url(page) } })).id);
    }
    const list = await appJson<{ id: string; editToken: string; ingredients: Record<string, { id: string }[]> }>(
      baseURL,
      "/api/shopping-lists",
      {
        client,
        body: { name: `Visitor list ${v}`, recipeIds },
      },
    );
    visitors.push({
      client,
      listId: list.id,
      editToken: list.editToken,
      recipeIds,
      itemIds: Object.values(list.ingredients)
        .flat()
        .map((i) => i.id),
    });
  }
  return { users, visitors, cachedPages };
}
