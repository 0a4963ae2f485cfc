/**
 * Changing an account's e-mail address (decision 0045), the part of PUT /api/users/me that a stolen
 * session must not be able to do alone:
 * - a new address needs the current password; an account without one (Google/GitHub only) needs a
 *   sign-in with its provider in the last 10 minutes instead (the cookie session's age; a bearer
 *   session is made by the connect step, not a sign-in, so it never counts);
 * - the old address gets a notice with a link to undo the change for 7 days, written to the outbox in
 *   the same batch as the change;
 * - the undo puts the old address back (proven: the link came to it), spends this change's and every later
 *   change's undo link, removes the password and ends every session: whoever changed it, knowing the
 *   password or holding a session, is out; the owner sets a new password through forgot-password.
 */
import { and, eq, gt, gte, isNull, lt, ne, sql } from "drizzle-orm";
import { EMAIL_CHANGE_FRESH_SIGN_IN_MS, EMAIL_CHANGE_UNDO_TTL_MS } from "../../../../core/api/auth.ts";
import type { Db } from "../../../../worker/db/client.ts";
import { emailChanges, mailOutbox, sessions, users } from "../../../../worker/db/schema.ts";
import { sha256Hex, verifyPassword } from "../../../../worker/lib/crypto.ts";
import { newId, newToken } from "../../../../worker/lib/ids.ts";
import { emailChangedMail } from "./email-change-mail.ts";
import { outboxRow } from "../../../../worker/mail/outbox.ts";
import type { CallerSession } from "../../../../worker/services/caller.ts";
import { DomainError } from "../../../../worker/services/errors.ts";

export const UNDO_PATH = "/undo-email-change";

const PASSWORD_REQUIRED = "Enter your current password to change your email address.";

/**
 * Throws unless the caller may move the account to a new address: the right current password, or, for an
 * account without a password, a cookie session started by a sign-in in the last 10 minutes.
 */
export async function assertMayChangeEmail(
  db: Db,
  userId: string,
  session: CallerSession | null,
  currentPassword: string | undefined,
  now: Date,
): Promise<void> {
  const rows = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  const hash = rows[0]?.passwordHash ?? "";
  if (hash === "") {
    const started = session?.via === "cookie" ? session.createdAt : undefined;
    if (started && now.getTime() - started.getTime() <= EMAIL_CHANGE_FRESH_SIGN_IN_MS) return;
    throw new DomainError(
      "forbidden",
      "reauthentication_required",
      "Your account has no password. Sign in again with Google or GitHub, then change your email address within 10 minutes.",
    );
  }
  if (!currentPassword) {
    throw new DomainError("invalid", "password_required", PASSWORD_REQUIRED, { errors: { currentPassword: [PASSWORD_REQUIRED] } });
  }
  if (!(await verifyPassword(currentPassword, hash))) {
    throw new DomainError("invalid", "wrong_password", "Current password is incorrect.", {
      errors: { currentPassword: ["Current password is incorrect."] },
    });
  }
}

/**
 * The writes of an e-mail change besides the users row, for the caller's batch: the undo record and the
 * notice to the old address. Answers them and the outbox id to deliver.
 */
export async function emailChangeWrites(
  db: Db,
  change: { userId: string; oldEmail: string; newEmail: string; now: Date; appOrigin: string },
) {
  const token = newToken();
  const link = new URL(`${UNDO_PATH}?token=${encodeURIComponent(token)}`, change.appOrigin).href;
  const mailId = newId();
  const mail = emailChangedMail(change.oldEmail, { newEmail: change.newEmail, at: change.now }, link, token);
  return {
    mailId,
    writes: [
      db.insert(emailChanges).values({
        id: newId(),
        userId: change.userId,
        oldEmail: change.oldEmail,
        newEmail: change.newEmail,
        undoTokenHash: await sha256Hex(token),
        createdAt: change.now,
        expiresAt: new Date(change.now.getTime() + EMAIL_CHANGE_UNDO_TTL_MS),
      }),
      db.insert(mailOutbox).values(outboxRow(mailId, mail, change.now)),
    ] as const,
  };
}

const INVALID_UNDO = () =>
  new DomainError("invalid", "invalid_undo_token", "This link is invalid, was used already, or is more than 7 days old.");

/** POST /api/auth/email-change/undo: puts the old address back (see the module's comment). */
export async function undoEmailChange(db: Db, token: string, now: Date = new Date()): Promise<{ email: string; userId: string }> {
  if (!token || token.length > 200) throw INVALID_UNDO();
  const tokenHash = await sha256Hex(token);
  const [change] = await db
    .select()
    .from(emailChanges)
    .where(and(eq(emailChanges.undoTokenHash, tokenHash), isNull(emailChanges.undoneAt), gt(emailChanges.expiresAt, now)))
    .limit(1);
  if (!change) throw INVALID_UNDO();
  const taken = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${change.oldEmail})`, ne(users.id, change.userId)))
    .limit(1);
  if (taken.length) {
    throw new DomainError(
      "conflict",
      "email_taken",
      "Another account uses this address now, so it cannot be put back. Write to us through the contact page.",
    );
  }
  // Each write only while this change is still open, so two undos racing write once.
  const open = sql`exists (select 1 from ${emailChanges} where ${emailChanges.id} = ${change.id} and ${emailChanges.undoneAt} is null)`;
  try {
    const [restored] = await db.batch([
      db
        .update(users)
        .set({
          email: change.oldEmail,
          emailVerifiedAt: now,
          passwordHash: "",
          resetTokenHash: null,
          resetTokenExpiry: null,
          updatedAt: now,
        })
        .where(and(eq(users.id, change.userId), open))
        .returning({ id: users.id }),
      db.delete(sessions).where(and(eq(sessions.userId, change.userId), open)),
      // This change and every later one (their links went to addresses set after it): one undo, once.
      db
        .update(emailChanges)
        .set({ undoneAt: now })
        .where(and(eq(emailChanges.userId, change.userId), gte(emailChanges.createdAt, change.createdAt), isNull(emailChanges.undoneAt))),
    ]);
    if (restored.length === 0) throw INVALID_UNDO();
  } catch (err) {
    if (/UNIQUE/i.test(String(err))) {
      throw new DomainError("conflict", "email_taken", "Another account uses this address now, so it cannot be put back.");
    }
    throw err;
  }
  return { email: change.oldEmail, userId: change.userId };
}

/** The scheduled job's share: undo records past their 7 days go (they hold the old address). */
export async function pruneEmailChanges(db: Db, now: Date = new Date()): Promise<void> {
  await db.delete(emailChanges).where(lt(emailChanges.expiresAt, now));
}
