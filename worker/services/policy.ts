/**
 * The one ownership policy every service asks (recipes, shopping lists, and what later issues add).
 * See docs/decisions/0013-ownership-and-edit-tokens.md.
 *
 * - A thing made while signed in belongs to that user: only they may change it (admins do not get
 *   a back door here; admin tools go through their own services).
 * - A thing made while signed out has no owner; the browser that created it holds its edit token
 *   (`editGrant`), and showing that token (`proveEdit`) is the right to change or delete it. Its id
 *   alone (which a shared list link reveals for the list and its recipes) only lets one read it.
 * - A household list (decision 0036) is read and changed by the household's members, and by nobody
 *   else: not its creator once they left, not a holder of its link, not an admin. Whoever asks
 *   `may` says whether the caller is a member now (`member`, from the same read as the list).
 * - Any other shopping list is read by whoever holds its link (`mayReadList`).
 * Who may call an endpoint or open a page at all (signed in, admin) is core/api/access.ts; the API router,
 * the page loaders and the list pages (page-services.ts) ask these rules, none restates them.
 */
import { constantTimeEqual, sha256Hex } from "../lib/crypto.ts";
import { newToken } from "../lib/ids.ts";
import type { Caller } from "./caller.ts";
import { DomainError } from "./errors.ts";

/** Anything with an owner column. */
export interface Owned {
  userId: string | null;
  /** Set for a household list; then `member` says whether the caller is in that household now. */
  householdId?: string | null;
  member?: boolean;
}

export type Action = "read" | "change";

export type Subject = "recipe" | "list";

/**
 * Whether `caller` may do `action` to `thing`. `editProof` says whether the caller proved it holds
 * the thing's edit token (checked by the caller of this function against the stored hash).
 */
export function may(caller: Caller, action: Action, thing: Owned, editProof = false): boolean {
  if (thing.householdId) return caller.user !== null && thing.member === true;
  if (thing.userId !== null) return caller.user?.id === thing.userId;
  return action === "read" || editProof;
}

/**
 * Whether a shopping list, read for a caller (`member` from that read), may be shown to them: any list by
 * its link, but a household list to its members only.
 */
export function mayReadList(list: Owned): boolean {
  return !list.householdId || list.member === true;
}

/** Throws `forbidden` (`not_in_household`) unless `mayReadList`. */
export function assertMayReadList(list: Owned): void {
  if (!mayReadList(list)) throw new DomainError("forbidden", "not_in_household", NOT_IN_HOUSEHOLD_MESSAGE);
}

const FORBIDDEN: Record<Subject, Record<Action, string>> = {
  recipe: {
    read: "This recipe belongs to another account.",
    change: "This recipe belongs to another account; only its owner can change it.",
  },
  list: {
    read: "This shopping list belongs to another account.",
    change: "Only the owner of this shopping list can change it.",
  },
};

/** Throws `forbidden` unless `may(...)`. */
/** What a caller outside a household list's household is told (docs/product/messages.md). */
export const NOT_IN_HOUSEHOLD_MESSAGE = "This list belongs to a household you are not a member of.";

/** Throws `forbidden` unless `may(...)` (code `not_in_household` for a household list). */
export function assertMay(caller: Caller, action: Action, subject: Subject, thing: Owned, editProof = false): void {
  if (may(caller, action, thing, editProof)) return;
  if (thing.householdId) throw new DomainError("forbidden", "not_in_household", NOT_IN_HOUSEHOLD_MESSAGE);
  throw new DomainError("forbidden", "forbidden", FORBIDDEN[subject][action]);
}

/**
 * An edit token for a thing a signed-out caller creates: the token goes to that browser once (in
 * the create answer), only its hash is stored. Null for a signed-in caller (the account owns it).
 */
export async function editGrant(caller: Caller): Promise<{ token: string; hash: string } | null> {
  if (caller.user) return null;
  const token = newToken();
  return { token, hash: await sha256Hex(token) };
}

/** Whether `token` is the edit token whose hash is `storedHash` (constant-time on the hashes). */
export async function proveEdit(storedHash: string | null, token: string | null | undefined): Promise<boolean> {
  if (!storedHash || !token || token.length > 200) return false;
  const enc = new TextEncoder();
  return constantTimeEqual(enc.encode(await sha256Hex(token)), enc.encode(storedHash));
}
