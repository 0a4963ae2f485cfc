/**
 * Proving an account's e-mail address (decision 0044). A password account's address is unproven until its
 * owner follows a link mailed to it (or finishes a password reset, or signs in with a provider that vouches
 * for it: decision 0022). Until then the account may e-mail lists to its own address only.
 *
 * The link's token is 256 random bits; only its SHA-256 is stored, with the address it went to and an expiry
 * of 24 hours, so a link mailed to an old address proves nothing once the account's address changed. The
 * mail is written to the outbox in the same batch as the token (decision 0021). At most one link a minute and
 * VERIFY_MAILS_PER_DAY a day per account (429 with Retry-After).
 */
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "../../../../worker/db/client.ts";
import { emailVerifications, mailOutbox, users } from "../../../../worker/db/schema.ts";
import { sha256Hex } from "../../../../worker/lib/crypto.ts";
import { newId, newToken } from "../../../../worker/lib/ids.ts";
import { outboxRow } from "../../../../worker/mail/outbox.ts";
import { emailVerificationMail } from "../../../../worker/mail/templates.ts";
import { DomainError } from "../../../../worker/services/errors.ts";

export const VERIFY_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const VERIFY_MAILS_PER_DAY = 5;
export const VERIFY_MAIL_GAP_MS = 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface VerificationState {
  email: string;
  verified: boolean;
}

export async function verificationState(db: Db, userId: string): Promise<VerificationState> {
  const [row] = await db.select({ email: users.email, at: users.emailVerifiedAt }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new DomainError("not_found", "user_not_found", "This account no longer exists.");
  return { email: row.email, verified: row.at !== null };
}

/**
 * Writes a new link and its mail for the account's current address; the outbox id to deliver, or null when
 * the address is already proven. `limit: false` for the first mail at registration.
 */
export async function queueVerificationMail(
  db: Db,
  userId: string,
  appOrigin: string,
  opts: { now?: Date; limit?: boolean } = {},
): Promise<string | null> {
  const now = opts.now ?? new Date();
  const state = await verificationState(db, userId);
  if (state.verified) return null;
  if (opts.limit !== false) await assertUnderLimit(db, userId, now);
  const token = newToken();
  const link = new URL(`/verify-email?token=${encodeURIComponent(token)}`, appOrigin).href;
  const mailId = newId();
  await db.batch([
    db.insert(emailVerifications).values({
      tokenHash: await sha256Hex(token),
      userId,
      email: state.email,
      expiresAt: new Date(now.getTime() + VERIFY_TOKEN_TTL_MS),
      createdAt: now,
    }),
    db.insert(mailOutbox).values(outboxRow(mailId, emailVerificationMail(state.email, link, token), now)),
  ]);
  return mailId;
}

async function assertUnderLimit(db: Db, userId: string, now: Date): Promise<void> {
  const v = emailVerifications;
  const [c] = await db
    .select({
      count: sql<number>`count(*)`,
      oldest: sql<number | null>`min(${v.createdAt})`,
      newest: sql<number | null>`max(${v.createdAt})`,
    })
    .from(v)
    .where(and(eq(v.userId, userId), gt(v.createdAt, new Date(now.getTime() - DAY_MS))));
  const count = Number(c?.count ?? 0);
  const wait = (until: number) =>
    new DomainError("rate_limited", "verification_limit", "We sent a link a moment ago. Please check your inbox, or try again later.", {
      retryAfterSeconds: Math.max(1, Math.ceil((until - now.getTime()) / 1000)),
    });
  if (c?.newest && c.newest + VERIFY_MAIL_GAP_MS > now.getTime()) throw wait(c.newest + VERIFY_MAIL_GAP_MS);
  if (count >= VERIFY_MAILS_PER_DAY) throw wait((c?.oldest ?? now.getTime()) + DAY_MS);
}

const INVALID_LINK = () =>
  new DomainError("invalid", "verify_link_invalid", "This confirmation link is invalid or has expired. Please ask for a new one.");

async function findLink(db: Db, token: string, now: Date) {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({ userId: emailVerifications.userId, email: emailVerifications.email, current: users.email })
    .from(emailVerifications)
    .innerJoin(users, eq(users.id, emailVerifications.userId))
    .where(and(eq(emailVerifications.tokenHash, await sha256Hex(token)), gt(emailVerifications.expiresAt, now)))
    .limit(1);
  // A link for an address the account no longer has proves nothing.
  return row && row.email.toLowerCase() === row.current.toLowerCase() ? row : null;
}

export async function verificationLinkValid(db: Db, token: string, now = new Date()): Promise<boolean> {
  return (await findLink(db, token, now)) !== null;
}

/** Marks the account's address proven and spends every link of the account. */
export async function verifyEmail(db: Db, token: string, now = new Date()): Promise<void> {
  const link = await findLink(db, token, now);
  if (!link) throw INVALID_LINK();
  await db.batch([
    db
      .update(users)
      .set({ emailVerifiedAt: now })
      .where(and(eq(users.id, link.userId), sql`lower(${users.email}) = lower(${link.email})`)),
    db.delete(emailVerifications).where(eq(emailVerifications.userId, link.userId)),
  ]);
}

/** The scheduled job: forgets links a day after they expired (the limit counts the last day's). */
export async function pruneEmailVerifications(db: Db, now = new Date()): Promise<void> {
  await db.delete(emailVerifications).where(lt(emailVerifications.expiresAt, new Date(now.getTime() - DAY_MS)));
}
