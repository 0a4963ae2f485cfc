/**
 * The one ownership policy every service asks (recipes, shopping lists, and what later issues add).
 * See docs/decisions/0043-recipe-ownership.md and 0082-edit-tokens.md.
 *
 * - A thing made while signed in belongs to that user: only they may change it (admins do not get
 *   a back door here; admin tools go through their own services).
 * - A thing made while signed out has no owner; whoever created it holds its edit token, and
 *   showing that token (proved by the caller, see `EditProof`) is the right to change it.
 */
import type { Caller } from "./caller.ts";
import { DomainError } from "./errors.ts";

/** Anything with an owner column. */
export interface Owned {
  userId: string | null;
}

export type Action = "read" | "change";

export type Subject = "recipe" | "list";

/**
 * Whether `caller` may do `action` to `thing`. `editProof` says whether the caller proved it holds
 * the thing's edit token (checked by the caller of this function against the stored hash).
 */
export function may(caller: Caller, action: Action, thing: Owned, editProof = false): boolean {
  if (thing.userId !== null) return caller.user?.id === thing.userId;
  return action === "read" || editProof;
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
export function assertMay(caller: Caller, action: Action, subject: Subject, thing: Owned, editProof = false): void {
  if (!may(caller, action, thing, editProof)) throw new DomainError("forbidden", "forbidden", FORBIDDEN[subject][action]);
}
