/**
 * Sessions (docs/decisions/0020-sign-in-and-sessions.md): a random 256-bit token handed to
 * the client (the web app's HttpOnly cookie; the browser extension's bearer token, decision 0024);
 * only its SHA-256 is stored, so a database leak does not leak sessions. 30 days, renewed (sliding)
 * when fewer than 29 remain, i.e. at most once a day per session; revocable one by one or all but the
 * current one. `validateSessionToken` is the one validator both transports go through.
 */
import { and, desc, eq, gt, lte, sql } from "drizzle-orm";
import type { Db } from "../../../../worker/db/client.ts";
import { sessions, users } from "../../../../worker/db/schema.ts";
import { sha256Hex } from "../../../../worker/lib/crypto.ts";
import { newToken } from "../../../../worker/lib/ids.ts";
import type { CallerSession, CallerUser, SessionTransport } from "../../../../worker/services/caller.ts";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Renew when less than this remains (so a session in daily use never expires, and is written at most daily). */
const RENEW_BELOW_MS = SESSION_TTL_MS - 24 * 60 * 60 * 1000;
/** Longest token we bother hashing; ours are 43 characters. */
const TOKEN_MAX = 200;
const USER_AGENT_MAX = 200;

/** The public id of a session (for listing and revoking): the first 128 bits of its token hash. */
export const publicSessionId = (tokenHash: string) => tokenHash.slice(0, 32);

export interface ValidSession {
  user: CallerUser;
  session: CallerSession;
}

export interface NewSession {
  token: string;
  id: string;
  expiresAt: Date;
}

/** Starts a session for `userId`; the token is returned once and never stored. */
export async function createSession(db: Db, userId: string, opts: { userAgent?: string | null; now?: Date } = {}): Promise<NewSession> {
  const now = opts.now ?? new Date();
  const token = newToken();
  const tokenHash = await sha256Hex(token);
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db.insert(sessions).values({
    tokenHash,
    userId,
    expiresAt,
    createdAt: now,
    lastUsedAt: now,
    userAgent: opts.userAgent ? opts.userAgent.slice(0, USER_AGENT_MAX) : null,
  });
  return { token, id: publicSessionId(tokenHash), expiresAt };
}

/** The live session this token names, or null (unknown, expired, malformed). Renews it when due. */
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
      sessionCreatedAt: sessions.createdAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const { expiresAt, sessionCreatedAt: createdAt, ...user } = row;
  if (expiresAt.getTime() <= now.getTime()) {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    return null;
  }
  if (expiresAt.getTime() - now.getTime() < RENEW_BELOW_MS) {
    const renewed = new Date(now.getTime() + SESSION_TTL_MS);
    await db.update(sessions).set({ expiresAt: renewed, lastUsedAt: now }).where(eq(sessions.tokenHash, tokenHash));
    return { user, session: { id: publicSessionId(tokenHash), via, createdAt, expiresAt: renewed, renewed: true } };
  }
  return { user, session: { id: publicSessionId(tokenHash), via, createdAt, expiresAt } };
}

/** Ends the session with this public id if it belongs to `userId`; false when there is none. */
export async function revokeSession(db: Db, userId: string, id: string): Promise<boolean> {
  if (!/^[0-9a-f]{32}$/.test(id)) return false;
  const gone = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), sql`substr(${sessions.tokenHash}, 1, 32) = ${id}`))
    .returning({ tokenHash: sessions.tokenHash });
  return gone.length > 0;
}

/** Ends every session of `userId` except the one with public id `keepId` (all of them when null). */
export async function revokeOtherSessions(db: Db, userId: string, keepId: string | null): Promise<void> {
  await db.delete(sessions).where(revokeOthersWhere(userId, keepId));
}

/** The WHERE of revokeOtherSessions, for callers that batch it with other writes. */
export function revokeOthersWhere(userId: string, keepId: string | null) {
  return keepId ? and(eq(sessions.userId, userId), sql`substr(${sessions.tokenHash}, 1, 32) <> ${keepId}`) : eq(sessions.userId, userId);
}

export interface SessionSummary {
  id: string;
  createdAt: Date;
  lastUsedAt: Date;
  expiresAt: Date;
  userAgent: string | null;
  current: boolean;
}

/** The user's live sessions, most recently used first. */
export async function listSessions(db: Db, userId: string, currentId: string | null, now: Date = new Date()): Promise<SessionSummary[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
  return rows.map((s) => ({
    id: publicSessionId(s.tokenHash),
    createdAt: s.createdAt,
    lastUsedAt: s.lastUsedAt ?? s.createdAt,
    expiresAt: s.expiresAt,
    userAgent: s.userAgent,
    current: publicSessionId(s.tokenHash) === currentId,
  }));
}

/** Deletes expired sessions (scheduled clean-up). */
export async function deleteExpiredSessions(db: Db, now: Date = new Date()): Promise<void> {
  await db.delete(sessions).where(lte(sessions.expiresAt, now));
}
