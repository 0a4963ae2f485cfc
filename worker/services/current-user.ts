/**
 * Who is calling: a session token from the `Authorization: Bearer` header (the web client keeps
 * it under local storage key auth_token, SPEC §4) or the `rc_session` cookie. Only the token's
 * SHA-256 is stored, so a database leak does not leak sessions.
 */
import { and, eq, gt } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { sessions, users } from "../db/schema.ts";
import { sha256Hex } from "../lib/crypto.ts";

export const SESSION_COOKIE = "rc_session";

export interface CurrentUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  isAdmin: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export function readSessionToken(request: Request): string | null {
  const auth = request.headers.get("authorization");
  if (auth) {
    const m = /^Bearer\s+(\S+)$/i.exec(auth);
    if (m && m[1] !== "null" && m[1] !== "undefined") return m[1]!;
  }
  const cookie = request.headers.get("cookie");
  if (cookie) {
    for (const part of cookie.split(";")) {
      const [k, ...v] = part.trim().split("=");
      if (k === SESSION_COOKIE && v.length) return decodeURIComponent(v.join("="));
    }
  }
  return null;
}

export async function findCurrentUser(db: Db, request: Request): Promise<CurrentUser | null> {
  const token = readSessionToken(request);
  if (!token || token.length > 200) return null;
  const tokenHash = await sha256Hex(token);
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      isAdmin: users.isAdmin,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return rows[0] ?? null;
}
