/**
 * Who may call an endpoint or open a page at all, stated once (decision 0002): `public` (anyone), `user`
 * (signed in) or `admin` (a signed-in administrator), and what each refusal is. The API router answers a
 * refusal as its problem (401 `unauthenticated`, 403 `forbidden`); a page loader under the same rule sends a
 * signed-out visitor to sign in and answers 403 to a signed-in one (web/lib/page-access.server.ts). What a
 * caller may do to one recipe or list is the ownership policy's (worker/services/policy.ts).
 */

export type Access = "public" | "user" | "admin";

export interface Refusal {
  status: 401 | 403;
  code: "unauthenticated" | "forbidden";
  message: string;
}

export const SIGNED_OUT: Refusal = { status: 401, code: "unauthenticated", message: "You are not signed in." };
export const NOT_ADMIN: Refusal = { status: 403, code: "forbidden", message: "This needs an administrator account." };

/** Why `user` (null when signed out) may not pass `access`, or null when they may. */
export function refusal(access: Access, user: { isAdmin: boolean } | null): Refusal | null {
  if (access === "public") return null;
  if (!user) return SIGNED_OUT;
  if (access === "admin" && !user.isAdmin) return NOT_ADMIN;
  return null;
}

/** Whether `user` passes `access`. */
export const allows = (access: Access, user: { isAdmin: boolean } | null): boolean => refusal(access, user) === null;
