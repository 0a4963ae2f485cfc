/**
 * Ordering a list for delivery (docs/product/screens.md Order dialog, api.md): provider choice, store search, and a
 * grocery order whose checkout page the shopper opens. Decisions 0035 (client), 0035 (retailer).
 *
 * - Only instacart is enabled; uber_eats and doordash are 'Coming Soon' (400 problem), anything
 *   else is unknown (400 problem).
 * - The stores a search returns are kept (grocery_stores) so an order names a store we showed;
 *   their ids are ours ("instacart:<retailer key>", "demo:<id>").
 * - An order row (status pending) is written only after the provider answered: a failure leaves
 *   no partial row. A list's provider link is reused while the list is unchanged (same version).
 * - Signed-in users get their last ZIP and store remembered per provider, saved by an order (a POST);
 *   a store search is a GET and changes nothing of the account.
 * - Whoever may read a list may order it (an order changes nothing of the list).
 */
import {
  ENABLED_PROVIDERS,
  GROCERY_PROVIDERS,
  ZipSchema,
  type CreateGroceryOrderBody,
  type GroceryOrderResult,
  type GroceryPreferences,
  type Store,
} from "../contract.ts";
import { toGroceryLineItems, type GroceryLineItem } from "../../../../core/grocery/line-items.ts";
import type { Db } from "../../../../worker/db/client.ts";
import {
  findCachedLink,
  findItemsForOrder,
  findOrder,
  findPreferences,
  findStore,
  insertOrder,
  upsertPreferences,
  upsertStores,
} from "./queries.ts";
import { findList } from "../../shopping-list/server/service.ts";
import { sha256Hex } from "../../../../worker/lib/crypto.ts";
import { newId } from "../../../../worker/lib/ids.ts";
import type { Caller } from "../../../../worker/services/caller.ts";
import { DomainError } from "../../../../worker/services/errors.ts";
import { assertMay } from "../../../../worker/services/policy.ts";
import { createDemoProvider } from "./demo.ts";
import { createInstacartProvider, INSTACART_PRODUCTION_URL } from "./instacart.ts";
import type { GroceryProvider } from "./provider.ts";

/** What choosing a provider needs from the Worker's configuration. */
export interface GroceryConfig {
  INSTACART_API_KEY?: string;
  INSTACART_BASE_URL?: string;
}

/**
 * The provider for a name from the URL or body: Instacart's client with a key, the demo without.
 * Throws `invalid` for unknown and not-yet-available providers. `appOrigin` is asked only when a link is made.
 */
export function providerFor(name: string, config: GroceryConfig, appOrigin: () => string): GroceryProvider {
  if (!(GROCERY_PROVIDERS as readonly string[]).includes(name)) {
    throw new DomainError("invalid", "unknown_provider", `There is no grocery provider called '${name.slice(0, 40)}'.`, {
      errors: { provider: [`Choose one of: ${ENABLED_PROVIDERS.join(", ")}.`] },
    });
  }
  if (!(ENABLED_PROVIDERS as readonly string[]).includes(name)) {
    throw new DomainError("invalid", "provider_unavailable", "This delivery service is coming soon; order with Instacart for now.", {
      errors: { provider: ["Coming Soon"] },
    });
  }
  const key = config.INSTACART_API_KEY?.trim();
  if (!key) return createDemoProvider(appOrigin);
  return createInstacartProvider({ apiKey: key, baseUrl: config.INSTACART_BASE_URL?.trim() || INSTACART_PRODUCTION_URL });
}

/** The provider column of stores and orders: the demo's rows never mix with real ones. */
function providerKey(p: GroceryProvider): string {
  return p.demo ? "demo" : p.name;
}

export function parseZip(raw: string | null): string {
  const r = ZipSchema.safeParse(raw ?? "");
  if (!r.success) {
    const blank = !(raw ?? "").trim();
    throw new DomainError(
      "invalid",
      blank ? "zip_required" : "invalid_zip",
      blank ? "Please enter your ZIP code to search for nearby stores." : "Enter a 5-digit US ZIP code.",
      {
        errors: { zip: [blank ? "ZIP Code Required" : "Enter a 5-digit US ZIP code."] },
      },
    );
  }
  return r.data;
}

/** Stores near a ZIP, remembered so an order can name one. A GET: the account's remembered ZIP stays as it is. */
export async function searchStores(db: Db, provider: GroceryProvider, zipRaw: string | null): Promise<{ stores: Store[]; demo: boolean }> {
  const zip = parseZip(zipRaw);
  const found = await provider.searchStores(zip);
  const key = providerKey(provider);
  const stores = found.map((s) => ({ ...s, id: `${key}:${s.id}` }));
  await upsertStores(
    db,
    stores.map((s) => ({
      id: s.id,
      name: s.name,
      provider: key,
      address: { ...s.address, zip },
      deliveryAvailable: s.deliveryAvailable,
      pickupAvailable: s.pickupAvailable,
      estimatedDeliveryTime: s.estimatedDeliveryTime,
    })),
  );
  return { stores, demo: provider.demo };
}

/** The signed-in user's last ZIP and store for a provider. */
export async function getPreferences(db: Db, userId: string, provider: GroceryProvider): Promise<GroceryPreferences> {
  const row = await findPreferences(db, userId, provider.name);
  const storeId = row?.preferredStoreId ?? null;
  return {
    zip: row?.deliveryAddress?.zip ?? null,
    // A remembered store of the other kind (demo vs real) is not offered.
    storeId: storeId && storeId.startsWith(`${providerKey(provider)}:`) ? storeId : null,
  };
}

/** A fingerprint of what would be sent: a changed list makes a new provider link. */
async function listVersion(title: string, lineItems: GroceryLineItem[]): Promise<string> {
  return sha256Hex(JSON.stringify({ v: 1, title, lineItems }));
}

export async function createGroceryOrder(
  db: Db,
  caller: Caller,
  listId: string,
  body: Pick<CreateGroceryOrderBody, "storeId" | "zip">,
  provider: GroceryProvider,
  appOrigin: string,
): Promise<GroceryOrderResult> {
  const list = await findList(db, listId, caller.user?.id ?? null);
  if (!list) throw new DomainError("not_found", "list_not_found", "Shopping list not found.");
  assertMay(caller, "read", "list", list);
  const key = providerKey(provider);
  const store = await findStore(db, body.storeId);
  if (!store || store.provider !== key) {
    throw new DomainError("invalid", "unknown_store", "Please select a store from the search results.", {
      errors: { storeId: ["Please select a store"] },
    });
  }
  const items = await findItemsForOrder(db, listId);
  const { lineItems, unmatched } = toGroceryLineItems(items);
  if (!lineItems.length) {
    throw new DomainError("invalid", "nothing_to_order", "None of this list's items can be ordered.", {
      unmatchedIngredients: unmatched.map((u) => u.text),
    });
  }
  const title = list.name.slice(0, 200);
  const version = await listVersion(title, lineItems);
  const orderId = newId();
  const origin = appOrigin.replace(/\/+$/, "");
  const storeRef = { id: store.id.slice(key.length + 1), name: store.name };
  const cached = provider.reusableLinks ? await findCachedLink(db, listId, key, version) : null;
  const link = cached
    ? { url: provider.linkForStore(cached, storeRef), baseUrl: cached }
    : await provider.createCheckout({ orderId, title, lineItems, linkbackUrl: `${origin}/shopping-list/${listId}`, store: storeRef });
  const unmatchedIngredients = unmatched.map((u) => u.text);
  const prefs = caller.user
    ? upsertPreferences(db, caller.user.id, provider.name, newId(), { storeId: store.id, zip: body.zip })
    : undefined;
  await insertOrder(
    db,
    {
      id: orderId,
      userId: caller.user?.id ?? null,
      shoppingListId: listId,
      provider: key,
      storeId: store.id,
      checkoutUrl: link.url,
      status: "pending",
      unmatchedIngredients,
      orderDetails: {
        listVersion: version,
        providerLink: link.baseUrl,
        reusedLink: cached !== null,
        demo: provider.demo,
        title,
        store: { id: store.id, name: store.name, address: store.address },
        lineItems,
      },
    },
    prefs,
  );
  return { checkoutUrl: link.url, order: { id: orderId }, unmatchedIngredients, demo: provider.demo };
}

export interface DemoOrderView {
  id: string;
  title: string;
  listId: string;
  store: { name: string; address: { street: string; city: string; state: string } };
  lineItems: GroceryLineItem[];
  unmatchedIngredients: string[];
  createdAt: string;
}

/** A demo order for its checkout page; null for an unknown id or a real provider's order. */
export async function getDemoOrder(db: Db, orderId: string): Promise<DemoOrderView | null> {
  const row = await findOrder(db, orderId);
  if (!row || row.provider !== "demo") return null;
  const d = (row.orderDetails ?? {}) as {
    title?: string;
    store?: { name: string; address: { street: string; city: string; state: string } };
    lineItems?: GroceryLineItem[];
  };
  return {
    id: row.id,
    title: d.title ?? "Shopping list",
    listId: row.shoppingListId,
    store: d.store ?? { name: "Demo store", address: { street: "", city: "", state: "" } },
    lineItems: d.lineItems ?? [],
    unmatchedIngredients: row.unmatchedIngredients ?? [],
    createdAt: row.createdAt.toISOString(),
  };
}
