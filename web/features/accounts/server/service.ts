/**
 * Account use cases (docs/product/api.md): register, sign in, password reset by e-mail, profile and password
 * change. No HTTP here: failures are DomainErrors, the HTTP layer sets cookies and maps errors.
 *
 * - No account enumeration: a sign-in failure reads the same for an unknown e-mail and a wrong
 *   password (and costs the same scrypt time); forgot-password answers the same either way.
 * - Reset tokens: 256-bit random, only the SHA-256 stored, 10 minutes, single use. A reset ends
 *   every session of the user; a password change ends every other session.
 * - The reset mail is written to mail_outbox in the same D1 batch as the token (decision 0021).
 */
import { and, eq, gt, ne, sql } from "drizzle-orm";
import type { Claim } from "../../../../core/api/auth.ts";
import type { Db } from "../../../../worker/db/client.ts";
import { mailOutbox, sessions, users } from "../../../../worker/db/schema.ts";
import { hashPassword, needsRehash, sha256Hex, verifyPassword } from "../../../../worker/lib/crypto.ts";
import { newId, newToken } from "../../../../worker/lib/ids.ts";
import { outboxRow } from "../../../../worker/mail/outbox.ts";
import { passwordResetMail } from "../../../../worker/mail/templates.ts";
import type { CallerSession, CallerUser } from "../../../../worker/services/caller.ts";
import { claimVisitorData, type ClaimResult } from "./claim.ts";
import { assertMayChangeEmail, emailChangeWrites } from "./email-change.ts";
import { DomainError } from "../../../../worker/services/errors.ts";
import { createSession, revokeOthersWhere, type NewSession } from "./sessions.ts";

/** docs/product/constants.md: a reset link lives 10 minutes. */
export const RESET_TOKEN_TTL_MS = 10 * 60 * 1000;

export interface AccountDeps {
  db: Db;
  /** Injected clock (tests move it past the reset expiry). */
  now?: () => Date;
  /** Origin for links in mails: APP_ORIGIN (worker/http/app-origin.ts), read when a link is built. */
  appOrigin: string;
}

export interface SignedInResult {
  user: CallerUser;
  session: NewSession;
  claimed: ClaimResult;
}

const userColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  isAdmin: users.isAdmin,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

const normaliseEmail = (email: string) => email.trim();
const byEmail = (email: string) => sql`lower(${users.email}) = lower(${normaliseEmail(email)})`;

const clock = (deps: AccountDeps) => deps.now?.() ?? new Date();

export const INVALID_CREDENTIALS = new DomainError(
  "unauthenticated",
  "invalid_credentials",
  "Invalid email or password. Please check your credentials and try again.",
);

const EMAIL_TAKEN = () =>
  new DomainError("conflict", "email_taken", "An account with this email already exists.", {
    errors: { email: ["An account with this email already exists."] },
  });

/** A hash to verify against when the e-mail is unknown, so both failures cost the same time. */
let dummyHash: Promise<string> | null = null;

export async function register(
  deps: AccountDeps,
  input: { firstName: string; lastName: string; email: string; password: string; claim?: Claim },
  opts: { userAgent?: string | null } = {},
): Promise<SignedInResult> {
  const now = clock(deps);
  const existing = await deps.db.select({ id: users.id }).from(users).where(byEmail(input.email)).limit(1);
  if (existing.length) throw EMAIL_TAKEN();
  const id = newId();
  const passwordHash = await hashPassword(input.password);
  try {
    await deps.db.insert(users).values({
      id,
      firstName: input.firstName,
      lastName: input.lastName,
      email: normaliseEmail(input.email),
      passwordHash,
      createdAt: now,
      updatedAt: now,
    });
  } catch (err) {
    // Two registrations racing for one address: the unique index on lower(email) decides.
    if (/UNIQUE/i.test(String(err))) throw EMAIL_TAKEN();
    throw err;
  }
  return startSignedIn(deps, id, input.claim, opts.userAgent, now);
}

export async function login(
  deps: AccountDeps,
  input: { email: string; password: string; claim?: Claim },
  opts: { userAgent?: string | null } = {},
): Promise<SignedInResult> {
  const now = clock(deps);
  const rows = await deps.db.select({ id: users.id, passwordHash: users.passwordHash }).from(users).where(byEmail(input.email)).limit(1);
  const row = rows[0];
  if (!row) {
    await verifyPassword(input.password, await (dummyHash ??= hashPassword("not a real password")));
    throw INVALID_CREDENTIALS;
  }
  if (!(await verifyPassword(input.password, row.passwordHash))) throw INVALID_CREDENTIALS;
  if (needsRehash(row.passwordHash)) {
    await deps.db
      .update(users)
      .set({ passwordHash: await hashPassword(input.password) })
      .where(eq(users.id, row.id));
  }
  return startSignedIn(deps, row.id, input.claim, opts.userAgent, now);
}

/** Starts a session for a user already proven (password, OAuth) and claims the visitor's data. */
export async function startSignedIn(
  deps: AccountDeps,
  userId: string,
  claim: Claim | undefined,
  userAgent: string | null | undefined,
  now: Date = clock(deps),
): Promise<SignedInResult> {
  const session = await createSession(deps.db, userId, { userAgent, now });
  const claimed = claim ? await claimVisitorData(deps.db, userId, claim) : { recipes: 0, lists: 0 };
  const [user] = await deps.db.select(userColumns).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new DomainError("not_found", "user_not_found", "This account no longer exists.");
  return { user, session, claimed };
}

export const FORGOT_PASSWORD_MESSAGE =
  "If an account exists for that email, we have sent a link to reset the password. It expires in 10 minutes.";

/**
 * Writes a reset token and its mail in one batch when the address has an account; does nothing
 * otherwise. Returns the outbox id to deliver (null when no mail was written).
 */
export async function forgotPassword(deps: AccountDeps, input: { email: string }): Promise<{ mailId: string | null }> {
  const now = clock(deps);
  const rows = await deps.db.select({ id: users.id, email: users.email }).from(users).where(byEmail(input.email)).limit(1);
  const user = rows[0];
  if (!user) return { mailId: null };
  const token = newToken();
  const link = new URL(`/reset-password?token=${encodeURIComponent(token)}`, deps.appOrigin).href;
  const mail = passwordResetMail(user.email, link, token);
  const mailId = newId();
  await deps.db.batch([
    deps.db
      .update(users)
      .set({ resetTokenHash: await sha256Hex(token), resetTokenExpiry: new Date(now.getTime() + RESET_TOKEN_TTL_MS) })
      .where(eq(users.id, user.id)),
    deps.db.insert(mailOutbox).values(outboxRow(mailId, mail, now)),
  ]);
  return { mailId };
}

async function findByResetToken(deps: AccountDeps, token: string, now: Date) {
  if (!token || token.length > 200) return null;
  const rows = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.resetTokenHash, await sha256Hex(token)), gt(users.resetTokenExpiry, now)))
    .limit(1);
  return rows[0] ?? null;
}

export async function verifyResetToken(deps: AccountDeps, token: string): Promise<boolean> {
  return (await findByResetToken(deps, token, clock(deps))) !== null;
}

export const INVALID_RESET_TOKEN = () =>
  new DomainError("invalid", "invalid_reset_token", "This reset link is invalid or has expired. Please request a new one.", {
    success: false,
  });

/** Sets the new password, spends the token and ends every session of the user, in one batch. */
export async function resetPassword(deps: AccountDeps, input: { token: string; password: string }): Promise<void> {
  const now = clock(deps);
  const user = await findByResetToken(deps, input.token, now);
  if (!user) throw INVALID_RESET_TOKEN();
  const passwordHash = await hashPassword(input.password);
  const tokenHash = await sha256Hex(input.token);
  const [updated] = await deps.db.batch([
    // The token hash in the WHERE makes the token single-use even when two resets race.
    deps.db
      .update(users)
      // Following the mailed link proves the address (decision 0022).
      .set({ passwordHash, resetTokenHash: null, resetTokenExpiry: null, emailVerifiedAt: now, updatedAt: now })
      .where(and(eq(users.id, user.id), eq(users.resetTokenHash, tokenHash)))
      .returning({ id: users.id }),
    deps.db.delete(sessions).where(eq(sessions.userId, user.id)),
  ]);
  if (updated.length === 0) throw INVALID_RESET_TOKEN();
}

/** PUT /api/users/me/password: the current password is checked; every other session ends. */
export async function changePassword(
  deps: AccountDeps,
  user: CallerUser,
  currentSessionId: string | null,
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  const rows = await deps.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id)).limit(1);
  if (!rows[0] || !(await verifyPassword(input.currentPassword, rows[0].passwordHash))) {
    throw new DomainError("invalid", "wrong_password", "Current password is incorrect.", {
      errors: { currentPassword: ["Current password is incorrect."] },
    });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.batch([
    deps.db
      .update(users)
      .set({ passwordHash, resetTokenHash: null, resetTokenExpiry: null, updatedAt: clock(deps) })
      .where(eq(users.id, user.id)),
    deps.db.delete(sessions).where(revokeOthersWhere(user.id, currentSessionId)),
  ]);
}

/**
 * PUT /api/users/me: names and e-mail; the e-mail must stay unique case-insensitively. A new address needs
 * the current password (or a fresh Google/GitHub sign-in) and mails the old address a 7-day undo link, in the
 * same batch as the change (web/features/accounts/server/email-change.ts). Answers the user and the mail to deliver.
 */
export async function updateProfile(
  deps: AccountDeps,
  user: CallerUser,
  session: CallerSession | null,
  input: { firstName: string; lastName: string; email: string; currentPassword?: string },
): Promise<{ user: CallerUser; mailId: string | null }> {
  const now = clock(deps);
  const email = normaliseEmail(input.email);
  const addressChanged = email.toLowerCase() !== user.email.toLowerCase();
  if (addressChanged) {
    await assertMayChangeEmail(deps.db, user.id, session, input.currentPassword, now);
    const taken = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(and(byEmail(email), ne(users.id, user.id)))
      .limit(1);
    if (taken.length) throw EMAIL_TAKEN();
  }
  // A new address is unproven until a provider or a reset mail proves it (decision 0022), and a reset
  // link mailed to the old address no longer counts.
  const update = deps.db
    .update(users)
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      email,
      updatedAt: now,
      ...(addressChanged ? { emailVerifiedAt: null, resetTokenHash: null, resetTokenExpiry: null } : {}),
    })
    .where(eq(users.id, user.id))
    .returning(userColumns);
  try {
    if (!addressChanged) {
      const [row] = await update;
      if (!row) throw new DomainError("not_found", "not_found", "This account no longer exists.");
      return { user: row, mailId: null };
    }
    const notice = await emailChangeWrites(deps.db, {
      userId: user.id,
      oldEmail: user.email,
      newEmail: email,
      now,
      appOrigin: deps.appOrigin,
    });
    const [[row]] = await deps.db.batch([update, ...notice.writes]);
    if (!row) throw new DomainError("not_found", "not_found", "This account no longer exists.");
    return { user: row, mailId: notice.mailId };
  } catch (err) {
    if (/UNIQUE/i.test(String(err))) throw EMAIL_TAKEN();
    throw err;
  }
}

/** The user as the API answers it (dates as ISO strings; never the hashes). */
export function toWireUser(user: CallerUser) {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    isAdmin: user.isAdmin,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}
