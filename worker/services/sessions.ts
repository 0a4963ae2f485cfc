/**
 * Sessions: a random token handed to the client (cookie and/or bearer); only its SHA-256 is
 * stored, so a database leak does not leak sessions. `validateSessionToken` is the one validator
 * both transports go through.
 */
import { and, eq, gt } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { sessions, users } from "../db/schema.ts";
import { sha256Hex } from "../lib/crypto.ts";
import type { CallerSession, CallerUser, SessionTransport } from "./caller.ts";

/** Longest token we bother hashing; ours are 43 characters. */
const TOKEN_MAX = 200;

export interface ValidSession {
  user: CallerUser;
  session: CallerSession;
}

/** The live session this token names, or null (unknown, expired, malformed). */
export async function validateSessionToken(
  db: Db,
  token: string,
  via: SessionTransport,
  now: Date = new Date(),
): Promise<ValidSession | null> {
  if (!token || token.length > TOKEN_MAX) return null;
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
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const { expiresAt, ...user } = row;
  return { user, session: { id: tokenHash.slice(0, 32), via, expiresAt } };
}
