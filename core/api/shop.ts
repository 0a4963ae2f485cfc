/**
 * Wire schemas of "shop your way" (docs/product/api.md): renaming a list, a shopper's stores with
 * their aisle order, and the week planner. Kept apart from core/api/lists.ts so the home page's lists
 * client does not carry them: only the pages that use them load this module.
 */
import { z } from "zod";
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

/** The endpoints of "shop your way" (docs/product/api.md). */
export const shopEndpoints = {
  /** A new name: whoever may change the list (decision 0047). */
  renameList: endpoint("PATCH", "/api/shopping-lists/:id", { request: RenameListRequestSchema, answer: ListNameSchema }),
};
