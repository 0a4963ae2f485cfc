/**
 * A list's live room (decision 0037): one Durable Object per shopping list, named by the list's id.
 *
 * - It is the one door every change of its list goes through (the WebSocket's "ops" messages and
 *   POST /api/shopping-lists/{id}/changes alike), one batch at a time, so the list's version counter
 *   is the server's order and the merge rules of web/features/shopping-list/server/shopping.ts read a state nobody else
 *   is writing. D1 stays the record: the room keeps nothing of its own, and a room that is evicted or
 *   restarts loses nothing.
 * - It holds the list's open pages as hibernatable WebSockets (ctx.acceptWebSocket): between messages
 *   the object can be evicted from memory while the sockets stay open, and a "ping" is answered
 *   "pong" by the runtime without waking it. What a socket is (who, may they change the list, their
 *   unit choice) lives in its attachment, which survives hibernation.
 * - After each applied batch every socket gets the patch in its own unit choice; the sender learns
 *   which operation ids went through from the same patch (or an empty one when nothing changed).
 * - Presence: the first names of the other people who may change the list and have it open.
 * - `recheck()` (called when someone leaves or is removed from a household, a household or a list is
 *   deleted, a list moves) closes the sockets whose user may no longer read the list, after telling
 *   the page why; every batch of changes checks the right to change again anyway.
 */
import { DurableObject } from "cloudflare:workers";
import {
  type LiveClientMessage,
  LiveClientMessageSchema,
  type LiveServerMessage,
  LIVE_CLOSE_BAD_MESSAGE,
  LIVE_CLOSE_REVOKED,
  type PresencePerson,
  type RevokeReason,
} from "../../core/api/live.ts";
import type { ListChangesResponse, ShoppingList } from "../../core/api/lists.ts";
import type { ListChange } from "../../core/api/shopping.ts";
import { isUnitChoice, type UnitChoice } from "../../core/combine/unit-choice.ts";
import { createDb, type Db } from "../db/client.ts";
import { findList } from "../../web/features/shopping-list/server/service.ts";
import { LIST_CHANGES_LIMIT } from "../http/rate-limit.ts";
import { ANONYMOUS, type Caller, signedIn } from "../services/caller.ts";
import { type DomainErrorKind, isDomainError } from "../services/errors.ts";
import { addRecipeToList } from "../../web/features/shopping-list/server/list-recipes.ts";
import { readShoppingList, renameShoppingList } from "../../web/features/shopping-list/server/service.ts";
import { may, mayReadList, NOT_IN_HOUSEHOLD_MESSAGE, proveEdit } from "../services/policy.ts";
import { type AppliedPatch, applyListChanges, patchInUnits } from "../../web/features/shopping-list/server/shopping.ts";

/** Who a socket is, kept with it across hibernation (at most 2 KB). */
export interface Attachment {
  listId: string;
  /** The signed-in user, or null. */
  userId: string | null;
  /** First name shown to the others ("" for none). */
  name: string;
  /** May change the list (by their session, or after proving the edit token). */
  editable: boolean;
  units: UnitChoice;
  /** The rate-limit key of the connection's session or client (worker/http/rate-limit.ts). */
  rateKey: string | null;
  /** A signed-out creator's edit token, once proven on this connection (never sent back). */
  editToken: string | null;
}

/** Why the Worker asks a room to check its pages again, when the reason matters to what a page is told. */
export type AccessCause = "household_deleted";

/** What a page is told when its access ends (the list page shows its own words for each reason). */
const REVOKED_MESSAGES: Record<RevokeReason, string> = {
  access: NOT_IN_HOUSEHOLD_MESSAGE,
  deleted: "This list has been deleted.",
  unshared: "This list is no longer shared with your household.",
  household_deleted: "The household was deleted, so this list is no longer shared with you.",
};

/** Who applies changes through the room: a signed-in user (by id) or a signed-out editor (by edit token). */
export interface Actor {
  userId: string | null;
  editToken: string | null;
}

/**
 * What `apply` answers: the list in the caller's units (null when asked for none), the missing items, the operations
 * done, the list's version after the batch, and whether anyone was sent a patch.
 */
export type Applied = {
  list: ShoppingList | null;
  missing: string[];
  done: string[];
  version: number;
  broadcast: boolean;
  bookmark: string | null;
};

/** What `applyForRequest` answers over RPC. */
export type ApplyAnswer =
  | ({ ok: true; bookmark: string | null } & ListChangesResponse)
  | { ok: false; kind: DomainErrorKind; code: string; message: string; details: Record<string, unknown> };

/** What `rename` answers over RPC. */
export type RenameAnswer =
  | { ok: true; bookmark: string | null; id: string; name: string }
  | { ok: false; kind: DomainErrorKind; code: string; message: string; details: Record<string, unknown> };

/** What `addRecipe` answers over RPC. */
export type RecipeAnswer =
  | { ok: true; bookmark: string | null; list: ShoppingList }
  | { ok: false; kind: DomainErrorKind; code: string; message: string; details: Record<string, unknown> };

/** Headers the Worker sets on the upgrade request it forwards (nothing from the browser is trusted). */
export const ROOM_HEADERS = {
  list: "x-room-list",
  user: "x-room-user",
  name: "x-room-name",
  editable: "x-room-editable",
  units: "x-room-units",
  rateKey: "x-room-rate-key",
} as const;

/** A Caller for a user id the Worker already resolved: services read only its id. */
function callerFor(actor: Actor): Caller {
  if (!actor.userId) return ANONYMOUS;
  const epoch = new Date(0);
  return signedIn(
    { id: actor.userId, firstName: "", lastName: "", email: "", isAdmin: false, createdAt: epoch, updatedAt: epoch },
    { id: "live", via: "bearer", expiresAt: epoch },
  );
}

const send = (ws: WebSocket, message: LiveServerMessage) => {
  try {
    ws.send(JSON.stringify(message));
  } catch {
    // Closing or closed: its close event tidies up.
  }
};

export class ListRoom extends DurableObject<Env> {
  /** The batches of this list, one after another (the server's order). */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Keep-alive pings are answered by the runtime: an idle list's object stays asleep.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  #db(): Db {
    return createDb(this.env.DB);
  }

  /** Runs `work` after every batch before it (one at a time), whatever they threw. */
  #serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(work, work);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  /** The WebSocket upgrade, forwarded by the Worker once it has checked who may read the list. */
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") return new Response("Expected a WebSocket upgrade", { status: 426 });
    const h = (name: string) => request.headers.get(name) ?? "";
    const units = h(ROOM_HEADERS.units);
    const attachment: Attachment = {
      listId: h(ROOM_HEADERS.list),
      userId: h(ROOM_HEADERS.user) || null,
      name: h(ROOM_HEADERS.name).slice(0, 40),
      editable: h(ROOM_HEADERS.editable) === "1",
      units: isUnitChoice(units) ? units : "as-written",
      rateKey: h(ROOM_HEADERS.rateKey) || null,
      editToken: null,
    };
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    this.ctx.acceptWebSocket(server, [attachment.userId ? `u:${attachment.userId}` : "anonymous"]);
    server.serializeAttachment(attachment);
    // The snapshot is read in the room's order: a batch applied before it is in it, one after it follows as a patch.
    await this.#serial(async () => {
      await this.#hello(server, attachment);
    });
    // The others learn who came; the newcomer's hello already said who is here.
    this.#presenceChanged(undefined, server);
    return new Response(null, { status: 101, webSocket: client });
  }

  async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer): Promise<void> {
    const a = ws.deserializeAttachment() as Attachment | null;
    if (!a) return;
    let message: LiveClientMessage;
    try {
      const parsed = LiveClientMessageSchema.safeParse(JSON.parse(typeof raw === "string" ? raw : new TextDecoder().decode(raw)));
      if (!parsed.success) throw new Error("bad message");
      message = parsed.data;
    } catch {
      send(ws, { t: "error", code: "bad_message", message: "The list page sent a message the server cannot read. Reload the page." });
      ws.close(LIVE_CLOSE_BAD_MESSAGE, "bad message");
      return;
    }
    switch (message.t) {
      case "sync":
        await this.#serial(() => this.#hello(ws, a));
        return;
      case "auth": {
        const list = await findList(this.#db(), a.listId);
        if (list && !list.householdId && list.userId === null && (await proveEdit(list.editTokenHash, message.editToken))) {
          const next = { ...a, editable: true, editToken: message.editToken };
          ws.serializeAttachment(next);
          await this.#serial(() => this.#hello(ws, next));
          this.#presenceChanged();
        }
        return;
      }
      case "ops":
        await this.#ops(ws, a, message.ops);
        return;
    }
  }

  async #ops(ws: WebSocket, a: Attachment, ops: ListChange[]): Promise<void> {
    if (!a.editable) {
      send(ws, {
        t: "error",
        code: "forbidden",
        message: "You can tick items off here, but only people who may change this list can send changes.",
      });
      return;
    }
    // The same budget as POST .../changes (decision 0025): per session, else per client address.
    const limiter = (this.env as unknown as Record<string, { limit(o: { key: string }): Promise<{ success: boolean }> } | undefined>)[
      LIST_CHANGES_LIMIT.binding
    ];
    if (a.rateKey && limiter && !(await limiter.limit({ key: a.rateKey })).success) {
      send(ws, {
        t: "error",
        code: "rate_limited",
        message: LIST_CHANGES_LIMIT.message,
        retryAfterSeconds: LIST_CHANGES_LIMIT.periodSeconds,
      });
      return;
    }
    try {
      const result = await this.apply(a.listId, { userId: a.userId, editToken: a.editToken }, ops, null);
      // Nothing changed (all sent before): only the sender needs to hear which operations are done.
      if (!result.broadcast) {
        send(ws, {
          t: "patch",
          version: result.version,
          items: [],
          removed: [],
          aliases: [],
          done: result.done,
          missing: result.missing,
        });
      }
    } catch (err) {
      if (isDomainError(err) && (err.code === "not_in_household" || err.code === "list_not_found")) {
        await this.#revoke(ws, err.code === "list_not_found" ? "deleted" : "access");
        return;
      }
      if (isDomainError(err) && err.kind === "forbidden") {
        // Still readable, no longer changeable (a signed-out list claimed by an account): read-only from now on.
        const next = { ...a, editable: false, editToken: null };
        ws.serializeAttachment(next);
        send(ws, { t: "error", code: err.code, message: err.message });
        await this.#serial(() => this.#hello(ws, next));
        this.#presenceChanged();
        return;
      }
      if (isDomainError(err)) {
        send(ws, { t: "error", code: err.code, message: err.message });
        return;
      }
      console.error("[live] applying changes failed", err);
      send(ws, { t: "error", code: "internal", message: "Something went wrong on our side. Your changes are kept and sent again." });
    }
  }

  /** `apply` for a caller on the other side of RPC: a refusal comes back as a value (a thrown error would lose its code). */
  async applyForRequest(listId: string, actor: Actor, changes: ListChange[], units: UnitChoice): Promise<ApplyAnswer> {
    try {
      const { list, missing, bookmark } = await this.apply(listId, actor, changes, units);
      if (!list) throw new Error("apply answered no list");
      return { ok: true, list, missing, bookmark };
    } catch (err) {
      if (isDomainError(err)) return { ok: false, kind: err.kind, code: err.code, message: err.message, details: err.details };
      throw err;
    }
  }

  /**
   * Applies a batch for `actor` in the room's order and sends the patch to every open page. Answers
   * the list (in `units`; none for null, a socket's batch) and the missing items, as POST .../changes does.
   * RPC: the Worker calls it for that endpoint.
   */
  async apply(listId: string, actor: Actor, changes: ListChange[], units: UnitChoice | null): Promise<Applied> {
    return this.#serial(async () => {
      // A session from the primary: its bookmark goes back to the Worker, which hands it to the browser (decision 0040).
      const session = this.env.DB.withSession("first-primary");
      const result = await applyListChanges(createDb(session), callerFor(actor), listId, actor.editToken, changes, units);
      if (result.patch) this.#broadcast(result.patch);
      return {
        list: result.list,
        missing: result.missing,
        done: result.done,
        version: result.version,
        broadcast: result.patch !== null,
        bookmark: session.getBookmark(),
      };
    });
  }

  /**
   * The list changed in a way a patch does not carry (the store it is shown for, decision 0048): every open page gets
   * the list again (a new hello, in its units), read in the room's order. RPC.
   */
  async reread(): Promise<void> {
    await this.#serial(async () => {
      for (const ws of this.ctx.getWebSockets()) {
        const a = ws.deserializeAttachment() as Attachment | null;
        if (a) await this.#hello(ws, a);
      }
    });
  }

  /**
   * The list renamed in the room's order, the new name sent to every open page (a patch with no items). RPC: the
   * Worker calls it for PATCH /api/shopping-lists/{id}; a refusal comes back as a value.
   */
  async rename(listId: string, actor: Actor, name: string): Promise<RenameAnswer> {
    try {
      return await this.#serial(async () => {
        const session = this.env.DB.withSession("first-primary");
        const done = await renameShoppingList(createDb(session), callerFor(actor), listId, actor.editToken, name);
        this.#broadcast({ version: done.version, items: [], removed: [], aliases: [], done: [], missing: [], name: done.name });
        return { ok: true as const, id: done.id, name: done.name, bookmark: session.getBookmark() };
      });
    } catch (err) {
      if (isDomainError(err)) return { ok: false, kind: err.kind, code: err.code, message: err.message, details: err.details };
      throw err;
    }
  }

  /**
   * A recipe added to the list (web/features/shopping-list/server/list-recipes.ts) in the room's order, its patch sent to every open page
   * (new items, changed amounts, the list's recipes). RPC: the Worker calls it for POST .../recipes; a refusal comes
   * back as a value, as from `applyForRequest`.
   */
  async addRecipe(listId: string, actor: Actor, recipeId: string, scale: number | undefined, units: UnitChoice): Promise<RecipeAnswer> {
    try {
      return await this.#serial(async () => {
        const session = this.env.DB.withSession("first-primary");
        const result = await addRecipeToList(createDb(session), callerFor(actor), listId, actor.editToken, recipeId, scale, units);
        if (result.patch) this.#broadcast(result.patch);
        if (!result.list) throw new Error("addRecipe answered no list");
        return { ok: true as const, list: result.list, bookmark: session.getBookmark() };
      });
    } catch (err) {
      if (isDomainError(err)) return { ok: false, kind: err.kind, code: err.code, message: err.message, details: err.details };
      throw err;
    }
  }

  /**
   * Who may still use the list: sockets of anyone who may no longer read it are told and closed, and so are those of a
   * member who could change it only through the household (the list made personal again, or the household deleted):
   * their page stops updating and says why. Anyone else whose right to change changed gets a new hello. RPC.
   */
  async recheck(cause?: AccessCause): Promise<void> {
    await this.#serial(async () => {
      const db = this.#db();
      for (const ws of this.ctx.getWebSockets()) {
        const a = ws.deserializeAttachment() as Attachment | null;
        if (!a) continue;
        const list = await findList(db, a.listId, a.userId);
        if (!list) {
          await this.#revoke(ws, "deleted");
          continue;
        }
        const caller = callerFor({ userId: a.userId, editToken: null });
        const thing = { userId: list.userId, householdId: list.householdId, member: list.member };
        if (list.householdId && !may(caller, "read", thing)) {
          await this.#revoke(ws, "access");
          continue;
        }
        const editable = may(caller, "change", thing, await proveEdit(list.editTokenHash, a.editToken));
        if (a.editable && !editable && !list.householdId && a.userId && a.userId !== list.userId) {
          await this.#revoke(ws, cause === "household_deleted" ? "household_deleted" : "unshared");
          continue;
        }
        if (editable !== a.editable) {
          const next = { ...a, editable };
          ws.serializeAttachment(next);
          await this.#hello(ws, next);
        }
      }
    });
    this.#presenceChanged();
  }

  webSocketClose(ws: WebSocket, code: number): void {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, "closed");
    } catch {
      // already closed
    }
    this.#presenceChanged(ws);
  }

  webSocketError(ws: WebSocket): void {
    this.#presenceChanged(ws);
  }

  async #hello(ws: WebSocket, a: Attachment): Promise<void> {
    const found = await readShoppingList(this.#db(), a.listId, a.units, a.userId);
    if (!found) {
      await this.#revoke(ws, "deleted");
      return;
    }
    if (!mayReadList(found)) {
      await this.#revoke(ws, "access");
      return;
    }
    send(ws, { t: "hello", list: found.list, editable: a.editable, present: this.#present(ws, a) });
  }

  async #revoke(ws: WebSocket, reason: RevokeReason): Promise<void> {
    send(ws, { t: "revoked", reason, message: REVOKED_MESSAGES[reason] });
    try {
      ws.close(LIVE_CLOSE_REVOKED, reason);
    } catch {
      // already closed
    }
  }

  #broadcast(patch: AppliedPatch): void {
    const byUnits = new Map<UnitChoice, string>();
    for (const ws of this.ctx.getWebSockets()) {
      const a = ws.deserializeAttachment() as Attachment | null;
      if (!a) continue;
      let text = byUnits.get(a.units);
      if (text === undefined) {
        text = JSON.stringify({ t: "patch", ...patchInUnits(patch, a.units) } satisfies LiveServerMessage);
        byUnits.set(a.units, text);
      }
      try {
        ws.send(text);
      } catch {
        // closing
      }
    }
  }

  /** The others who may change the list and have it open, by first name, one entry per person. */
  #present(self: WebSocket, a: Attachment, leaving?: WebSocket): PresencePerson[] {
    const names = new Map<string, string>();
    for (const ws of this.ctx.getWebSockets()) {
      if (ws === self || ws === leaving || ws.readyState !== WebSocket.OPEN) continue;
      const o = ws.deserializeAttachment() as Attachment | null;
      if (!o?.editable || !o.userId || o.userId === a.userId) continue;
      names.set(o.userId, o.name.trim() || "Someone");
    }
    return [...names.values()].sort().map((name) => ({ name }));
  }

  #presenceChanged(leaving?: WebSocket, skip?: WebSocket): void {
    for (const ws of this.ctx.getWebSockets()) {
      if (ws === leaving || ws === skip) continue;
      const a = ws.deserializeAttachment() as Attachment | null;
      if (a?.editable) send(ws, { t: "presence", present: this.#present(ws, a, leaving) });
    }
  }
}
