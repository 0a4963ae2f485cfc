/**
 * Wire schemas of shopping-mode changes (docs/decisions/0029-list-page.md): what the list page sends to
 * POST /api/shopping-lists/{id}/changes. Kept apart from core/api/lists.ts so the API client (in the
 * home page's first-load bundle) does not carry them: only the server and the list page need them.
 */
import { z } from "zod";
import { CATEGORIES } from "../categorise/categories.ts";
import { ITEM_AMOUNT_MAX, ITEM_NAME_MAX, ITEM_TEXT_MAX, LIST_CHANGES_MAX } from "./lists.ts";

const ItemId = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "Not an item id.");
/**
 * The operation's own id (decision 0037), made by the client: the server applies an operation once,
 * so one sent again after a lost answer or a reconnect changes nothing. Optional for queues saved
 * before operations had ids.
 */
const OpId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, "Not an operation id.")
  .optional();
/** Time of the user's action on their device, ms since the epoch. */
const TapTime = z.number().int().min(0).max(8.64e15);

/** One change to a list made on the list page, possibly queued offline and sent later. */
export const ListChangeSchema = z.discriminatedUnion("op", [
  z.object({ op: z.literal("tick"), itemId: ItemId, checked: z.boolean(), at: TapTime, opId: OpId }),
  /** The client makes the new item's id, so a queued add sent twice adds one item. */
  z.object({
    op: z.literal("add"),
    itemId: ItemId,
    text: z.string().trim().min(1, "Type an item to add.").max(ITEM_TEXT_MAX, `At most ${ITEM_TEXT_MAX} characters.`),
    at: TapTime,
    opId: OpId,
  }),
  z.object({
    op: z.literal("edit"),
    itemId: ItemId,
    name: z.string().trim().min(1, "Give the item a name.").max(ITEM_NAME_MAX, `At most ${ITEM_NAME_MAX} characters.`),
    amount: z.string().trim().max(ITEM_AMOUNT_MAX, `At most ${ITEM_AMOUNT_MAX} characters.`),
    opId: OpId,
  }),
  z.object({ op: z.literal("move"), itemId: ItemId, category: z.enum(CATEGORIES), opId: OpId }),
  /** staple false: 'I need this' (back to its aisle); true with remember: 'I always have this'. */
  z.object({ op: z.literal("staple"), itemId: ItemId, staple: z.boolean(), remember: z.boolean().optional(), opId: OpId }),
  /** Removes the item for good (decision 0037): no later change or add with its id brings it back. */
  z.object({ op: z.literal("remove"), itemId: ItemId, opId: OpId }),
]);
export type ListChange = z.infer<typeof ListChangeSchema>;

/** Body of POST /api/shopping-lists/{id}/changes. */
export const ListChangesRequestSchema = z.object({
  changes: z.array(ListChangeSchema).min(1, "No changes to send.").max(LIST_CHANGES_MAX, `At most ${LIST_CHANGES_MAX} changes at once.`),
});

export type ListChangesRequest = z.infer<typeof ListChangesRequestSchema>;
