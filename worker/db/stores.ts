/**
 * Queries for a shopper's stores (decision 0048). A user sees their own personal stores and their
 * household's; rules (who may change what) live in worker/services/stores.ts.
 */
import type { ListStore } from "../../core/api/shop.ts";
import { completeAisles, STORE_AISLES } from "../../core/shopping/store-order.ts";
import type { Db } from "./client.ts";

export interface StoreRow {
  id: string;
  userId: string;
  householdId: string | null;
  name: string;
  /** JSON arrays. */
  aisles: string;
  hidden: string;
  lastUsedAt: number | null;
}

const COLUMNS = `s.id as id, s.user_id as userId, s.household_id as householdId, s.name as name, s.aisles as aisles,
  s.hidden as hidden, s.last_used_at as lastUsedAt`;

/** Store `s` is one the user bound as ?1 uses: their own personal store, or one of the household they are in now. */
const USED_BY = `((s.user_id = ?1 and s.household_id is null)
  or s.household_id = (select m.household_id from household_members m where m.user_id = ?1))`;

/** The user's stores, oldest first. */
export async function findStores(db: Db, userId: string): Promise<StoreRow[]> {
  const rows = await db.$client
    .prepare(`select ${COLUMNS} from stores s where ${USED_BY} order by s.created_at, s.id`)
    .bind(userId)
    .all<StoreRow>();
  return rows.results;
}

/** One store the user uses, or null. */
export async function findStoreFor(db: Db, userId: string, storeId: string): Promise<StoreRow | null> {
  return db.$client.prepare(`select ${COLUMNS} from stores s where s.id = ?2 and ${USED_BY}`).bind(userId, storeId).first<StoreRow>();
}

/** The household the user is in now, or null. */
export async function householdOf(db: Db, userId: string): Promise<string | null> {
  const row = await db.$client
    .prepare("select household_id as id from household_members where user_id = ?1")
    .bind(userId)
    .first<{ id: string }>();
  return row?.id ?? null;
}

/** Adds a store when the user has fewer than `max`; false when they have that many already (one statement). */
export async function insertStore(
  db: Db,
  store: { id: string; userId: string; householdId: string | null; name: string; aisles: string[]; hidden: string[] },
  max: number,
): Promise<boolean> {
  const done = await db.$client
    .prepare(
      `insert into stores (id, user_id, household_id, name, aisles, hidden)
       select ?2, ?1, ?3, ?4, ?5, ?6 where (select count(*) from stores s where ${USED_BY}) < ?7`,
    )
    .bind(store.userId, store.id, store.householdId, store.name, JSON.stringify(store.aisles), JSON.stringify(store.hidden), max)
    .run();
  return done.meta.changes > 0;
}

/** Replaces a store's name and layout; false when the user does not use it. */
export async function updateStore(
  db: Db,
  userId: string,
  storeId: string,
  fields: { name: string; aisles: string[]; hidden: string[] },
): Promise<boolean> {
  const done = await db.$client
    .prepare(
      `update stores set name = ?3, aisles = ?4, hidden = ?5, updated_at = cast(unixepoch('subsec') * 1000 as integer)
       where id = ?2 and id in (select s.id from stores s where ${USED_BY})`,
    )
    .bind(userId, storeId, fields.name, JSON.stringify(fields.aisles), JSON.stringify(fields.hidden))
    .run();
  return done.meta.changes > 0;
}

/** Deletes a store the user uses (lists shown for it go back to the usual order); false when none. */
export async function deleteStore(db: Db, userId: string, storeId: string): Promise<boolean> {
  const done = await db.$client
    .prepare(`delete from stores where id = ?2 and id in (select s.id from stores s where ${USED_BY})`)
    .bind(userId, storeId)
    .run();
  return done.meta.changes > 0;
}

/** Shows a list for a store (or the usual order: null) and marks the store as the last used, in one batch. */
export async function setListStore(db: Db, listId: string, storeId: string | null): Promise<void> {
  const d1 = db.$client;
  const statements = [d1.prepare("update shopping_lists set store_id = ?2 where id = ?1").bind(listId, storeId)];
  if (storeId) {
    statements.push(d1.prepare("update stores set last_used_at = cast(unixepoch('subsec') * 1000 as integer) where id = ?1").bind(storeId));
  }
  await d1.batch(statements);
}

/** The store a user's next list is shown for: the one they (or their household) used last, or null. */
export async function findDefaultStore(db: Db, userId: string): Promise<StoreRow | null> {
  return db.$client
    .prepare(`select ${COLUMNS} from stores s where ${USED_BY} and s.last_used_at is not null order by s.last_used_at desc limit 1`)
    .bind(userId)
    .first<StoreRow>();
}

/** The store a list is shown for, or null. */
export async function findListStore(db: Db, listId: string): Promise<StoreRow | null> {
  return db.$client
    .prepare(`select ${COLUMNS} from stores s where s.id = (select l.store_id from shopping_lists l where l.id = ?1)`)
    .bind(listId)
    .first<StoreRow>();
}

/** A store row as a list answer carries it: a whole aisle order, only real aisles hidden. */
export function toListStore(row: StoreRow): ListStore {
  return {
    id: row.id,
    name: row.name,
    aisles: completeAisles(readArray(row.aisles)),
    hidden: readArray(row.hidden).filter((a) => STORE_AISLES.includes(a)),
  };
}

function readArray(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}
