/**
 * A shopper's stores and the store a list is shown for (decision 0048, docs/product/api.md).
 *
 * - A signed-in user keeps up to STORES_MAX stores (with their household's). One made while in a household
 *   is the household's: every member sees, uses and changes it. Another user's store is a 404.
 * - A list is shown for a store by whoever may change the list, with one of their own stores; the store's
 *   order travels in the list answer, so everyone reading the list sees it in that order. Choosing a store
 *   makes it the one the chooser's next list is shown for.
 */
import type { ListStore, Store, StoresResponse } from "../../core/api/shop.ts";
import { STORES_MAX } from "../../core/api/shop.ts";
import { completeAisles, STORE_AISLES } from "../../core/shopping/store-order.ts";
import type { Db } from "../db/client.ts";
import {
  deleteStore as deleteStoreRow,
  findDefaultStore,
  findStoreFor,
  findStores,
  householdOf,
  insertStore,
  setListStore,
  type StoreRow,
  toListStore,
  updateStore as updateStoreRow,
} from "../db/stores.ts";
import { newId } from "../lib/ids.ts";
import type { Caller, CallerUser } from "./caller.ts";
import { DomainError } from "./errors.ts";
import { requireChangeable } from "../../web/features/shopping-list/server/service.ts";

const storeNotFound = () => new DomainError("not_found", "store_not_found", "That store was not found.");

export async function listStores(db: Db, user: CallerUser): Promise<StoresResponse> {
  const [rows, last] = await Promise.all([findStores(db, user.id), findDefaultStore(db, user.id)]);
  return { stores: rows.map(toStore), defaultStoreId: last?.id ?? null, max: STORES_MAX };
}

export async function createStore(db: Db, user: CallerUser, body: { name: string; aisles?: string[]; hidden?: string[] }): Promise<Store> {
  const householdId = await householdOf(db, user.id);
  const store = {
    id: newId(),
    userId: user.id,
    householdId,
    name: body.name,
    aisles: completeAisles(body.aisles ?? STORE_AISLES),
    hidden: body.hidden ?? [],
  };
  if (!(await insertStore(db, store, STORES_MAX))) {
    throw new DomainError("conflict", "stores_full", `You can keep up to ${STORES_MAX} stores. Delete one to add another.`);
  }
  return { id: store.id, name: store.name, aisles: store.aisles, hidden: store.hidden, household: householdId !== null };
}

export async function updateStore(
  db: Db,
  user: CallerUser,
  storeId: string,
  body: { name: string; aisles: string[]; hidden: string[] },
): Promise<Store> {
  const fields = { name: body.name, aisles: completeAisles(body.aisles), hidden: body.hidden };
  if (!(await updateStoreRow(db, user.id, storeId, fields))) throw storeNotFound();
  const row = await findStoreFor(db, user.id, storeId);
  if (!row) throw storeNotFound();
  return toStore(row);
}

export async function deleteStore(db: Db, user: CallerUser, storeId: string): Promise<void> {
  if (!(await deleteStoreRow(db, user.id, storeId))) throw storeNotFound();
}

/** PUT /api/shopping-lists/{id}/store: the right to change the list, and a store the caller uses (or null). */
export async function chooseListStore(
  db: Db,
  caller: Caller,
  listId: string,
  editToken: string | null,
  storeId: string | null,
): Promise<{ id: string; store: ListStore | null }> {
  await requireChangeable(db, caller, listId, editToken);
  let row: StoreRow | null = null;
  if (storeId !== null) {
    row = caller.user ? await findStoreFor(db, caller.user.id, storeId) : null;
    if (!row) throw storeNotFound();
  }
  await setListStore(db, listId, row?.id ?? null);
  return { id: listId, store: row ? toListStore(row) : null };
}

function toStore(row: StoreRow): Store {
  return { ...toListStore(row), household: row.householdId !== null };
}
