/**
 * Wire schemas of "shop your way" (docs/product/api.md): renaming a list, a shopper's stores with
 * their aisle order, and the week planner. Kept apart from core/api/lists.ts so the home page's lists
 * client does not carry them: only the pages that use them load this module.
 */
import { z } from "zod";
import { STORE_AISLES } from "../shopping/store-order.ts";
import { LIST_NAME_MAX } from "./constants.ts";
import { endpoint } from "./endpoint.ts";

/** A list's name as the API takes it (the same rule as POST /api/shopping-lists). */
export const ListNameField = z.string().trim().min(1, "Give the list a name.").max(LIST_NAME_MAX, `At most ${LIST_NAME_MAX} characters.`);

/** Body of PATCH /api/shopping-lists/{id}. */
export const RenameListRequestSchema = z.object({ name: ListNameField });
export type RenameListRequest = z.infer<typeof RenameListRequestSchema>;

/** Answer of PATCH /api/shopping-lists/{id}: the list's id and its name now. */
export const ListNameSchema = z.object({ id: z.string(), name: z.string() });
export type ListName = z.infer<typeof ListNameSchema>;

/** Longest store name; most stores a shopper (with their household) keeps. */
export const STORE_NAME_MAX = 80;
export const STORES_MAX = 20;

const AisleName = z.enum(STORE_AISLES as [string, ...string[]], { error: "Not one of the store's aisles." });

/** A store as the stores page and the list page's store picker read it. */
export const StoreSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The 17 aisles in the order the shopper walks this store. */
  aisles: z.array(z.string()),
  /** Aisles the store does not have (their items go to the nearest aisle it has). */
  hidden: z.array(z.string()),
  /** The store belongs to the caller's household (every member uses and changes it). */
  household: z.boolean(),
});
export type Store = z.infer<typeof StoreSchema>;

/** GET /api/users/me/stores: the stores the caller uses, and the one a new list is shown for (the last used). */
export const StoresResponseSchema = z.object({
  stores: z.array(StoreSchema),
  defaultStoreId: z.string().nullable(),
  max: z.number().int(),
});
export type StoresResponse = z.infer<typeof StoresResponseSchema>;

const StoreName = z.string().trim().min(1, "Give the store a name.").max(STORE_NAME_MAX, `At most ${STORE_NAME_MAX} characters.`);

/** Every aisle once, in a walking order. */
const AisleOrder = z
  .array(AisleName)
  .length(STORE_AISLES.length, `List all ${STORE_AISLES.length} aisles.`)
  .refine((a) => new Set(a).size === a.length, "Each aisle once.");

/** At most all but one aisle hidden: a store has at least one aisle. */
const HiddenAisles = z
  .array(AisleName)
  .max(STORE_AISLES.length - 1, "Keep at least one aisle.")
  .refine((a) => new Set(a).size === a.length, "Each aisle once.");

/** Body of POST /api/users/me/stores (a new store starts in the usual order unless it says otherwise). */
export const CreateStoreRequestSchema = z.object({ name: StoreName, aisles: AisleOrder.optional(), hidden: HiddenAisles.optional() });
export type CreateStoreRequest = z.infer<typeof CreateStoreRequestSchema>;

/** Body of PUT /api/users/me/stores/{storeId}: the whole store. */
export const UpdateStoreRequestSchema = z.object({ name: StoreName, aisles: AisleOrder, hidden: HiddenAisles });
export type UpdateStoreRequest = z.infer<typeof UpdateStoreRequestSchema>;

/** Body of PUT /api/shopping-lists/{id}/store: a store of the caller's, or null for the usual order. */
export const ListStoreRequestSchema = z.object({ storeId: z.string().min(1).max(64).nullable() });
export type ListStoreRequest = z.infer<typeof ListStoreRequestSchema>;

/** The store a list is shown for, as the list answer carries it (ShoppingListSchema.store). */
export const ListStoreSchema = z.object({ id: z.string(), name: z.string(), aisles: z.array(z.string()), hidden: z.array(z.string()) });
export type ListStore = z.infer<typeof ListStoreSchema>;

/** Answer of PUT /api/shopping-lists/{id}/store. */
export const ListStoreResponseSchema = z.object({ id: z.string(), store: ListStoreSchema.nullable() });
export type ListStoreResponse = z.infer<typeof ListStoreResponseSchema>;

/** The endpoints of "shop your way" (docs/product/api.md). */
export const shopEndpoints = {
  /** A new name: whoever may change the list (decision 0032). */
  renameList: endpoint("PATCH", "/api/shopping-lists/:id", { request: RenameListRequestSchema, answer: ListNameSchema }),
  /** The store a list is shown for: whoever may change the list, with a store of their own or null (decision 0048). */
  chooseListStore: endpoint("PUT", "/api/shopping-lists/:id/store", { request: ListStoreRequestSchema, answer: ListStoreResponseSchema }),
  stores: endpoint("GET", "/api/users/me/stores", { answer: StoresResponseSchema }),
  addStore: endpoint("POST", "/api/users/me/stores", { request: CreateStoreRequestSchema, answer: StoreSchema }),
  updateStore: endpoint("PUT", "/api/users/me/stores/:storeId", { request: UpdateStoreRequestSchema, answer: StoreSchema }),
  removeStore: endpoint("DELETE", "/api/users/me/stores/:storeId"),
};
