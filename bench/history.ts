/**
 * List history search (decision 0032), printed, never asserted: GET
 * /api/users/me/shopping-lists?search=&limit=10 for one user who has 1,000 lists of 30 items each
 * (plus 1,000 lists of 20 other users in the same index), in workerd (`wrangler dev` on the build).
 *
 * Seeding goes straight into the local D1 file (one SQL file through `wrangler d1 execute`), using the
 * app's own search-row statement (SEARCH_ROW_INSERT), so the index is exactly what the list insert
 * batch writes; 1,000 POSTs through the API would take minutes on a loaded machine. The searches then
 * go through the real API with a bearer session. Each figure: wall time seen by the client and the
 * handler's own time from `Server-Timing: app;dur=X`.
 *
 * Item names come from DATA_DIR/ingredients/dev.jsonl (the gold names) when present, else a small
 * built-in set. Set BENCH_NO_BUILD=1 to reuse build/.
 */
import { createHash, randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { SEARCH_ROW_INSERT } from "../web/features/shopping-list/server/queries.ts";
import { buildUnlessReused, startServerWithSql } from "./_server.ts";

const LISTS = 1000;
const ITEMS = 30;
const OTHER_USERS = 20;
const OTHER_LISTS = 1000;
const RUNS = 30;

const FALLBACK_NAMES = [
  "onion",
  "garlic",
  "olive oil",
  "canned tomatoes",
  "salt",
  "black pepper",
  "minced beef",
  "red pepper",
  "carrot",
  "chicken stock",
  "long-grain rice",
  "cheddar cheese",
  "tomato paste",
  "ground cumin",
  "parsley",
  "butter",
  "flour",
  "sugar",
  "eggs",
  "milk",
  "lemon",
  "basil",
  "mozzarella",
  "spinach",
  "potatoes",
  "thyme",
  "paprika",
  "honey",
  "soy sauce",
  "ginger",
  "coconut milk",
  "chickpeas",
  "lentils",
  "feta",
  "cucumber",
  "yoghurt",
  "jalapeño",
  "crème fraîche",
];
const TITLES = [
  "Crème brûlée",
  "Chili con carne",
  "Pad thai",
  "Bœuf bourguignon",
  "Shakshuka",
  "Paella valenciana",
  "Jalapeño poppers",
  "Pão de queijo",
  "Tarte Tatin",
  "Smørrebrød",
  "Dal makhani",
  "Käsespätzle",
  "Moussaka",
  "Açaí bowl",
  "Ratatouille",
];

function itemNames(dataDir: string): string[] {
  const file = path.join(dataDir, "ingredients", "dev.jsonl");
  if (!existsSync(file)) return FALLBACK_NAMES;
  const names = new Set<string>();
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (!line) continue;
    const name = (JSON.parse(line) as { gold?: { name?: string }; name?: string }).gold?.name ?? "";
    if (name && name.length < 60) names.add(name.toLowerCase());
  }
  return names.size >= 100 ? [...names] : FALLBACK_NAMES;
}

/** Deterministic pseudo-random numbers (mulberry32), so every run seeds the same data. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const id = () => randomBytes(16).toString("base64url");
const q = (s: string) => `'${s.replace(/'/g, "''")}'`;

interface Seeded {
  token: string;
  sql: string;
  /** Words to search for, with how many of the user's lists contain them. */
  names: string[];
}

function seedSql(names: string[]): Seeded {
  const rand = rng(12);
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)]!;
  const out: string[] = [];
  const token = randomBytes(32).toString("base64url");
  const userId = id();
  const now = Date.now();
  out.push(`insert into users (id, email, password_hash) values (${q(userId)}, 'bench-history@example.test', 'x');`);
  out.push(
    `insert into sessions (token_hash, user_id, expires_at) values (${q(createHash("sha256").update(token).digest("hex"))}, ${q(userId)}, ${now + 86_400_000});`,
  );
  const others = Array.from({ length: OTHER_USERS }, () => id());
  for (const [i, other] of others.entries()) {
    out.push(`insert into users (id, email, password_hash) values (${q(other)}, 'bench-other-${i}@example.test', 'x');`);
  }
  const addList = (owner: string, n: number, created: number) => {
    const listId = id();
    const titles = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => pick(TITLES));
    const recipes = [...new Set(titles)].map((title, position) => ({ recipeId: id(), title, position }));
    const items = Array.from({ length: ITEMS }, (_, position) => ({ id: id(), name: pick(names), position }));
    out.push(
      `insert into shopping_lists (id, name, user_id, created_at) values (${q(listId)}, ${q(`Shopping List - ${n} ${pick(["Week", "Party", "Brunch", "Camping", "Dinner"])}`)}, ${q(owner)}, ${created});`,
    );
    out.push(
      `insert into shopping_list_recipes (list_id, recipe_id, title, position) select ${q(listId)}, json_extract(value, '$.recipeId'), json_extract(value, '$.title'), json_extract(value, '$.position') from json_each(${q(JSON.stringify(recipes))});`,
    );
    out.push(
      `insert into shopping_list_items (id, list_id, category, item_key, name, amount, amounts, sources, position) select json_extract(value, '$.id'), ${q(listId)}, 'Other', json_extract(value, '$.name'), json_extract(value, '$.name'), '1', '[]', '[]', json_extract(value, '$.position') from json_each(${q(JSON.stringify(items))});`,
    );
    out.push(`${SEARCH_ROW_INSERT.replace(/\?1/g, q(listId))};`);
  };
  for (let n = 0; n < LISTS; n++) addList(userId, n, now - (LISTS - n) * 60_000);
  for (let n = 0; n < OTHER_LISTS; n++) addList(others[n % OTHER_USERS]!, n, now - (OTHER_LISTS - n) * 60_000);
  return { token, sql: out.join("\n"), names };
}

function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  return `median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms`;
}

export async function run(dataDir: string): Promise<void> {
  const names = itemNames(dataDir);
  const seeded = seedSql(names);
  buildUnlessReused();
  const seedStarted = performance.now();
  const server = await startServerWithSql("history", seeded.sql);
  try {
    console.log(
      `seeded ${LISTS} lists x ${ITEMS} items for one user (+ ${OTHER_LISTS} lists of ${OTHER_USERS} other users), item names from a pool of ${names.length}, in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s (incl. server start)`,
    );
    const headers = { authorization: `Bearer ${seeded.token}` };
    const time = async (query: string) => {
      const wall: number[] = [];
      const app: number[] = [];
      let found = 0;
      for (let i = 0; i < RUNS + 3; i++) {
        const t = performance.now();
        const res = await fetch(`${server.baseURL}/api/users/me/shopping-lists${query}`, { headers });
        const body = (await res.json()) as { lists: unknown[] };
        if (!res.ok) throw new Error(`${query}: ${res.status} ${JSON.stringify(body)}`);
        if (i < 3) continue; // warm-up
        wall.push(performance.now() - t);
        const dur = /app;dur=([\d.]+)/.exec(res.headers.get("server-timing") ?? "")?.[1];
        if (dur) app.push(Number(dur));
        found = body.lists.length;
      }
      return { wall, app, found };
    };
    const common = names[0]!;
    const cases: [string, string][] = [
      ["latest 10, no search", "?limit=10"],
      [`common item word '${common.split(/\s+/)[0]}'`, `?search=${encodeURIComponent(common.split(/\s+/)[0]!)}&limit=10`],
      ["recipe title, accents dropped 'creme brulee'", "?search=creme%20brulee&limit=10"],
      ["list name 'Shopping List - 517'", "?search=Shopping%20List%20-%20517&limit=10"],
      ["two words 'jalapeno camping'", "?search=jalapeno%20camping&limit=10"],
      ["prefix 'bour'", "?search=bour&limit=10"],
      ["no match 'zzzzqx'", "?search=zzzzqx&limit=10"],
      ["dashboard limit 5, 'pad thai'", "?search=pad%20thai&limit=5"],
      ["limit 50, 'party'", "?search=party&limit=50"],
    ];
    for (const [label, query] of cases) {
      const { wall, app, found } = await time(query);
      console.log(
        `history ${label}: ${found} lists — client ${stats(wall)}; handler ${app.length ? stats(app) : "n/a"} (n=${wall.length})`,
      );
    }
  } finally {
    await server.stop();
  }
}
