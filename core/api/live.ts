/**
 * The live channel of a list (decision 0037): the WebSocket at GET /api/shopping-lists/{id}/live,
 * served by the list's Durable Object. The server applies every change of a list in one order (its
 * version counter) and sends each applied batch to every open page as a patch: the fields that
 * changed, item by item, the items removed, and the operation ids it applied. Messages are JSON
 * text; the client's "ping" is answered "pong" without waking the object.
 *
 * Only the client's messages are parsed with zod (by the server); the server's are typed here.
 */
import { z } from "zod";
import { LIST_CHANGES_MAX } from "./constants.ts";
import type { ShoppingList } from "./lists.ts";
import { ListChangeSchema } from "./shopping.ts";

/** What the client sends. */
export const LiveClientMessageSchema = z.discriminatedUnion("t", [
  /** Changes to apply, in order; each carries its `opId` so a resend is not applied twice. */
  z.object({ t: z.literal("ops"), ops: z.array(ListChangeSchema).min(1).max(LIST_CHANGES_MAX) }),
  /** A signed-out creator proves the edit token (decision 0013) once per connection. */
  z.object({ t: z.literal("auth"), editToken: z.string().min(1).max(200) }),
  /** Asks for the whole list again (the page noticed a gap in versions). */
  z.object({ t: z.literal("sync") }),
]);
export type LiveClientMessage = z.infer<typeof LiveClientMessageSchema>;

/** The changed fields of one item; `category` with every field means a new item. */
export interface ItemPatch {
  id: string;
  category?: string;
  name?: string;
  amount?: string;
  recipes?: string[];
  notes?: string | null;
  checked?: boolean;
  checkedAt?: number;
  staple?: boolean;
  addedByHand?: boolean;
}

/** One applied batch of changes. */
export interface ListPatch {
  /** The list's version after the batch (the previous one + 1). */
  version: number;
  items: ItemPatch[];
  /** Ids of items removed. */
  removed: string[];
  /** [added id, id of the item it joined]: an add folded into an item already on the list ('milk' twice). */
  aliases: [string, string][];
  /** Operation ids the batch applied (or had applied before): the sender drops them from its queue. */
  done: string[];
  /** Item ids that changes named but that are not on the list (removed meanwhile): those changes were skipped. */
  missing: string[];
  /** The list's recipes, when the batch added one (its items come as new items or changed amounts). */
  recipes?: { id: string; title: string }[];
  /** The list's new name, when it was renamed. */
  name?: string;
}

/** Someone with the list open who may change it (never oneself): a first name, or "Someone". */
export interface PresencePerson {
  name: string;
}

/**
 * Why a page's access ended: `access` the reader left or was removed from the list's household; `deleted` the list
 * was deleted; `unshared` its creator made it personal again; `household_deleted` the household was deleted (its
 * lists went back to their creators). After the last two, a member who is not the creator may no longer change it.
 */
export type RevokeReason = "access" | "deleted" | "unshared" | "household_deleted";

/** What the server sends. */
export type LiveServerMessage =
  | {
      t: "hello";
      /** The list as it is now, in this page's unit choice. */
      list: ShoppingList;
      /** Whether this connection may change the list. */
      editable: boolean;
      present: PresencePerson[];
    }
  | ({ t: "patch" } & ListPatch)
  | { t: "presence"; present: PresencePerson[] }
  /** This connection's access ended (see RevokeReason); the socket closes with LIVE_CLOSE_REVOKED. */
  | { t: "revoked"; reason: RevokeReason; message: string }
  | { t: "error"; code: string; message: string; retryAfterSeconds?: number };

/** Close codes the server uses: 4403 access ended (after "revoked"), 4400 a message it cannot read. */
export const LIVE_CLOSE_REVOKED = 4403;
export const LIVE_CLOSE_BAD_MESSAGE = 4400;
