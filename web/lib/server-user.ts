/**
 * The signed-in user as pages receive it from loaders: the caller the Worker resolved from the
 * session cookie (web/context.ts), in the same wire shape GET /api/auth/me answers (ISO dates),
 * so the client auth store and the loaders hold one type.
 */
import type { User } from "../../core/api/auth.ts";
import type { Caller, CallerUser } from "../context.ts";

export function userFromCaller(caller: Caller | undefined): User | null {
  const u = caller?.user;
  return u ? wireUser(u) : null;
}

/** A signed-in caller's user in the wire shape. */
export function wireUser(u: CallerUser): User {
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    isAdmin: u.isAdmin,
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt.toISOString(),
  };
}
