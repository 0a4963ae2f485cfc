/**
 * Queries for ordering: the stores a search found, grocery orders and the signed-in user's last
 * choices. Rules live in web/features/grocery/server/service.ts.
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../../worker/db/client.ts";
import {
  groceryOrders,
  groceryStores,
  shoppingListItems,
  userGroceryPreferences,
  type StoreAddress,
} from "../../../../worker/db/schema.ts";

export type NewGroceryOrder = typeof groceryOrders.$inferInsert;

export interface StoreRow {
  id: string;
  name: string;
  provider: string;
  address: StoreAddress;
  deliveryAvailable: boolean;
  pickupAvailable: boolean;
  estimatedDeliveryTime: string | null;
}

/** Inserts or refreshes the stores a search returned, in one batch. */
export async function upsertStores(db: Db, rows: StoreRow[]): Promise<void> {
  if (!rows.length) return;
  const statements = rows.map((r) =>
    db
      .insert(groceryStores)
      .values(r)
      .onConflictDoUpdate({
        target: groceryStores.id,
        set: {
          name: r.name,
          address: r.address,
          deliveryAvailable: r.deliveryAvailable,
          pickupAvailable: r.pickupAvailable,
          estimatedDeliveryTime: r.estimatedDeliveryTime,
          updatedAt: new Date(),
        },
      }),
  );
  await db.batch(statements as [(typeof statements)[0], ...typeof statements]);
}

export async function findStore(db: Db, id: string) {
  const rows = await db.select().from(groceryStores).where(eq(groceryStores.id, id)).limit(1);
  return rows[0] ?? null;
}

/** What ordering needs of a list's items, in list order. */
export function findItemsForOrder(db: Db, listId: string) {
  return db
    .select({
      itemKey: shoppingListItems.itemKey,
      name: shoppingListItems.name,
      amount: shoppingListItems.amount,
      amounts: shoppingListItems.amounts,
    })
    .from(shoppingListItems)
    .where(eq(shoppingListItems.listId, listId))
    .orderBy(asc(shoppingListItems.position));
}

/** The newest order of this list and provider whose details carry this list version and a provider link. */
export async function findCachedLink(db: Db, listId: string, provider: string, version: string): Promise<string | null> {
  const rows = await db
    .select({ link: sql<string | null>`json_extract(${groceryOrders.orderDetails}, '$.providerLink')` })
    .from(groceryOrders)
    .where(
      and(
        eq(groceryOrders.shoppingListId, listId),
        eq(groceryOrders.provider, provider),
        sql`json_extract(${groceryOrders.orderDetails}, '$.listVersion') = ${version}`,
        sql`json_extract(${groceryOrders.orderDetails}, '$.providerLink') is not null`,
      ),
    )
    .orderBy(desc(groceryOrders.createdAt))
    .limit(1);
  return rows[0]?.link ?? null;
}

export async function findOrder(db: Db, id: string) {
  const rows = await db.select().from(groceryOrders).where(eq(groceryOrders.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function findPreferences(db: Db, userId: string, provider: string) {
  const rows = await db
    .select()
    .from(userGroceryPreferences)
    .where(and(eq(userGroceryPreferences.userId, userId), eq(userGroceryPreferences.provider, provider)))
    .limit(1);
  return rows[0] ?? null;
}

/** The upsert of a user's last ZIP and/or store for a provider (a statement for a batch). */
export function upsertPreferences(db: Db, userId: string, provider: string, id: string, change: { zip?: string; storeId?: string }) {
  const address = change.zip ? { street: "", city: "", state: "", zip: change.zip } : undefined;
  return db
    .insert(userGroceryPreferences)
    .values({ id, userId, provider, preferredStoreId: change.storeId ?? null, deliveryAddress: address ?? null })
    .onConflictDoUpdate({
      target: [userGroceryPreferences.userId, userGroceryPreferences.provider],
      set: {
        ...(change.storeId ? { preferredStoreId: change.storeId } : {}),
        ...(address ? { deliveryAddress: address } : {}),
        updatedAt: new Date(),
      },
    });
}

/** Writes the order row and, for a signed-in user, their preferences in one batch. */
export async function insertOrder(db: Db, order: NewGroceryOrder, prefs?: ReturnType<typeof upsertPreferences>): Promise<void> {
  const insert = db.insert(groceryOrders).values(order);
  if (prefs) await db.batch([insert, prefs]);
  else await insert;
}
