/**
 * Wire schemas of read-only share links ("Sharing", docs/decisions/0031-share-links.md):
 * a share link /s/{shareId} lets anyone holding it read one list, never change it. The share's id is
 * its own random id, so the link reveals neither the list's id nor its recipes' ids nor any edit right.
 */
import { z } from "zod";
import { callEndpoint, endpoint } from "../../../core/api/endpoint.ts";
import { type ApiClientOptions, type CallOptions, createTransport, type Transport } from "../../../core/api/transport.ts";
import { ShoppingListItemSchema, UnitsQuerySchema } from "../../../core/api/lists.ts";

/** A share id as the API takes it in a path (the shape of every id we mint; anything else is unknown). */
export const ShareIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "Not a share id.");

/** The page a share link opens. */
export const sharePath = (shareId: string) => `/s/${encodeURIComponent(shareId)}`;

/** One share link of a list, as its owner sees it (POST and GET /api/shopping-lists/{id}/shares). */
export const ListShareSchema = z.object({
  id: z.string(),
  /** The absolute address to hand out (/s/{id} on the app's origin). */
  url: z.string(),
  createdAt: z.string(),
});
export type ListShare = z.infer<typeof ListShareSchema>;

/** GET /api/shopping-lists/{id}/shares: the list's live share links (at most one, decision 0031). */
export const ListSharesSchema = z.object({ shares: z.array(ListShareSchema) });
export type ListShares = z.infer<typeof ListSharesSchema>;

/**
 * GET /api/shares/{shareId}: the list as a share holder reads it. No list id, no recipe ids, no edit
 * token: nothing in it names or opens anything but this read-only view. Items keep their own ids
 * (a viewer's ticks are stored by item id in their browser; an item id alone grants nothing).
 */
export const SharedListSchema = z
  .object({
    name: z.string(),
    createdAt: z.string(),
    recipes: z.array(z.object({ title: z.string() }).strict()),
    /** Category name -> items, categories in store-walk order (as in the list answer). */
    ingredients: z.record(z.string(), z.array(ShoppingListItemSchema)),
  })
  .strict();
export type SharedList = z.infer<typeof SharedListSchema>;

/** Read-only share links: create, list and revoke need the right to change the list; anyone with the link reads. */
export const shareEndpoints = {
  create: endpoint("POST", "/api/shopping-lists/:id/shares", { answer: ListShareSchema }),
  list: endpoint("GET", "/api/shopping-lists/:id/shares", { answer: ListSharesSchema }),
  revoke: endpoint("DELETE", "/api/shopping-lists/:id/shares/:shareId"),
  get: endpoint("GET", "/api/shares/:shareId", { query: UnitsQuerySchema, answer: SharedListSchema }),
};

/** Read-only share links' calls over core's transport (decision 0031): create, list and revoke need the right to change the list. */
export function shareGroup(transport: Transport) {
  const ep = shareEndpoints;
  return {
    /** The list's live share link, made now unless it already had one. */
    create: (listId: string, opts?: CallOptions) => callEndpoint(transport, ep.create, { params: { id: listId } }, opts),
    list: (listId: string, opts?: CallOptions) => callEndpoint(transport, ep.list, { params: { id: listId } }, opts),
    revoke: (listId: string, shareId: string, opts?: CallOptions) =>
      callEndpoint(transport, ep.revoke, { params: { id: listId, shareId } }, opts),
    /** The shared list as anyone holding the link reads it; `units` as in the list GET. */
    get: (shareId: string, opts?: CallOptions & { units?: string }) =>
      callEndpoint(transport, ep.get, { params: { shareId }, query: { units: opts?.units } }, opts),
  };
}

/** The share group on a transport of its own (the share dialog's client). */
export const createShareClient = (options: ApiClientOptions) => shareGroup(createTransport(options));
