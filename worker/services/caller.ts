/**
 * Who is calling. Resolved once per request in the Worker entry (worker/http/caller.ts) and handed
 * to the API router and to React Router's context (web/context.ts), so every service and loader
 * sees the same answer. Jobs outside a request use `SYSTEM`-free calls with an explicit Caller.
 */

/** The signed-in user as services and pages see it (never the password or reset fields). */
export interface CallerUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  isAdmin: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** How the session token arrived: the Authorization header (extension, `auth_token`: docs/product/constants.md) or the cookie. */
export type SessionTransport = "bearer" | "cookie";

export interface CallerSession {
  /** Public session id (for the sessions list); never the token or its hash. */
  id: string;
  via: SessionTransport;
  /** When the session was started: by a sign-in for the cookie; by the connect step for a bearer token. */
  createdAt?: Date;
  expiresAt: Date;
  /** Set when this request renewed the session (sliding expiry): the cookie is sent again. */
  renewed?: boolean;
}

export type Caller = { kind: "anonymous"; user: null; session: null } | { kind: "user"; user: CallerUser; session: CallerSession };

export const ANONYMOUS: Caller = Object.freeze({ kind: "anonymous", user: null, session: null }) as Caller;

export function signedIn(user: CallerUser, session: CallerSession): Caller {
  return { kind: "user", user, session };
}

/** The caller's user id, or null when signed out. */
export function callerUserId(caller: Caller): string | null {
  return caller.user?.id ?? null;
}

/** The guard a route declares: who may call it at all (core/api/access.ts; per-resource rules are in policy.ts). */
export type { Access } from "../../core/api/access.ts";
