/**
 * The Worker's side of live lists (decision 0037): the room (Durable Object) of a list, the WebSocket
 * upgrade (GET /api/shopping-lists/{id}/live), changes applied through the room, and telling rooms
 * that who may use their list has changed. Features reach the rooms only through this module.
 */
import type { ListChangesResponse, ShoppingList } from "../../core/api/lists.ts";
import type { ListChange } from "../../core/api/shopping.ts";
import { isUnitChoice, type UnitChoice } from "../../core/combine/unit-choice.ts";
import type { Db } from "../db/client.ts";
import { noteBookmark } from "../http/d1-session.ts";
import { problem } from "../http/problem.ts";
import { clientKey } from "../http/rate-limit.ts";
import { isWellFormedId } from "../lib/ids.ts";
import type { Caller } from "../services/caller.ts";
import { DomainError } from "../services/errors.ts";
import { readListFor } from "../../web/features/shopping-list/server/service.ts";
import { may } from "../services/policy.ts";
import { type AccessCause, type Actor, type ApplyAnswer, type RecipeAnswer, type RenameAnswer, ROOM_HEADERS } from "./list-room.ts";

export const LIVE_PATH = /^\/api\/shopping-lists\/([^/]+)\/live$/;

/** The room of a list: one Durable Object per list id, wherever the request comes from. */
export function roomOf(env: Env, listId: string) {
  return env.LIST_ROOM.get(env.LIST_ROOM.idFromName(listId));
}

/**
 * Applies changes through the list's room (the one order of its changes), for a request of `caller`.
 * Refusals come back as the same domain errors the service throws.
 */
export async function applyThroughRoom(
  env: Env,
  db: Db,
  caller: Caller,
  listId: string,
  editToken: string | null,
  changes: ListChange[],
  units: UnitChoice,
): Promise<ListChangesResponse> {
  const actor: Actor = { userId: caller.user?.id ?? null, editToken };
  // RPC's typing of a union answer loses its discriminant; the value is exactly an ApplyAnswer.
  const answer = (await roomOf(env, listId).applyForRequest(listId, actor, changes, units)) as unknown as ApplyAnswer;
  if (!answer.ok) throw new DomainError(answer.kind, answer.code, answer.message, answer.details);
  // The room wrote in a D1 session of its own: this request's answer hands its bookmark on (decision 0040).
  noteBookmark(db, answer.bookmark);
  return { list: answer.list, missing: answer.missing };
}

/** Renames a list through its room (open pages get the new name), for a request of `caller`. */
export async function renameThroughRoom(
  env: Env,
  db: Db,
  caller: Caller,
  listId: string,
  editToken: string | null,
  name: string,
): Promise<{ id: string; name: string }> {
  const actor: Actor = { userId: caller.user?.id ?? null, editToken };
  const answer = (await roomOf(env, listId).rename(listId, actor, name)) as unknown as RenameAnswer;
  if (!answer.ok) throw new DomainError(answer.kind, answer.code, answer.message, answer.details);
  noteBookmark(db, answer.bookmark);
  return { id: answer.id, name: answer.name };
}

/** Adds a recipe to a list through its room (its order, its open pages told), for a request of `caller`. */
export async function addRecipeThroughRoom(
  env: Env,
  db: Db,
  caller: Caller,
  listId: string,
  editToken: string | null,
  recipeId: string,
  scale: number | undefined,
  units: UnitChoice,
): Promise<ShoppingList> {
  const actor: Actor = { userId: caller.user?.id ?? null, editToken };
  const answer = (await roomOf(env, listId).addRecipe(listId, actor, recipeId, scale, units)) as unknown as RecipeAnswer;
  if (!answer.ok) throw new DomainError(answer.kind, answer.code, answer.message, answer.details);
  noteBookmark(db, answer.bookmark);
  return answer.list;
}

/**
 * Who may read or change these lists may have changed (a member left or was removed, a household or
 * a list was deleted, a list moved): each list's room checks its open pages before this resolves, so
 * a page that lost access hears it at once. `cause` "household_deleted" names why a list stopped being shared.
 */
export async function listAccessChanged(env: Env, listIds: readonly string[], cause?: AccessCause): Promise<void> {
  const results = await Promise.allSettled([...new Set(listIds)].map((id) => roomOf(env, id).recheck(cause)));
  for (const r of results) if (r.status === "rejected") console.error("[live] a room could not check its pages", r.reason);
}

/**
 * A list changed outside its room in a way its pages cannot patch (another store chosen for it): each open page is
 * sent the list again before this resolves. A room that cannot be reached is logged, not fatal: the change is saved.
 */
export async function listChangedOutsideRoom(env: Env, listId: string): Promise<void> {
  try {
    await roomOf(env, listId).reread();
  } catch (err) {
    console.error("[live] a room could not send its list again", err);
  }
}

/** Whether `origin` is this site (the request's own origin or APP_ORIGIN). */
function sameSite(origin: string, url: URL, appOrigin: string | undefined): boolean {
  if (origin === url.origin) return true;
  try {
    return Boolean(appOrigin) && new URL(String(appOrigin)).origin === origin;
  } catch {
    return false;
  }
}

/**
 * GET /api/shopping-lists/{id}/live: whoever may read the list gets a WebSocket to its room (a
 * household list: its members only). A browser's socket must come from our own pages (Origin), so
 * another site cannot open one with the visitor's cookie. The room is told who the caller is in
 * headers the Worker sets.
 */
export async function liveUpgrade(request: Request, url: URL, env: Env, db: Db, caller: Caller, listId: string): Promise<Response> {
  if (request.method !== "GET") return problem(405, "method_not_allowed", "Use GET with a WebSocket upgrade.");
  if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") {
    return problem(426, "upgrade_required", "This address is the list's live channel: open it as a WebSocket.");
  }
  const origin = request.headers.get("origin");
  if (origin && !sameSite(origin, url, env.APP_ORIGIN)) {
    return problem(403, "origin_mismatch", "This request came from another site and was refused. Reload the page and try again.");
  }
  if (!isWellFormedId(listId)) return problem(404, "list_not_found", "Shopping list not found.");
  const units = url.searchParams.get("units");
  let found: Awaited<ReturnType<typeof readListFor>>;
  try {
    found = await readListFor(db, caller, listId, isUnitChoice(units) ? units : "as-written");
  } catch (err) {
    if (err instanceof DomainError) return problem(403, err.code, err.message);
    throw err;
  }
  if (!found) return problem(404, "list_not_found", "Shopping list not found.");
  const headers = new Headers({ upgrade: "websocket" });
  headers.set(ROOM_HEADERS.list, listId);
  headers.set(ROOM_HEADERS.user, caller.user?.id ?? "");
  headers.set(ROOM_HEADERS.name, caller.user?.firstName ?? "");
  headers.set(ROOM_HEADERS.editable, may(caller, "change", found) ? "1" : "0");
  headers.set(ROOM_HEADERS.units, isUnitChoice(units) ? units : "as-written");
  const key = caller.session ? `session:${caller.session.id}` : clientKey(request, env as Parameters<typeof clientKey>[1]);
  if (key) headers.set(ROOM_HEADERS.rateKey, key);
  return roomOf(env, listId).fetch(new Request(url.toString(), { headers }));
}
