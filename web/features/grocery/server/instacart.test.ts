/**
 * The real Instacart client against the fake Instacart API on loopback (worker/test/fake-instacart.ts):
 * documented JSON, each error status, retries, and the order service on top of it.
 */
import { env } from "cloudflare:workers";
import { count, eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { createDb } from "../../../../worker/db/client.ts";
import { insertList } from "../../shopping-list/server/queries.ts";
import { groceryOrders } from "../../../../worker/db/schema.ts";
import { newId } from "../../../../worker/lib/ids.ts";
import { ANONYMOUS } from "../../../../worker/services/caller.ts";
import { DomainError } from "../../../../worker/services/errors.ts";
import { createInstacartProvider, instacartErrorMessage } from "./instacart.ts";
import { createGroceryOrder, searchStores } from "./service.ts";
import { expectDefined } from "../../../../core/lib/expect-defined.ts";

const base = inject("instacartBaseUrl");
const db = createDb(env.DB);
const KEY = "test-instacart-key";
const client = (over: Partial<Parameters<typeof createInstacartProvider>[0]> = {}) =>
  createInstacartProvider({ apiKey: KEY, baseUrl: base, backoffMs: 1, maxBackoffMs: 5, ...over });

async function calls(key: string): Promise<{ count: number; bodies: Record<string, unknown>[]; urls: string[] }> {
  return (await fetch(`${base}/__calls?key=${encodeURIComponent(key)}`)).json();
}

async function failure(p: Promise<unknown>): Promise<DomainError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error("expected a DomainError");
}

const line = { name: "milk", display_text: "1 cup milk", line_item_measurements: [{ quantity: 1, unit: "cup" as const }] };
const checkout = (title: string) => ({
  orderId: newId(),
  title,
  lineItems: [line],
  linkbackUrl: "https://app.example/shopping-list/x",
  store: { id: "fake-foods", name: "Fake Foods" },
});

describe("Instacart client: retailers", () => {
  it("maps retailers (retailer_key or the older integer id), skipping unusable ones, and sends the documented request", async () => {
    const stores = await client().searchStores("94103");
    expect(stores).toEqual([
      {
        id: "fake-foods",
        name: "Fake Foods",
        address: { street: "", city: "", state: "" },
        estimatedDeliveryTime: null,
        deliveryAvailable: true,
        pickupAvailable: false,
        logoUrl: "https://images.example.test/fake-foods.png",
      },
      {
        id: "1234",
        name: "Legacy Grocer",
        address: { street: "", city: "", state: "" },
        estimatedDeliveryTime: null,
        deliveryAvailable: true,
        pickupAvailable: false,
        logoUrl: null,
      },
    ]);
    const c = await calls("94103");
    expect(c.urls.at(-1)).toBe("/idp/v1/retailers?postal_code=94103&country_code=US");
  });

  it("an area without retailers is an empty list", async () => {
    expect(await client().searchStores("00000")).toEqual([]);
  });

  it("a wrong key is a provider_auth problem and is not retried", async () => {
    const e = await failure(createInstacartProvider({ apiKey: "wrong", baseUrl: base, backoffMs: 1 }).searchStores("94103"));
    expect([e.kind, e.code]).toEqual(["upstream", "provider_auth"]);
    expect(e.message).not.toContain("wrong");
  });

  it.each([
    ["40000", "upstream", "provider_rejected", 1],
    ["40300", "upstream", "provider_auth", 1],
    ["40400", "upstream", "provider_not_found", 1],
    ["40800", "upstream_timeout", "provider_timeout", 3],
    ["42900", "rate_limited", "provider_rate_limited", 3],
    ["50000", "upstream", "provider_unavailable", 3],
    ["50300", "upstream", "provider_unavailable", 3],
  ])("status from postal code %s -> %s %s after %i call(s)", async (zip, kind, code, n) => {
    const e = await failure(client().searchStores(zip));
    expect([e.kind, e.code]).toEqual([kind, code]);
    expect((await calls(zip)).count).toBe(n);
  });

  it("the 400 error list is read into the message", async () => {
    const e = await failure(client({ attempts: 1 }).searchStores("40000"));
    expect(e.message).toContain("postal_code is invalid; country_code is required");
  });

  it("a 429 or 503 that clears is retried (with backoff) to success", async () => {
    const waits: number[] = [];
    const sleep = async (ms: number) => void waits.push(ms);
    expect((await client({ sleep }).searchStores("42901")).map((s) => s.id)).toEqual(["fake-foods", "1234"]);
    expect((await client({ sleep, random: () => 0.5 }).searchStores("50301")).length).toBe(2);
    expect((await calls("42901")).count).toBe(2);
    expect((await calls("50301")).count).toBe(2);
    // Retry-After: 0 from the 429; half of the first backoff step (full jitter) for the 503.
    expect(waits).toEqual([0, 0.5]);
  });

  it("an unreachable host is provider_unreachable", async () => {
    const e = await failure(
      createInstacartProvider({
        apiKey: KEY,
        baseUrl: base,
        attempts: 2,
        backoffMs: 1,
        fetch: async () => {
          throw new TypeError("Network connection lost.");
        },
      }).searchStores("94103"),
    );
    expect(e.code).toBe("provider_unreachable");
  });
});

describe("Instacart client: products_link", () => {
  it("posts title, link_type, line items and the linkback, and passes the retailer on the link", async () => {
    const title = `Weekly ${newId()}`;
    const link = await client().createCheckout(checkout(title));
    expect(link.baseUrl).toMatch(/^https:\/\/customers\.dev\.instacart\.tools\/store\/shopping_lists\/\d+$/);
    expect(link.url).toBe(`${link.baseUrl}?retailer_key=fake-foods`);
    const c = await calls(title);
    expect(c.bodies).toEqual([
      {
        title,
        link_type: "shopping_list",
        expires_in: 30,
        line_items: [line],
        landing_page_configuration: { partner_linkback_url: "https://app.example/shopping-list/x", enable_pantry_items: true },
      },
    ]);
  });

  it.each([
    ["status-400", "provider_rejected", 1],
    ["status-401", "provider_auth", 1],
    ["status-403", "provider_auth", 1],
    ["status-404", "provider_not_found", 1],
    ["status-408", "provider_timeout", 1],
    ["status-429", "provider_rate_limited", 3],
    ["status-500", "provider_unavailable", 1],
    ["status-503", "provider_unavailable", 1],
  ])("%s -> %s; only 429 is retried (%i call(s))", async (prefix, code, n) => {
    const title = `${prefix} ${newId()}`;
    const e = await failure(client().createCheckout(checkout(title)));
    expect(e.code).toBe(code);
    expect((await calls(title)).count).toBe(n);
  });

  it("a 429 that clears is retried once to success", async () => {
    const title = `status-429-once ${newId()}`;
    const link = await client().createCheckout(checkout(title));
    expect(link.url).toContain("retailer_key=fake-foods");
    expect((await calls(title)).count).toBe(2);
  });

  it("reads both error body shapes", () => {
    expect(instacartErrorMessage({ error: { message: "Bad", code: 1 } })).toBe("Bad");
    expect(instacartErrorMessage({ error: { errors: [{ message: "a" }, { message: "b" }] } })).toBe("a; b");
    expect(instacartErrorMessage("nope")).toBe("");
  });
});

async function addList(name: string): Promise<string> {
  const id = newId();
  const item = (position: number, name: string, amount: string, amounts: { quantity: number | null; unit: string | null }[]) => ({
    id: newId(),
    category: "Produce",
    itemKey: name,
    name,
    amount,
    amounts,
    notes: null,
    sources: [{ recipeId: null, recipe: "R", line: `${amount} ${name}` }],
    position,
  });
  await insertList(db, {
    id,
    name,
    userId: null,
    recipes: [],
    items: [
      item(0, "milk", "1 cup", [{ quantity: 1, unit: "cup" }]),
      item(1, "eggs", "3", [{ quantity: 3, unit: null }]),
      item(2, "garlic", "2 cloves", [{ quantity: 2, unit: "clove" }]),
    ],
  });
  return id;
}

const ordersOf = async (listId: string) =>
  expectDefined((await db.select({ n: count() }).from(groceryOrders).where(eq(groceryOrders.shoppingListId, listId)))[0]).n;

describe("grocery orders through the real client", () => {
  it("writes a pending order with the store kept on our side, reuses the link while the list is unchanged", async () => {
    const provider = client();
    const { stores } = await searchStores(db, provider, "94103");
    expect(stores.map((s) => s.id)).toEqual(["instacart:fake-foods", "instacart:1234"]);
    const title = `Order ${newId()}`;
    const listId = await addList(title);
    const first = await createGroceryOrder(db, ANONYMOUS, listId, { storeId: "instacart:fake-foods" }, provider, "https://app.example");
    expect(first.checkoutUrl).toMatch(/shopping_lists\/\d+\?retailer_key=fake-foods$/);
    expect(first.unmatchedIngredients).toEqual(["2 cloves garlic"]);
    expect(first.demo).toBe(false);
    const sent = expectDefined((await calls(title)).bodies[0]);
    expect((sent.line_items as { name: string }[]).map((l) => l.name)).toEqual(["milk", "eggs"]);
    expect(sent.landing_page_configuration).toEqual({
      partner_linkback_url: `https://app.example/shopping-list/${listId}`,
      enable_pantry_items: true,
    });
    const [row] = await db.select().from(groceryOrders).where(eq(groceryOrders.id, first.order.id));
    expect(row).toMatchObject({
      status: "pending",
      provider: "instacart",
      storeId: "instacart:fake-foods",
      checkoutUrl: first.checkoutUrl,
      userId: null,
    });

    // Same list, other store: the cached Instacart page, another retailer, no new call.
    const second = await createGroceryOrder(db, ANONYMOUS, listId, { storeId: "instacart:1234" }, provider, "https://app.example");
    expect(second.checkoutUrl).toBe(expectDefined(first.checkoutUrl).replace("retailer_key=fake-foods", "retailer_key=1234"));
    expect((await calls(title)).count).toBe(1);

    // The list changes: a new page.
    await db.run(`delete from shopping_list_items where list_id = '${listId}' and name = 'eggs'`);
    const third = await createGroceryOrder(db, ANONYMOUS, listId, { storeId: "instacart:fake-foods" }, provider, "https://app.example");
    expect(third.checkoutUrl).not.toBe(first.checkoutUrl);
    expect((await calls(title)).count).toBe(2);
    expect(await ordersOf(listId)).toBe(3);
  });

  it("a provider failure leaves no order row", async () => {
    const provider = client();
    await searchStores(db, provider, "94103");
    const listId = await addList(`status-500 ${newId()}`);
    const e = await failure(
      createGroceryOrder(db, ANONYMOUS, listId, { storeId: "instacart:fake-foods" }, provider, "https://app.example"),
    );
    expect(e.code).toBe("provider_unavailable");
    expect(await ordersOf(listId)).toBe(0);
  });

  it("a store the search never showed is refused", async () => {
    const listId = await addList(`Unknown store ${newId()}`);
    const e = await failure(createGroceryOrder(db, ANONYMOUS, listId, { storeId: "instacart:nowhere" }, client(), "https://app.example"));
    expect([e.kind, e.code]).toEqual(["invalid", "unknown_store"]);
  });
});
