/**
 * Resolves the caller once per request (worker/index.ts): the `Authorization: Bearer` token first
 * (the browser extension's session), then the `rc_session` cookie (the web app). Both go
 * through the same validator (web/features/accounts/server/sessions.ts).
 */
import type { Db } from "../db/client.ts";
import { ANONYMOUS, signedIn, type Caller } from "../services/caller.ts";
import { validateSessionToken } from "../../web/features/accounts/server/sessions.ts";

export const SESSION_COOKIE = "rc_session";

export function readBearerToken(request: Request): string | null {
  const auth = request.headers.get("authorization");
  if (!auth) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(auth);
  const token = m?.[1];
  return token && token !== "null" && token !== "undefined" ? token : null;
}

export function readCookie(request: Request, name: string): string | null {
  const cookie = request.headers.get("cookie");
  if (!cookie) return null;
  for (const part of cookie.split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name && v.length) {
      try {
        return decodeURIComponent(v.join("="));
      } catch {
        return null;
      }
    }
  }
  return null;
}

export async function resolveCaller(db: Db, request: Request, now: Date = new Date()): Promise<Caller> {
  const bearer = readBearerToken(request);
  if (bearer) {
    const found = await validateSessionToken(db, bearer, "bearer", now);
    if (found) return signedIn(found.user, found.session);
  }
  const cookie = readCookie(request, SESSION_COOKIE);
  if (cookie) {
    const found = await validateSessionToken(db, cookie, "cookie", now);
    if (found) return signedIn(found.user, found.session);
  }
  return ANONYMOUS;
}
