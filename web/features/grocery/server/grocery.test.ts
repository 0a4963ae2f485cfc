/**
 * The ordering API end to end in workerd with the demo provider (no INSTACART_API_KEY in the test
 * configuration); the real client is covered in web/features/grocery/server/instacart.test.ts.
 */
import { exports, env } from "cloudflare:workers";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "../../../../worker/db/client.ts";
import { insertList } from "../../shopping-list/server/queries.ts";
import { groceryOrders, sessions, users } from "../../../../worker/db/schema.ts";
import { sha256Hex } from "../../../../worker/lib/crypto.ts";
import { newId, newToken } from "../../../../worker/lib/ids.ts";

const db = createDb(env.DB);
const call = (path: string, init?: RequestInit) => exports.default.fetch(`http://localhost${path}`, init);
const order = (listId: string, body: unknown, token?: string) =>
  call(`/api/shopping-lists/${listId}/grocery-order`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

async function addUser(): Promise<{ id: string; token: string }> {
  const id = newId();
  const token = newToken();
  await db.insert(users).values({ id, email: `${id}@example.test`, passwordHash: "x" });
  await db.insert(sessions).values({ tokenHash: await sha256Hex(token), userId: id, expiresAt: new Date(Date.now() + 3_600_000) });
  return { id, token };
}

async function addList(userId: string | null = null): Promise<string> {
  const id = newId();
  await insertList(db, {
    id,
    name: "Demo week",
    userId,
    recipes: [],
    items: [
      {
        id: newId(),
        category: "Dairy",
        itemKey: "milk",
        name: "milk",
        amount: "2 cups",
        amounts: [{ quantity: 2, unit: "cup" }],
        notes: null,
        sources: [],
        position: 0,
      },
      {
        id: newId(),
        category: "Produce",
        itemKey: "garlic",
        name: "garlic",
        amount: "3 cloves",
        amounts: [{ quantity: 3, unit: "clove" }],
        notes: null,
        sources: [],
        position: 1,
      },
    ],
  });
  return id;
}

describe("GET /api/grocery/{provider}/stores/search", () => {
  it("finds demo stores near a ZIP, labelled as a demo", async () => {
    const res = await call("/api/grocery/instacart/stores/search?zip=10001");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { demo: boolean; stores: { id: string; name: string; address: { city: string } }[] };
    expect(body.demo).toBe(true);
    expect(body.stores.length).toBe(3);
    expect(body.stores[0]).toEqual({
      id: "demo:demo-nyc-1",
      name: "Demo Fresh Market",
      address: { street: "120 W 23rd St", city: "New York", state: "NY" },
      estimatedDeliveryTime: "1-2 hours",
      deliveryAvailable: true,
      pickupAvailable: true,
      logoUrl: null,
    });
  });

  it("no stores in an area without any", async () => {
    const body = (await (await call("/api/grocery/instacart/stores/search?zip=00501")).json()) as { stores: unknown[] };
    expect(body.stores).toEqual([]);
  });

  it.each([
    ["", "zip_required"],
    ["1234", "invalid_zip"],
    ["123456", "invalid_zip"],
    ["abcde", "invalid_zip"],
  ])("ZIP %j -> 400 %s", async (zip, code) => {
    const res = await call(`/api/grocery/instacart/stores/search?zip=${zip}`);
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    expect(((await res.json()) as { code: string }).code).toBe(code);
  });

  it.each([
    ["uber_eats", "provider_unavailable"],
    ["doordash", "provider_unavailable"],
    ["walmart", "unknown_provider"],
  ])("provider %s -> 400 %s", async (provider, code) => {
    const res = await call(`/api/grocery/${provider}/stores/search?zip=10001`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe(code);
  });
});

describe("POST /api/shopping-lists/{id}/grocery-order", () => {
  it("makes a pending demo order whose checkout page (inside the app) reads it back", async () => {
    await call("/api/grocery/instacart/stores/search?zip=94103");
    const listId = await addList();
    const res = await order(listId, { provider: "instacart", storeId: "demo:demo-sf-1", userSelections: {} });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { checkoutUrl: string; order: { id: string }; unmatchedIngredients: string[]; demo: boolean };
    expect(body.checkoutUrl).toBe(`https://recipecart.test/checkout/demo/${body.order.id}`);
    expect(body.unmatchedIngredients).toEqual(["3 cloves garlic"]);
    expect(body.demo).toBe(true);
    const [row] = await db.select().from(groceryOrders).where(eq(groceryOrders.id, body.order.id));
    expect(row).toMatchObject({ status: "pending", provider: "demo", storeId: "demo:demo-sf-1", shoppingListId: listId });

    const demo = (await (await call(`/api/grocery/demo-orders/${body.order.id}`)).json()) as {
      store: { name: string };
      lineItems: { display_text: string }[];
      unmatchedIngredients: string[];
    };
    expect(demo.store.name).toBe("Demo Bay Foods");
    expect(demo.lineItems.map((l) => l.display_text)).toEqual(["2 cups milk"]);
    expect(demo.unmatchedIngredients).toEqual(["3 cloves garlic"]);
    expect((await call(`/api/grocery/demo-orders/${newId()}`)).status).toBe(404);
  });

  it("refuses unknown and coming-soon providers, a missing store, and unknown lists", async () => {
    const listId = await addList();
    const codes = async (res: Response) => [res.status, ((await res.json()) as { code: string }).code];
    expect(await codes(await order(listId, { provider: "doordash", storeId: "demo:demo-sf-1", userSelections: {} }))).toEqual([
      400,
      "provider_unavailable",
    ]);
    expect(await codes(await order(listId, { provider: "nope", storeId: "demo:demo-sf-1", userSelections: {} }))).toEqual([
      400,
      "unknown_provider",
    ]);
    expect(await codes(await order(listId, { provider: "instacart", storeId: "", userSelections: {} }))).toEqual([400, "invalid_body"]);
    expect(await codes(await order(listId, { provider: "instacart", storeId: "demo:elsewhere" }))).toEqual([400, "unknown_store"]);
    expect(await codes(await order(newId(), { provider: "instacart", storeId: "demo:demo-sf-1" }))).toEqual([404, "list_not_found"]);
    const [{ n }] = (await db.select({ n: count() }).from(groceryOrders).where(eq(groceryOrders.shoppingListId, listId))) as [
      { n: number },
    ];
    expect(n).toBe(0);
  });

  it("someone else's list cannot be ordered", async () => {
    const owner = await addUser();
    const other = await addUser();
    await call("/api/grocery/instacart/stores/search?zip=94103");
    const listId = await addList(owner.id);
    expect((await order(listId, { provider: "instacart", storeId: "demo:demo-sf-1" }, other.token)).status).toBe(403);
    expect((await order(listId, { provider: "instacart", storeId: "demo:demo-sf-1" }, owner.token)).status).toBe(201);
  });

  it("remembers a signed-in user's last ZIP and store from an order; a store search (GET) changes neither", async () => {
    const u = await addUser();
    const auth = { authorization: `Bearer ${u.token}` };
    const prefs = async () => await (await call("/api/grocery/instacart/preferences", { headers: auth })).json();
    expect((await call("/api/grocery/instacart/preferences")).status).toBe(401);
    expect(await prefs()).toEqual({ zip: null, storeId: null });
    expect((await call("/api/grocery/instacart/stores/search?zip=60601", { headers: auth })).status).toBe(200);
    expect(await prefs()).toEqual({ zip: null, storeId: null });
    const listId = await addList(u.id);
    expect(
      (await order(listId, { provider: "instacart", storeId: "demo:demo-chi-2", userSelections: {}, zip: "60601" }, u.token)).status,
    ).toBe(201);
    expect(await prefs()).toEqual({ zip: "60601", storeId: "demo:demo-chi-2" });
    // A GET that another site makes the browser send (an <img>, a link) cannot move the remembered ZIP.
    expect((await call("/api/grocery/instacart/stores/search?zip=10001", { headers: auth })).status).toBe(200);
    expect(await prefs()).toEqual({ zip: "60601", storeId: "demo:demo-chi-2" });
  });
});

describe("rate limit", () => {
  it("store searches and orders share 30 a minute per client; then 429 with Retry-After", async () => {
    // The limiter counts in windows aligned to the wall-clock minute: start well inside one.
    const toBoundary = 60_000 - (Date.now() % 60_000);
    if (toBoundary < 8_000) await new Promise((r) => setTimeout(r, toBoundary + 100));
    const headers = { "cf-connecting-ip": `198.51.100.${Math.floor(Math.random() * 250) + 1}` };
    const listId = await addList();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      if (i % 3 !== 2) statuses.push((await call("/api/grocery/instacart/stores/search?zip=78701", { headers })).status);
      else
        statuses.push(
          (
            await call(`/api/shopping-lists/${listId}/grocery-order`, {
              method: "POST",
              headers: { ...headers, "content-type": "application/json" },
              body: JSON.stringify({ provider: "instacart", storeId: "demo:demo-atx-1" }),
            })
          ).status,
        );
    }
    expect(statuses.every((s) => s === 200 || s === 201)).toBe(true);
    const res = await call("/api/grocery/instacart/stores/search?zip=78701", { headers });
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("60");
    expect(((await res.json()) as { code: string }).code).toBe("rate_limited");
    // Another client goes on.
    expect((await call("/api/grocery/instacart/stores/search?zip=78701", { headers: { "cf-connecting-ip": "2001:db8::13" } })).status).toBe(
      200,
    );
  }, 20_000);
});
