/**
 * The shopping-list endpoints (create, read, changes, delete), apart from core/api/lists.ts because their
 * changes body is core/api/shopping.ts's, which builds on lists.ts.
 */
import { endpoint } from "./endpoint.ts";
import {
  AddListRecipeRequestSchema,
  CreateShoppingListRequestSchema,
  ListChangesResponseSchema,
  ShoppingListSchema,
  UnitsQuerySchema,
} from "./lists.ts";
import { ListChangesRequestSchema } from "./shopping.ts";

export const listEndpoints = {
  create: endpoint("POST", "/api/shopping-lists", { request: CreateShoppingListRequestSchema, answer: ShoppingListSchema }),
  get: endpoint("GET", "/api/shopping-lists/:id", { query: UnitsQuerySchema, answer: ShoppingListSchema }),
  /** Shopping mode: ticks, hand-typed items, edits, moves and staples, one or a queued batch. */
  changes: endpoint("POST", "/api/shopping-lists/:id/changes", {
    request: ListChangesRequestSchema,
    query: UnitsQuerySchema,
    answer: ListChangesResponseSchema,
  }),
  /** A recipe added to the list (its items join the list's, amounts combined; decision 0037). */
  addRecipe: endpoint("POST", "/api/shopping-lists/:id/recipes", {
    request: AddListRecipeRequestSchema,
    query: UnitsQuerySchema,
    answer: ShoppingListSchema,
  }),
  remove: endpoint("DELETE", "/api/shopping-lists/:id"),
  removeItem: endpoint("DELETE", "/api/shopping-lists/:id/items/:itemId"),
};
